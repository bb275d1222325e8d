import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './db';
import { tableKey } from './keys';
import { toItem, toRecord } from './items';
import type { TableRecord } from './records';

export async function createTableSession(db: Db, table: TableRecord): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.tableName,
      Item: toItem(tableKey(table.id), table),
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** Strongly consistent: every decision about a table starts from its latest version. */
export async function getTableSession(db: Db, tableId: string): Promise<TableRecord | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: tableKey(tableId), ConsistentRead: true }));
  return Item ? toRecord<TableRecord>(Item) : undefined;
}
