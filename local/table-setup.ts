import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  UpdateTableCommand,
  waitUntilTableNotExists,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { createTableInput } from '../functions/store/kernel/table-definition';

/**
 * Creates the table on DynamoDB Local from the shared definition, unless it already exists as
 * defined. A local table left by an older version, whose indexes differ (DynamoDB cannot add a
 * local index to a table), is dropped and made again: local data, the demo seeds it anew. With
 * `fresh` (`npm start -- --reset-demo`), an existing table is dropped and made again whatever it is.
 */
export async function ensureTable(
  client: DynamoDBClient,
  tableName: string,
  options: { readonly stream?: boolean; readonly fresh?: boolean } = {},
): Promise<'EXISTS' | 'CREATED' | 'RECREATED'> {
  const wanted = createTableInput(tableName, options);
  let existing;
  try {
    existing = (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table;
  } catch (error) {
    if ((error as { name?: string }).name !== 'ResourceNotFoundException') throw error;
  }
  if (existing) {
    const names = (indexes: readonly { IndexName?: string }[] | undefined) =>
      (indexes ?? [])
        .map((index) => index.IndexName)
        .sort()
        .join(',');
    const same =
      names(existing.GlobalSecondaryIndexes) === names(wanted.GlobalSecondaryIndexes) &&
      names(existing.LocalSecondaryIndexes) === names(wanted.LocalSecondaryIndexes);
    if (same && !options.fresh && (!options.stream || existing.StreamSpecification?.StreamEnabled)) return 'EXISTS';
    if (same && !options.fresh) {
      // A table from before subscriptions: its stream can be turned on in place, keeping the data.
      await client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: wanted.StreamSpecification }));
      return 'EXISTS';
    }
    await client.send(new DeleteTableCommand({ TableName: tableName }));
    await waitUntilTableNotExists({ client, maxWaitTime: 30 }, { TableName: tableName });
  }
  await client.send(new CreateTableCommand(wanted));
  return existing ? 'RECREATED' : 'CREATED';
}
