/**
 * The drill's copy of the table: made (from an export) with the live table's keys and indexes,
 * the shared definition the stack and the local tables are made from (table-definition.ts);
 * checked to hold every index of the definition (the audit reads the book index; a copy without
 * the others is not the table a restore into service would need); counted; and
 * deleted. No stream, TTL or point-in-time recovery: the audit needs none of them (a restore from
 * a point in time brings none back either).
 */
import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  ScanCommand,
  waitUntilTableExists,
  type AttributeValue,
  type DynamoDBClient,
  type TableDescription,
} from '@aws-sdk/client-dynamodb';
import { createTableInput, tableDefinition } from '../../functions/store/kernel/table-definition';

/** How long a table made from an export (empty, on demand) may take to become ACTIVE: seconds, in AWS. */
const CREATE_WAIT_SECONDS = 10 * 60;
/** How often a copy whose indexes are still being built is looked at again. */
const INDEX_POLL_MS = 30_000;
const COUNT_SEGMENTS = 8;

/** Makes the copy (no stream: nothing reads one), telling `made` once it exists, and waits until it is ACTIVE. */
export async function createDrillTable(client: DynamoDBClient, table: string, made: () => void = () => undefined): Promise<void> {
  await client.send(new CreateTableCommand(createTableInput(table)));
  made();
  await waitUntilTableExists({ client, maxWaitTime: CREATE_WAIT_SECONDS }, { TableName: table });
}

/**
 * What keeps the copy from being audited: each index of the definition it lacks (a restore may
 * be made without them), or whose build has not finished. Empty: every index is there and ACTIVE.
 */
export function indexProblems(table: TableDescription): string[] {
  const global = new Map((table.GlobalSecondaryIndexes ?? []).map((index) => [index.IndexName, index.IndexStatus]));
  const local = new Set((table.LocalSecondaryIndexes ?? []).map((index) => index.IndexName));
  return [
    ...tableDefinition.globalSecondaryIndexes.flatMap(({ indexName }) => {
      const status = global.get(indexName);
      if (status === undefined) return [`the index ${indexName} is missing`];
      return status === 'ACTIVE' ? [] : [`the index ${indexName} is ${status}`];
    }),
    ...tableDefinition.localSecondaryIndexes.flatMap(({ indexName }) =>
      local.has(indexName) ? [] : [`the index ${indexName} is missing`],
    ),
  ];
}

/** Waits, until `deadline` (epoch ms), for every index of the copy to be ACTIVE; refuses at once a copy that lacks one. */
export async function waitUntilIndexesActive(client: DynamoDBClient, table: string, deadline: number): Promise<void> {
  for (;;) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: table }));
    const problems = indexProblems(Table ?? {});
    if (problems.length === 0) return;
    if (problems.some((problem) => problem.endsWith('missing')) || Date.now() + INDEX_POLL_MS > deadline)
      throw new Error(`the copy ${table} cannot be audited: ${problems.join('; ')}`);
    await new Promise((resolve) => setTimeout(resolve, INDEX_POLL_MS));
  }
}

/** How many items the table holds, counted by a parallel scan (DescribeTable's ItemCount is hours old, and 0 on a fresh restore). */
export async function countItems(client: DynamoDBClient, table: string): Promise<number> {
  const counts = await Promise.all(
    Array.from({ length: COUNT_SEGMENTS }, async (_, Segment) => {
      let count = 0;
      let ExclusiveStartKey: Record<string, AttributeValue> | undefined;
      do {
        const page = await client.send(
          // Strongly consistent: the items just written into a copy are all counted.
          new ScanCommand({
            TableName: table,
            Select: 'COUNT',
            Segment,
            TotalSegments: COUNT_SEGMENTS,
            ConsistentRead: true,
            ExclusiveStartKey,
          }),
        );
        count += page.Count ?? 0;
        ExclusiveStartKey = page.LastEvaluatedKey;
      } while (ExclusiveStartKey);
      return count;
    }),
  );
  return counts.reduce((sum, count) => sum + count, 0);
}

export async function deleteDrillTable(client: DynamoDBClient, table: string): Promise<void> {
  await client.send(new DeleteTableCommand({ TableName: table }));
}
