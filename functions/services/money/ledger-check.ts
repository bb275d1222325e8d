import { getJackpotPool } from '../../store/rounds/jackpot-pools';
import { JOURNAL_PREFIX } from '../../store/kernel/keys';
import { playerAmount, playerJournals, readBook } from '../../store/money/ledger';
import {
  FINDINGS_KEPT,
  getBalanceChecks,
  getDayCheck,
  lastDayCheck,
  ledgerCurrencies,
  putBalanceChecks,
  putDayCheck,
  registerCurrency,
  type BalanceCheckRecord,
  type DayCheckRecord,
  type StoredBook,
  type StoredDifference,
} from '../../store/money/ledger-checks';
import { moneyTotal } from '../../rules/money';
import { isCalendarDay } from '../kernel/request-checks';
import type { ServiceDependencies } from '../kernel/services';
import { EMPTY_BOOK, bookThrough, dayTotalsOf, homeKey, nextDay, previousDay, type BalanceHome, type BookTotals } from './ledger-day';
import {
  BOOK_INDEX_LAG_MS,
  HOLD_STILL_MS,
  playerSighting,
  poolSighting,
  readUntilStill,
  type Sighting,
  type StillReadOptions,
  type StillVerdict,
} from './still-reads';

/**
 * The ledger, checked a day at a time, so that the check grows with the day and not with the
 * book. Checking a day of a currency reads that day's journals (the `book` index, by time) and
 * the balances they moved, and stores the day's check: the day's totals by account group
 * (players, pools, cashier, the house by table) and the whole book's through the day, which is
 * the day before's plus the day's. So the whole book is the sum of the days checked, and asking
 * for it (the `reconciliation` query) reads one item per currency. Nothing scans the table: the
 * full audit that reads every journal and every balance is the ops command's
 * (`npm run reconcile`, reconcile.ts).
 *
 * A day's check finds:
 * - journals whose legs do not sum to zero (each journal is checked on its own day);
 * - a currency whose legs do not sum to zero through the day (which follows from the first);
 * - each player's account and each pool the day moved, whose stored balance, taken back to the
 *   day's end, is not what the ledger says it held then: its balance at the end of the last day
 *   it was checked on (kept beside it: BalanceCheckRecord), plus what the day moved. A balance
 *   the day did not move is not read: it cannot have moved without a journal, since every
 *   movement of money writes its journal in its own transaction (the full audit checks that too).
 *   The balance is taken back to the day's end from its journals since, read at a still moment
 *   (still-reads.ts), so that money moving while the check runs is never a difference; one that
 *   never holds still for HOLD_STILL_MS stops the run (LedgerCheckRefused), and the day is
 *   checked again by the next.
 * Days are checked in order, from the currency's first day, each once it has been over
 * CHECK_MARGIN_MS (so that the book index has every journal of it); the latest may be checked
 * again, which finds the same.
 */

/** How long after a day ends it is checked: the book index lags its journals by a moment, never by minutes. */
export const CHECK_MARGIN_MS = 10 * 60_000;
/** Balances checked at once: their check items are read and written a batch at a time. */
const BALANCES_AT_ONCE = 100;
/** The most days one run checks: a run that has more to catch up leaves the rest to the next. */
export const DAYS_PER_RUN = 31;

/** The first day of anything journalled in `currency`, noted before its first account or pool is stored. */
const registered = new Set<string>();
export async function registerLedgerCurrency(deps: ServiceDependencies, currency: string): Promise<void> {
  const key = `${deps.db.tableName}\u0000${currency}`;
  if (registered.has(key)) return;
  await registerCurrency(deps.db, currency, deps.now().slice(0, 10));
  registered.add(key);
}

/** Why a day cannot be checked (yet): a day not over, or days before it not checked. */
export class LedgerCheckRefused extends Error {
  override readonly name = 'LedgerCheckRefused';
}

/** Checks one day of one currency's ledger, and stores the check. */
export async function checkLedgerDay(
  deps: ServiceDependencies,
  currency: string,
  day: string,
  options: StillReadOptions = {},
): Promise<DayCheckRecord> {
  if (!isCalendarDay(day)) throw new LedgerCheckRefused(`${day} is not a day of the calendar`);
  const dayEnd = `${nextDay(day)}T00:00:00.000Z`;
  if (Date.parse(deps.now()) < Date.parse(dayEnd) + CHECK_MARGIN_MS) throw new LedgerCheckRefused(`${day} is not over yet`);
  const registry = (await ledgerCurrencies(deps.db)).find((entry) => entry.currency === currency);
  if (!registry) throw new LedgerCheckRefused(`the ledger holds no ${currency}`);
  if (day < registry.firstDay) throw new LedgerCheckRefused(`${currency} starts on ${registry.firstDay}`);
  const latest = await lastDayCheck(deps.db, currency);
  if (latest && latest.day > day)
    throw new LedgerCheckRefused(`${currency} is checked through ${latest.day}: only the latest day may be checked again`);
  const before = day === registry.firstDay ? undefined : await getDayCheck(deps.db, currency, previousDay(day));
  if (day !== registry.firstDay && !before) throw new LedgerCheckRefused(`${previousDay(day)} of ${currency} is not checked yet`);

  const totals = dayTotalsOf(await readBook(deps.db, currency, { from: day, below: nextDay(day) }));
  const differences = await checkBalances(new DayEnd(deps, currency, day, options), [...totals.moved.values()]);
  const findings = totals.unbalancedJournals.length > 0 || differences.length > 0;
  const check: DayCheckRecord = {
    currency,
    day,
    checkedAt: deps.now(),
    dayTotals: storedBook(totals),
    through: storedBook(bookThrough(before ? bookOf(before.through) : EMPTY_BOOK, totals)),
    unbalancedJournals: totals.unbalancedJournals.slice(0, FINDINGS_KEPT),
    differences: differences.slice(0, FINDINGS_KEPT),
    inconsistentDays: [...(before?.inconsistentDays ?? []), ...(findings ? [day] : [])].slice(-FINDINGS_KEPT),
  };
  // Written last: a run cut off before it checks the day again, from the same balances' openings.
  await putDayCheck(deps.db, check);
  return check;
}

/**
 * Checks every day of every currency not checked yet that has been over CHECK_MARGIN_MS, in
 * order, at most DAYS_PER_RUN per currency: what the scheduled check (and `npm start`) runs.
 */
export async function checkLedger(deps: ServiceDependencies): Promise<DayCheckRecord[]> {
  const checked: DayCheckRecord[] = [];
  const lastOver = previousDay(new Date(Date.parse(deps.now()) - CHECK_MARGIN_MS).toISOString().slice(0, 10));
  for (const { currency, firstDay } of await ledgerCurrencies(deps.db)) {
    const latest = await lastDayCheck(deps.db, currency);
    let day = latest ? nextDay(latest.day) : firstDay;
    for (let run = 0; run < DAYS_PER_RUN && day <= lastOver; run++, day = nextDay(day))
      checked.push(await checkLedgerDay(deps, currency, day));
  }
  return checked;
}

/** Each balance the day moved, at the day's end, against the ledger's; their checks moved on to the day. */
async function checkBalances(
  since: DayEnd,
  moved: readonly { readonly home: BalanceHome; readonly amount: bigint }[],
): Promise<StoredDifference[]> {
  const differences: StoredDifference[] = [];
  for (let i = 0; i < moved.length; i += BALANCES_AT_ONCE) {
    const batch = moved.slice(i, i + BALANCES_AT_ONCE);
    const previous = new Map(
      (
        await getBalanceChecks(
          since.deps.db,
          batch.map(({ home }) => home),
        )
      ).map((check) => [homeKey(check), check]),
    );
    const results = await Promise.all(batch.map(({ home, amount }) => checkBalance(since, home, amount, previous.get(homeKey(home)))));
    await putBalanceChecks(
      since.deps.db,
      results.map(({ check }) => check),
    );
    differences.push(...results.flatMap(({ difference }) => (difference ? [difference] : [])));
  }
  return differences;
}

async function checkBalance(
  since: DayEnd,
  home: BalanceHome,
  moved: bigint,
  previous: BalanceCheckRecord | undefined,
): Promise<{ check: BalanceCheckRecord; difference?: StoredDifference }> {
  const { day } = since;
  const opening = previous === undefined ? await since.openingOf(home) : BigInt(previous.day === day ? previous.opening : previous.closing);
  if (opening === undefined) {
    // A pool opened before its first check (a ledger older than the checks): taken as it stood at the day's end.
    const atEnd = (await since.atEnd(home, (stored) => stored ?? 0n)).stored ?? 0n;
    return { check: { ...home, day, opening: (atEnd - moved).toString(), closing: atEnd.toString() } };
  }
  const closing = opening + moved;
  const verdict = await since.atEnd(home, () => closing);
  const check: BalanceCheckRecord = { ...home, day, opening: opening.toString(), closing: closing.toString() };
  if (verdict.kind === 'AGREES') return { check };
  return {
    check,
    difference: { ...home, day, stored: verdict.stored === null ? null : verdict.stored.toString(), ledger: closing.toString() },
  };
}

/** Balances taken back to the end of a day: what they hold now, less what moved them since, read at a still moment. */
class DayEnd {
  constructor(
    readonly deps: ServiceDependencies,
    private readonly currency: string,
    readonly day: string,
    private readonly options: StillReadOptions,
  ) {}

  /**
   * A balance as at the day's end, read until it holds still (still-reads.ts), against what
   * `ledger` says it held then (given the balance as at the day's end, null if none is stored).
   * Throws LedgerCheckRefused if it never holds still.
   */
  async atEnd(home: BalanceHome, ledger: (stored: bigint | null) => bigint): Promise<Exclude<StillVerdict, { kind: 'MOVING' }>> {
    const after = nextDay(this.day);
    const judge = ({ stored, legs }: Sighting) => {
      const atEnd = stored === null ? null : stored - legs;
      return { stored: atEnd, ledger: ledger(atEnd) };
    };
    const verdict =
      home.kind === 'PLAYER'
        ? await readUntilStill(() => playerSighting(this.deps.db, home.id, `${JOURNAL_PREFIX}${after}`), judge, this.options)
        : // A pool's legs after the day sit in the journals of the pool and of the players it paid: the book's.
          await readUntilStill(() => poolSighting(this.deps.db, home.id, this.currency, after), judge, {
            ...this.options,
            confirmAfterMs: BOOK_INDEX_LAG_MS,
          });
    if (verdict.kind === 'MOVING')
      throw new LedgerCheckRefused(
        `${home.kind === 'PLAYER' ? 'player' : 'pool'} ${home.id} kept moving for ${(this.options.holdStillMs ?? HOLD_STILL_MS) / 1000} s while ${this.day} of ${this.currency} was checked: the next run checks the day again`,
      );
    return verdict;
  }

  /**
   * What the ledger says a balance held as the day began, for one no day has checked yet: a
   * player's journals before the day, read from their partition; a pool opened on the day, 0;
   * undefined for a pool opened before its first check (a ledger older than the checks).
   */
  async openingOf(home: BalanceHome): Promise<bigint | undefined> {
    if (home.kind === 'PLAYER') {
      const before = await playerJournals(this.deps.db, home.id, { belowSk: `${JOURNAL_PREFIX}${this.day}` });
      return moneyTotal(before.map((journal) => playerAmount(journal, home.id)));
    }
    const pool = await getJackpotPool(this.deps.db, home.id);
    return !pool || pool.createdAt >= this.day ? 0n : undefined;
  }
}

/** The general book's key in a stored map (a map key may not be empty). */
const GENERAL_BOOK = '*';

export function storedBook(book: BookTotals): StoredBook {
  return {
    journals: book.journals,
    total: book.total.toString(),
    players: book.players.toString(),
    pools: book.pools.toString(),
    cashierIn: book.cashierIn.toString(),
    partnerWallets: book.partnerWallets.toString(),
    houseResult: book.houseResult.toString(),
    houseByTable: Object.fromEntries([...book.houseByTable].map(([table, result]) => [table || GENERAL_BOOK, result.toString()])),
  };
}

export function bookOf(stored: StoredBook): BookTotals {
  return {
    journals: stored.journals,
    total: BigInt(stored.total),
    players: BigInt(stored.players),
    pools: BigInt(stored.pools),
    cashierIn: BigInt(stored.cashierIn),
    // Books stored before seamless wallets had none.
    partnerWallets: BigInt(stored.partnerWallets ?? '0'),
    houseResult: BigInt(stored.houseResult),
    houseByTable: new Map(
      Object.entries(stored.houseByTable).map(([table, result]) => [table === GENERAL_BOOK ? '' : table, BigInt(result)]),
    ),
  };
}
