import type { BookTotals } from './ledger-day';
import { bookSortKey, listStoredBalances, readBook, type JournalRecord, type LedgerAccount } from '../../store/money/ledger';
import { ledgerCurrencies } from '../../store/money/ledger-checks';
import { moneyTotal } from '../../rules/money';
import type { ServiceDependencies } from '../kernel/services';
import { CHECK_MARGIN_MS } from './ledger-check';
import {
  BOOK_INDEX_LAG_MS,
  playerSighting,
  poolLegs,
  poolSighting,
  readUntilStill,
  type StillReadOptions,
  type StillVerdict,
} from './still-reads';

/**
 * Reconciliation: the ledger against itself and against every stored balance.
 * - Every journal balances: its legs sum to zero.
 * - For every currency, all legs sum to zero (which follows) and the house's result is the
 *   negative of everything else: players, pools, the cashier and partners' seamless wallets.
 * - Every stored balance (a player's account, a pool) equals the sum of its legs, and no
 *   journal names a player or pool that is not stored.
 * Balances (a scan) and journals (the book index) are read one after the other, while money keeps
 * moving: a round paid, a bet, a cashier movement landing in between looks like a difference.
 * So what this first pass finds is only a suspicion: each balance that seems to differ is read
 * again, at a still moment, until it holds still (still-reads.ts): a player's account around their
 * own journals (strongly consistent, their partition); a pool around its legs in the book, twice a
 * second apart. Only a difference found at a still moment is reported; a balance that never held
 * still for HOLD_STILL_MS is named in `unsettled` instead, and the audit is not consistent.
 * Reads every journal: an operator's and ops' check (`npm run reconcile`), not something to run
 * per request.
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
  /** The sum of the account's legs (in the full audit, read at the same still moment as `stored`: still-reads.ts). */
  readonly ledger: bigint;
  /** From the daily checks: the day it was found on, both amounts as at its end. Absent from the full audit. */
  readonly day?: string;
}

/** The full audit: a Reconciliation, and what it could not read still. */
export interface FullAudit extends Reconciliation {
  /** Balances that seemed to differ and kept moving every time they were read again, for HOLD_STILL_MS: not checked. */
  readonly unsettled: readonly { readonly account: LedgerAccount; readonly currency: string }[];
}

const accountKey = (account: LedgerAccount) => `${account.kind}\u0000${account.id ?? ''}`;

export async function reconcile(deps: ServiceDependencies, options: StillReadOptions = {}): Promise<FullAudit> {
  // What the book index holds of journals stamped this long before the run is all of them (ledger-check.ts): a
  // pool read again later reads only the book since then, and takes the rest from this run's first read.
  const settledBefore = new Date(Date.parse(deps.now()) - CHECK_MARGIN_MS).toISOString();
  const [stored, registered] = await Promise.all([listStoredBalances(deps.db), ledgerCurrencies(deps.db)]);
  // Every currency an account or pool holds, and every one the ledger registered (a seamless partner's may have no account of ours).
  const currencies = [...new Set([...stored.map((balance) => balance.currency), ...registered.map((record) => record.currency)])].sort();
  const books = await Promise.all(currencies.map(async (currency) => ({ currency, journals: await readBook(deps.db, currency) })));

  const unbalancedJournals: string[] = [];
  const suspected: (BalanceDifference & { readonly older: readonly JournalRecord[] })[] = [];
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
    const older = journals.filter((journal) => bookSortKey(journal) < settledBefore);
    const storedHere = stored.filter((balance) => balance.currency === currency);
    for (const balance of storedHere) {
      const sum = ledger.get(accountKey(balance.account))?.sum ?? 0n;
      if (sum !== BigInt(balance.balance))
        suspected.push({ account: balance.account, currency, stored: balance.balance, ledger: sum, older });
    }
    const storedKeys = new Set(storedHere.map((balance) => accountKey(balance.account)));
    for (const { account, sum } of ledger.values()) {
      if ((account.kind === 'PLAYER' || account.kind === 'POOL') && !storedKeys.has(accountKey(account)))
        suspected.push({ account, currency, stored: null, ledger: sum, older });
    }
    summaries.push(summarise(currency, journals, [...ledger.values()]));
  }

  // Each suspicion read again until it holds still: only what is still there then is a difference.
  const verdicts = await Promise.all(
    suspected.map(({ account, currency, older }) => readStill(deps, account, currency, older, settledBefore, options)),
  );
  const differences: BalanceDifference[] = [];
  const unsettled: FullAudit['unsettled'][number][] = [];
  suspected.forEach(({ account, currency }, i) => {
    const verdict = verdicts[i]!;
    if (verdict.kind === 'DIFFERS')
      differences.push({ account, currency, stored: verdict.stored === null ? null : Number(verdict.stored), ledger: verdict.ledger });
    else if (verdict.kind === 'MOVING') unsettled.push({ account, currency });
  });
  const consistent =
    differences.length === 0 &&
    unsettled.length === 0 &&
    unbalancedJournals.length === 0 &&
    summaries.every((summary) => summary.total === 0n);
  return { consistent, currencies: summaries, differences, unbalancedJournals, unsettled };
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

/**
 * A balance that seemed to differ, read at a still moment (still-reads.ts): a player's account
 * against every journal in their partition; a pool against its legs in the book, those stamped
 * before `settledBefore` as the run's first read found them and the rest read again.
 */
function readStill(
  deps: ServiceDependencies,
  account: LedgerAccount,
  currency: string,
  older: readonly JournalRecord[],
  settledBefore: string,
  options: StillReadOptions,
): Promise<StillVerdict> {
  const id = account.id!;
  if (account.kind === 'PLAYER')
    return readUntilStill(
      () => playerSighting(deps.db, id),
      ({ stored, legs }) => ({ stored, ledger: legs }),
      options,
    );
  const before = poolLegs(older, id);
  return readUntilStill(
    () => poolSighting(deps.db, id, currency, settledBefore),
    ({ stored, legs }) => ({ stored, ledger: before + legs }),
    { ...options, confirmAfterMs: BOOK_INDEX_LAG_MS },
  );
}
