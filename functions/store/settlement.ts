import { GetCommand, QueryCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Db } from './db';
import { OUTCOME_PREFIX, SETTLING_PK, openBetKey, outcomeKey, parseBetId, settlingMarkerKey, tableKey } from './keys';
import { toItem, toRecord } from './items';
import { removeFromLayout, type TransactAction } from './transaction-actions';
import type { BetRecord, BetStatus, OutcomeRecord, PlannedSettlement, TableRecord, TableState } from './records';
import { cancellationReasons, conditionFailedAt, isRetryable } from './transaction-cancellation';
import { listOpenBets, queryAll } from './bets';

/**
 * Settling an outcome (a roll, a deal) is three steps, each safe to repeat after a crash anywhere:
 *  1. recordOutcome: one transaction moves the table to its new state (optimistic lock on
 *     `version`, betting closed), stores the outcome with its whole settlement plan, reopens
 *     betting and marks the table as settling the outcome;
 *  2. applySettlementPlan: bet by bet (batched), a decided bet leaves the layout and its money is
 *     credited in the same transaction, conditional on the bet still being there; a moved bet
 *     records the outcome it moved on. Replaying it skips what is already done. (A deal's jackpot
 *     is applied next, see jackpot-pools.ts);
 *  3. finishSettlement: clears the table's settling mark, so bets may be placed again.
 * No bet can be paid twice (its open item is deleted in the transaction that pays it) and
 * none is lost (the plan stays on the outcome until step 3, and any later call resumes it).
 */

export type RecordOutcomeResult = 'RECORDED' | 'TABLE_CHANGED';

/** Whether the outcome needs a settlement step after it is recorded. */
export const needsSettlement = (outcome: OutcomeRecord): boolean =>
  outcome.plan.length > 0 || (outcome.kind === 'DEAL' && outcome.jackpot !== null);

function recordOutcomeTransaction(db: Db, table: TableRecord, outcome: OutcomeRecord, stateAfter: TableState): TransactWriteCommandInput {
  const settling = needsSettlement(outcome);
  return {
    TransactItems: [
      {
        Update: {
          TableName: db.tableName,
          Key: tableKey(table.id),
          // Recording the outcome reopens betting for the next one.
          UpdateExpression: `SET #state = :state, version = :next${settling ? ', settlingOutcome = :sequence' : ''} REMOVE bettingClosed`,
          ConditionExpression: 'version = :version AND attribute_not_exists(settlingOutcome) AND bettingClosed = :closed',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: {
            ':state': stateAfter,
            ':version': table.version,
            ':next': table.version + 1,
            ':closed': true,
            ...(settling ? { ':sequence': outcome.sequence } : {}),
          },
        },
      },
      {
        Put: {
          TableName: db.tableName,
          // An outcome with nothing to settle is settled the moment it is recorded.
          Item: toItem(outcomeKey(table.id, outcome.sequence), settling ? outcome : { ...outcome, settledAt: outcome.recordedAt }),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      // Lets the settlement sweeper find the outcome if no request ever comes back to this table.
      ...(settling ? [{ Put: { TableName: db.tableName, Item: toItem(settlingMarkerKey(table.id), settlingMarker(outcome)) } }] : []),
    ],
  };
}

/** A table whose outcome `sequence` was recorded at `since` and is not settled yet. */
export interface SettlingMarker {
  readonly tableId: string;
  readonly sequence: number;
  readonly since: string;
}

const settlingMarker = (outcome: OutcomeRecord): SettlingMarker => ({
  tableId: outcome.tableId,
  sequence: outcome.sequence,
  since: outcome.recordedAt,
});

/** Every table with an outcome still being settled. */
export function listSettlingTables(db: Db): Promise<SettlingMarker[]> {
  return queryAll<SettlingMarker>(db, {
    TableName: db.tableName,
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': SETTLING_PK },
    ConsistentRead: true,
  });
}

export async function recordOutcome(
  db: Db,
  table: TableRecord,
  outcome: OutcomeRecord,
  stateAfter: TableState,
): Promise<RecordOutcomeResult> {
  try {
    await db.doc.send(new TransactWriteCommand(recordOutcomeTransaction(db, table, outcome, stateAfter)));
    return 'RECORDED';
  } catch (error) {
    const reasons = cancellationReasons(error);
    if (isRetryable(error) || (reasons && (conditionFailedAt(reasons, 0) || conditionFailedAt(reasons, 1)))) {
      return 'TABLE_CHANGED';
    }
    throw error;
  }
}

export async function getOutcome(db: Db, tableId: string, sequence: number): Promise<OutcomeRecord | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: outcomeKey(tableId, sequence), ConsistentRead: true }));
  return Item ? toRecord<OutcomeRecord>(Item) : undefined;
}

/** The table's most recent outcomes, newest first. */
export async function listRecentOutcomes(db: Db, tableId: string, last: number): Promise<OutcomeRecord[]> {
  const { pk } = outcomeKey(tableId, 0);
  const { Items = [] } = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': OUTCOME_PREFIX },
      ScanIndexForward: false,
      Limit: last,
    }),
  );
  return Items.map((item) => toRecord<OutcomeRecord>(item));
}

/** Everything a planned settlement writes, given the open bet it applies to. */
function settlementActions(db: Db, outcome: OutcomeRecord, entry: PlannedSettlement, bet: BetRecord, settledAt: string): TransactAction[] {
  const { resolution } = entry;
  if (resolution.outcome !== 'MOVED') return removeFromLayout(db, betAfterSettlement(bet, entry, outcome.sequence, settledAt));
  const { tableId, betKey } = parseBetId(bet.id)!;
  return [
    {
      Update: {
        TableName: db.tableName,
        Key: openBetKey(tableId, betKey),
        UpdateExpression: 'SET #number = :number, lastOutcome = :sequence',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(lastOutcome) OR lastOutcome < :sequence)',
        ExpressionAttributeNames: { '#number': 'number' },
        ExpressionAttributeValues: { ':number': resolution.number, ':sequence': outcome.sequence },
      },
    },
  ];
}

const STATUS_AFTER: Record<PlannedSettlement['resolution']['outcome'], BetStatus> = {
  WIN: 'WON',
  LOSE: 'LOST',
  PUSH: 'PUSHED',
  MOVED: 'OPEN',
};

/** The bet as a planned settlement leaves it: moved to its number, or decided by outcome `sequence`. */
export function betAfterSettlement(bet: BetRecord, entry: PlannedSettlement, sequence: number, settledAt: string): BetRecord {
  const { resolution } = entry;
  if (resolution.outcome === 'MOVED') return { ...bet, number: resolution.number, lastOutcome: sequence };
  return {
    ...bet,
    status: STATUS_AFTER[resolution.outcome],
    winnings: resolution.outcome === 'WIN' ? resolution.winnings : 0,
    returned: entry.returned,
    settledAt,
    settledBy: sequence,
  };
}

/** DynamoDB's limit per transaction. */
const MAX_TRANSACTION_ITEMS = 100;

/**
 * Applies what is left of an outcome's plan. Entries are packed into transactions of at most 100
 * items with no account twice in one (DynamoDB forbids two actions on one item); if a packed
 * transaction is refused because part of it was already applied, its entries go one by one.
 */
export async function applySettlementPlan(db: Db, outcome: OutcomeRecord, settledAt: string): Promise<void> {
  const openBets = new Map((await listOpenBets(db, outcome.tableId)).map((bet) => [bet.id, bet]));
  const pending = outcome.plan.filter((entry) => {
    const bet = openBets.get(entry.betId);
    if (!bet) return false; // decided and removed already
    return entry.resolution.outcome !== 'MOVED' || (bet.lastOutcome ?? 0) < outcome.sequence;
  });

  let batch: TransactAction[][] = [];
  let itemCount = 0;
  let accounts = new Set<string>();
  const flush = async () => {
    if (batch.length > 0) await commitBatch(db, batch);
    batch = [];
    itemCount = 0;
    accounts = new Set();
  };
  for (const entry of pending) {
    const actions = settlementActions(db, outcome, entry, openBets.get(entry.betId)!, settledAt);
    const touchesAccount = entry.returned > 0;
    if ((touchesAccount && accounts.has(entry.playerId)) || itemCount + actions.length > MAX_TRANSACTION_ITEMS) await flush();
    batch.push(actions);
    itemCount += actions.length;
    if (touchesAccount) accounts.add(entry.playerId);
  }
  await flush();
}

async function commitBatch(db: Db, batch: TransactAction[][]): Promise<void> {
  try {
    await db.doc.send(new TransactWriteCommand({ TransactItems: batch.flat() }));
  } catch (error) {
    const reasons = cancellationReasons(error);
    if (!reasons || isRetryable(error)) throw error;
    if (batch.length === 1) {
      // The bet's own item failed its condition: another run applied this entry already.
      // (Any other failed condition, say a missing account, must not be skipped silently.)
      if (conditionFailedAt(reasons, 0)) return;
      throw error;
    }
    for (const actions of batch) await commitBatch(db, [actions]);
  }
}

export async function finishSettlement(db: Db, tableId: string, sequence: number, settledAt: string): Promise<void> {
  try {
    await db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: db.tableName,
              Key: tableKey(tableId),
              UpdateExpression: 'REMOVE settlingOutcome',
              ConditionExpression: 'settlingOutcome = :sequence',
              ExpressionAttributeValues: { ':sequence': sequence },
            },
          },
          {
            Update: {
              TableName: db.tableName,
              Key: outcomeKey(tableId, sequence),
              UpdateExpression: 'SET settledAt = :settledAt',
              ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(settledAt)',
              ExpressionAttributeValues: { ':settledAt': settledAt },
            },
          },
          { Delete: { TableName: db.tableName, Key: settlingMarkerKey(tableId) } },
        ],
      }),
    );
  } catch (error) {
    const reasons = cancellationReasons(error);
    // Both conditions failing means another run finished it first: nothing left to do.
    if (reasons && conditionFailedAt(reasons, 0) && conditionFailedAt(reasons, 1)) return;
    throw error;
  }
}
