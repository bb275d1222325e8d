import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { TransactionConflictModel } from './conflict-model';

/** Where the store reads and writes: a document client and the single table's name. */
export interface Db {
  readonly doc: DynamoDBDocumentClient;
  readonly tableName: string;
}

export interface DbConfig {
  readonly tableName: string;
  /** DynamoDB Local's URL; absent in AWS. */
  readonly endpoint?: string;
  readonly region?: string;
  readonly credentials?: { accessKeyId: string; secretAccessKey: string };
  /**
   * DynamoDB Local only: refuse overlapping transactions as real DynamoDB does (see
   * conflict-model.ts). Off unless given; the clients that should see each other share one model.
   */
  readonly conflictModel?: TransactionConflictModel;
}

export function createDb(config: DbConfig): Db {
  const client = new DynamoDBClient({
    // DynamoDB Local: one local process stands in for many Lambda instances, each with its own
    // connections, so requests are not queued behind the SDK's default of 50 sockets.
    ...(config.endpoint ? { endpoint: config.endpoint, requestHandler: { httpAgent: { keepAlive: true, maxSockets: Infinity } } } : {}),
    ...(config.region ? { region: config.region } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
  });
  config.conflictModel?.attachTo(client);
  const doc = DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    // Money never exceeds 2^53 - 1 (Money scalar), so plain numbers are exact.
    unmarshallOptions: { wrapNumbers: false },
  });
  return { doc, tableName: config.tableName };
}
