import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../kernel/db';
import { MAX_BET_SHARDS, gateKey } from '../kernel/keys';
import { TRANSACTION_ITEMS } from '../kernel/transact';
import { toItem, toRecord } from '../kernel/items';
import type { GateRecord } from './bet-records';
import { retryWhileRaced } from '../kernel/retry';
import { batchGet } from '../kernel/batch-get';
import { everyShard } from './shard-set';
import type { TransactAction } from '../kernel/transact-action';
import { isConditionalCheckFailed } from '../kernel/transaction-cancellation';
import { allOf, anyOf } from '../kernel/conditions';

/**
 * The betting gate ("no more bets"), spread over one item per shard of the table (keys.ts, betShardsOf): a bet
 * passes through its player's shard, in the transaction that places it, so no item is written by
 * every bet of a table, and closing betting is closing every shard (each a one-item write that
 * no stream of bets can starve; see docs/DATA-MODEL.md). A shard takes bets for one round at a
 * time: `round` is the sequence of the next outcome while betting is open, moved past it when
 * betting closes. A bet for round r passes only while the shard's round is r, so no bet lands
 * after its shard closed, and none for the next round before its outcome is recorded.
 */

/** Open bets one shard holds at most: a table of n shards holds n times as many. */
export const MAX_OPEN_BETS_PER_SHARD = 320;
/** Open bets a table of `shards` shards holds at most. */
export const openBetsCapacity = (shards: number): number => MAX_OPEN_BETS_PER_SHARD * shards;
/** Open bets the largest table (MAX_BET_SHARDS shards) holds at most. */
export const MAX_OPEN_BETS_PER_TABLE = openBetsCapacity(MAX_BET_SHARDS);

/** No gate is written for the shard yet. */
const GATE_ABSENT = 'attribute_not_exists(pk)';
/** The shard takes bets for round `:round`. */
const GATE_FOR_ROUND = '#round = :round';
/** The shard holds no open bet. */
const GATE_EMPTY = '#open = :zero';
/** No outcome has counted bets out of the shard yet. */
const GATE_NOTHING_SETTLED = 'settledThrough = :zero';
/** The shard has room for one more open bet (`:capacity`: MAX_OPEN_BETS_PER_SHARD). */
const GATE_HAS_ROOM = '#open < :capacity';

/**
 * A table's `shards` gate shards, open for `round`, as Put actions in groups of at most
 * TRANSACTION_ITEMS, for the transactions written before the table itself (tables.ts,
 * createTableSession). Each writes its gate if absent, or as it already stands new (a retry of an
 * opening cut off before the table was written); a gate that has moved on belongs to a table that
 * exists already, and refuses.
 */
export function newGates(db: Db, tableId: string, shards: number, round: number): TransactAction[][] {
  const groups: TransactAction[][] = [];
  for (let shard = 0; shard < shards; shard++) {
    const gate: GateRecord = { tableId, shard, round, open: 0, settledThrough: 0 };
    const put: TransactAction = {
      Put: {
        TableName: db.tableName,
        Item: toItem(gateKey(tableId, shard), gate),
        // Absent, or exactly as this opening writes it: an opening cut off and tried again.
        ConditionExpression: anyOf(GATE_ABSENT, allOf(GATE_FOR_ROUND, GATE_EMPTY, GATE_NOTHING_SETTLED)),
        ExpressionAttributeNames: { '#round': 'round', '#open': 'open' },
        ExpressionAttributeValues: { ':round': round, ':zero': 0 },
      },
    };
    if (shard % TRANSACTION_ITEMS === 0) groups.push([]);
    groups.at(-1)!.push(put);
  }
  return groups;
}

/**
 * A bet passes the gate: the shard takes bets for `round` and has room. On refusal DynamoDB hands
 * back the gate as it was (ALL_OLD), which says whether betting closed or the shard is full.
 */
export function admitBet(db: Db, tableId: string, shard: number, round: number): TransactAction {
  return {
    Update: {
      TableName: db.tableName,
      Key: gateKey(tableId, shard),
      UpdateExpression: 'SET #open = #open + :one',
      ConditionExpression: allOf(GATE_FOR_ROUND, GATE_HAS_ROOM),
      ExpressionAttributeNames: { '#open': 'open', '#round': 'round' },
      ExpressionAttributeValues: { ':one': 1, ':round': round, ':capacity': MAX_OPEN_BETS_PER_SHARD },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
  };
}

/** A bet taken back off the layout while betting is open for `round`. */
export function releaseBet(db: Db, tableId: string, shard: number, round: number): TransactAction {
  return {
    Update: {
      TableName: db.tableName,
      Key: gateKey(tableId, shard),
      UpdateExpression: 'SET #open = #open - :one',
      ConditionExpression: GATE_FOR_ROUND,
      ExpressionAttributeNames: { '#open': 'open', '#round': 'round' },
      ExpressionAttributeValues: { ':one': 1, ':round': round },
    },
  };
}

/** Why a gate refused a bet, from the gate as it was when it refused (marshalled, as DynamoDB hands it back). */
export function gateRefusal(item: Record<string, unknown> | undefined, round: number): 'BETTING_CLOSED' | 'SHARD_FULL' {
  const stored = Number((item?.round as { N?: string } | undefined)?.N);
  return stored === round ? 'SHARD_FULL' : 'BETTING_CLOSED';
}

/** What moveGates did. */
export interface GatesMoved {
  /** The shards this call moved, with the round each was at, so that a caller can move them back. */
  readonly moved: Map<number, number>;
  /** The shards that held bets once closed (their `open` count above 0): no bet lands there or elsewhere after. */
  readonly holdingBets: number[];
}

/**
 * Moves every one of the table's `shards` shards at one of the rounds `from` to round `to` (closing betting for round r:
 * from [r] to r + 1; closing the table for good: from [r, r + 1] to CLOSED_FOR_GOOD), each shard
 * on its own, all at once. A shard held by a bet in flight refuses the write for a moment: it is
 * tried again, and the bet either landed before or is refused after. A shard already at `to` is
 * left as it is; one at any other round is an error (the table moved on meanwhile).
 */
export async function moveGates(db: Db, tableId: string, shards: number, from: readonly number[], to: number): Promise<GatesMoved> {
  const moved = new Map<number, number>();
  const holdingBets: number[] = [];
  const results = await Promise.allSettled(
    Array.from({ length: shards }, async (_, shard) => {
      const { previous, open } = await moveGate(db, tableId, shard, from, to);
      if (previous !== undefined) moved.set(shard, previous);
      if (open > 0) holdingBets.push(shard);
    }),
  );
  const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) throw Object.assign(failed.reason as Error, { movedGates: moved });
  return { moved, holdingBets: holdingBets.sort((a, b) => a - b) };
}

/** Moves back shards `moveGates` moved (each from `to` to the round it was at). */
export async function restoreGates(db: Db, tableId: string, moved: ReadonlyMap<number, number>, to: number): Promise<void> {
  await Promise.all([...moved].map(([shard, previous]) => moveGate(db, tableId, shard, [to], previous)));
}

/** A gate stood at no round a move expected: another action moved the table on (or is closing it). */
export class GateMovedOn extends Error {
  override readonly name = 'GateMovedOn';
  constructor(tableId: string, shard: number, round: number | undefined) {
    super(`gate ${shard} of table ${tableId} is at round ${round}`);
  }
}

/** The round of a closed table's gates: no round is ever 0, so no bet ever passes again. */
export const CLOSED_FOR_GOOD = 0;

/** Moves one shard; `previous`: the round it was at, if this call moved it; `open`: its open bets once at `to`. */
async function moveGate(
  db: Db,
  tableId: string,
  shard: number,
  from: readonly number[],
  to: number,
): Promise<{ previous: number | undefined; open: number }> {
  const values = Object.fromEntries(from.map((round, i) => [`:from${i}`, round]));
  try {
    const { Attributes } = await retryWhileRaced(
      () =>
        db.doc.send(
          new UpdateCommand({
            TableName: db.tableName,
            Key: gateKey(tableId, shard),
            UpdateExpression: 'SET #round = :to',
            ConditionExpression: `#round IN (${Object.keys(values).join(', ')})`,
            ExpressionAttributeNames: { '#round': 'round' },
            ExpressionAttributeValues: { ...values, ':to': to },
            ReturnValues: 'ALL_OLD',
          }),
        ),
      GATE_MOVE_ATTEMPTS,
      GATE_MOVE_WAIT_MS,
    );
    return { previous: Attributes?.round as number, open: Attributes?.open as number };
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
    const gate = await getGate(db, tableId, shard);
    if (gate?.round !== to)
      throw new Error(`gate ${shard} of table ${tableId} is at round ${gate?.round}, neither ${from.join(' nor ')} nor ${to}`);
    return { previous: undefined, open: gate.open };
  }
}

/**
 * A shard is held only while a bet's transaction runs there: it is written again up to this many
 * times, at most this long a wait apart (frequent tries find the moments it is free).
 */
const GATE_MOVE_ATTEMPTS = 200;
const GATE_MOVE_WAIT_MS = 25;

/**
 * While outcome `sequence` is paid: its decided bets leave the shard's count, once (settledThrough
 * guards a second run of the job).
 */
export async function countOutDecided(db: Db, tableId: string, shard: number, sequence: number, decided: number): Promise<void> {
  try {
    await retryWhileRaced(() =>
      db.doc.send(
        new UpdateCommand({
          TableName: db.tableName,
          Key: gateKey(tableId, shard),
          UpdateExpression: 'SET #open = #open - :decided, settledThrough = :sequence',
          ConditionExpression: 'settledThrough < :sequence',
          ExpressionAttributeNames: { '#open': 'open' },
          ExpressionAttributeValues: { ':decided': decided, ':sequence': sequence },
        }),
      ),
    );
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
}

/**
 * The table's shards whose gates count open bets, read strongly consistent (a request per 100
 * shards): a shard counted empty holds no open bet, though bets an outcome being paid decided
 * may still lie there (they leave the count as they are paid). A gate not found counts as holding bets.
 */
export async function shardsHoldingBets(db: Db, tableId: string, shards: number): Promise<number[]> {
  const all = everyShard(shards);
  const gates = await batchGet<GateRecord>(
    db,
    all.map((shard) => gateKey(tableId, shard)),
    { consistent: true },
  );
  const open = new Map(gates.map((gate) => [gate.shard, gate.open]));
  return all.filter((shard) => (open.get(shard) ?? 1) > 0);
}

export async function getGate(db: Db, tableId: string, shard: number): Promise<GateRecord | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: gateKey(tableId, shard), ConsistentRead: true }));
  return Item ? toRecord<GateRecord>(Item) : undefined;
}
