/** A settlement job must outlive any runner that dies halfway: its marker says which outcome is being paid, in which parts, and who holds each part. */
import { GetCommand, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../kernel/db';
import { SETTLING_PK, settlingMarkerKey } from '../kernel/keys';
import { toRecord } from '../kernel/items';
import type { OutcomeRecord } from './outcome-records';
import { allOf, anyOf } from '../kernel/conditions';
import { isConditionalCheckFailed } from '../kernel/transaction-cancellation';
import { queryAll } from '../betting/bets';
import { retryWhileRaced } from '../kernel/retry';

/**
 * A table's settlement job: outcome `sequence`, recorded at `since`, paid in `parts` (each a group
 * of the table's gate shards, paid by a worker of its own: services/rounds/settlement-job.ts),
 * those `done`, and who holds each part being paid (`leases`, by part).
 *
 * Settling an outcome (a roll, a deal) is a job, in steps each safe to repeat after a crash anywhere:
 *  1. recordOutcome (outcome-recording.ts): the whole settlement plan is written first, in chunks
 *     under a new plan id (plan-chunks.ts); then one transaction moves the table to its new state
 *     (the dealer's optimistic lock on `version`, betting closed), stores the outcome naming the
 *     plan, marks the table as settling it, and queues the job (this marker). Betting for the next
 *     round is open from then on (the gates moved on when betting closed). A plan whose outcome was
 *     not recorded is never read.
 *  2. the job's runner, holding a part's lease (claimSettlementPart), applies the plan player by
 *     player: each player's decided bets are decided in place (one write each, conditional on the
 *     bet being open: bet-decisions.ts) and the player is credited the sum, in one transaction,
 *     many players packed in each; independent transactions run side by side
 *     (services/rounds/settlement-job.ts).
 *  3. finishSettlement (settlement-finish.ts) clears the table's mark, stamps the outcome settled
 *     and ends the job.
 * No bet is paid twice (a bet is decided, with its player's credit, only while it is open) and
 * none is lost (the plan and the job stay until step 3; a runner whose lease expired is replaced).
 */
export interface SettlingMarker {
  readonly tableId: string;
  readonly sequence: number;
  readonly since: string;
  /** How many parts the plan is paid in; absent on jobs recorded before parts (read as one). */
  readonly parts?: number;
  /** The parts paid. */
  readonly done?: ReadonlySet<number>;
  /** Each part being paid: who holds it, until when (epoch milliseconds). */
  readonly leases?: Readonly<Record<string, { readonly owner: string; readonly until: number }>>;
}

/** The job an outcome queues when it is recorded: paid in `parts`, none done, nobody holding any. */
export const settlingMarker = (outcome: OutcomeRecord, parts: number): SettlingMarker => ({
  tableId: outcome.tableId,
  sequence: outcome.sequence,
  since: outcome.recordedAt,
  parts,
  leases: {},
});

/** The job is still there: finishing the settlement deletes it. */
const JOB_RUNS = 'attribute_exists(pk)';
/** The job is still the one for outcome `:sequence`, not a later outcome's. */
const JOB_OF_OUTCOME = '#sequence = :sequence';
/** Part `:part` is not paid yet. */
const PART_UNPAID = 'NOT contains(done, :part)';
/** Nobody holds the part's lease. */
const PART_NOT_LEASED = 'attribute_not_exists(leases.#part)';
/** Whoever held the part's lease let it run out before `:now`. */
const PART_LEASE_EXPIRED = 'leases.#part.#until < :now';
/** `:owner` holds the part's lease (to renew it, complete the part or let it go). */
const PART_HELD_BY_OWNER = 'leases.#part.#owner = :owner';
/** The job was recorded before jobs were paid in parts. */
const JOB_BEFORE_PARTS = 'attribute_not_exists(parts)';

/** A part `:owner` may take: of the running job, not paid, and its lease free, expired or already `:owner`'s. */
const PART_CLAIMABLE = allOf(JOB_RUNS, JOB_OF_OUTCOME, PART_UNPAID, anyOf(PART_NOT_LEASED, PART_LEASE_EXPIRED, PART_HELD_BY_OWNER));
/** A part `:owner` still holds, of the same job. */
const PART_STILL_OWNERS = allOf(JOB_OF_OUTCOME, PART_HELD_BY_OWNER);

/** Every table with an outcome still being settled. */
export function listSettlingTables(db: Db): Promise<SettlingMarker[]> {
  return queryAll<SettlingMarker>(db, {
    TableName: db.tableName,
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': SETTLING_PK },
    ConsistentRead: true,
  });
}

/** The table's settlement job, if one is running. */
export async function getSettlingMarker(db: Db, tableId: string): Promise<SettlingMarker | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: settlingMarkerKey(tableId), ConsistentRead: true }));
  return Item ? toRecord<SettlingMarker>(Item) : undefined;
}

export type SettlementClaim = 'CLAIMED' | 'HELD' | 'DONE';

/** The lease on part `part` of outcome `sequence`'s job, for `owner` until `untilMs`, taken only while claimable at `nowMs`. */
export function claimPartUpdate(
  db: Db,
  tableId: string,
  sequence: number,
  part: number,
  owner: string,
  nowMs: number,
  untilMs: number,
): UpdateCommandInput {
  return {
    TableName: db.tableName,
    Key: settlingMarkerKey(tableId),
    UpdateExpression: 'SET leases.#part = :lease',
    ConditionExpression: PART_CLAIMABLE,
    ExpressionAttributeNames: { '#sequence': 'sequence', '#part': String(part), '#until': 'until', '#owner': 'owner' },
    ExpressionAttributeValues: {
      ':lease': { owner, until: untilMs },
      ':owner': owner,
      ':now': nowMs,
      ':sequence': sequence,
      ':part': part,
    },
  };
}

/**
 * Takes (or renews) the lease on part `part` of a table's settlement job for `owner` until
 * `untilMs`: only if the job is still for outcome `sequence`, the part is not paid, and nobody else
 * holds an unexpired lease on it. DONE: the part is paid, or the job is no longer there.
 */
export async function claimSettlementPart(
  db: Db,
  tableId: string,
  sequence: number,
  part: number,
  owner: string,
  nowMs: number,
  untilMs: number,
): Promise<SettlementClaim> {
  try {
    await retryWhileRaced(() => db.doc.send(new UpdateCommand(claimPartUpdate(db, tableId, sequence, part, owner, nowMs, untilMs))));
    return 'CLAIMED';
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
    const marker = await getSettlingMarker(db, tableId);
    return marker && marker.sequence === sequence && !marker.done?.has(part) ? 'HELD' : 'DONE';
  }
}

/** A job of outcome `sequence` recorded before parts, given its one part and its leases. */
export function upgradeMarkerUpdate(db: Db, tableId: string, sequence: number): UpdateCommandInput {
  return {
    TableName: db.tableName,
    Key: settlingMarkerKey(tableId),
    UpdateExpression: 'SET parts = :one, leases = :none',
    ConditionExpression: allOf(JOB_RUNS, JOB_OF_OUTCOME, JOB_BEFORE_PARTS),
    ExpressionAttributeNames: { '#sequence': 'sequence' },
    ExpressionAttributeValues: { ':one': 1, ':none': {}, ':sequence': sequence },
  };
}

/**
 * A job recorded before jobs were paid in parts is one part: given its parts, its leases, once
 * (a job that has them is left as it is). Safe to repeat, and beside any runner.
 */
export async function upgradeSettlingMarker(db: Db, tableId: string, sequence: number): Promise<void> {
  try {
    await retryWhileRaced(() => db.doc.send(new UpdateCommand(upgradeMarkerUpdate(db, tableId, sequence))));
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
}

/** Part `part` counted done and its lease let go, while `owner` holds it; answers the job as it is after. */
export function completePartUpdate(db: Db, tableId: string, sequence: number, part: number, owner: string): UpdateCommandInput {
  return {
    TableName: db.tableName,
    Key: settlingMarkerKey(tableId),
    UpdateExpression: 'ADD done :part REMOVE leases.#part',
    ConditionExpression: PART_STILL_OWNERS,
    ExpressionAttributeNames: { '#sequence': 'sequence', '#part': String(part), '#owner': 'owner' },
    ExpressionAttributeValues: { ':part': new Set([part]), ':sequence': sequence, ':owner': owner },
    ReturnValues: 'ALL_NEW',
  };
}

/**
 * Part `part` is paid: counted done and its lease let go, if `owner` still holds it. Answers how
 * many parts are left to pay, or undefined if the part was not `owner`'s any more (its new holder
 * counts it).
 */
export async function completeSettlementPart(
  db: Db,
  tableId: string,
  sequence: number,
  part: number,
  owner: string,
): Promise<number | undefined> {
  try {
    const { Attributes } = await retryWhileRaced(() =>
      db.doc.send(new UpdateCommand(completePartUpdate(db, tableId, sequence, part, owner))),
    );
    const marker = toRecord<SettlingMarker>(Attributes!);
    return (marker.parts ?? 1) - (marker.done?.size ?? 0);
  } catch (error) {
    if (isConditionalCheckFailed(error)) return undefined;
    throw error;
  }
}

/** Part `part`'s lease let go, while `owner` holds it. */
export function releasePartUpdate(db: Db, tableId: string, sequence: number, part: number, owner: string): UpdateCommandInput {
  return {
    TableName: db.tableName,
    Key: settlingMarkerKey(tableId),
    UpdateExpression: 'REMOVE leases.#part',
    ConditionExpression: PART_STILL_OWNERS,
    ExpressionAttributeNames: { '#sequence': 'sequence', '#part': String(part), '#owner': 'owner' },
    ExpressionAttributeValues: { ':owner': owner, ':sequence': sequence },
  };
}

/** Gives a part's lease up at once (a runner that stops on purpose), so that the next runner need not wait for it to expire. */
export async function releaseSettlementPart(db: Db, tableId: string, sequence: number, part: number, owner: string): Promise<void> {
  try {
    await retryWhileRaced(() => db.doc.send(new UpdateCommand(releasePartUpdate(db, tableId, sequence, part, owner))));
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
}
