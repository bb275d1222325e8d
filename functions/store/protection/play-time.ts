import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../kernel/db';
import { accountKey } from '../kernel/keys';
import { writtenUnlessConditionFails } from '../kernel/transaction-cancellation';
import { LIMIT_PERIODS, periodAttribute, roomAttribute, type PeriodKeys } from './limits';

/**
 * Session-time limits (docs/PLAYER-PROTECTION.md): time at play is counted in steps of
 * PLAY_STEP_MINUTES, each begun by a stake after the last step ended. While a session-time limit is
 * in force the account holds `playUntil`, the end of the step counted last; a stake within it counts
 * nothing more, so a player's bets write nothing extra (PLAY_TIME_CONDITION rides on the write
 * the stake makes anyway). A stake after it is refused by that condition, counts the next step here
 * (taking it off the session-time rooms, on condition each holds it), and is sent again: one extra
 * write per step, for players with a limit only.
 */

/** What one step of play counts, in minutes. Short enough to be fair, long enough that counting is rare. */
export const PLAY_STEP_MINUTES = 5;

/** What a stake adds to its account's write: no limit in force, or a step of play counted that still runs at `:now`. */
export const PLAY_TIME_CONDITION = '(attribute_not_exists(playUntil) OR playUntil > :now)';

/** Before any step is counted: the first stake under a new session-time limit counts one. */
export const PLAY_NOT_COUNTED = '1970-01-01T00:00:00.000Z';

/**
 * Counts a step of play from `at` (a stake's moment) against every session-time room of the
 * current periods, if the account still has a limit, no step running at `at`, and room for it.
 * False if any of those did not hold (another stake counted it first, or the room is gone).
 */
export async function countPlayStep(db: Db, playerId: string, at: string, periods: PeriodKeys): Promise<boolean> {
  const values: Record<string, unknown> = {
    ':now': at,
    ':until': new Date(Date.parse(at) + PLAY_STEP_MINUTES * 60_000).toISOString(),
    ':step': PLAY_STEP_MINUTES,
    ':taken': -PLAY_STEP_MINUTES,
  };
  const condition = ['attribute_exists(playUntil) AND playUntil <= :now'];
  const adds: string[] = [];
  for (const period of LIMIT_PERIODS) {
    const room = roomAttribute('SESSION_TIME', period);
    values[`:per${period}`] = periods[period];
    condition.push(`${periodAttribute(period)} = :per${period}`, `${room} >= :step`);
    adds.push(`${room} :taken`);
  }
  return writtenUnlessConditionFails(
    db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: accountKey(playerId),
        UpdateExpression: `SET playUntil = :until ADD ${adds.join(', ')}`,
        ConditionExpression: condition.join(' AND '),
        ExpressionAttributeValues: values,
      }),
    ),
  );
}

/**
 * What moves with the limits when session-time limits start or stop being in force (a pure
 * clause of writeLimits' update): started, the first stake counts a step; stopped, nothing counts.
 */
export function playClock(inForce: boolean): { set: string[]; remove: string[]; values: Record<string, unknown> } {
  return inForce
    ? { set: ['playUntil = if_not_exists(playUntil, :playNotCounted)'], remove: [], values: { ':playNotCounted': PLAY_NOT_COUNTED } }
    : { set: [], remove: ['playUntil'], values: {} };
}
