import { moneyTotal } from '../../rules/money';
import { listOpenBets } from '../../store/betting/bets';
import {
  claimLayoutRefresh,
  getLayoutTotals,
  putLayoutTotals,
  type LayoutTotals,
  type StoredLayoutTotals,
} from '../../store/betting/layout-totals';
import type { BetRecord, BetType } from '../../store/betting/bet-records';
import type { TableRecord } from '../../store/tables/table-records';
import { afterPendingOutcome } from '../rounds/outcome-plans';
import type { ServiceDependencies } from '../kernel/services';
import { outcomeCount } from '../tables/table-access';

export type { LayoutTotals } from '../../store/betting/layout-totals';

/**
 * Totals this much younger than now, read since the table's last outcome, are answered as they are;
 * older ones are read again by the next reader that may (at most once per this long per table).
 */
export const LAYOUT_TOTALS_MAX_AGE_SECONDS = 5;

export interface LayoutTotalsView extends LayoutTotals {
  /** When the layout was read for these totals. */
  readonly asOf: string;
}

/**
 * What a table display shows of the layout, to anyone: how many players have bets on it, and per
 * bet type how many bets and how much; nobody's bets or ids. One read (the stored totals) when
 * they are current: read since the table's last outcome and at most LAYOUT_TOTALS_MAX_AGE_SECONDS
 * old. Otherwise the reader reads the table's shards and stores what it found, if its request has a
 * layout refresh left (read-budget.ts) and it wins the table's claim (one reader per window and
 * outcome, across all servers); a reader that does neither answers the stored totals with their
 * age, unless they are from before the table's last outcome and the claim was lost (then it reads
 * the shards itself). So a lobby page costs one read per table, and a few refreshes at most.
 */
export async function layoutTotals(deps: ServiceDependencies, table: TableRecord): Promise<LayoutTotalsView> {
  const outcomes = outcomeCount(table);
  const now = deps.now();
  const stored = await getLayoutTotals(deps.db, table.id);
  const sinceLastOutcome = stored !== undefined && stored.takenFor >= outcomes;
  if (sinceLastOutcome && Date.parse(now) - Date.parse(stored.takenAt) < LAYOUT_TOTALS_MAX_AGE_SECONDS * 1000) return viewOf(stored);
  // The table's layout was empty when it opened: what a table nobody has read yet shows, at its age.
  const known = stored ?? { totals: EMPTY, takenAt: table.createdAt, takenFor: 0 };
  if (deps.reads && !deps.reads.takeLayoutRefresh(refreshReads(table))) return viewOf(known);
  const staleBefore = new Date(Date.parse(now) - LAYOUT_TOTALS_MAX_AGE_SECONDS * 1000).toISOString();
  if (await claimLayoutRefresh(deps.db, table.id, { at: now, staleBefore, outcomes })) {
    const fresh = await readLayout(deps, table, now);
    await putLayoutTotals(deps.db, table.id, fresh);
    return viewOf(fresh);
  }
  // Another reader is refreshing them: aged totals will do meanwhile, a past round's will not.
  return sinceLastOutcome ? viewOf(known) : viewOf(await readLayout(deps, table, now));
}

/** What reading the layout afresh reads: a query per shard (a shard's open bets, 320 at most, fit one page). */
const refreshReads = (table: TableRecord): number => table.betShards;

const EMPTY: LayoutTotals = { players: 0, bets: 0, amount: 0n, byBetType: [] };

const viewOf = (stored: StoredLayoutTotals): LayoutTotalsView => ({ ...stored.totals, asOf: stored.takenAt });

/** The layout read from every shard, as it stands once any outcome being paid is paid. */
async function readLayout(deps: ServiceDependencies, table: TableRecord, takenAt: string): Promise<StoredLayoutTotals> {
  const bets = afterPendingOutcome(table, await listOpenBets(deps.db, table.id, table.betShards));
  return { totals: totalsOf(bets), takenAt, takenFor: outcomeCount(table) };
}

function totalsOf(bets: readonly BetRecord[]): LayoutTotals {
  const byType = new Map<BetType, { bets: number; amount: bigint }>();
  for (const bet of bets) {
    const totals = byType.get(bet.type) ?? byType.set(bet.type, { bets: 0, amount: 0n }).get(bet.type)!;
    totals.bets += 1;
    totals.amount += BigInt(bet.amount);
  }
  return {
    players: new Set(bets.map((bet) => bet.playerId)).size,
    bets: bets.length,
    amount: moneyTotal(bets.map((bet) => bet.amount)),
    byBetType: [...byType].map(([type, totals]) => ({ type, ...totals })).sort((a, b) => a.type.localeCompare(b.type)),
  };
}
