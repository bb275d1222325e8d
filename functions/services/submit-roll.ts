import { parseRoll, settleRoll, stakeReturned, type CrapsTableOptions } from '../rules/craps';
import { listOpenBets } from '../store/bets';
import type { BetRecord, PlannedSettlement, RollRecord, TableRecord } from '../store/records';
import { betAfterSettlement, recordRoll } from '../store/settlement';
import { getTableSession } from '../store/tables';
import { completeSettlement } from './complete-settlement';
import type { Caller, ServiceDependencies } from './services';
import { MAX_ATTEMPTS, loadPlayableCrapsTable, tableBusy } from './table-access';

export interface SubmitRollRequest {
  readonly tableId: string;
  readonly dice?: readonly number[] | null;
  readonly void?: boolean | null;
}

export interface SettledBet {
  readonly bet: BetRecord;
  readonly entry: PlannedSettlement;
}

export interface RollOutcome {
  readonly roll: RollRecord;
  readonly table: TableRecord;
  readonly settlements: SettledBet[];
}

/**
 * Records a roll and settles every bet it decides. The settlement plan is computed once, by the
 * rules layer, from the bets on the layout at the table version the roll is recorded against,
 * and stored with the roll; it is then applied (see store/settlement.ts for crash safety).
 */
export async function submitRoll(deps: ServiceDependencies, _caller: Caller, request: SubmitRollRequest): Promise<RollOutcome> {
  // Refuse bad dice before touching anything.
  const roll = parseRoll({ dice: request.dice ? [...request.dice] : null, void: request.void ?? false });

  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const table = await loadPlayableCrapsTable(deps, request.tableId);
    const openBets = await listOpenBets(deps.db, table.id);
    const settlement = settleRoll(table.state, table.options as CrapsTableOptions, openBets, roll);

    const rolledAt = deps.now();
    const sequence = table.state.rollCount + 1;
    const settled: SettledBet[] = [];
    openBets.forEach((bet, index) => {
      const resolution = settlement.resolutions[index]!;
      if (resolution.outcome === 'STAYS') return;
      const entry: PlannedSettlement = { betId: bet.id, playerId: bet.playerId, resolution, returned: stakeReturned(bet, resolution) };
      settled.push({ bet: betAfterSettlement(bet, entry, sequence, rolledAt), entry });
    });

    const record: RollRecord = {
      tableId: table.id,
      sequence,
      dice: roll.kind === 'DICE' ? roll.dice : null,
      stateBefore: table.state,
      stateAfter: settlement.state,
      plan: settled.map((s) => s.entry),
      rolledAt,
    };
    if ((await recordRoll(deps.db, table, record)) === 'TABLE_CHANGED') continue;
    if (record.plan.length > 0) await completeSettlement(deps, table.id, record.sequence);

    const updated = await getTableSession(deps.db, table.id);
    return { roll: record, table: updated!, settlements: settled };
  }
  throw tableBusy(request.tableId);
}
