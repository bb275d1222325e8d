import type { Db } from '../kernel/db';
import { restrictionKey } from '../kernel/keys';
import type { AccountRecord } from './account-records';
import { transact } from '../kernel/transact';
import { accountItem } from './accounts';

// Apart from accounts.ts, which every request reading an account loads: opening one is the cashier's.
/**
 * A new account, carrying the player's restrictions as read at `restrictionVersion` (undefined:
 * none written), on condition they are still so: CREATED, EXISTS (an account has its id), or
 * RESTRICTED_MEANWHILE (read them again).
 */
export async function createAccount(
  db: Db,
  account: AccountRecord,
  restrictionVersion: number | undefined,
): Promise<'CREATED' | 'EXISTS' | 'RESTRICTED_MEANWHILE'> {
  const sent = await transact(db, {
    account: { Put: { TableName: db.tableName, Item: accountItem(account), ConditionExpression: 'attribute_not_exists(pk)' } },
    restriction: {
      ConditionCheck: {
        TableName: db.tableName,
        Key: restrictionKey(account.id),
        ConditionExpression: restrictionVersion === undefined ? 'attribute_not_exists(pk)' : 'version = :version',
        ...(restrictionVersion === undefined ? {} : { ExpressionAttributeValues: { ':version': restrictionVersion } }),
      },
    },
  });
  if (sent.written) return 'CREATED';
  return sent.refused.has('account') ? 'EXISTS' : 'RESTRICTED_MEANWHILE';
}
