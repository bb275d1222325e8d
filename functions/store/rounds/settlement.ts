import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { recentResultsAfter, rollStatisticsAfter } from '../tables/scoreboard';
import type { Db } from '../kernel/db';
import { batchWrite } from '../kernel/batch-write';
import {
  OUTCOME_PREFIX,
  SETTLING_PK,
  betKey,
  outcomeKey,
  parseBetId,
  planChunkKey,
  planPk,
  settlingMarkerKey,
  tableKey,
} from '../kernel/keys';
import { toItem, toRecord } from '../kernel/items';
import type { TransactAction } from '../kernel/transact-action';
import type {
  BetRecord,
  BetStatus,
  OutcomeRecord,
  PendingOutcome,
  PlannedSettlement,
  SeedRecord,
  TableFairness,
  TableRecord,
  TableState,
} from '../kernel/records';
import { newSeedAction, revealSeedAction } from '../rng/seeds';
import { isConditionalCheckFailed, isRetryable } from '../kernel/transaction-cancellation';
import { transact, type NamedActions } from '../kernel/transact';
import { queryAll } from '../betting/bets';
import { retryWhileRaced } from '../kernel/retry';

/**
 * Settling an outcome (a roll, a deal) is a job, in steps each safe to repeat after a crash anywhere:
 *  1. recordOutcome: the whole settlement plan is written first, in chunks under a new plan id;
 *     then one transaction moves the table to its new state (the dealer's optimistic lock on
 *     `version`, betting closed), stores the outcome naming the plan, marks the table as settling
 *     it, and queues the job (the SETTLING marker). Betting for the next round is open from then
 *     on (the gates moved on when betting closed). A plan whose outcome was not recorded is never read.
 *  2. the job's runner, holding the marker's lease (claimSettlement), applies the plan player by
 *     player: each player's decided bets are decided in place (one write each, conditional on
 *     the bet being open) and the player is credited the sum, in one transaction, many players
 *     packed in each; independent transactions run side by side (services/rounds/settlement-job.ts).
 *  3. finishSettlement clears the table's mark, stamps the outcome settled and ends the job.
 * No bet is paid twice (a bet is decided, with its player's credit, only while it is open) and
 * none is lost (the plan and the job stay until step 3; a runner whose lease expired is replaced).
 */

export type RecordOutcomeResult = 'RECORDED' | 'TABLE_CHANGED';

/** A plan chunk holds at most this much of the plan (as JSON), well inside DynamoDB's 400 KB item. */
const PLAN_CHUNK_BYTES = 350_000;

/** Whether the outcome needs a settlement job after it is recorded. */
export const needsSettlement = (outcome: OutcomeRecord): boolean =>
  outcome.planned.entries > 0 || (outcome.kind === 'DEAL' && outcome.jackpot !== null);

/** The plan's entries, as stored: the bet's key instead of its id (the table is the chunk's). */
interface StoredEntry {
  readonly betKey: string;
  readonly playerId: string;
  readonly betType?: PlannedSettlement['betType'];
  readonly resolution: PlannedSettlement['resolution'];
  readonly returned: number;
  readonly released?: number;
  readonly seamless?: true;
  readonly rollback?: true;
  readonly closesRound?: true;
}

/** The plan in chunks of at most PLAN_CHUNK_BYTES of JSON each. */
export function planChunks(plan: readonly PlannedSettlement[]): string[] {
  const chunks: string[] = [];
  let current: string[] = [];
  let bytes = 2;
  for (const entry of plan) {
    const stored: StoredEntry = {
      betKey: parseBetId(entry.betId)!.betKey,
      playerId: entry.playerId,
      ...(entry.betType ? { betType: entry.betType } : {}),
      resolution: entry.resolution,
      returned: entry.returned,
      // What the entry frees of the player's exposure: a plan read back (by a worker, the sweeper) frees it too.
      ...(entry.released ? { released: entry.released } : {}),
      ...(entry.seamless ? { seamless: true } : {}),
      ...(entry.rollback ? { rollback: true } : {}),
      // A plan read back (every part a worker pays, the sweeper) closes the seamless rounds it closed when recorded.
      ...(entry.closesRound ? { closesRound: true } : {}),
    };
    const json = JSON.stringify(stored);
    const size = Buffer.byteLength(json, 'utf8') + 1;
    if (current.length > 0 && bytes + size > PLAN_CHUNK_BYTES) {
      chunks.push(`[${current.join(',')}]`);
      current = [];
      bytes = 2;
    }
    current.push(json);
    bytes += size;
  }
  if (current.length > 0) chunks.push(`[${current.join(',')}]`);
  return chunks;
}

/**
 * What an outcome the server dealt writes with it (services/rng/deal-round.ts): the table's
 * commitment from then on, the seed it reveals, and the new seed behind the new commitment. The
 * table must still show the commitment the outcome was drawn under.
 */
export interface FairnessWrites {
  readonly drawnUnder: string;
  readonly tableFairness: TableFairness;
  readonly reveal?: { readonly commitment: string; readonly at: string };
  readonly newSeed?: SeedRecord;
}

/**
 * What recording an outcome writes together: the table's new state, the outcome, and its
 * settlement job if it has bets to pay; dealt by the server, its fairness writes too.
 */
export function recordOutcomeActions(
  db: Db,
  table: TableRecord,
  outcome: OutcomeRecord,
  stateAfter: TableState,
  pending: PendingOutcome,
  fairness?: FairnessWrites,
) {
  const settling = needsSettlement(outcome);
  const recent = recentResultsAfter(table, outcome);
  const statistics = rollStatisticsAfter(table, outcome);
  return {
    table: {
      Update: {
        TableName: db.tableName,
        Key: tableKey(table.id),
        // Recording the outcome opens betting for the next one (its gates opened when betting closed).
        UpdateExpression: `SET #state = :state, version = :next, bettingOpenedAt = :opened${settling ? ', settling = :pending' : ''}${recent ? ', recentResults = :recent' : ''}${statistics ? ', rollStatistics = :statistics' : ''}${fairness ? ', fairness = :fairness' : ''} REMOVE bettingClosed`,
        ConditionExpression: `version = :version AND attribute_not_exists(settling) AND bettingClosed = :closed${fairness ? ' AND fairness.commitment = :drawnUnder' : ''}`,
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':state': stateAfter,
          ':version': table.version,
          ':next': table.version + 1,
          ':opened': outcome.recordedAt,
          ':closed': true,
          ...(settling ? { ':pending': pending } : {}),
          ...(recent ? { ':recent': recent } : {}),
          ...(statistics ? { ':statistics': statistics } : {}),
          ...(fairness ? { ':fairness': fairness.tableFairness, ':drawnUnder': fairness.drawnUnder } : {}),
        },
      },
    },
    outcome: {
      Put: {
        TableName: db.tableName,
        // An outcome with nothing to settle is settled the moment it is recorded.
        Item: toItem(outcomeKey(table.id, outcome.sequence), settling ? outcome : { ...outcome, settledAt: outcome.recordedAt }),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    // The job: the settlement sweeper finds it if its runner dies.
    job: settling
      ? { Put: { TableName: db.tableName, Item: toItem(settlingMarkerKey(table.id), settlingMarker(outcome, outcome.planned.parts ?? 1)) } }
      : undefined,
    revealedSeed: fairness?.reveal && revealSeedAction(db, table.id, fairness.reveal.commitment, fairness.reveal.at),
    newSeed: fairness?.newSeed && newSeedAction(db, fairness.newSeed),
  } satisfies NamedActions<string>;
}

/**
 * Records the outcome with its plan: the plan's chunks first (a plan may be megabytes: it does
 * not fit a transaction), then the transaction. The outcome recorded is returned, naming its plan.
 */
export async function recordOutcome<O extends OutcomeRecord>(
  db: Db,
  table: TableRecord,
  decided: Omit<O, 'planned'>,
  stateAfter: TableState,
  plan: readonly PlannedSettlement[],
  pending: PendingOutcome,
  planId: string,
  parts = 1,
  fairness?: FairnessWrites,
): Promise<{ result: RecordOutcomeResult; outcome: O }> {
  const chunks = planChunks(plan);
  const outcome = { ...decided, planned: { planId, entries: plan.length, chunks: chunks.length, parts } } as O;
  await writePlan(db, table.id, outcome.sequence, planId, chunks);
  try {
    const sent = await transact(db, recordOutcomeActions(db, table, outcome, stateAfter, pending, fairness));
    if (sent.written) return { result: 'RECORDED', outcome };
    if (sent.refused.has('table') || sent.refused.has('outcome')) return { result: 'TABLE_CHANGED', outcome };
    throw new Error(`recording outcome ${outcome.sequence} of ${table.id} was refused for ${[...sent.refused].join(', ')}`);
  } catch (error) {
    if (isRetryable(error)) return { result: 'TABLE_CHANGED', outcome };
    throw error;
  }
}

async function writePlan(db: Db, tableId: string, sequence: number, planId: string, chunks: readonly string[]): Promise<void> {
  const puts = chunks.map((entries, chunk) => ({
    PutRequest: { Item: toItem(planChunkKey(tableId, sequence, planId, chunk), { tableId, sequence, planId, chunk, entries }) },
  }));
  await batchWrite(db, puts);
}

/** An outcome's plan, as recorded with it. */
export async function readPlan(db: Db, outcome: OutcomeRecord): Promise<PlannedSettlement[]> {
  const { tableId, sequence, planned } = outcome;
  const chunks = await queryAll<{ entries: string }>(db, {
    TableName: db.tableName,
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': planPk(tableId, sequence, planned.planId) },
    ConsistentRead: true,
  });
  if (chunks.length !== planned.chunks)
    throw new Error(`outcome ${sequence} of table ${tableId}: ${chunks.length} of its ${planned.chunks} plan chunks found`);
  return chunks.flatMap((chunk) =>
    (JSON.parse(chunk.entries) as StoredEntry[]).map(({ betKey: key, ...entry }) => ({ betId: `${tableId}.${key}`, ...entry })),
  );
}

/**
 * A table's settlement job: outcome `sequence`, recorded at `since`, paid in `parts` (each a group
 * of the table's gate shards, paid by a worker of its own: services/rounds/settlement-job.ts),
 * those `done`, and who holds each part being paid (`leases`, by part).
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

const settlingMarker = (outcome: OutcomeRecord, parts: number): SettlingMarker => ({
  tableId: outcome.tableId,
  sequence: outcome.sequence,
  since: outcome.recordedAt,
  parts,
  leases: {},
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

/** The table's settlement job, if one is running. */
export async function getSettlingMarker(db: Db, tableId: string): Promise<SettlingMarker | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: settlingMarkerKey(tableId), ConsistentRead: true }));
  return Item ? toRecord<SettlingMarker>(Item) : undefined;
}

export type SettlementClaim = 'CLAIMED' | 'HELD' | 'DONE';

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
    await retryWhileRaced(() =>
      db.doc.send(
        new UpdateCommand({
          TableName: db.tableName,
          Key: settlingMarkerKey(tableId),
          UpdateExpression: 'SET leases.#part = :lease',
          ConditionExpression:
            'attribute_exists(pk) AND #sequence = :sequence AND NOT contains(done, :part) AND (attribute_not_exists(leases.#part) OR leases.#part.#until < :now OR leases.#part.#owner = :owner)',
          ExpressionAttributeNames: { '#sequence': 'sequence', '#part': String(part), '#until': 'until', '#owner': 'owner' },
          ExpressionAttributeValues: {
            ':lease': { owner, until: untilMs },
            ':owner': owner,
            ':now': nowMs,
            ':sequence': sequence,
            ':part': part,
          },
        }),
      ),
    );
    return 'CLAIMED';
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
    const marker = await getSettlingMarker(db, tableId);
    return marker && marker.sequence === sequence && !marker.done?.has(part) ? 'HELD' : 'DONE';
  }
}

/**
 * A job recorded before jobs were paid in parts is one part: given its parts, its leases, once
 * (a job that has them is left as it is). Safe to repeat, and beside any runner.
 */
export async function upgradeSettlingMarker(db: Db, tableId: string, sequence: number): Promise<void> {
  try {
    await retryWhileRaced(() =>
      db.doc.send(
        new UpdateCommand({
          TableName: db.tableName,
          Key: settlingMarkerKey(tableId),
          UpdateExpression: 'SET parts = :one, leases = :none',
          ConditionExpression: 'attribute_exists(pk) AND #sequence = :sequence AND attribute_not_exists(parts)',
          ExpressionAttributeNames: { '#sequence': 'sequence' },
          ExpressionAttributeValues: { ':one': 1, ':none': {}, ':sequence': sequence },
        }),
      ),
    );
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
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
      db.doc.send(
        new UpdateCommand({
          TableName: db.tableName,
          Key: settlingMarkerKey(tableId),
          UpdateExpression: 'ADD done :part REMOVE leases.#part',
          ConditionExpression: '#sequence = :sequence AND leases.#part.#owner = :owner',
          ExpressionAttributeNames: { '#sequence': 'sequence', '#part': String(part), '#owner': 'owner' },
          ExpressionAttributeValues: { ':part': new Set([part]), ':sequence': sequence, ':owner': owner },
          ReturnValues: 'ALL_NEW',
        }),
      ),
    );
    const marker = toRecord<SettlingMarker>(Attributes!);
    return (marker.parts ?? 1) - (marker.done?.size ?? 0);
  } catch (error) {
    if (isConditionalCheckFailed(error)) return undefined;
    throw error;
  }
}

/** Gives a part's lease up at once (a runner that stops on purpose), so that the next runner need not wait for it to expire. */
export async function releaseSettlementPart(db: Db, tableId: string, sequence: number, part: number, owner: string): Promise<void> {
  try {
    await retryWhileRaced(() =>
      db.doc.send(
        new UpdateCommand({
          TableName: db.tableName,
          Key: settlingMarkerKey(tableId),
          UpdateExpression: 'REMOVE leases.#part',
          ConditionExpression: '#sequence = :sequence AND leases.#part.#owner = :owner',
          ExpressionAttributeNames: { '#sequence': 'sequence', '#part': String(part), '#owner': 'owner' },
          ExpressionAttributeValues: { ':owner': owner, ':sequence': sequence },
        }),
      ),
    );
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
}

/** What deciding a bet writes onto it. */
export type BetDecision = Pick<BetRecord, 'id' | 'status' | 'winnings' | 'returned' | 'settledAt' | 'settledBy'>;

/** Decides a bet in place: its outcome written, and it leaves the layout index; only while it is open. */
export function decideBet(db: Db, decided: BetDecision): TransactAction {
  const { tableId, betKey: key } = parseBetId(decided.id)!;
  return {
    Update: {
      TableName: db.tableName,
      Key: betKey(tableId, key),
      UpdateExpression: `SET #status = :status, winnings = :winnings, returned = :returned, settledAt = :settledAt${
        decided.settledBy !== undefined ? ', settledBy = :settledBy' : ''
      } REMOVE layoutSk`,
      ConditionExpression: 'attribute_exists(layoutSk)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':status': decided.status,
        ':winnings': decided.winnings,
        ':returned': decided.returned,
        ':settledAt': decided.settledAt,
        ...(decided.settledBy !== undefined ? { ':settledBy': decided.settledBy } : {}),
      },
    },
  };
}

/**
 * A jackpot bet that outcome `sequence` decided LOST (its stake went to the house and the pool)
 * carries its bettor's share of the round's prize: WON, the share its winnings and its return.
 * Once only: the condition holds only while the bet still shows the plan's decision.
 */
export function awardJackpotShare(db: Db, betId: string, sequence: number, share: number): TransactAction {
  const { tableId, betKey: key } = parseBetId(betId)!;
  return {
    Update: {
      TableName: db.tableName,
      Key: betKey(tableId, key),
      UpdateExpression: 'SET #status = :won, winnings = :share, returned = :share',
      ConditionExpression: 'settledBy = :sequence AND #status = :lost',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':won': 'WON', ':lost': 'LOST', ':share': share, ':sequence': sequence },
    },
  };
}

/**
 * A seamless bet placed for outcome `sequence` stays on the layout past it: marked, only while
 * open and once, so that a repeat of the outcome's payment finds its player's closing credit written.
 */
export function markBetStays(db: Db, betId: string, sequence: number): TransactAction {
  const { tableId, betKey: key } = parseBetId(betId)!;
  return {
    Update: {
      TableName: db.tableName,
      Key: betKey(tableId, key),
      UpdateExpression: 'SET lastOutcome = :sequence',
      ConditionExpression: 'attribute_exists(layoutSk) AND (attribute_not_exists(lastOutcome) OR lastOutcome < :sequence)',
      ExpressionAttributeValues: { ':sequence': sequence },
    },
  };
}

/** A come bet travels to its number on outcome `sequence`; only while open, and once. */
export function moveBet(db: Db, betId: string, number: number, sequence: number): TransactAction {
  const { tableId, betKey: key } = parseBetId(betId)!;
  return {
    Update: {
      TableName: db.tableName,
      Key: betKey(tableId, key),
      UpdateExpression: 'SET #number = :number, lastOutcome = :sequence',
      ConditionExpression: 'attribute_exists(layoutSk) AND (attribute_not_exists(lastOutcome) OR lastOutcome < :sequence)',
      ExpressionAttributeNames: { '#number': 'number' },
      ExpressionAttributeValues: { ':number': number, ':sequence': sequence },
    },
  };
}

export type BatchResult = 'APPLIED' | 'RACED' | 'CONDITION_FAILED';

/** Sends one transaction of a settlement: RACED and CONDITION_FAILED changed nothing. */
export async function commitSettlementBatch(db: Db, actions: readonly TransactAction[]): Promise<BatchResult> {
  try {
    return (await transact(db, { units: actions })).written ? 'APPLIED' : 'CONDITION_FAILED';
  } catch (error) {
    if (isRetryable(error)) return 'RACED';
    throw error;
  }
}

const STATUS_AFTER: Record<PlannedSettlement['resolution']['outcome'], BetStatus> = {
  WIN: 'WON',
  LOSE: 'LOST',
  PUSH: 'PUSHED',
  VOID: 'VOIDED',
  MOVED: 'OPEN',
  STAYS: 'OPEN',
};

/** What outcome `sequence` writes onto a bet its plan decides (not one it moves). */
export function plannedDecision(entry: PlannedSettlement, sequence: number, settledAt: string): BetDecision {
  const { resolution } = entry;
  if (resolution.outcome === 'MOVED' || resolution.outcome === 'STAYS') {
    throw new Error(`bet ${entry.betId} ${resolution.outcome === 'MOVED' ? 'moves' : 'stays'} on outcome ${sequence}: it is not decided`);
  }
  return {
    id: entry.betId,
    status: STATUS_AFTER[resolution.outcome],
    winnings: resolution.outcome === 'WIN' ? resolution.winnings : 0,
    returned: entry.returned,
    settledAt,
    settledBy: sequence,
  };
}

/** The bet as a planned settlement leaves it: moved to its number, or decided by outcome `sequence`. */
export function betAfterSettlement(bet: BetRecord, entry: PlannedSettlement, sequence: number, settledAt: string): BetRecord {
  const { resolution } = entry;
  if (resolution.outcome === 'MOVED') return { ...bet, number: resolution.number, lastOutcome: sequence };
  if (resolution.outcome === 'STAYS') return { ...bet, lastOutcome: sequence };
  return { ...bet, ...plannedDecision(entry, sequence, settledAt) };
}

/** Whether the plan's entry leaves its bet open (it moves, or stays). */
export const stillOpen = (entry: PlannedSettlement): boolean =>
  entry.resolution.outcome === 'MOVED' || entry.resolution.outcome === 'STAYS';

/** Whether a bet, as stored, already shows what the plan's entry does to it. */
export function showsSettlement(bet: BetRecord, entry: PlannedSettlement, sequence: number): boolean {
  return stillOpen(entry) ? bet.lastOutcome === sequence : bet.settledBy === sequence;
}

export async function getOutcome(db: Db, tableId: string, sequence: number): Promise<OutcomeRecord | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: outcomeKey(tableId, sequence), ConsistentRead: true }));
  return Item ? toRecord<OutcomeRecord>(Item) : undefined;
}

/**
 * A page of a table's outcomes of one kind, newest first, from below `belowSequence`: up to
 * `limit`, and whether there are more. Outcomes of other kinds (voided rounds among rolls) are
 * skipped, never counted against the page, so a page is short only at the table's first outcome.
 */
export async function outcomesPage(
  db: Db,
  tableId: string,
  kind: OutcomeRecord['kind'],
  { belowSequence, limit }: { readonly belowSequence?: number; readonly limit: number },
): Promise<{ outcomes: OutcomeRecord[]; hasMore: boolean }> {
  if (belowSequence !== undefined && belowSequence <= 1) return { outcomes: [], hasMore: false };
  const { pk } = outcomeKey(tableId, 0);
  const last = belowSequence === undefined ? `${OUTCOME_PREFIX}\uffff` : outcomeKey(tableId, belowSequence - 1).sk;
  const outcomes: OutcomeRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :first AND :last',
        FilterExpression: '#kind = :kind',
        ExpressionAttributeNames: { '#kind': 'kind' },
        ExpressionAttributeValues: { ':pk': pk, ':first': OUTCOME_PREFIX, ':last': last, ':kind': kind },
        ScanIndexForward: false,
        // One more than the page, to tell whether there are more.
        Limit: limit + 1 - outcomes.length,
        ExclusiveStartKey: start,
      }),
    );
    outcomes.push(...(page.Items ?? []).map((item) => toRecord<OutcomeRecord>(item)));
    start = page.LastEvaluatedKey;
  } while (start && outcomes.length <= limit);
  return { outcomes: outcomes.slice(0, limit), hasMore: outcomes.length > limit };
}

/** Every outcome of one kind from `fromSequence` on, oldest first (a baccarat shoe's rounds: some eighty). */
export function outcomesFrom<O extends OutcomeRecord>(db: Db, tableId: string, kind: O['kind'], fromSequence: number): Promise<O[]> {
  const { pk, sk } = outcomeKey(tableId, Math.max(1, fromSequence));
  return queryAll<O>(db, {
    TableName: db.tableName,
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :first AND :last',
    FilterExpression: '#kind = :kind',
    ExpressionAttributeNames: { '#kind': 'kind' },
    ExpressionAttributeValues: { ':pk': pk, ':first': sk, ':last': `${OUTCOME_PREFIX}\uffff`, ':kind': kind },
    ConsistentRead: true,
  });
}

/** The job is done: the table's mark cleared, the outcome stamped settled, the job ended. Safe to repeat. */
export async function finishSettlement(db: Db, tableId: string, sequence: number, settledAt: string): Promise<void> {
  const sent = await retryWhileRaced(() =>
    transact(db, {
      table: {
        Update: {
          TableName: db.tableName,
          Key: tableKey(tableId),
          UpdateExpression: 'REMOVE settling',
          ConditionExpression: 'settling.#sequence = :sequence',
          ExpressionAttributeNames: { '#sequence': 'sequence' },
          ExpressionAttributeValues: { ':sequence': sequence },
        },
      },
      outcome: {
        Update: {
          TableName: db.tableName,
          Key: outcomeKey(tableId, sequence),
          UpdateExpression: 'SET settledAt = :settledAt',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(settledAt)',
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
