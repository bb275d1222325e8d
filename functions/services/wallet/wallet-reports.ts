import { deadLetteredWalletCalls, partnerWalletCalls, type WalletCallRecord } from '../../store/wallet/wallet-calls';
import { ServiceError } from '../kernel/service-error';
import { isCalendarDay } from '../kernel/request-checks';
import type { Caller, ServiceDependencies } from '../kernel/services';
import { assertReadsPartnerWallet } from './partner-wallets';

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
  /** Credits and rollbacks still being delivered (or set aside): owed to the partner's players, not yet confirmed. */
  readonly owed: bigint;
}

export interface PartnerWalletReport {
  readonly partner: string;
  readonly day: string;
  readonly totals: readonly WalletCurrencyTotals[];
  readonly calls: readonly WalletCallRecord[];
}

/** A partner's calls made on a day (UTC): the house's operators for any partner, a partner's operators for their own. */
export async function partnerWalletReport(
  deps: ServiceDependencies,
  caller: Caller,
  partner: string,
  day: string,
): Promise<PartnerWalletReport> {
  assertReadsPartnerWallet(caller, partner);
  if (!isCalendarDay(day)) throw new ServiceError('BAD_USER_INPUT', 'day must be a day of the calendar, YYYY-MM-DD.', 'day');
  const calls = await partnerWalletCalls(deps.db, partner, day);
  return { partner, day, totals: totalsOf(calls), calls };
}

/** A partner's calls given up after 24 hours, oldest first. */
export async function walletCallsNeedingAttention(deps: ServiceDependencies, caller: Caller, partner: string): Promise<WalletCallRecord[]> {
  assertReadsPartnerWallet(caller, partner);
  return deadLetteredWalletCalls(deps.db, partner);
}

/** The totals of calls, by currency. Pure. */
export function totalsOf(calls: readonly WalletCallRecord[]): WalletCurrencyTotals[] {
  const totals = new Map<string, { debited: bigint; credited: bigint; owed: bigint }>();
  for (const call of calls) {
    const sums = totals.get(call.currency) ?? totals.set(call.currency, { debited: 0n, credited: 0n, owed: 0n }).get(call.currency)!;
    const amount = BigInt(call.amount);
    if (call.kind === 'DEBIT') {
      // A debit counts while it stands: confirmed, or rolled back not yet confirmed (the partner may still hold it).
      // (A rollback settled by hand gave the stake back: it counts nowhere, as one the wallet confirmed.)
      if (call.state === 'CONFIRMED') sums.debited += amount;
      if (call.state === 'ROLLING_BACK' || call.state === 'DEAD_LETTERED') sums.owed += amount;
    } else if (call.state === 'CONFIRMED' || call.state === 'SETTLED_BY_HAND') sums.credited += amount;
    else if (call.state === 'DUE' || call.state === 'DEAD_LETTERED') sums.owed += amount;
  }
  return [...totals].sort(([a], [b]) => a.localeCompare(b)).map(([currency, sums]) => ({ currency, ...sums }));
}
