import { applySettlementPlan, finishSettlement, getRoll } from '../store/settlement';
import type { ServiceDependencies } from './services';

/** Applies whatever is left of a recorded roll's plan and releases the table (idempotent). */
export async function completeSettlement(deps: ServiceDependencies, tableId: string, sequence: number): Promise<void> {
  const roll = await getRoll(deps.db, tableId, sequence);
  if (!roll) throw new Error(`table ${tableId} is settling roll ${sequence}, which is not stored`);
  const settledAt = deps.now();
  if (!roll.settledAt) await applySettlementPlan(deps.db, roll, settledAt);
  await finishSettlement(deps.db, tableId, sequence, settledAt);
}
