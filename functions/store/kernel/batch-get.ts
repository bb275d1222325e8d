import { BatchGetCommand, type BatchGetCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Db } from './db';
import type { ItemKey } from './keys';
import { toRecord } from './items';

/** Items by key, 100 per request, until DynamoDB has returned every one it holds (in no order). */
export async function batchGet<T>(db: Db, keys: readonly ItemKey[], { consistent }: { readonly consistent: boolean }): Promise<T[]> {
  const found: T[] = [];
  for (let i = 0; i < keys.length; i += 100) {
    let request: NonNullable<BatchGetCommandInput['RequestItems']> = {
      [db.tableName]: { Keys: keys.slice(i, i + 100).map((key) => ({ ...key })), ConsistentRead: consistent },
    };
    while (Object.keys(request).length > 0) {
      const page = await db.doc.send(new BatchGetCommand({ RequestItems: request }));
      for (const item of page.Responses?.[db.tableName] ?? []) found.push(toRecord<T>(item));
      request = page.UnprocessedKeys ?? {};
    }
  }
  return found;
}
