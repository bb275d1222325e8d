import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../kernel/db';
import { toItem, toRecord } from '../kernel/items';
import { batchGet } from '../kernel/batch-get';
import { walletCallKey, walletCallsPk, walletDeadPk, walletDuePk, walletDueShardOf, WALLET_DUE_SHARDS } from '../kernel/keys';
import type { TransactAction } from '../kernel/transact-action';
import { writtenUnlessConditionFails } from '../kernel/transaction-cancellation';
import { queryAll } from '../betting/bets';
import { mergedShardPage, shardedBookPage } from '../kernel/sharded-pages';

/**
 * The outbox of calls to seamless partners' wallets (docs/WALLET.md). Every call is an item
 * written in the same transaction as the bet or settlement it belongs to (a debit: just before it
 * is sent, on its own), keyed by its transaction id, so a movement is one item whatever happens;
 * it keeps the exact body it is sent with, so a call sent again is byte for byte the same.
 *
 * States: a debit is SENT (in flight, sent once), then CONFIRMED (the bet was taken), REFUSED (the
 * wallet said no: nothing moved) or ROLLING_BACK (unconfirmed, or its round voided: its rollback
 * is sent until answered), then ROLLED_BACK. A credit is DUE until CONFIRMED. A call still
 * undelivered 24 hours after it fell due is DEAD_LETTERED: set aside for operators, until one
 * records that it was settled with the partner by hand (SETTLED_BY_HAND).
 */

export type WalletCallOperation = 'debit' | 'credit' | 'rollback';
export type WalletCallState =
  | 'SENT'
  | 'CONFIRMED'
  | 'REFUSED'
  | 'ROLLING_BACK'
  | 'ROLLED_BACK'
  | 'DUE'
  | 'DEAD_LETTERED'
  | 'SETTLED_BY_HAND';

/** A call's body (wallet-protocol.ts's shapes), before it is fixed as the string sent. */
export interface StoredWalletCall {
  readonly requestId: string;
  readonly playerId: string;
  readonly currency: string;
  readonly transactionId: string;
  readonly amount: number;
  readonly tableId: string;
  readonly roundId: string;
  readonly betIds: readonly string[];
  readonly rolledBackTransactionId?: string;
  /** Version 2: whether the call ends the player's round (wallet-protocol.ts). */
  readonly roundClosed?: boolean;
  /** Version 2, a credit: what it pays. */
  readonly creditKind?: 'ROUND_RESULT' | 'TAKE_DOWN' | 'JACKPOT_PRIZE';
}

export interface WalletCallRecord {
  /** The movement this item is about: the debit's id for a debit and its rollback. */
  readonly transactionId: string;
  readonly partner: string;
  /** Our player id (`<partner>/<subject>`). */
  readonly playerId: string;
  readonly kind: 'DEBIT' | 'CREDIT';
  /** The wallet contract it was written under (its partner's then): 2, or absent for version 1. */
  readonly contract?: 2;
  /**
   * Version 2: the credit that ends its player's round (its body's roundClosed). Sent only once
   * every other call of the round is done (wallet-rounds.ts); no call of the round follows it.
   */
  readonly closesRound?: true;
  /** What is sent now: the debit, its rollback, or the credit. */
  readonly operation: WalletCallOperation;
  /**
   * The exact body sent for `operation`, as a string: every send is these bytes (the wallet
   * matches a replay by its body, and a stored map would not keep its keys' order).
   */
  readonly body: string;
  readonly amount: number;
  readonly currency: string;
  readonly state: WalletCallState;
  /** Sends of the current operation so far. */
  readonly attempts: number;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** When it fell due (a credit written, a rollback decided): retries stop 24 hours after. */
  readonly dueSince?: string;
  /** When the next send is due (while undelivered). */
  readonly nextAttemptAt?: string;
  /** What went wrong last, for operators (never the wallet's raw answer). */
  readonly lastProblem?: string;
  /** The wallet's answer code, when it refused. */
  readonly refusal?: string;
  /**
   * The player's balance the wallet answered with when it took the call (debit, credit or
   * rollback), and when that answer came: told to the player as it comes (myEvents,
   * WALLET_BALANCE_CHANGED), once; of two answers, the later is the newer balance.
   */
  readonly balanceAfter?: number;
  readonly balanceAt?: string;
  /**
   * A debit rolled back after it was confirmed (its bet taken, then voided in its own round): the
   * ledger journalled the stake and owes it back. A debit never confirmed is rolled back in case
   * (the wallet may hold it or not): the ledger never journalled it.
   */
  readonly confirmedBefore?: true;
  /** A call set aside and then settled with the partner by hand: who recorded it, when, and what they wrote. */
  readonly settledBy?: string;
  readonly settledAt?: string;
  readonly settlementNote?: string;
}

const UNDELIVERED: readonly WalletCallState[] = ['SENT', 'ROLLING_BACK', 'DUE'];

/** The index attributes of a call in a state: due (byOwner, by when), dead-lettered (for operators), or neither; always in its partner's report (book). */
function indexAttributes(call: Pick<WalletCallRecord, 'transactionId' | 'partner' | 'state' | 'nextAttemptAt' | 'createdAt'>) {
  const report = {
    bookPk: walletCallsPk(call.partner, walletDueShardOf(call.transactionId)),
    bookSk: `${call.createdAt}#${call.transactionId}`,
  };
  if (call.state === 'DEAD_LETTERED')
    return { ...report, ownerPk: walletDeadPk(call.partner), ownerSk: `${call.createdAt}#${call.transactionId}` };
  if (UNDELIVERED.includes(call.state))
    return {
      ...report,
      ownerPk: walletDuePk(walletDueShardOf(call.transactionId)),
      ownerSk: `${call.nextAttemptAt ?? call.createdAt}#${call.transactionId}`,
    };
  return report;
}

export const walletCallItem = (call: WalletCallRecord): Record<string, unknown> =>
  toItem(walletCallKey(call.transactionId), call, indexAttributes(call));

/** A new call, written once: a transaction id is one movement. */
export function putWalletCall(db: Db, call: WalletCallRecord): TransactAction {
  return { Put: { TableName: db.tableName, Item: walletCallItem(call), ConditionExpression: 'attribute_not_exists(pk)' } };
}

/**
 * The call moves from one state to the next: on condition it is still in `from` (and, given, at
 * `attempts` sends), so two runners never both move it. The whole record is written again: its
 * indexes follow its state.
 */
export function moveWalletCall(
  db: Db,
  next: WalletCallRecord,
  from: readonly WalletCallState[],
  attempts?: number,
): TransactAction & { Put: NonNullable<TransactAction['Put']> } {
  const states = Object.fromEntries(from.map((state, i) => [`:from${i}`, state]));
  return {
    Put: {
      TableName: db.tableName,
      Item: walletCallItem(next),
      ConditionExpression: `#state IN (${Object.keys(states).join(', ')})${attempts !== undefined ? ' AND attempts = :attempts' : ''}`,
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ...states, ...(attempts !== undefined ? { ':attempts': attempts } : {}) },
    },
  };
}

/** Writes a new call on its own (a debit, just before it is sent). */
export async function createWalletCall(db: Db, call: WalletCallRecord): Promise<void> {
  await db.doc.send(new PutCommand(putWalletCall(db, call).Put!));
}

/** Sends moveWalletCall on its own; false if the call was no longer as expected (another runner moved it). */
export async function saveWalletCall(
  db: Db,
  next: WalletCallRecord,
  from: readonly WalletCallState[],
  attempts?: number,
): Promise<boolean> {
  const { Put } = moveWalletCall(db, next, from, attempts);
  return writtenUnlessConditionFails(db.doc.send(new PutCommand(Put)));
}

/** The call's body, read back. */
export const callOf = (call: WalletCallRecord): StoredWalletCall => JSON.parse(call.body) as StoredWalletCall;

export async function getWalletCall(db: Db, transactionId: string): Promise<WalletCallRecord | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: walletCallKey(transactionId), ConsistentRead: true }));
  return Item ? toRecord<WalletCallRecord>(Item) : undefined;
}

/** The calls with these transaction ids that are stored, read strongly consistent in batches (in no order). */
export const getWalletCalls = (db: Db, transactionIds: readonly string[]): Promise<WalletCallRecord[]> =>
  batchGet<WalletCallRecord>(db, transactionIds.map(walletCallKey), { consistent: true });

/** Calls due by `now` in every due partition (the index is eventually consistent: each is read again before it is sent). */
export async function dueWalletCalls(db: Db, now: string, limit = 100): Promise<string[]> {
  const pages = await Promise.all(
    Array.from({ length: WALLET_DUE_SHARDS }, (_, shard) =>
      db.doc.send(
        new QueryCommand({
          TableName: db.tableName,
          IndexName: 'byOwner',
          KeyConditionExpression: 'ownerPk = :pk AND ownerSk <= :now',
          ExpressionAttributeValues: { ':pk': walletDuePk(shard), ':now': `${now}#\uffff` },
          ProjectionExpression: 'transactionId',
          Limit: limit,
        }),
      ),
    ),
  );
  return pages.flatMap((page) => (page.Items ?? []).map((item) => item.transactionId as string));
}

/** A partner's calls given up after 24 hours, oldest first. */
export async function deadLetteredWalletCalls(db: Db, partner: string): Promise<WalletCallRecord[]> {
  return queryAll<WalletCallRecord>(db, {
    TableName: db.tableName,
    IndexName: 'byOwner',
    KeyConditionExpression: 'ownerPk = :pk',
    ExpressionAttributeValues: { ':pk': walletDeadPk(partner) },
  });
}

/** A partner's calls made on a day (`2026-12-03`), from every report partition. */
export async function partnerWalletCalls(db: Db, partner: string, day: string): Promise<WalletCallRecord[]> {
  const calls: WalletCallRecord[] = [];
  await forEachPartnerWalletCall(db, partner, day, (call) => void calls.push(call));
  return calls.sort(byReportOrder);
}

/** Every call of a partner's day, handed to `visit` page by page (in no set order), none kept: a busy day is summed without being held. */
export async function forEachPartnerWalletCall(
  db: Db,
  partner: string,
  day: string,
  visit: (call: WalletCallRecord) => void,
): Promise<void> {
  await Promise.all(
    Array.from({ length: WALLET_DUE_SHARDS }, async (_, shard) => {
      let ExclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const page = await db.doc.send(
          new QueryCommand({
            TableName: db.tableName,
            IndexName: 'book',
            KeyConditionExpression: 'bookPk = :pk AND begins_with(bookSk, :day)',
            ExpressionAttributeValues: { ':pk': walletCallsPk(partner, shard), ':day': day },
            ExclusiveStartKey,
          }),
        );
        for (const item of page.Items ?? []) visit(toRecord<WalletCallRecord>(item));
        ExclusiveStartKey = page.LastEvaluatedKey;
      } while (ExclusiveStartKey);
    }),
  );
}

/**
 * A report's order: the order DynamoDB keeps the calls' `bookSk` (`<createdAt>#<transactionId>`)
 * in, byte by byte: oldest first, then by transaction id. Not localeCompare, whose collation puts
 * `alice` before `Bob` where the index puts it after: pages cut by one order and continued by the
 * other would skip calls. (Keys are ASCII: code units order them as bytes do.)
 */
const byReportOrder = (a: WalletCallRecord, b: WalletCallRecord): number => {
  const [x, y] = [reportCursorOf(a), reportCursorOf(b)];
  return x < y ? -1 : x > y ? 1 : 0;
};

/** Where a page of a partner's report stops: the last call's place in the report's order. */
export const reportCursorOf = (call: Pick<WalletCallRecord, 'createdAt' | 'transactionId'>): string =>
  `${call.createdAt}#${call.transactionId}`;

/**
 * Up to `first` of a partner's calls made on `day`, in the report's order, after `after` (a
 * reportCursorOf; the day's start when absent), and whether more may follow: every report
 * partition read from the cursor on, merged (sharded-pages.ts).
 */
export async function partnerWalletCallPage(
  db: Db,
  partner: string,
  day: string,
  first: number,
  after: string | undefined,
): Promise<{ readonly calls: WalletCallRecord[]; readonly more: boolean }> {
  const page = await shardedBookPage<WalletCallRecord>(
    db,
    Array.from({ length: WALLET_DUE_SHARDS }, (_, shard) => walletCallsPk(partner, shard)),
    // BETWEEN is inclusive: the cursor's own call is left out by starting just past it.
    { from: after === undefined ? day : `${after}\u0000`, to: `${day}\uffff`, first },
  );
  return { calls: page.items.map((entry) => entry.record), more: page.more };
}

/** The first `first` calls of the report partitions' pages, in the report's order, and whether more may follow (mergedShardPage). Pure. */
export function mergedReportPage(
  shards: readonly { readonly calls: readonly WalletCallRecord[]; readonly more: boolean }[],
  first: number,
): { readonly calls: WalletCallRecord[]; readonly more: boolean } {
  const page = mergedShardPage(
    shards.map((shard) => ({ items: shard.calls, more: shard.more })),
    first,
    reportCursorOf,
  );
  return { calls: page.items, more: page.more };
}

/**
 * A confirmed debit is to be given back (its round was voided): its rollback falls due at once,
 * in the transaction that voids the bet. On condition the debit was confirmed (a debit never
 * confirmed has no bet to void) and its round's credit not sent (the caller's to know: only bets
 * of the voided round itself are rolled back).
 */
export function rollBackConfirmedDebit(db: Db, rollback: StoredWalletCall, at: string): TransactAction {
  const transactionId = rollback.rolledBackTransactionId!;
  return {
    Update: {
      TableName: db.tableName,
      Key: walletCallKey(transactionId),
      UpdateExpression:
        'SET #state = :rolling, operation = :rollback, body = :body, attempts = :zero, updatedAt = :at, dueSince = :at, nextAttemptAt = :at, lastProblem = :why, confirmedBefore = :true, ownerPk = :duePk, ownerSk = :dueSk',
      ConditionExpression: '#state = :confirmed',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: {
        ':rolling': 'ROLLING_BACK',
        ':rollback': 'rollback',
        ':body': JSON.stringify(rollback),
        ':zero': 0,
        ':at': at,
        ':why': 'the round was voided',
        ':duePk': walletDuePk(walletDueShardOf(transactionId)),
        ':dueSk': `${at}#${transactionId}`,
        ':confirmed': 'CONFIRMED',
        ':true': true,
      },
    },
  };
}
