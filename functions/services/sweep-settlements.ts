import { listSettlingTables } from '../store/settlement';
import { completeSettlement } from './complete-settlement';
import type { ServiceDependencies } from './services';

export interface SweepReport {
  readonly completed: readonly string[];
  readonly failed: readonly { readonly tableId: string; readonly error: string }[];
}

/**
 * Finishes settling every outcome recorded more than `graceSeconds` ago and still unsettled: a
 * settlement interrupted by a crash or a lost race is normally finished by the next request at its
 * table, but a table nobody comes back to must not keep its winners (or its jackpot) waiting.
 * Run on a schedule; safe to run concurrently with anything, as settlement is idempotent.
 */
export async function sweepSettlements(deps: ServiceDependencies, graceSeconds = 30): Promise<SweepReport> {
  const cutoff = Date.parse(deps.now()) - graceSeconds * 1000;
  const completed: string[] = [];
  const failed: { tableId: string; error: string }[] = [];
  for (const marker of await listSettlingTables(deps.db)) {
    if (Date.parse(marker.since) > cutoff) continue;
    try {
      await completeSettlement(deps, marker.tableId, marker.sequence);
      completed.push(marker.tableId);
    } catch (error) {
      // One stuck table must not stop the others; the next sweep tries it again.
      failed.push({ tableId: marker.tableId, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
    }
  }
  return { completed, failed };
}
