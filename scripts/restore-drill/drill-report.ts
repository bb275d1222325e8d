/**
 * What a restore drill tells ops, as JSON on stdout: what it restored (from where, as of when,
 * into which table, how many items, how long the restore took) and the full audit of the copy,
 * its totals as exact decimal strings (as `npm run reconcile` prints them). The exit code says the
 * verdict as reconcile's does: 0 the copy is consistent, 1 the audit found differences, 2 it could
 * not tell.
 */
import type { FullAudit } from '../../functions/services/money/reconcile';

export interface RestoredCopy {
  readonly from: 'POINT_IN_TIME' | 'EXPORT';
  /** The live table restored (an export's: as its manifest names it, null if it names none). */
  readonly sourceTable: string | null;
  /** The export restored from, as given (--from-export). */
  readonly export?: string;
  /** The moment the copy holds the table as of (an export's: its exportTime; null if unknown). */
  readonly restorePoint: string | null;
  readonly targetTable: string;
  /** Items in the copy, counted by a scan of it. */
  readonly items: number;
  /** How long the restore took (to ACTIVE, or to the last item written): measured, for ops to plan by. */
  readonly restoreSeconds: number;
  /** Whether the copy was left in place (--keep); otherwise it is deleted after the audit. */
  readonly kept: boolean;
}

export interface DrillReport {
  /** The audit's verdict on the copy. */
  readonly consistent: boolean;
  readonly restored: RestoredCopy;
  readonly audit: FullAudit;
}

export const drillReport = (restored: RestoredCopy, audit: FullAudit): DrillReport => ({ consistent: audit.consistent, restored, audit });

/**
 * 0: consistent. 1: the audit found differences (a balance not the sum of its journals, a journal
 * or a currency that does not balance). 2: neither, yet not consistent (a balance never read still
 * enough to check: on a copy nothing writes to, only a fault could cause it).
 */
export function drillExitCode(audit: FullAudit): 0 | 1 | 2 {
  if (audit.consistent) return 0;
  const found = audit.differences.length > 0 || audit.unbalancedJournals.length > 0 || audit.currencies.some(({ total }) => total !== 0n);
  return found ? 1 : 2;
}

/** The report as JSON, every total exact: a JSON number past 2^53 would be read back rounded. */
export const reportJson = (report: unknown): string =>
  `${JSON.stringify(report, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value), 2)}\n`;
