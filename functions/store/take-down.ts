import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './db';
import { lockTableVersion, removeFromLayout } from './transaction-actions';
import type { BetRecord, TableRecord } from './records';
import { cancellationReasons, conditionFailedAt, isRetryable } from './transaction-cancellation';

export type TakeDownOutcome = 'TAKEN_DOWN' | 'TABLE_CHANGED';

/** The bet leaves the layout and its stake goes back to the player, at the table version it was checked against. */
export async function commitTakeDown(db: Db, table: TableRecord, takenDown: BetRecord): Promise<TakeDownOutcome> {
  try {
    await db.doc.send(new TransactWriteCommand({ TransactItems: [lockTableVersion(db, table), ...removeFromLayout(db, takenDown)] }));
    return 'TAKEN_DOWN';
  } catch (error) {
    const reasons = cancellationReasons(error);
    // A bet that vanished since it was read was settled or taken down by another request,
    // which also moved the table's version: re-reading tells the caller which.
    if (isRetryable(error) || (reasons && (conditionFailedAt(reasons, 0) || conditionFailedAt(reasons, 1)))) return 'TABLE_CHANGED';
    throw error;
  }
}
