import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../kernel/db';
import { accountKey } from '../kernel/keys';
import { toItem, toRecord } from '../kernel/items';
import type { AccountRecord } from '../kernel/records';
import { writtenUnlessConditionFails } from '../kernel/transaction-cancellation';

/** Creates an account; false if one already exists with that id (nothing is overwritten). */
export async function createAccount(db: Db, account: AccountRecord): Promise<boolean> {
  return writtenUnlessConditionFails(
    db.doc.send(
      new PutCommand({
        TableName: db.tableName,
        Item: accountItem(account),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

export const accountItem = (account: AccountRecord): Record<string, unknown> => toItem(accountKey(account.id), account);

export async function getAccount(db: Db, playerId: string): Promise<AccountRecord | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: accountKey(playerId), ConsistentRead: true }));
  return Item ? toRecord<AccountRecord>(Item) : undefined;
}
