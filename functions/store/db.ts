import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

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
}

export function createDb(config: DbConfig): Db {
  const client = new DynamoDBClient({
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.region ? { region: config.region } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
  });
  const doc = DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    // Money never exceeds 2^53 - 1 (Money scalar), so plain numbers are exact.
    unmarshallOptions: { wrapNumbers: false },
  });
  return { doc, tableName: config.tableName };
}
