import { applySettlementPlan, finishSettlement, getOutcome } from '../store/settlement';
import type { ServiceDependencies } from './services';
import { applyJackpotRound } from './jackpot-settlement';

/** Applies whatever is left of a recorded outcome's plan (and jackpot) and releases the table (idempotent). */
export async function completeSettlement(deps: ServiceDependencies, tableId: string, sequence: number): Promise<void> {
  const outcome = await getOutcome(deps.db, tableId, sequence);
  if (!outcome) throw new Error(`table ${tableId} is settling outcome ${sequence}, which is not stored`);
  const settledAt = deps.now();
  if (!outcome.settledAt) {
    await applySettlementPlan(deps.db, outcome, settledAt);
    if (outcome.kind === 'DEAL' && outcome.jackpot && !outcome.jackpot.payout) await applyJackpotRound(deps, outcome);
  }
  await finishSettlement(deps.db, tableId, sequence, settledAt);
}
