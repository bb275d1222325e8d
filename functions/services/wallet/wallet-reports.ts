import {
  deadLetteredWalletCalls,
  forEachPartnerWalletCall,
  partnerWalletCallPage,
  partnerWalletCalls,
  reportCursorOf,
  type WalletCallRecord,
} from '../../store/wallet/wallet-calls';
import { ServiceError } from '../kernel/service-error';
import { isCalendarDay } from '../kernel/request-checks';
import type { Caller, ServiceDependencies } from '../kernel/services';
import { assertReadsPartnerWallet } from './partner-wallets';
import { numberParam } from '../../rules/error-params';

/**
 * What operators read of the calls to a partner's wallet: the day's calls, every one with its
 * transaction id, amount and state, and their totals (what the partner reconciles its books
 * against, to the unit); and the calls set aside after 24 hours of retries, to settle by hand.
 */

export interface WalletCurrencyTotals {
  readonly currency: string;
  /** Stakes the wallet confirmed it debited, less those given back by a confirmed rollback. */
  readonly debited: bigint;
  /** Credits the wallet confirmed. */
  readonly credited: bigint;
  /**
   * Credits, and rollbacks of debits that were confirmed (a voided round's), still being delivered
   * or set aside: owed to the partner's players, as the ledger has it (its partnerWallets).
   */
  readonly owed: bigint;
  /**
   * Rollbacks of debits never confirmed (unanswered, or their bet not laid), still being delivered
   * or set aside: the wallet gives back what it may hold; the ledger never counted them.
   */
  readonly unconfirmedRollbacks: bigint;
}

/** A partner's day, whose totals and calls are read as they are asked for (a busy day's calls come in pages). */
export interface PartnerWalletReport {
  readonly partner: string;
  readonly day: string;
}

/** A partner's calls made on a day (UTC): the house's operators for any partner, a partner's operators for their own. */
export function partnerWalletReport(caller: Caller, partner: string, day: string): PartnerWalletReport {
  assertReadsPartnerWallet(caller, partner);
  if (!isCalendarDay(day)) throw new ServiceError('BAD_USER_INPUT', 'day must be a day of the calendar, YYYY-MM-DD.', 'day');
  return { partner, day };
}

/** The day's totals by currency, over every call of the day: summed as the calls are read, none kept. */
export async function reportTotals(deps: ServiceDependencies, { partner, day }: PartnerWalletReport): Promise<WalletCurrencyTotals[]> {
  const sums = new Totals();
  await forEachPartnerWalletCall(deps.db, partner, day, (call) => sums.add(call));
  return sums.byCurrency();
}

/** Every call of the day, oldest first (a page for a quiet day only: reportPage is for any day). */
export const reportCalls = (deps: ServiceDependencies, { partner, day }: PartnerWalletReport): Promise<WalletCallRecord[]> =>
  partnerWalletCalls(deps.db, partner, day);

export const MAX_REPORT_PAGE = 1_000;
/** A cursor as reportPage gives it: the last call's `<createdAt>#<transactionId>`. */
const CURSOR = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z#[\x21-\x7e]{1,300}$/;

/** Up to `first` of the day's calls after the cursor `after`, and the cursor of the next page (null once all are given). */
export async function reportPage(
  deps: ServiceDependencies,
  { partner, day }: PartnerWalletReport,
  first: number,
  after: string | null | undefined,
): Promise<{ readonly calls: WalletCallRecord[]; readonly nextCursor: string | null }> {
  if (!Number.isInteger(first) || first < 1 || first > MAX_REPORT_PAGE) {
    throw new ServiceError('BAD_USER_INPUT', 'first must be a whole number from 1 to {max}.', 'first', [
      numberParam('max', MAX_REPORT_PAGE),
    ]);
  }
  if (after != null && (!CURSOR.test(after) || !after.startsWith(day))) {
    throw new ServiceError('BAD_USER_INPUT', "after must be a nextCursor of this day's report.", 'after');
  }
  const page = await partnerWalletCallPage(deps.db, partner, day, first, after ?? undefined);
  const last = page.calls.at(-1);
  return { calls: page.calls, nextCursor: page.more && last ? reportCursorOf(last) : null };
}

/** A partner's calls given up after 24 hours, oldest first. */
export async function walletCallsNeedingAttention(deps: ServiceDependencies, caller: Caller, partner: string): Promise<WalletCallRecord[]> {
  assertReadsPartnerWallet(caller, partner);
  return deadLetteredWalletCalls(deps.db, partner);
}

/** The totals of calls, by currency. Pure. */
export function totalsOf(calls: readonly WalletCallRecord[]): WalletCurrencyTotals[] {
  const sums = new Totals();
  for (const call of calls) sums.add(call);
  return sums.byCurrency();
}

/** Totals by currency, a call at a time. */
class Totals {
  private readonly sums = new Map<string, { debited: bigint; credited: bigint; owed: bigint; unconfirmedRollbacks: bigint }>();

  add(call: WalletCallRecord): void {
    const sums =
      this.sums.get(call.currency) ??
      this.sums.set(call.currency, { debited: 0n, credited: 0n, owed: 0n, unconfirmedRollbacks: 0n }).get(call.currency)!;
    const amount = BigInt(call.amount);
    if (call.kind === 'DEBIT') {
      // A debit counts while it stands: confirmed, or rolled back not yet confirmed (the partner may still hold it).
      // (A rollback settled by hand gave the stake back: it counts nowhere, as one the wallet confirmed.)
      if (call.state === 'CONFIRMED') sums.debited += amount;
      if (call.state === 'ROLLING_BACK' || call.state === 'DEAD_LETTERED') {
        if (call.confirmedBefore) sums.owed += amount;
        else sums.unconfirmedRollbacks += amount;
      }
    } else if (call.state === 'CONFIRMED' || call.state === 'SETTLED_BY_HAND') sums.credited += amount;
    else if (call.state === 'DUE' || call.state === 'DEAD_LETTERED') sums.owed += amount;
  }

  byCurrency(): WalletCurrencyTotals[] {
    return [...this.sums].sort(([a], [b]) => a.localeCompare(b)).map(([currency, sums]) => ({ currency, ...sums }));
  }
}
