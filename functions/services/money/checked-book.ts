import { getDayChecks, lastDayCheck, ledgerCurrencies, type DayCheckRecord } from '../../store/money/ledger-checks';
import { bookOf } from './ledger-check';
import type { ServiceDependencies } from '../kernel/services';
import type { BalanceDifference, CurrencyReconciliation, Reconciliation } from './reconcile';

/** How far the daily checks have reached (the schema's LedgerCheckStatus). */
export type LedgerCheckStatus = 'CHECKED' | 'PARTLY_CHECKED' | 'NOTHING_CHECKED_YET';

/** The book as the daily checks left it, and how far they have reached: `consistent` of a book none of whose days is checked yet speaks of nothing. */
export interface CheckedBook extends Reconciliation {
  readonly status: LedgerCheckStatus;
}

/**
 * The whole book of every currency, as the daily checks (ledger-check.ts) left it: each
 * currency's totals through the last day checked, and what any day checked found (the days with
 * findings, up to the last 100). Reads the currencies, the latest check of each and the checks
 * that found something: a handful of items, whatever the size of the book.
 */
export async function checkedBook(deps: ServiceDependencies): Promise<CheckedBook> {
  const currencies = (await ledgerCurrencies(deps.db)).map(({ currency }) => currency).sort();
  const latest = await Promise.all(currencies.map((currency) => lastDayCheck(deps.db, currency)));
  const withFindings = await getDayChecks(
    deps.db,
    latest.flatMap((check) => (check ? check.inconsistentDays.map((day) => ({ currency: check.currency, day })) : [])),
  );
  const findings = [...withFindings].sort((a, b) => (a.currency + a.day < b.currency + b.day ? -1 : 1));
  const summaries = currencies.map((currency, i) => summaryOf(currency, latest[i]));
  const differences: BalanceDifference[] = findings.flatMap((check) =>
    check.differences.map((difference) => ({
      account: { kind: difference.kind, id: difference.id },
      currency: check.currency,
      stored: difference.stored === null ? null : Number(difference.stored),
      ledger: BigInt(difference.ledger),
      day: difference.day,
    })),
  );
  const unbalancedJournals = findings.flatMap((check) => check.unbalancedJournals);
  const consistent = differences.length === 0 && unbalancedJournals.length === 0 && summaries.every((summary) => summary.total === 0n);
  return { consistent, status: checkStatusOf(summaries), currencies: summaries, differences, unbalancedJournals };
}

/** None of the currencies checked through any day (or no currency at all), some of them, or every one. */
function checkStatusOf(currencies: readonly CurrencyReconciliation[]): LedgerCheckStatus {
  const checked = currencies.filter((currency) => currency.checkedThrough != null).length;
  if (checked === 0) return 'NOTHING_CHECKED_YET';
  return checked < currencies.length ? 'PARTLY_CHECKED' : 'CHECKED';
}

function summaryOf(currency: string, check: DayCheckRecord | undefined): CurrencyReconciliation {
  const book = check ? bookOf(check.through) : undefined;
  return {
    currency,
    journals: book?.journals ?? 0,
    total: book?.total ?? 0n,
    players: book?.players ?? 0n,
    pools: book?.pools ?? 0n,
    cashierIn: book?.cashierIn ?? 0n,
    partnerWallets: book?.partnerWallets ?? 0n,
    houseResult: book?.houseResult ?? 0n,
    houseByTable: [...(book?.houseByTable ?? [])]
      .map(([tableId, result]) => ({ tableId: tableId === '' ? null : tableId, result }))
      .sort((a, b) => (a.tableId ?? '').localeCompare(b.tableId ?? '')),
    checkedThrough: check?.day ?? null,
  };
}
