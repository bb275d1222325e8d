import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, Billing, ProjectionType, StreamViewType, TableV2, type Attribute } from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import { tableDefinition } from '../functions/store/kernel/table-definition';

/**
 * The single DynamoDB table, built from `tableDefinition` (functions/store/kernel/table-definition.ts)
 * so that the deployed keys, index and TTL are the ones the store code and its tests use.
 * Key names are never restated here.
 */
export class CasinoTable extends TableV2 {
  constructor(
    scope: Construct,
    id: string,
    {
      retainData,
      warmWritesPerSecond = 0,
      replicaRegions = [],
    }: { readonly retainData: boolean; readonly warmWritesPerSecond?: number; readonly replicaRegions?: readonly string[] },
  ) {
    // A round's payments write the table and its indexes alike (a decided bet is rewritten in the
    // owner index, a journal enters the book index): each is warmed the same, as an index that
    // cannot keep up throttles the table's writes too.
    const warmThroughput = warmWritesPerSecond > 0 ? { writeUnitsPerSecond: warmWritesPerSecond } : undefined;
    const { partitionKey, sortKey, globalSecondaryIndexes, localSecondaryIndexes, timeToLiveAttribute, streamViewType } = tableDefinition;
    super(scope, id, {
      partitionKey: attributeOf(partitionKey),
      sortKey: attributeOf(sortKey),
      globalSecondaryIndexes: globalSecondaryIndexes.map((index) => ({
        indexName: index.indexName,
        partitionKey: attributeOf(index.partitionKey),
        sortKey: attributeOf(index.sortKey),
        // Same projection as createTableInput, from which the local and test tables are made.
        projectionType: ProjectionType.ALL,
        ...(warmThroughput ? { warmThroughput } : {}),
      })),
      localSecondaryIndexes: localSecondaryIndexes.map((index) => ({
        indexName: index.indexName,
        sortKey: attributeOf(index.sortKey),
        projectionType: ProjectionType.ALL,
      })),
      timeToLiveAttribute,
      // What subscribers are told is worked out from each change (functions/live).
      dynamoStream: StreamViewType[streamViewType],
      // Traffic follows live tables (bursty, idle at night): pay per request, nothing to size.
      billing: Billing.onDemand(),
      ...(warmThroughput ? { warmThroughput } : {}),
      // Balances, bets and settlements are money records: recoverable to any second of the last 35 days
      // (older ones from the backup plan, table-backup.ts)...
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      // ...and, where the stage keeps its data, neither a console click nor a stack deletion may drop them.
      deletionProtection: retainData,
      // A replica (a DynamoDB global table) for a failover stage in its region (docs/DEPLOY.md,
      // "Recovery"): written to by one region at a time, as transactions hold within a region only.
      replicas: replicaRegions.map((region) => ({ region, deletionProtection: retainData })),
      removalPolicy: retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
  }
}

const attributeTypes = { S: AttributeType.STRING, N: AttributeType.NUMBER, B: AttributeType.BINARY } as const;

function attributeOf(key: { readonly name: string; readonly type: keyof typeof attributeTypes }): Attribute {
  return { name: key.name, type: attributeTypes[key.type] };
}
