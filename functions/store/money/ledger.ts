import { QueryCommand, ScanCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../kernel/db';
import {
  accountKey,
  bookPk,
  journalKey,
  journalSortKey,
  JOURNAL_PREFIX,
  partnerAccountsPrefix,
  BOOK_SHARDS,
  bookShardOf,
} from '../kernel/keys';
import { toItem, toRecord } from '../kernel/items';
import type { TransactAction } from '../kernel/transact-action';
import type { BetType } from '../betting/bet-records';

/**
 * The double-entry ledger. Every movement of money is one journal: immutable, written in the
 * transaction that moves the money, its legs summing to zero in its currency. A leg names the
 * ledger account it moves money into (a negative amount: out of it):
 * - PLAYER: a player's account (its stored balance is the sum of its legs);
 * - HOUSE: the house's book at one table (or, without a table, the house's general book, which
 *   seeds jackpot pools); it has no stored balance: its result is summed from its legs when read,
 *   so no item is written by every bet of a table;
 * - POOL: a progressive jackpot pool (its stored amount is the sum of its legs);
 * - CASHIER: money that came in or went out through the cashier;
 * - WALLET: a seamless partner's wallet, as it holds one player's money (docs/WALLET.md): a
 *   confirmed debit moves a stake out of it, a credit into it. It has no stored balance here (the
 *   partner keeps it); its journals live in the player's partition, as their account's would.
 * A journal lives in the partition of the account it is about (the player's, or the pool's), so a
 * statement is one query, and in the `book` index under its currency, spread over BOOK_SHARDS
 * partitions, so that reconciliation and reports read every journal of a currency.
 */

export type LedgerAccountKind = 'PLAYER' | 'HOUSE' | 'POOL' | 'CASHIER' | 'WALLET';

export interface LedgerAccount {
  readonly kind: LedgerAccountKind;
  /** The player (PLAYER, WALLET), the pool, the table (HOUSE; absent for the house's general book); absent for the cashier. */
  readonly id?: string;
}

export type LegType =
  | 'DEPOSIT'
  | 'WITHDRAWAL'
  | 'STAKE'
  | 'TAKE_DOWN'
  | 'WIN'
  | 'PUSH_RETURN'
  | 'JACKPOT_CONTRIBUTION'
  | 'JACKPOT_PRIZE'
  | 'POOL_SEED'
  | 'POOL_RESEED'
  | 'VOID_REFUND';

export interface Leg {
  readonly account: LedgerAccount;
  /** Into the account (minor units); negative: out of it. */
  readonly amount: number;
  readonly type: LegType;
  /** The bet the leg is for, where there is one, and its type. */
  readonly betId?: string;
  readonly betType?: BetType;
}

/** What caused a journal: enough to find the bet, round, cash movement or pool behind it. */
export interface JournalCause {
  readonly tableId?: string;
  /** The round (outcome sequence) at the table. */
  readonly round?: number;
  readonly betId?: string;
  /** The cashier's reference. */
  readonly reference?: string;
  readonly poolId?: string;
}

export type JournalKind =
  | 'DEPOSIT'
  | 'WITHDRAWAL'
  | 'STAKE'
  | 'TAKE_DOWN'
  | 'PAYOUT'
  | 'VOID_REFUND'
  | 'JACKPOT'
  | 'JACKPOT_PRIZE'
  | 'POOL_SEED';

export interface JournalRecord {
  /** Unique, and named by what caused it (a retry of the same movement cannot write a second one). */
  readonly id: string;
  readonly kind: JournalKind;
  readonly currency: string;
  readonly at: string;
  /** Who did it: the token's subject (a player, a dealer, an operator), or `settlement` for a round's payments. */
  readonly actor: string;
  readonly cause: JournalCause;
  readonly legs: readonly Leg[];
}

/**
 * The account whose partition holds the journal: the first player leg's, or (a seamless player's)
 * their wallet's, kept in the player's partition too, or the pool's.
 */
export function homeOf(journal: JournalRecord): { readonly kind: 'PLAYER' | 'POOL'; readonly id: string } {
  const home =
    journal.legs.find((leg) => leg.account.kind === 'PLAYER') ??
    journal.legs.find((leg) => leg.account.kind === 'WALLET') ??
    journal.legs.find((leg) => leg.account.kind === 'POOL');
  if (!home?.account.id) throw new Error(`journal ${journal.id} names no player or pool to keep it`);
  return { kind: home.account.kind === 'POOL' ? 'POOL' : 'PLAYER', id: home.account.id };
}

export function journalItem(journal: JournalRecord): Record<string, unknown> {
  const legsTotal = journal.legs.reduce((sum, leg) => sum + leg.amount, 0);
  if (legsTotal !== 0) throw new Error(`journal ${journal.id} does not balance: its legs sum to ${legsTotal}`);
  const home = homeOf(journal);
  return toItem(journalKey(home, journal.at, journal.id), journal, {
    bookPk: bookPk(journal.currency, bookShardOf(home.id)),
    bookSk: bookSortKey(journal),
  });
}

/** A journal written in a money movement's own transaction; never overwritten. */
export function recordJournal(db: Db, journal: JournalRecord): TransactAction {
  return { Put: { TableName: db.tableName, Item: journalItem(journal), ConditionExpression: 'attribute_not_exists(pk)' } };
}

export const BOOK_INDEX = 'book';

/**
 * Every journal of a currency (the `book` index: eventually consistent), optionally only those
 * whose book key (`<at>#<id>`) is at or after `from` and below `below` (a day: `2026-12-02`).
 */
export async function readBook(
  db: Db,
  currency: string,
  { from, below }: { from?: string; below?: string } = {},
): Promise<JournalRecord[]> {
  const bounds =
    from !== undefined && below !== undefined
      ? { condition: 'bookPk = :pk AND bookSk BETWEEN :from AND :below', values: { ':from': from, ':below': below } }
      : from !== undefined
        ? { condition: 'bookPk = :pk AND bookSk >= :from', values: { ':from': from } }
        : below !== undefined
          ? { condition: 'bookPk = :pk AND bookSk < :below', values: { ':below': below } }
          : { condition: 'bookPk = :pk', values: {} };
  const shards = await Promise.all(
    Array.from({ length: BOOK_SHARDS }, (_, shard) =>
      queryJournals(db, {
        TableName: db.tableName,
        IndexName: BOOK_INDEX,
        KeyConditionExpression: bounds.condition,
        ExpressionAttributeValues: { ':pk': bookPk(currency, shard), ...bounds.values },
      }),
    ),
  );
  // BETWEEN includes its upper bound, which `below` excludes.
  return shards.flat().filter((journal) => below === undefined || bookSortKey(journal) < below);
}

/** What a journal moved into a player's account (negative: out of it). */
export const playerAmount = (journal: JournalRecord, playerId: string): number =>
  journal.legs.filter((leg) => leg.account.kind === 'PLAYER' && leg.account.id === playerId).reduce((sum, leg) => sum + leg.amount, 0);

/**
 * A player's journals, newest first (or oldest first), strongly consistent: those whose sort key is at least
 * `fromSk` and below `belowSk` (journalSortKey; `ENTRY#<time>` bounds by time), at most `limit`.
 */
export async function playerJournals(
  db: Db,
  playerId: string,
  { fromSk, belowSk, limit, oldestFirst = false }: { fromSk?: string; belowSk?: string; limit?: number; oldestFirst?: boolean } = {},
): Promise<JournalRecord[]> {
  const { pk } = accountKey(playerId);
  const upper = belowSk ?? `${JOURNAL_PREFIX}\uffff`;
  // BETWEEN includes its upper bound, which this range excludes: one more is asked for, and dropped.
  const journals = await queryJournals(
    db,
    {
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lower AND :upper',
      ExpressionAttributeValues: { ':pk': pk, ':lower': fromSk ?? JOURNAL_PREFIX, ':upper': upper },
      ScanIndexForward: oldestFirst,
      ConsistentRead: true,
    },
    limit === undefined ? undefined : limit + 1,
  );
  const below = journals.filter((journal) => journalSortKey(journal) < upper);
  return limit === undefined ? below : below.slice(0, limit);
}

async function queryJournals(db: Db, input: QueryCommandInput, limit?: number): Promise<JournalRecord[]> {
  const journals: JournalRecord[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({ ...input, ExclusiveStartKey, ...(limit !== undefined ? { Limit: limit - journals.length } : {}) }),
    );
    for (const item of page.Items ?? []) journals.push(toRecord<JournalRecord>(item));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey && (limit === undefined || journals.length < limit));
  return journals;
}

/** A stored balance the ledger must account for: a player's account or a pool. */
export interface StoredBalance {
  readonly account: { readonly kind: 'PLAYER' | 'POOL'; readonly id: string };
  readonly currency: string;
  readonly balance: number;
}

/**
 * Every stored balance (accounts and pools), by a parallel scan of the table: reconciliation
 * only, which has to see every account, including those with no journal.
 */
export async function listStoredBalances(db: Db, segments = 4): Promise<StoredBalance[]> {
  const parts = await Promise.all(
    Array.from({ length: segments }, async (_, segment) => {
      const found: StoredBalance[] = [];
      let ExclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const page = await db.doc.send(
          new ScanCommand({
            TableName: db.tableName,
            Segment: segment,
            TotalSegments: segments,
            FilterExpression: 'sk IN (:account, :pool)',
            ProjectionExpression: 'sk, id, currency, balance, amount',
            ExpressionAttributeValues: { ':account': 'ACCOUNT', ':pool': 'POOL' },
            ConsistentRead: true,
            ExclusiveStartKey,
          }),
        );
        for (const item of page.Items ?? []) {
          const pool = item.sk === 'POOL';
          found.push({
            account: { kind: pool ? 'POOL' : 'PLAYER', id: item.id as string },
            currency: item.currency as string,
            balance: (pool ? item.amount : item.balance) as number,
          });
        }
        ExclusiveStartKey = page.LastEvaluatedKey;
      } while (ExclusiveStartKey);
      return found;
    }),
  );
  return parts.flat();
}

/**
 * A page of a currency's book, newest first, across its shards: journals of the given kinds
 * whose book key is at least `fromSk` and below `belowSk` (`<at>#<id>`; a time bounds by time),
 * and, with `partner`, only those about that partner's players (in their accounts' partitions).
 * Each shard is read until it has given `limit + 1` of them or has no more, and the shards are
 * merged, so that `hasMore` is exact. Eventually consistent (the book index).
 */
export async function bookPage(
  db: Db,
  currency: string,
  {
    kinds,
    fromSk,
    belowSk,
    limit,
    partner,
  }: { kinds: readonly JournalKind[]; fromSk?: string; belowSk?: string; limit: number; partner?: string },
): Promise<{ journals: JournalRecord[]; hasMore: boolean }> {
  const kindValues = Object.fromEntries(kinds.map((kind, i) => [`:kind${i}`, kind]));
  const ofPartner = partner === undefined ? {} : { ':home': partnerAccountsPrefix(partner) };
  const shards = await Promise.all(
    Array.from({ length: BOOK_SHARDS }, async (_, shard) => {
      const found: JournalRecord[] = [];
      let ExclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const page = await db.doc.send(
          new QueryCommand({
            TableName: db.tableName,
            IndexName: BOOK_INDEX,
            // A key condition cannot compare with an empty string: without a lower bound, none.
            KeyConditionExpression:
              fromSk === undefined ? 'bookPk = :pk AND bookSk <= :upper' : 'bookPk = :pk AND bookSk BETWEEN :lower AND :upper',
            FilterExpression: `kind IN (${Object.keys(kindValues).join(', ')})${partner === undefined ? '' : ' AND begins_with(pk, :home)'}`,
            ExpressionAttributeValues: {
              ':pk': bookPk(currency, shard),
              ...(fromSk === undefined ? {} : { ':lower': fromSk }),
              ':upper': belowSk ?? '\uffff',
              ...kindValues,
              ...ofPartner,
            },
            ScanIndexForward: false,
            ExclusiveStartKey,
          }),
        );
        for (const item of page.Items ?? [])
          if (belowSk === undefined || (item.bookSk as string) < belowSk) found.push(toRecord<JournalRecord>(item));
        ExclusiveStartKey = page.LastEvaluatedKey;
      } while (ExclusiveStartKey && found.length <= limit);
      return found;
    }),
  );
  const merged = shards.flat().sort((a, b) => (bookSortKey(b) < bookSortKey(a) ? -1 : 1));
  return { journals: merged.slice(0, limit), hasMore: merged.length > limit };
}

/** Where a journal sorts in the book: by time, then id. */
export const bookSortKey = (journal: Pick<JournalRecord, 'at' | 'id'>): string => `${journal.at}#${journal.id}`;
