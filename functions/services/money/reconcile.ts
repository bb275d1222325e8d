import type { BookTotals } from './ledger-day';
import {
  listStoredBalances,
  playerAmount,
  playerJournals,
  readBook,
  type JournalRecord,
  type LedgerAccount,
} from '../../store/money/ledger';
import { getAccount } from '../../store/money/accounts';
import { ledgerCurrencies } from '../../store/money/ledger-checks';
import { moneyTotal } from '../../rules/money';
import type { ServiceDependencies } from '../kernel/services';

/**
 * Reconciliation: the ledger against itself and against every stored balance.
 * - Every journal balances: its legs sum to zero.
 * - For every currency, all legs sum to zero (which follows) and the house's result is the
 *   negative of everything else: players, pools, the cashier and partners' seamless wallets.
 * - Every stored balance (a player's account, a pool) equals the sum of its legs, and no
 *   journal names a player or pool that is not stored.
 * The book is read through its index, which is eventually consistent: a player whose balance
 * seems to differ is checked again against their own partition, read strongly consistent, so
 * that a movement landing during the run is not reported. Reads every journal: an operator's
 * and ops' check (`npm run reconcile`), not something to run per request.
 * Every sum is exact (a BigInt, rules/money.ts): a currency's totals pass 2^53 long before its
 * books stop balancing.
 */

export interface Reconciliation {
  readonly consistent: boolean;
  readonly currencies: readonly CurrencyReconciliation[];
  readonly differences: readonly BalanceDifference[];
  /** Journals whose legs do not sum to zero (their ids). */
  readonly unbalancedJournals: readonly string[];
}

/** A currency's books, as the totals of its journals (BookTotals), with the house's result by table as a list. */
export interface CurrencyReconciliation extends Omit<BookTotals, 'houseByTable'> {
  readonly currency: string;
  /** The house's result at each table (and, as `null`, its general book: pool seeds). */
  readonly houseByTable: readonly { readonly tableId: string | null; readonly result: bigint }[];
  /** From the daily checks: the last day checked, through which the totals run (null: none yet). Absent from the full audit. */
  readonly checkedThrough?: string | null;
  /** From the full audit: the day (UTC) of the currency's first journal, where its daily checks start. */
  readonly firstDay?: string;
}

export interface BalanceDifference {
  readonly account: LedgerAccount;
  readonly currency: string;
  /** The stored balance, or null when the ledger names an account that is not stored. */
  readonly stored: number | null;
  /** The sum of the account's legs. */
  readonly ledger: bigint;
  /** From the daily checks: the day it was found on, both amounts as at its end. Absent from the full audit. */
  readonly day?: string;
}

const accountKey = (account: LedgerAccount) => `${account.kind}\u0000${account.id ?? ''}`;

export async function reconcile(deps: ServiceDependencies): Promise<Reconciliation> {
  const [stored, registered] = await Promise.all([listStoredBalances(deps.db), ledgerCurrencies(deps.db)]);
  // Every currency an account or pool holds, and every one the ledger registered (a seamless partner's may have no account of ours).
  const currencies = [...new Set([...stored.map((balance) => balance.currency), ...registered.map((record) => record.currency)])].sort();
  const books = await Promise.all(currencies.map(async (currency) => ({ currency, journals: await readBook(deps.db, currency) })));

  const unbalancedJournals: string[] = [];
  const differences: BalanceDifference[] = [];
  const summaries: CurrencyReconciliation[] = [];
  for (const { currency, journals } of books) {
    const ledger = new Map<string, { account: LedgerAccount; sum: bigint }>();
    for (const journal of journals) {
      if (moneyTotal(journal.legs.map((leg) => leg.amount)) !== 0n) unbalancedJournals.push(journal.id);
      for (const leg of journal.legs) {
        const key = accountKey(leg.account);
        const entry = ledger.get(key) ?? { account: leg.account, sum: 0n };
        entry.sum += BigInt(leg.amount);
        ledger.set(key, entry);
      }
    }
    const storedHere = stored.filter((balance) => balance.currency === currency);
    for (const balance of storedHere) {
      const sum = ledger.get(accountKey(balance.account))?.sum ?? 0n;
      if (sum !== BigInt(balance.balance)) differences.push({ account: balance.account, currency, stored: balance.balance, ledger: sum });
    }
    const storedKeys = new Set(storedHere.map((balance) => accountKey(balance.account)));
    for (const { account, sum } of ledger.values()) {
      if ((account.kind === 'PLAYER' || account.kind === 'POOL') && !storedKeys.has(accountKey(account)))
        differences.push({ account, currency, stored: null, ledger: sum });
    }
    summaries.push(summarise(currency, journals, [...ledger.values()]));
  }

  const confirmed = await Promise.all(differences.map((difference) => stillDiffers(deps, difference)));
  const remaining = differences.filter((_, i) => confirmed[i]);
  const consistent = remaining.length === 0 && unbalancedJournals.length === 0 && summaries.every((summary) => summary.total === 0n);
  return { consistent, currencies: summaries, differences: remaining, unbalancedJournals };
}

function summarise(
  currency: string,
  journals: readonly JournalRecord[],
  sums: readonly { account: LedgerAccount; sum: bigint }[],
): CurrencyReconciliation {
  const of = (kind: LedgerAccount['kind']) => sums.filter(({ account }) => account.kind === kind);
  const total = (entries: readonly { sum: bigint }[]) => entries.reduce((sum, entry) => sum + entry.sum, 0n);
  const houses = of('HOUSE');
  const first = journals.reduce<string | undefined>(
    (earliest, journal) => (earliest === undefined || journal.at < earliest ? journal.at : earliest),
    undefined,
  );
  return {
    currency,
    ...(first !== undefined ? { firstDay: first.slice(0, 10) } : {}),
    journals: journals.length,
    total: total(sums),
    players: total(of('PLAYER')),
    pools: total(of('POOL')),
    cashierIn: -total(of('CASHIER')),
    partnerWallets: total(of('WALLET')),
    houseResult: total(houses),
    houseByTable: houses
      .map(({ account, sum }) => ({ tableId: account.id ?? null, result: sum }))
      .sort((a, b) => (a.tableId ?? '').localeCompare(b.tableId ?? '')),
  };
}

/** A player's difference, read again from their own partition (strongly consistent); others as seen. */
async function stillDiffers(deps: ServiceDependencies, difference: BalanceDifference): Promise<boolean> {
  if (difference.account.kind !== 'PLAYER' || difference.stored === null) return true;
  const playerId = difference.account.id!;
  const [journals, account] = await Promise.all([playerJournals(deps.db, playerId), getAccount(deps.db, playerId)]);
  const sum = moneyTotal(journals.map((journal) => playerAmount(journal, playerId)));
  return account === undefined || BigInt(account.balance) !== sum;
}
