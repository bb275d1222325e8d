import { BatchWriteCommand, type BatchWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Db } from './db';

type WriteRequest = NonNullable<BatchWriteCommandInput['RequestItems']>[string][number];

/** Puts and deletes on the table, 25 per request, all at once, each request sent again until DynamoDB has taken every item. */
export async function batchWrite(db: Db, requests: readonly WriteRequest[]): Promise<void> {
  await Promise.all(
    Array.from({ length: Math.ceil(requests.length / 25) }, async (_, i) => {
      let pending: BatchWriteCommandInput['RequestItems'] = { [db.tableName]: requests.slice(i * 25, (i + 1) * 25) };
      while (pending && Object.keys(pending).length > 0) {
        pending = (await db.doc.send(new BatchWriteCommand({ RequestItems: pending }))).UnprocessedItems;
      }
    }),
  );
}
