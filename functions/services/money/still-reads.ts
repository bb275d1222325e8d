import { getAccount } from '../../store/money/accounts';
import { getJackpotPool } from '../../store/rounds/jackpot-pools';
import { playerAmount, playerJournals, readBook, type JournalRecord } from '../../store/money/ledger';
import type { AccountRecord } from '../../store/money/account-records';
import type { JackpotPoolRecord } from '../../store/rounds/jackpot-pool-record';
import type { Db } from '../../store/kernel/db';
import { moneyTotal } from '../../rules/money';

/**
 * A stored balance read again, until it holds still, before the ledger's checks call it a
 * difference (the full audit, reconcile.ts; the daily checks, ledger-check.ts). Money in flight (a
 * round being paid, a bet, a cashier movement) moves a balance and writes its journal in one
 * transaction, but a check reads the balance and the journals in separate requests: a movement
 * landing between them looks like a difference until both are read again at one moment.
 *
 * A sighting reads the balance's item, then its legs, then the item again; it counts only if the
 * item is the same on both reads (a player's account: balance, journal count and last journal,
 * which every movement changes in its own transaction; a pool: version and amount), so the legs
 * were read at a moment the balance held still: a cut of that balance and its journals.
 * - A player's legs are read from their own partition, strongly consistent: one still sighting
 *   decides.
 * - A pool's legs are read from the book index, which lags its journals by a moment: a pool is
 *   called different only when two still sightings BOOK_INDEX_LAG_MS apart find the pool unmoved
 *   between them (the same version), so that its legs were read after the index had caught up.
 * A balance that moves between every two reads is read again (25 ms, then twice as long each time,
 * at most a second apart) for at most HOLD_STILL_MS; one that never held still is MOVING: neither
 * a difference nor a balance found right.
 */

/** How long a balance that seems to differ is read again, at most, for a sighting that decides. */
export const HOLD_STILL_MS = 30_000;
/** How long the book index may lag its journals: a pool found different must have held still this long. */
export const BOOK_INDEX_LAG_MS = 1_000;
const FIRST_WAIT_MS = 25;
const LONGEST_WAIT_MS = 1_000;

export interface StillReadOptions {
  /** HOLD_STILL_MS unless told (a test gives up sooner). */
  readonly holdStillMs?: number;
}

/** A balance and its legs, read at one moment. */
export interface Sighting {
  /** The stored balance (a pool's amount); null when none is stored. */
  readonly stored: bigint | null;
  /** The sum of the balance's legs read with it (from where the reader was asked to start). */
  readonly legs: bigint;
  /** The balance's item as read: equal on two sightings, it did not move from the first to the second. */
  readonly mark: string;
}

/** What the sighting that decided found (both amounts as `judge` made them), or that none did. */
export type StillVerdict =
  | { readonly kind: 'AGREES' | 'DIFFERS'; readonly stored: bigint | null; readonly ledger: bigint }
  | { readonly kind: 'MOVING' };

const accountMark = (account: AccountRecord | undefined) =>
  account ? `${account.balance}:${account.journals ?? 0}:${account.lastJournal ?? ''}` : 'none';
const poolMark = (pool: JackpotPoolRecord | undefined) => (pool ? `${pool.version}:${pool.amount}` : 'none');

/** A player's account and their journals (those at or after `fromSk`, else all), at a still moment; undefined if it moved meanwhile. */
export async function playerSighting(db: Db, playerId: string, fromSk?: string): Promise<Sighting | undefined> {
  const before = await getAccount(db, playerId);
  const journals = await playerJournals(db, playerId, fromSk === undefined ? {} : { fromSk });
  const after = await getAccount(db, playerId);
  if (accountMark(before) !== accountMark(after)) return undefined;
  return {
    stored: before ? BigInt(before.balance) : null,
    legs: moneyTotal(journals.map((journal) => playerAmount(journal, playerId))),
    mark: accountMark(before),
  };
}

/** A pool and its legs in the book (those at or after `from`, a book key, else all), at a still moment; undefined if it moved meanwhile. */
export async function poolSighting(db: Db, poolId: string, currency: string, from?: string): Promise<Sighting | undefined> {
  const before = await getJackpotPool(db, poolId);
  const journals = await readBook(db, currency, from === undefined ? {} : { from });
  const after = await getJackpotPool(db, poolId);
  if (poolMark(before) !== poolMark(after)) return undefined;
  return { stored: before ? BigInt(before.amount) : null, legs: poolLegs(journals, poolId), mark: poolMark(before) };
}

/** What the journals moved into a pool. */
export const poolLegs = (journals: readonly JournalRecord[], poolId: string): bigint =>
  moneyTotal(
    journals
      .flatMap((journal) => journal.legs.filter((leg) => leg.account.kind === 'POOL' && leg.account.id === poolId))
      .map((leg) => leg.amount),
  );

/**
 * Sightings of one balance until one decides: AGREES as soon as a still sighting finds the stored
 * balance where the ledger says (`judge`: both amounts, from the sighting); DIFFERS once a still
 * sighting finds it elsewhere, and, with `confirmAfterMs` (a pool: the book index's lag), once a
 * second still sighting that long after the first finds the balance unmoved since; MOVING when none
 * decides within the time allowed.
 */
export async function readUntilStill(
  look: () => Promise<Sighting | undefined>,
  judge: (sighting: Sighting) => { readonly stored: bigint | null; readonly ledger: bigint },
  { confirmAfterMs = 0, holdStillMs = HOLD_STILL_MS }: StillReadOptions & { readonly confirmAfterMs?: number } = {},
): Promise<StillVerdict> {
  const deadline = Date.now() + holdStillMs;
  let wait = FIRST_WAIT_MS;
  let unconfirmed: Sighting | undefined;
  for (;;) {
    const seen = await look();
    let pause: number;
    if (seen) {
      const { stored, ledger } = judge(seen);
      if (stored !== null && stored === ledger) return { kind: 'AGREES', stored, ledger };
      if (confirmAfterMs === 0 || unconfirmed?.mark === seen.mark) return { kind: 'DIFFERS', stored, ledger };
      unconfirmed = seen;
      pause = confirmAfterMs;
    } else {
      unconfirmed = undefined;
      pause = wait;
      wait = Math.min(wait * 2, LONGEST_WAIT_MS);
    }
    if (Date.now() + pause > deadline) return { kind: 'MOVING' };
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}
