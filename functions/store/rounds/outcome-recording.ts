/** An outcome moves its table on and queues its settlement in one transaction, so that a crash never leaves one without the other (the job's steps: settling-marker.ts). */
import { recentResultsAfter, rollStatisticsAfter } from '../tables/scoreboard';
import type { Db } from '../kernel/db';
import { outcomeKey, settlingMarkerKey, tableKey } from '../kernel/keys';
import { toItem } from '../kernel/items';
import type { OutcomeRecord } from './outcome-records';
import type { PendingOutcome, TableRecord, TableState } from '../tables/table-records';
import type { PlannedSettlement } from './planned-settlement';
import type { SeedRecord, TableFairness } from '../rng/rng-records';
import { allOf } from '../kernel/conditions';
import { newSeedAction, revealSeedAction } from '../rng/seeds';
import { isRetryable } from '../kernel/transaction-cancellation';
import { transact, type NamedActions } from '../kernel/transact';
import { planChunks, writePlan } from './plan-chunks';
import { settlingMarker } from './settling-marker';

export type RecordOutcomeResult = 'RECORDED' | 'TABLE_CHANGED';

/** Whether the outcome needs a settlement job after it is recorded. */
export const needsSettlement = (outcome: OutcomeRecord): boolean =>
  outcome.planned.entries > 0 || (outcome.kind === 'DEAL' && outcome.jackpot !== null);

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

/** The table is as the outcome was decided on: nothing moved it on since (the dealer's optimistic lock). */
const TABLE_UNCHANGED = 'version = :version';
/** No earlier outcome of the table is still being settled. */
const NOTHING_SETTLING = 'attribute_not_exists(settling)';
/** Betting closed before the outcome. */
const BETTING_CLOSED = 'bettingClosed = :closed';
/** The table still shows the commitment the server's outcome was drawn under. */
const DRAWN_UNDER_COMMITMENT = 'fairness.commitment = :drawnUnder';
/** No outcome of this sequence is recorded yet. */
const OUTCOME_NOT_RECORDED = 'attribute_not_exists(pk)';

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
        UpdateExpression: `SET #state = :state, version = :next, bettingOpenedAt = :opened${settling ? ', settling = :pending' : ''}${recent ? ', recentResults = :recent' : ''}${statistics ? ', rollStatistics = :statistics' : ''}${fairness ? ', fairness = :fairness' : ''} REMOVE bettingClosed, shardsWithBets`,
        ConditionExpression: allOf(TABLE_UNCHANGED, NOTHING_SETTLING, BETTING_CLOSED, ...(fairness ? [DRAWN_UNDER_COMMITMENT] : [])),
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
        ConditionExpression: OUTCOME_NOT_RECORDED,
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
