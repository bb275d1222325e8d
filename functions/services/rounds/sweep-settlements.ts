import { listSettlingTables } from '../../store/rounds/settling-marker';
import { runSettlement } from './settlement-job';
import type { ServiceDependencies } from '../kernel/services';

export interface SweepReport {
  readonly completed: readonly string[];
  /** Jobs another runner holds a live lease on: left to it. */
  readonly busy: readonly string[];
  readonly failed: readonly { readonly tableId: string; readonly error: string }[];
}

/**
 * Finishes every settlement job recorded more than `graceSeconds` ago and still running: a job is
 * normally run by the dealer's request that recorded its outcome, but a runner that died (its
 * lease expired) or a request that gave up must not keep a table's winners (or its jackpot)
 * waiting. Run on a schedule; safe to run beside anything, as a job has one runner at a time
 * and every step of it is idempotent.
 */
export async function sweepSettlements(deps: ServiceDependencies, graceSeconds = 30): Promise<SweepReport> {
  const cutoff = Date.parse(deps.now()) - graceSeconds * 1000;
  const completed: string[] = [];
  const busy: string[] = [];
  const failed: { tableId: string; error: string }[] = [];
  const markers = await listSettlingTables(deps.db);
  for (const marker of markers) {
    if (Date.parse(marker.since) > cutoff) continue;
    try {
      const result = await runSettlement(deps, marker.tableId, marker.sequence);
      (result === 'DONE' ? completed : busy).push(marker.tableId);
    } catch (error) {
      // One stuck table must not stop the others; the next sweep tries it again.
      failed.push({ tableId: marker.tableId, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
    }
  }
  // What is left waiting after this sweep: the jobs it did not finish, new or stuck.
  const now = Date.parse(deps.now());
  const waiting = markers.filter((marker) => !completed.includes(marker.tableId)).map((marker) => now - Date.parse(marker.since));
  deps.metrics.settlementBacklog({
    oldestAgeSeconds: Math.max(0, ...waiting.map((ms) => Math.floor(ms / 1000))),
    failedTables: failed.length,
  });
  return { completed, busy, failed };
}
