import { moneyTotal } from '../../rules/money';
import type { JournalRecord, LedgerAccount } from '../../store/money/ledger';

/**
 * What one day of a currency's ledger adds up to, and the book through that day: the pure core of
 * the daily check (ledger-check.ts). A day's totals are summed from that day's journals alone, so
 * checking a day reads that day's journals; the book through a day is the book through the day
 * before plus the day, so the whole book is the sum of the days checked. Every sum is exact
 * (BigInt): a currency's book passes 2^53 long before it stops balancing.
 */

/** The ledger's account groups, as the books sum them. */
export interface BookTotals {
  /** Journals summed. */
  readonly journals: number;
  /** Every leg: zero when the book balances. */
  readonly total: bigint;
  /** What the players' accounts hold (moved, for a day). */
  readonly players: bigint;
  readonly pools: bigint;
  /** Net money in through the cashier: deposits less withdrawals. */
  readonly cashierIn: bigint;
  /** Net money into seamless partners' wallets from the tables: credits less debits (docs/WALLET.md). */
  readonly partnerWallets: bigint;
  /** What the house's books gained: the negative of everything else. */
  readonly houseResult: bigint;
  /** The house's result by table; '' is its general book (pool seeds). */
  readonly houseByTable: ReadonlyMap<string, bigint>;
}

/** A stored balance's account: a player's or a pool's (the house and the cashier have none). */
export type BalanceHome = { readonly kind: 'PLAYER' | 'POOL'; readonly id: string };

export interface DayTotals extends BookTotals {
  /** Ids of the day's journals whose legs do not sum to zero. */
  readonly unbalancedJournals: readonly string[];
  /** What the day moved into each player's account and each pool, by homeKey. */
  readonly moved: ReadonlyMap<string, { readonly home: BalanceHome; readonly amount: bigint }>;
}

export const EMPTY_BOOK: BookTotals = {
  journals: 0,
  total: 0n,
  players: 0n,
  pools: 0n,
  cashierIn: 0n,
  partnerWallets: 0n,
  houseResult: 0n,
  houseByTable: new Map(),
};

export const homeKey = (home: BalanceHome): string => `${home.kind}\u0000${home.id}`;

const stored = (account: LedgerAccount): account is BalanceHome =>
  (account.kind === 'PLAYER' || account.kind === 'POOL') && account.id !== undefined;

/** The day's totals, from the day's journals (in any order). */
export function dayTotalsOf(journals: readonly JournalRecord[]): DayTotals {
  const unbalancedJournals: string[] = [];
  const moved = new Map<string, { home: BalanceHome; amount: bigint }>();
  const houseByTable = new Map<string, bigint>();
  const sums = { total: 0n, players: 0n, pools: 0n, cashierIn: 0n, partnerWallets: 0n, houseResult: 0n };
  for (const journal of journals) {
    if (moneyTotal(journal.legs.map((leg) => leg.amount)) !== 0n) unbalancedJournals.push(journal.id);
    for (const { account, amount: legAmount } of journal.legs) {
      const amount = BigInt(legAmount);
      sums.total += amount;
      if (account.kind === 'PLAYER') sums.players += amount;
      if (account.kind === 'POOL') sums.pools += amount;
      if (account.kind === 'CASHIER') sums.cashierIn -= amount;
      if (account.kind === 'WALLET') sums.partnerWallets += amount;
      if (account.kind === 'HOUSE') {
        sums.houseResult += amount;
        houseByTable.set(account.id ?? '', (houseByTable.get(account.id ?? '') ?? 0n) + amount);
      }
      if (stored(account)) {
        const home = { kind: account.kind, id: account.id };
        const entry = moved.get(homeKey(home)) ?? moved.set(homeKey(home), { home, amount: 0n }).get(homeKey(home))!;
        entry.amount += amount;
      }
    }
  }
  return { journals: journals.length, ...sums, houseByTable, unbalancedJournals: unbalancedJournals.sort(), moved };
}

/** The book through a day: the book through the day before, and the day. */
export function bookThrough(before: BookTotals, day: BookTotals): BookTotals {
  const houseByTable = new Map(before.houseByTable);
  for (const [table, result] of day.houseByTable) houseByTable.set(table, (houseByTable.get(table) ?? 0n) + result);
  return {
    journals: before.journals + day.journals,
    total: before.total + day.total,
    players: before.players + day.players,
    pools: before.pools + day.pools,
    cashierIn: before.cashierIn + day.cashierIn,
    partnerWallets: before.partnerWallets + day.partnerWallets,
    houseResult: before.houseResult + day.houseResult,
    houseByTable,
  };
}

/** The day after `day` (YYYY-MM-DD, UTC). */
export const nextDay = (day: string): string => new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS).toISOString().slice(0, 10);
/** The day before `day`. */
export const previousDay = (day: string): string => new Date(Date.parse(`${day}T00:00:00.000Z`) - DAY_MS).toISOString().slice(0, 10);
const DAY_MS = 86_400_000;
