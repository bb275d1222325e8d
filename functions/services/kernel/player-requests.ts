import { backoff, raceWaitCap } from '../../store/kernel/retry';
import { ServiceError } from './service-error';
import type { ServiceDependencies } from './services';
import { inTurn, playerTurn } from './turns';

/**
 * What is asked of a player's own account outside the tables (a time-out, a self-exclusion, a
 * block, a limit, a reality check's acknowledgement, a deposit, a withdrawal) is taken whatever it
 * races, never answered CONFLICT: a player who asked to stop must not be told to try again.
 * - The request takes the player's turn (turns.ts): this process's bets and other requests of
 *   theirs wait for it instead of racing it.
 * - A race with another process's requests (their transactions hold the account for a moment) is
 *   waited out with a jittered wait, as often as PATIENT_ATTEMPTS allows: many seconds of steady
 *   play by that one player, far past what one player's own requests keep an item busy for.
 */
export const PATIENT_ATTEMPTS = 200;

/**
 * Runs `work` in the player's turn. Never from inside that turn (a bet's own checks): it would
 * wait for itself.
 */
export const inPlayersTurn = <T>(deps: ServiceDependencies, playerId: string, work: () => Promise<T>): Promise<T> =>
  inTurn(playerTurn(deps, playerId), work);

/**
 * Tries `attempt` until it answers something (undefined: it lost a race or its read went stale),
 * after a jittered wait each time it does not; CONFLICT only past PATIENT_ATTEMPTS.
 */
export async function untilTaken<T>(attempt: () => Promise<T | undefined>): Promise<T> {
  for (let tried = 0; tried < PATIENT_ATTEMPTS; tried++) {
    if (tried > 0) await backoff(Math.min(tried, 6), 4, raceWaitCap());
    const answer = await attempt();
    if (answer !== undefined) return answer;
  }
  throw new ServiceError('CONFLICT', 'The player\u2019s account stayed busy for too long; retry.');
}
