/** A settlement ends in one transaction, so that the table's mark, the outcome's stamp and the job go together, whichever runner gets there first. */
import type { Db } from '../kernel/db';
import { outcomeKey, settlingMarkerKey, tableKey } from '../kernel/keys';
import { allOf } from '../kernel/conditions';
import { transact } from '../kernel/transact';
import { retryWhileRaced } from '../kernel/retry';

/** The table is still marked as settling outcome `:sequence`. */
const TABLE_SETTLING_OUTCOME = 'settling.#sequence = :sequence';
/** The outcome is recorded. */
const OUTCOME_RECORDED = 'attribute_exists(pk)';
/** The outcome is not stamped settled yet. */
const OUTCOME_NOT_SETTLED = 'attribute_not_exists(settledAt)';

/** The job is done: the table's mark cleared, the outcome stamped settled, the job ended. Safe to repeat. */
export async function finishSettlement(db: Db, tableId: string, sequence: number, settledAt: string): Promise<void> {
  const sent = await retryWhileRaced(() =>
    transact(db, {
      table: {
        Update: {
          TableName: db.tableName,
          Key: tableKey(tableId),
          UpdateExpression: 'REMOVE settling',
          ConditionExpression: TABLE_SETTLING_OUTCOME,
          ExpressionAttributeNames: { '#sequence': 'sequence' },
          ExpressionAttributeValues: { ':sequence': sequence },
        },
      },
      outcome: {
        Update: {
          TableName: db.tableName,
          Key: outcomeKey(tableId, sequence),
          UpdateExpression: 'SET settledAt = :settledAt',
          ConditionExpression: allOf(OUTCOME_RECORDED, OUTCOME_NOT_SETTLED),
          ExpressionAttributeValues: { ':settledAt': settledAt },
        },
      },
      job: { Delete: { TableName: db.tableName, Key: settlingMarkerKey(tableId) } },
    }),
  );
  // Both conditions failing means another run finished it first: nothing left to do.
  if (sent.written || (sent.refused.has('table') && sent.refused.has('outcome'))) return;
  throw new Error(`finishing the settlement of ${tableId} outcome ${sequence} was refused for ${[...sent.refused].join(', ')}`);
}
