import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Db } from './db';
import { accountKey } from './keys';

/**
 * Transaction actions shared by the use cases that move money (placing a bet, taking one down,
 * settling an outcome, the cashier, the jackpot): each returns actions for a TransactWriteItems,
 * nothing sent. Every movement of a player's money writes one journal about the player in the
 * same transaction (store/ledger.ts), and counts it on the account (`journals`): a statement
 * reads the account before and after its query, and the same count says it saw a still moment.
 */
export type TransactAction = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Money into a player's account (which must exist; given a currency, hold that currency). */
export function creditAccount(db: Db, playerId: string, amount: number, currency?: string): TransactAction {
  return {
    Update: {
      TableName: db.tableName,
      Key: accountKey(playerId),
      UpdateExpression: 'SET balance = balance + :amount ADD journals :one',
      ConditionExpression: `attribute_exists(pk)${currency !== undefined ? ' AND currency = :currency' : ''}`,
      ExpressionAttributeValues: { ':amount': amount, ':one': 1, ...(currency !== undefined ? { ':currency': currency } : {}) },
    },
  };
}

/** Money out of a player's account, only if the balance covers it (and, given one, in that currency). */
export function debitAccount(db: Db, playerId: string, amount: number, currency?: string): TransactAction {
  return {
    Update: {
      TableName: db.tableName,
      Key: accountKey(playerId),
      UpdateExpression: 'SET balance = balance - :amount ADD journals :one',
      ConditionExpression: `attribute_exists(pk) AND balance >= :amount${currency !== undefined ? ' AND currency = :currency' : ''}`,
      ExpressionAttributeValues: { ':amount': amount, ':one': 1, ...(currency !== undefined ? { ':currency': currency } : {}) },
    },
  };
}
