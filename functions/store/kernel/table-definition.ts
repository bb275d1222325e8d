import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

/**
 * The single DynamoDB table, defined once: the CDK stack (infra/) and the local/test table
 * creation (createTableInput) both read this, so the deployed and the tested shapes cannot drift.
 *
 * Single-table design; the key layout of each item lives in functions/store/kernel/keys.ts.
 */
export const tableDefinition = {
  partitionKey: { name: 'pk', type: 'S' },
  sortKey: { name: 'sk', type: 'S' },
  /** Records by owner, newest last: a player's bets (`PLAYER#<id>`). Eventually consistent; never used to settle. */
  globalSecondaryIndexes: [
    {
      indexName: 'byOwner',
      partitionKey: { name: 'ownerPk', type: 'S' },
      sortKey: { name: 'ownerSk', type: 'S' },
    },
    /** Every ledger journal of a currency, by time, in BOOK_SHARDS partitions (`BOOK#<currency>#<shard>`, keys.ts): reconciliation and reports. */
    {
      indexName: 'book',
      partitionKey: { name: 'bookPk', type: 'S' },
      sortKey: { name: 'bookSk', type: 'S' },
    },
  ],
  /**
   * A shard's open bets, by player: `layoutSk` is `<player>#<betKey>` and only open bets carry
   * it, so deciding a bet (removing it) takes it out of the index in the same write. Local, so
   * that it can be read strongly consistent: a round is settled against exactly these bets.
   */
  localSecondaryIndexes: [{ indexName: 'layout', sortKey: { name: 'layoutSk', type: 'S' } }],
  /** Epoch seconds after which DynamoDB may delete an item (idempotency records, WebSocket connections). */
  timeToLiveAttribute: 'expiresAt',
  /** Every change, before and after: what subscribers are told is worked out from it (functions/live). */
  streamViewType: 'NEW_AND_OLD_IMAGES',
} as const;

/**
 * CreateTable parameters for DynamoDB Local and tests (on-demand billing, as deployed). The stream
 * is on where something reads it (`npm start`, tests that subscribe): DynamoDB Local keeps every
 * stream record in its memory, which slows a long run of tests that never read them.
 */
export function createTableInput(tableName: string, { stream = false }: { readonly stream?: boolean } = {}): CreateTableCommandInput {
  const { partitionKey, sortKey, globalSecondaryIndexes, localSecondaryIndexes, streamViewType } = tableDefinition;
  const attributes = new Map<string, 'S'>();
  for (const key of [
    partitionKey,
    sortKey,
    ...globalSecondaryIndexes.flatMap((i) => [i.partitionKey, i.sortKey]),
    ...localSecondaryIndexes.map((i) => i.sortKey),
  ]) {
    attributes.set(key.name, key.type);
  }
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    ...(stream ? { StreamSpecification: { StreamEnabled: true, StreamViewType: streamViewType } } : {}),
    AttributeDefinitions: [...attributes].map(([AttributeName, AttributeType]) => ({ AttributeName, AttributeType })),
    KeySchema: [
      { AttributeName: partitionKey.name, KeyType: 'HASH' },
      { AttributeName: sortKey.name, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: globalSecondaryIndexes.map((index) => ({
      IndexName: index.indexName,
      KeySchema: [
        { AttributeName: index.partitionKey.name, KeyType: 'HASH' },
        { AttributeName: index.sortKey.name, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    })),
    LocalSecondaryIndexes: localSecondaryIndexes.map((index) => ({
      IndexName: index.indexName,
      KeySchema: [
        { AttributeName: partitionKey.name, KeyType: 'HASH' },
        { AttributeName: index.sortKey.name, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    })),
  };
}
