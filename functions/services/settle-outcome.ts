import { listOpenBets } from '../store/bets';
import type { BetRecord, Game, OutcomeRecord, PlannedSettlement, TableState } from '../store/records';
import { betAfterSettlement, getOutcome, needsSettlement, recordOutcome } from '../store/settlement';
import { getTableSession } from '../store/tables';
import { completeSettlement } from './complete-settlement';
import type { ServiceDependencies } from './services';
import { MAX_ATTEMPTS, loadPlayableTable, tableBusy, type TableOf } from './table-access';

export interface SettledBet {
  readonly bet: BetRecord;
  readonly entry: PlannedSettlement;
}

export interface SettledOutcome<O extends OutcomeRecord, G extends Game> {
  readonly outcome: O;
  readonly table: TableOf<G>;
  readonly settlements: SettledBet[];
}

/** What a game's rules make of an outcome, given the table and the bets on its layout. */
export interface OutcomeDecision<O extends OutcomeRecord> {
  readonly outcome: O;
  readonly stateAfter: TableState;
}

export type DecideOutcome<O extends OutcomeRecord, G extends Game> = (
  table: TableOf<G>,
  openBets: readonly BetRecord[],
  sequence: number,
  recordedAt: string,
) => OutcomeDecision<O>;

/**
 * Records an outcome and settles every bet it decides: the game's rules compute the whole plan once,
 * from the bets on the layout at the table version the outcome is recorded against; the plan is
 * stored with the outcome and then applied (see store/settlement.ts for crash safety).
 */
export async function settleOutcome<O extends OutcomeRecord, G extends Game>(
  deps: ServiceDependencies,
  tableId: string,
  game: G,
  decide: DecideOutcome<O, G>,
): Promise<SettledOutcome<O, G>> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const table = await loadPlayableTable(deps, tableId, [game]);
    const openBets = await listOpenBets(deps.db, table.id);
    const recordedAt = deps.now();
    const sequence = outcomeCount(table) + 1;
    const { outcome, stateAfter } = decide(table, openBets, sequence, recordedAt);

    if ((await recordOutcome(deps.db, table, outcome, stateAfter)) === 'TABLE_CHANGED') continue;
    // Settling may add to the outcome (a deal's jackpot payout): read back what was stored.
    const settled = needsSettlement(outcome) ? await settledOutcome(deps, outcome) : outcome;

    const betsById = new Map(openBets.map((bet) => [bet.id, bet]));
    const settlements = outcome.plan.map((entry) => ({ entry, bet: betAfterSettlement(betsById.get(entry.betId)!, entry, sequence, recordedAt) }));
    const updated = (await getTableSession(deps.db, table.id)) as TableOf<G>;
    return { outcome: settled, table: updated, settlements };
  }
  throw tableBusy(tableId);
}

async function settledOutcome<O extends OutcomeRecord>(deps: ServiceDependencies, outcome: O): Promise<O> {
  await completeSettlement(deps, outcome.tableId, outcome.sequence);
  return ((await getOutcome(deps.db, outcome.tableId, outcome.sequence)) as O | undefined) ?? outcome;
}

/** Outcomes recorded so far: the sequence of the next one is this plus one. */
function outcomeCount(table: TableOf<Game>): number {
  return table.game === 'CRAPS' ? table.state.rollCount : table.state.roundCount;
}
