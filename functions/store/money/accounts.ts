import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../kernel/db';
import { accountKey } from '../kernel/keys';
import { toItem, toRecord } from '../kernel/items';
import type { AccountRecord } from './account-records';

export const accountItem = (account: AccountRecord): Record<string, unknown> => toItem(accountKey(account.id), account);

export async function getAccount(db: Db, playerId: string): Promise<AccountRecord | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: accountKey(playerId), ConsistentRead: true }));
  return Item ? toRecord<AccountRecord>(Item) : undefined;
}
