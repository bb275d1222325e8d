import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Db } from './db';
import { accountKey } from './keys';

/**
 * Transaction actions shared by the use cases that move money (placing a bet, taking one down,
 * settling an outcome, the cashier, the jackpot): each returns actions for a TransactWriteItems,
 * nothing sent.
 */
export type TransactAction = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * The player's layout lock (AccountRecord.layoutVersion): the change goes through only if no bet
 * of the player was placed or taken down since their bets were read at `version`, and moves it on.
 */
export interface LayoutLock {
  readonly version: number;
}

/** Money into a player's account (which must exist), under the player's layout lock when given. */
export function creditAccount(db: Db, playerId: string, amount: number, lock?: LayoutLock): TransactAction {
  const layout = layoutClauses(lock);
  return {
    Update: {
      TableName: db.tableName,
      Key: accountKey(playerId),
      UpdateExpression: `SET balance = balance + :amount${layout.set}`,
      ConditionExpression: `attribute_exists(pk)${layout.condition}`,
      ExpressionAttributeValues: { ':amount': amount, ...layout.values },
    },
  };
}

/**
 * Money out of a player's account, only if the balance covers it (and, given one, in that
 * currency), under the player's layout lock when given.
 */
export function debitAccount(
  db: Db,
  playerId: string,
  amount: number,
  options: { currency?: string; lock?: LayoutLock } = {},
): TransactAction {
  const layout = layoutClauses(options.lock);
  const currency = options.currency !== undefined ? ' AND currency = :currency' : '';
  return {
    Update: {
      TableName: db.tableName,
      Key: accountKey(playerId),
      UpdateExpression: `SET balance = balance - :amount${layout.set}`,
      ConditionExpression: `attribute_exists(pk) AND balance >= :amount${currency}${layout.condition}`,
      ExpressionAttributeValues: {
        ':amount': amount,
        ...(options.currency !== undefined ? { ':currency': options.currency } : {}),
        ...layout.values,
      },
    },
  };
}

function layoutClauses(lock: LayoutLock | undefined) {
  if (!lock) return { set: '', condition: '', values: {} };
  return {
    set: ', layoutVersion = :nextLayout',
    // An account that never had a bet placed has no layoutVersion: version 0.
    condition: lock.version === 0 ? ' AND attribute_not_exists(layoutVersion)' : ' AND layoutVersion = :layout',
    values: { ':nextLayout': lock.version + 1, ...(lock.version === 0 ? {} : { ':layout': lock.version }) },
  };
}
