import type { Db } from '../kernel/db';
import { accountKey, journalSortKey } from '../kernel/keys';
import type { TransactAction } from '../kernel/transact-action';
import type { JournalRecord } from './ledger';

/**
 * Transaction actions shared by the use cases that move money (placing a bet, taking one down,
 * settling an outcome, the cashier, the jackpot): each returns actions for a TransactWriteItems,
 * nothing sent. Every movement of a player's money writes one journal about the player in the
 * same transaction (store/money/ledger.ts), and counts it on the account (`journals`): a statement
 * reads the account before and after its query, and the same count says it saw a still moment.
 */
/**
 * Money into a player's account (which must exist; given a currency, hold that currency), with
 * the journal it is recorded by: the account keeps which journal moved it last (`lastJournal`),
 * so that the balance right after a movement can be told exactly (balance-after.ts).
 */
export function creditAccount(db: Db, playerId: string, amount: number, journal: JournalRecord, currency?: string): TransactAction {
  return moveBalance(
    db,
    playerId,
    amount,
    journal,
    `attribute_exists(pk)${currency !== undefined ? ' AND currency = :currency' : ''}`,
    currency,
  );
}

/** Money into a player's account from the cashier, only while the balance stays within `limit`. */
export function depositIntoAccount(
  db: Db,
  playerId: string,
  amount: number,
  journal: JournalRecord,
  currency: string,
  limit: number,
): TransactAction {
  const action = moveBalance(db, playerId, amount, journal, 'attribute_exists(pk) AND currency = :currency AND balance <= :room', currency);
  return {
    Update: { ...action.Update!, ExpressionAttributeValues: { ...action.Update!.ExpressionAttributeValues, ':room': limit - amount } },
  };
}

/**
 * Money out of a player's account, only if the balance covers it (and, given one, in that currency;
 * given a `ceiling`, only if the balance is at most that before it: a stake whose largest win the
 * balance has no room for, bet-validation.ts), with its journal.
 */
export function debitAccount(
  db: Db,
  playerId: string,
  amount: number,
  journal: JournalRecord,
  currency?: string,
  ceiling?: number,
): TransactAction {
  const action = moveBalance(
    db,
    playerId,
    -amount,
    journal,
    `attribute_exists(pk) AND balance >= :cover${currency !== undefined ? ' AND currency = :currency' : ''}${ceiling !== undefined ? ' AND balance <= :ceiling' : ''}`,
    currency,
    amount,
  );
  if (ceiling === undefined) return action;
  return {
    Update: { ...action.Update!, ExpressionAttributeValues: { ...action.Update!.ExpressionAttributeValues, ':ceiling': ceiling } },
  };
}

function moveBalance(
  db: Db,
  playerId: string,
  delta: number,
  journal: JournalRecord,
  condition: string,
  currency?: string,
  cover?: number,
): TransactAction {
  return {
    Update: {
      TableName: db.tableName,
      Key: accountKey(playerId),
      UpdateExpression: 'SET balance = balance + :delta, lastJournal = :journal ADD journals :one',
      ConditionExpression: condition,
      ExpressionAttributeValues: {
        ':delta': delta,
        ':journal': journalSortKey(journal),
        ':one': 1,
        ...(cover !== undefined ? { ':cover': cover } : {}),
        ...(currency !== undefined ? { ':currency': currency } : {}),
      },
    },
  };
}
