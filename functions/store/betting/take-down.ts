import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../kernel/db';
import { parseBetId, shardOfBetKey } from '../kernel/keys';
import { creditAccount } from '../money/transaction-actions';
import { movePosition } from './positions';
import { releaseBet } from './gates';
import { decideBet } from '../rounds/settlement';
import type { BetRecord } from '../kernel/records';
import { recordJournal, type JournalRecord } from '../money/ledger';
import { cancellationReasons, conditionFailedAt, isRetryable } from '../kernel/transaction-cancellation';

export type TakeDownOutcome = 'TAKEN_DOWN' | 'RACED' | 'BETTING_CLOSED' | 'CHANGED';

/**
 * The bet leaves the layout, decided as TAKEN_DOWN in place, and its stake goes back to the
 * player (journalled), while betting is open for `round` and the player's position is as it was read.
 */
export async function commitTakeDown(
  db: Db,
  takenDown: BetRecord,
  round: number,
  positionVersion: number,
  journal: JournalRecord,
): Promise<TakeDownOutcome> {
  const { tableId, betKey } = parseBetId(takenDown.id)!;
  try {
    await db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          releaseBet(db, tableId, shardOfBetKey(betKey), round),
          movePosition(db, tableId, shardOfBetKey(betKey), takenDown.playerId, positionVersion),
          creditAccount(db, takenDown.playerId, takenDown.returned, journal, { released: takenDown.reserve ?? 0 }),
          decideBet(db, takenDown),
          recordJournal(db, journal),
        ],
      }),
    );
    return 'TAKEN_DOWN';
  } catch (error) {
    if (isRetryable(error)) return 'RACED';
    const reasons = cancellationReasons(error);
    if (reasons && conditionFailedAt(reasons, 0)) return 'BETTING_CLOSED';
    // The player's bets moved (another of their bets placed or taken down, this one settled): read again.
    if (reasons && [1, 2, 3].some((index) => conditionFailedAt(reasons, index))) return 'CHANGED';
    throw error;
  }
}
