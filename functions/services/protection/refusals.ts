import { countRefusal, refusalsOfDay } from '../../store/protection/refusals';
import type { ServiceDependencies } from '../kernel/services';

/** The refusals player protection answers (docs/PLAYER-PROTECTION.md), which the daily report counts by reason. */
export const PROTECTION_REFUSALS: ReadonlySet<string> = new Set([
  'PLAYER_TIMED_OUT',
  'PLAYER_SELF_EXCLUDED',
  'PLAYER_BLOCKED',
  'DEPOSIT_LIMIT_REACHED',
  'STAKE_LIMIT_REACHED',
  'LOSS_LIMIT_REACHED',
  'SESSION_TIME_LIMIT_REACHED',
  'REALITY_CHECK_DUE',
]);

/**
 * Counts a refusal of a bet or deposit, if player protection is why. A count that cannot be
 * written is logged, never the request's failure: the player was refused all the same.
 */
export async function countProtectionRefusal(deps: ServiceDependencies, playerId: string, code: string): Promise<void> {
  if (!PROTECTION_REFUSALS.has(code)) return;
  try {
    await countRefusal(deps.db, deps.now().slice(0, 10), playerId, code);
  } catch (error) {
    deps.log.error('a protection refusal could not be counted', { code, error: error instanceof Error ? error : String(error) });
  }
}

/** A day's protection refusals by reason, in the report's order, for a partner's players or everyone's. */
export async function protectionRefusalsOfDay(
  deps: ServiceDependencies,
  day: string,
  partner: string | undefined,
): Promise<{ reason: string; count: number }[]> {
  const counts = await refusalsOfDay(deps.db, day, partner);
  return [...PROTECTION_REFUSALS].filter((reason) => counts.has(reason)).map((reason) => ({ reason, count: counts.get(reason)! }));
}
