import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed, isRetryable } from '../kernel/transaction-cancellation';
import { createTogether, transact, type Created } from '../kernel/transact';
import type { Db } from '../kernel/db';
import { tableKey } from '../kernel/keys';
import { toItem } from '../kernel/items';
import { tableOfItem } from './table-item';
import { newGates } from '../betting/gates';
import { closedTableEntries, openTableEntry } from './lobby';
import type { ShooterPosition } from '../../rules/craps';
import type { ActorStamp, TableRecord } from './table-records';
import type { RngLoopRecord, SeedRecord } from '../rng/rng-records';
import { newSeedAction } from '../rng/seeds';
import { newLoopClaimAction } from '../rng/loop-claims';

/**
 * The table with its betting gate's shards, open for `round`: EXISTS if a table has its id, RACED
 * if a transaction in flight held one of the items. A transaction holds at most 100 items and a
 * table may have 512 shards, so the gates are written first, in transactions of their own, and the
 * table with its lobby entry last: no table is ever without its gates. An opening cut off between
 * the two leaves gates no table names (a few hundred bytes each), which a retry with the same
 * idempotency key writes again alike and uses.
 */
export async function createTableSession(
  db: Db,
  table: TableRecord,
  round: number,
  /** A table the server deals: its first seed and its round loop's claim, written with it. */
  dealtByServer?: { readonly seed: SeedRecord; readonly loop: RngLoopRecord },
): Promise<Created> {
  try {
    // A group refused holds a gate that moved on: the table exists, and its own write says so.
    await Promise.all(newGates(db, table.id, table.betShards, round).map((gates) => transact(db, { gates })));
  } catch (error) {
    if (isRetryable(error)) return 'RACED';
    throw error;
  }
  return createTogether(db, 'table', {
    table: { Put: { TableName: db.tableName, Item: toItem(tableKey(table.id), table), ConditionExpression: 'attribute_not_exists(pk)' } },
    lobbyEntry: openTableEntry(db, table),
    seed: dealtByServer && newSeedAction(db, dealtByServer.seed),
    loop: dealtByServer && newLoopClaimAction(db, dealtByServer.loop),
  });
}

/**
 * Strongly consistent unless asked otherwise: a dealer's decision starts from the latest version.
 * A bet may read the table eventually consistent (half the read units of the hottest read there
 * is): its gate checks the round in the bet's own transaction, so a stale read can only be refused.
 */
export async function getTableSession(db: Db, tableId: string, { consistent = true } = {}): Promise<TableRecord | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: tableKey(tableId), ConsistentRead: consistent }));
  return Item ? tableOfItem(Item) : undefined;
}

/**
 * A new shoe goes in at a baccarat table: the next shoe number, no card and no round dealt from it
 * yet, its rounds to be read from `nextSequence`; under the table's optimistic lock (false if the
 * table changed since `version` was read).
 */
export function resetShoe(
  db: Db,
  tableId: string,
  version: number,
  shoe: { number: number; from: number },
  stamp: ActorStamp,
): Promise<boolean> {
  return updateUnderLock(
    db,
    tableId,
    version,
    'SET #state.shoe = :empty, #state.shoeNumber = :number, #state.shoeHands = :none, #state.shoeFrom = :from, shoeStartedBy = :stamp',
    { '#state': 'state' },
    { ':empty': [], ':number': shoe.number, ':none': 0, ':from': shoe.from, ':stamp': stamp },
  );
}

/**
 * "No more bets" is done: every gate shard is closed (gates.ts), and the table says so, with the
 * shards that held bets (betting/shard-set.ts), until the outcome is recorded. The table as the
 * write left it (the dealer's answer, without reading it again); undefined if the table changed
 * since `version` was read.
 */
export async function markBettingClosed(
  db: Db,
  tableId: string,
  version: number,
  stamp: ActorStamp,
  shardsWithBets: string,
): Promise<TableRecord | undefined> {
  const written = await writeUnderLock(
    db,
    tableId,
    version,
    {
      set: 'SET bettingClosed = :closed, bettingClosedBy = :stamp, shardsWithBets = :shards',
      names: {},
      values: { ':closed': true, ':stamp': stamp, ':shards': shardsWithBets },
    },
    'ALL_NEW',
  );
  return written && tableOfItem(written);
}

/** The betting clock starts again from `at` (nobody could shoot when it ran out), under the table's optimistic lock. */
export function reopenBettingWindow(db: Db, tableId: string, version: number, at: string): Promise<boolean> {
  return updateUnderLock(db, tableId, version, 'SET bettingOpenedAt = :at', {}, { ':at': at });
}

/**
 * Closes a table session for good (the table is kept for its history), under its optimistic lock,
 * and moves its lobby entry to the closed tables in the same transaction.
 */
export async function closeTableSession(db: Db, table: TableRecord, stamp: ActorStamp): Promise<boolean> {
  try {
    const sent = await transact(db, {
      table: {
        Update: {
          TableName: db.tableName,
          Key: tableKey(table.id),
          UpdateExpression: 'SET #status = :closed, closedBy = :stamp, version = :next',
          ConditionExpression: 'version = :version',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':closed': 'CLOSED', ':stamp': stamp, ':version': table.version, ':next': table.version + 1 },
        },
      },
      lobbyEntries: closedTableEntries(db, table),
    });
    if (sent.written) return true;
    if (sent.refused.has('table')) return false;
    throw new Error(`closing table ${table.id} was refused for ${[...sent.refused].join(', ')}`);
  } catch (error) {
    if (isRetryable(error)) return false;
    throw error;
  }
}

/** The dealers an operator assigned to a table, under the table's optimistic lock. */
export function storeDealers(db: Db, tableId: string, version: number, dealers: readonly string[], stamp: ActorStamp): Promise<boolean> {
  return updateUnderLock(
    db,
    tableId,
    version,
    'SET dealers = :dealers, dealersAssignedBy = :stamp',
    {},
    { ':dealers': dealers, ':stamp': stamp },
  );
}

/** Hands the dice to `shooter` at a craps table (a dealer's decision), under the table's optimistic lock. */
export function setShooter(db: Db, tableId: string, version: number, shooter: ShooterPosition, stamp: ActorStamp): Promise<boolean> {
  return updateUnderLock(
    db,
    tableId,
    version,
    'SET #state.shooter = :shooter, #state.shooterSeat = :seat, shooterSetBy = :stamp',
    { '#state': 'state' },
    { ':shooter': shooter.playerId, ':seat': shooter.seat, ':stamp': stamp },
  );
}

/**
 * A table the server deals: its round loop paused (with who and when), or resumed (a new betting
 * window from `resumedAt` if betting is open), under the table's optimistic lock.
 */
export function updateDealingPause(
  db: Db,
  table: TableRecord,
  change: { readonly pausedBy: ActorStamp } | { readonly resumedAt: string },
): Promise<boolean> {
  if ('pausedBy' in change) {
    return updateUnderLock(db, table.id, table.version, 'SET dealingPausedBy = :stamp', {}, { ':stamp': change.pausedBy });
  }
  const opened = table.bettingClosed ? table.bettingOpenedAt : change.resumedAt;
  return updateUnderLock(db, table.id, table.version, 'SET bettingOpenedAt = :at', {}, { ':at': opened }, 'dealingPausedBy');
}

async function updateUnderLock(
  db: Db,
  tableId: string,
  version: number,
  set: string,
  names: Record<string, string>,
  values: Record<string, unknown>,
  remove?: string,
): Promise<boolean> {
  return (await writeUnderLock(db, tableId, version, { set, names, values, ...(remove ? { remove } : {}) }, 'NONE')) !== undefined;
}

/** An update of the table under its optimistic lock: the item's attributes as `returnValues` asks ({} for NONE), undefined if the table changed. */
async function writeUnderLock(
  db: Db,
  tableId: string,
  version: number,
  { set, names, values, remove }: { set: string; names: Record<string, string>; values: Record<string, unknown>; remove?: string },
  returnValues: 'NONE' | 'ALL_NEW',
): Promise<Record<string, unknown> | undefined> {
  try {
    const { Attributes } = await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: tableKey(tableId),
        UpdateExpression: `${set}, version = :next${remove ? ` REMOVE ${remove}` : ''}`,
        ConditionExpression: 'version = :version',
        ...(Object.keys(names).length > 0 ? { ExpressionAttributeNames: names } : {}),
        ExpressionAttributeValues: { ...values, ':version': version, ':next': version + 1 },
        ReturnValues: returnValues,
      }),
    );
    return Attributes ?? {};
  } catch (error) {
    if (isConditionalCheckFailed(error) || isRetryable(error)) return undefined;
    throw error;
  }
}
