import { GetCommand, QueryCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Db } from './db';
import { ROLL_PREFIX, openBetKey, parseBetId, rollKey, tableKey } from './keys';
import { removeFromLayout, type TransactAction } from './layout-actions';
import { toItem, toRecord } from './items';
import type { BetRecord, BetStatus, PlannedSettlement, RollRecord, TableRecord } from './records';
import { cancellationReasons, conditionFailedAt, isConflict } from './transaction-cancellation';
import { listOpenBets } from './bets';

/**
 * Settling a roll is three steps, each safe to repeat after a crash at any point:
 *  1. recordRoll: one transaction moves the table to its new state (optimistic lock on `version`),
 *     stores the roll with its whole settlement plan, and marks the table as settling that roll;
 *  2. applySettlementPlan: bet by bet (batched), a decided bet leaves the layout and its money is
 *     credited in the same transaction, conditional on the bet still being there; a moved bet
 *     records the roll it moved on. Replaying it skips what is already done;
 *  3. finishSettlement: clears the table's settling mark, so bets may be placed again.
 * No bet can be paid twice (its open item is deleted in the transaction that pays it) and
 * none is lost (the plan stays on the roll until step 3, and any later call resumes it).
 */

export type RecordRollOutcome = 'RECORDED' | 'TABLE_CHANGED';

export function recordRollTransaction(db: Db, table: TableRecord, roll: RollRecord): TransactWriteCommandInput {
  const settling = roll.plan.length > 0;
  return {
    TransactItems: [
      {
        Update: {
          TableName: db.tableName,
          Key: tableKey(table.id),
          UpdateExpression: settling ? 'SET #state = :state, version = :next, settlingRoll = :sequence' : 'SET #state = :state, version = :next',
          ConditionExpression: 'version = :version AND attribute_not_exists(settlingRoll)',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: {
            ':state': roll.stateAfter,
            ':version': table.version,
            ':next': table.version + 1,
            ...(settling ? { ':sequence': roll.sequence } : {}),
          },
        },
      },
      {
        Put: {
          TableName: db.tableName,
          // A roll with nothing to settle is settled the moment it is recorded.
          Item: toItem(rollKey(table.id, roll.sequence), settling ? roll : { ...roll, settledAt: roll.rolledAt }),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ],
  };
}

export async function recordRoll(db: Db, table: TableRecord, roll: RollRecord): Promise<RecordRollOutcome> {
  try {
    await db.doc.send(new TransactWriteCommand(recordRollTransaction(db, table, roll)));
    return 'RECORDED';
  } catch (error) {
    const reasons = cancellationReasons(error);
    if (isConflict(error, reasons) || (reasons && (conditionFailedAt(reasons, 0) || conditionFailedAt(reasons, 1)))) {
      return 'TABLE_CHANGED';
    }
    throw error;
  }
}

export async function getRoll(db: Db, tableId: string, sequence: number): Promise<RollRecord | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: rollKey(tableId, sequence), ConsistentRead: true }));
  return Item ? toRecord<RollRecord>(Item) : undefined;
}

export async function listRecentRolls(db: Db, tableId: string, last: number): Promise<RollRecord[]> {
  const { pk } = rollKey(tableId, 0);
  const { Items = [] } = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': ROLL_PREFIX },
      ScanIndexForward: false,
      Limit: last,
    }),
  );
  return Items.map((item) => toRecord<RollRecord>(item));
}

/** Everything a planned settlement writes, given the open bet it applies to. */
export function settlementActions(db: Db, roll: RollRecord, entry: PlannedSettlement, bet: BetRecord, settledAt: string): TransactAction[] {
  const { resolution } = entry;
  if (resolution.outcome !== 'MOVED') return removeFromLayout(db, betAfterSettlement(bet, entry, roll.sequence, settledAt));
  const { tableId, betKey } = parseBetId(bet.id)!;
  return [
    {
      Update: {
        TableName: db.tableName,
        Key: openBetKey(tableId, betKey),
        UpdateExpression: 'SET #number = :number, lastRoll = :sequence',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(lastRoll) OR lastRoll < :sequence)',
        ExpressionAttributeNames: { '#number': 'number' },
        ExpressionAttributeValues: { ':number': resolution.number, ':sequence': roll.sequence },
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

/** The bet as a planned settlement leaves it: moved to its number, or decided by roll `sequence`. */
export function betAfterSettlement(bet: BetRecord, entry: PlannedSettlement, sequence: number, settledAt: string): BetRecord {
  const { resolution } = entry;
  if (resolution.outcome === 'MOVED') return { ...bet, number: resolution.number, lastRoll: sequence };
  return {
    ...bet,
    status: STATUS_AFTER[resolution.outcome],
    winnings: resolution.outcome === 'WIN' ? resolution.winnings : 0,
    returned: entry.returned,
    settledAt,
    settledByRoll: sequence,
  };
}

/** DynamoDB's limit per transaction. */
const MAX_TRANSACTION_ITEMS = 100;

/**
 * Applies what is left of a roll's plan. Entries are packed into transactions of at most 100
 * items with no account twice in one (DynamoDB forbids two actions on one item); if a packed
 * transaction is refused because part of it was already applied, its entries go one by one.
 */
export async function applySettlementPlan(db: Db, roll: RollRecord, settledAt: string): Promise<void> {
  const openBets = new Map((await listOpenBets(db, roll.tableId)).map((bet) => [bet.id, bet]));
  const pending = roll.plan.filter((entry) => {
    const bet = openBets.get(entry.betId);
    if (!bet) return false; // decided and removed already
    return entry.resolution.outcome !== 'MOVED' || (bet.lastRoll ?? 0) < roll.sequence;
  });

  let batch: { entry: PlannedSettlement; actions: TransactAction[] }[] = [];
  let accounts = new Set<string>();
  const flush = async () => {
    if (batch.length > 0) await commitBatch(db, batch.map((b) => b.actions));
    batch = [];
    accounts = new Set();
  };
  for (const entry of pending) {
    const actions = settlementActions(db, roll, entry, openBets.get(entry.betId)!, settledAt);
    const touchesAccount = entry.returned > 0;
    const itemCount = batch.reduce((n, b) => n + b.actions.length, 0);
    if ((touchesAccount && accounts.has(entry.playerId)) || itemCount + actions.length > MAX_TRANSACTION_ITEMS) await flush();
    batch.push({ entry, actions });
    if (touchesAccount) accounts.add(entry.playerId);
  }
  await flush();
}

async function commitBatch(db: Db, batch: TransactAction[][]): Promise<void> {
  try {
    await db.doc.send(new TransactWriteCommand({ TransactItems: batch.flat() }));
  } catch (error) {
    const reasons = cancellationReasons(error);
    if (!reasons || isConflict(error, reasons)) throw error;
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
              UpdateExpression: 'REMOVE settlingRoll',
              ConditionExpression: 'settlingRoll = :sequence',
              ExpressionAttributeValues: { ':sequence': sequence },
            },
          },
          {
            Update: {
              TableName: db.tableName,
              Key: rollKey(tableId, sequence),
              UpdateExpression: 'SET settledAt = :settledAt',
              ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(settledAt)',
              ExpressionAttributeValues: { ':settledAt': settledAt },
            },
          },
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
