import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Db } from './db';
import { accountKey, openBetKey, ownerPk, parseBetId, settledBetKey, tableKey } from './keys';
import { toItem } from './items';
import type { BetRecord, TableRecord } from './records';

/**
 * Transaction actions shared by the use cases that move money or change a table's layout
 * (placing a bet, taking one down, settling an outcome, the cashier, the jackpot): each returns
 * actions for a TransactWriteItems, nothing sent.
 */
export type TransactAction = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * The table's optimistic lock for a change to its layout: it goes through only if the table is
 * still at the version it was read at, open, betting not closed, and not settling an outcome;
 * and it moves the version on.
 */
export function lockTableVersion(db: Db, table: TableRecord): TransactAction {
  return {
    Update: {
      TableName: db.tableName,
      Key: tableKey(table.id),
      UpdateExpression: 'SET version = :next',
      ConditionExpression:
        'version = :version AND attribute_not_exists(settlingOutcome) AND attribute_not_exists(bettingClosed) AND #status = :open',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':version': table.version, ':next': table.version + 1, ':open': 'OPEN' },
    },
  };
}

/**
 * A bet leaves the layout for good: its open item is deleted (only if still there, which is what
 * makes paying it twice impossible), its decided record is written, and `decided.returned` (if
 * any) is credited to the player. The delete comes first: callers read its failure at index 0.
 */
export function removeFromLayout(db: Db, decided: BetRecord): TransactAction[] {
  const { tableId, betKey } = parseBetId(decided.id)!;
  const actions: TransactAction[] = [
    { Delete: { TableName: db.tableName, Key: openBetKey(tableId, betKey), ConditionExpression: 'attribute_exists(pk)' } },
    {
      Put: {
        TableName: db.tableName,
        Item: toItem(settledBetKey(tableId, betKey), decided, {
          ownerPk: ownerPk(decided.playerId),
          ownerSk: `${decided.placedAt}#${decided.id}`,
        }),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
  if (decided.returned > 0) actions.push(creditAccount(db, decided.playerId, decided.returned));
  return actions;
}

/** Money into a player's account (which must exist). */
export function creditAccount(db: Db, playerId: string, amount: number): TransactAction {
  return {
    Update: {
      TableName: db.tableName,
      Key: accountKey(playerId),
      UpdateExpression: 'SET balance = balance + :amount',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':amount': amount },
    },
  };
}

/** Money out of a player's account, only if the balance covers it (and, given one, in that currency). */
export function debitAccount(db: Db, playerId: string, amount: number, currency?: string): TransactAction {
  return {
    Update: {
      TableName: db.tableName,
      Key: accountKey(playerId),
      UpdateExpression: 'SET balance = balance - :amount',
      ConditionExpression: `attribute_exists(pk) AND balance >= :amount${currency !== undefined ? ' AND currency = :currency' : ''}`,
      ExpressionAttributeValues: { ':amount': amount, ...(currency !== undefined ? { ':currency': currency } : {}) },
    },
  };
}
