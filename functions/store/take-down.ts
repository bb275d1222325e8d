import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './db';
import { parseBetId, shardOfBetKey } from './keys';
import { creditAccount, type LayoutLock } from './transaction-actions';
import { releaseBet } from './gates';
import { decideBet } from './settlement';
import type { BetRecord } from './records';
import { cancellationReasons, conditionFailedAt, isRetryable } from './transaction-cancellation';

export type TakeDownOutcome = 'TAKEN_DOWN' | 'RACED' | 'BETTING_CLOSED' | 'CHANGED';

/**
 * The bet leaves the layout, decided as TAKEN_DOWN in place, and its stake goes back to the
 * player, while betting is open for `round` and the player's bets are as they were read.
 */
export async function commitTakeDown(db: Db, takenDown: BetRecord, round: number, lock: LayoutLock): Promise<TakeDownOutcome> {
  const { tableId, betKey } = parseBetId(takenDown.id)!;
  try {
    await db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          releaseBet(db, tableId, shardOfBetKey(betKey), round),
          creditAccount(db, takenDown.playerId, takenDown.returned, lock),
          decideBet(db, takenDown),
        ],
      }),
    );
    return 'TAKEN_DOWN';
  } catch (error) {
    if (isRetryable(error)) return 'RACED';
    const reasons = cancellationReasons(error);
    if (reasons && conditionFailedAt(reasons, 0)) return 'BETTING_CLOSED';
    // The player's bets moved (another of their bets placed or taken down, this one settled): read again.
    if (reasons && (conditionFailedAt(reasons, 1) || conditionFailedAt(reasons, 2))) return 'CHANGED';
    throw error;
  }
}
