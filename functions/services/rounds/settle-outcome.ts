import { getBets, openBetsIn } from '../../store/betting/bets';
import { shardsToSettle } from '../../store/betting/shard-set';
import type { BetRecord } from '../../store/betting/bet-records';
import type { Game, PendingOutcome, TableState } from '../../store/tables/table-records';
import type { OutcomeRecord } from '../../store/rounds/outcome-records';
import type { PlannedSettlement } from '../../store/rounds/planned-settlement';
import { betAfterSettlement } from '../../store/rounds/bet-decisions';
import { getOutcome } from '../../store/rounds/outcomes';
import { needsSettlement, recordOutcome, type FairnessWrites } from '../../store/rounds/outcome-recording';
import { readPlan } from '../../store/rounds/plan-chunks';
import { getTableSession } from '../../store/tables/tables';
import { isRetryable } from '../../store/kernel/transaction-cancellation';
import { runSettlement } from './settlement-job';
import { partsFor } from './settlement-units';
import { outsideReadBudget } from '../kernel/read-budget';
import { shownEntries, withJackpotShares, type SettledBet } from './settled-bet';
import { ServiceError } from '../kernel/service-error';
import type { Caller, ServiceDependencies } from '../kernel/services';
import { MAX_ATTEMPTS, currentRound, loadPlayableTable, tableBusy, type TableOf } from '../tables/table-access';
import { numberParam } from '../../rules/error-params';

export interface SettledOutcome<O extends OutcomeRecord, G extends Game> {
  readonly outcome: O;
  readonly table: TableOf<G>;
  readonly settlements: SettledBet[];
  /** False when the outcome is recorded but its settlement job has not finished: the sweeper (or the next outcome) finishes it. */
  readonly settlementComplete: boolean;
}

/** What a game's rules make of an outcome, given the table and the bets on its layout. */
export interface OutcomeDecision<O extends OutcomeRecord> {
  /** The outcome as recorded, but for where its plan is stored (recordOutcome says). */
  readonly outcome: Omit<O, 'planned'>;
  readonly stateAfter: TableState;
  readonly plan: readonly PlannedSettlement[];
  /** What a player's bets need to be projected through the outcome while its plan is being paid. */
  readonly pending: PendingOutcome;
  /** Drawn by the server: its fairness writes, in the outcome's transaction. */
  readonly fairness?: FairnessWrites;
}

export interface OutcomeSubmission<O extends OutcomeRecord, G extends Game> {
  readonly tableId: string;
  /** Who records it: they must run the table. */
  readonly caller: Caller;
  /** The games the outcome belongs to (a void belongs to both). */
  readonly games: readonly G[];
  /** The sequence the client expects the outcome to get; a retry of one already recorded returns it. */
  readonly sequence: number;
  /** Whether a stored outcome is this very outcome (same dice, same cards). */
  readonly isSame: (stored: OutcomeRecord) => boolean;
  readonly decide: (table: TableOf<G>, openBets: readonly BetRecord[], sequence: number, recordedAt: string) => OutcomeDecision<O>;
  /** At a table the server deals, who else may record it: nobody (a roll, a deal), or the house's operators (a void). */
  readonly atServerDealt?: 'SERVER' | 'SERVER_OR_OPERATOR';
  /**
   * Drawn by the server (services/rng/deal-round.ts): what the draw adds to the decision (the
   * reveal on the outcome, a new shoe, the writes of its fairness), under the same table.
   */
  readonly drawn?: (table: TableOf<G>, decision: OutcomeDecision<O>) => OutcomeDecision<O>;
}

/**
 * Records an outcome and settles every bet it decides: the game's rules compute the whole plan
 * once, from the bets on the layout at the table version the outcome is recorded against (betting
 * closed, so nobody bets on a known outcome); the plan is stored with the outcome, and its
 * settlement job runs (see settlement-job.ts). The previous outcome's job must have finished: if
 * it has not, this request runs it first, unless another runner holds it (SETTLEMENT_IN_PROGRESS).
 */
export async function settleOutcome<O extends OutcomeRecord, G extends Game>(
  deps: ServiceDependencies,
  submission: OutcomeSubmission<O, G>,
): Promise<SettledOutcome<O, G>> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const table = await loadPlayableTable(deps, submission.tableId, submission.games, {
      runBy: submission.caller,
      ...(submission.atServerDealt ? { atServerDealt: submission.atServerDealt } : {}),
    });
    if (table.settling && submission.sequence !== table.settling.sequence) {
      if ((await runSettlement(deps, table.id, table.settling.sequence)) === 'BUSY') throw settlementInProgress();
      continue;
    }
    const sequence = currentRound(table);
    if (submission.sequence !== sequence) return replay(deps, table, submission);
    if (!table.bettingClosed) {
      throw new ServiceError('BETTING_OPEN', 'Close betting at the table (closeBetting) before recording its outcome.');
    }

    // Only the shards that held bets when betting closed: none has landed since.
    const openBets = await openBetsIn(deps.db, table.id, shardsToSettle(table));
    const recordedAt = deps.now();
    const decided = submission.decide(table, openBets, sequence, recordedAt);
    const decision = submission.drawn ? submission.drawn(table, decided) : decided;
    const { plan } = decision;
    const { result, outcome } = await recordOutcome<O>(
      deps.db,
      table,
      decision.outcome,
      decision.stateAfter,
      plan,
      decision.pending,
      deps.newId(),
      partsFor(plan.length, table.betShards, deps.settlementEntriesPerPart),
      decision.fairness,
    );
    if (result === 'TABLE_CHANGED') continue;
    deps.metrics.outcomeRecorded(table.game);

    const betsById = new Map(openBets.map((bet) => [bet.id, bet]));
    const settlements = shownEntries(plan).map((entry) => ({
      entry,
      bet: betAfterSettlement(betsById.get(entry.betId)!, entry, sequence, recordedAt),
    }));
    const settled = needsSettlement(outcome) ? await settle(deps, outcome, plan) : { outcome, settlementComplete: true };
    return {
      ...settled,
      table: (await getTableSession(deps.db, table.id)) as TableOf<G>,
      settlements: withJackpotShares(settled.outcome, settlements),
    };
  }
  throw tableBusy();
}

const settlementInProgress = () =>
  new ServiceError('SETTLEMENT_IN_PROGRESS', 'The table is still paying its last outcome; retry in a moment.');

/** A submission for a sequence other than the next: the same outcome sent again, or a mistake. */
async function replay<O extends OutcomeRecord, G extends Game>(
  deps: ServiceDependencies,
  table: TableOf<G>,
  submission: OutcomeSubmission<O, G>,
): Promise<SettledOutcome<O, G>> {
  const { sequence } = submission;
  const stored = sequence >= 1 ? await getOutcome(deps.db, table.id, sequence) : undefined;
  if (!stored || !submission.isSame(stored)) {
    throw new ServiceError(
      'OUTCOME_SEQUENCE_MISMATCH',
      `The table expects outcome {expected}; outcome {sequence} ${stored ? 'was recorded with different values' : 'does not exist'}.`,
      undefined,
      [numberParam('expected', currentRound(table)), numberParam('sequence', sequence)],
    );
  }
  const settled = stored.settledAt ? { outcome: stored as O, settlementComplete: true } : await settle(deps, stored as O);
  return {
    ...settled,
    table: (await getTableSession(deps.db, table.id)) as TableOf<G>,
    settlements: await settlementsOf(deps, settled.outcome),
  };
}

/** What a recorded outcome did to each bet: its plan, beside each bet as it stands now. */
export async function settlementsOf(deps: ServiceDependencies, outcome: OutcomeRecord): Promise<SettledBet[]> {
  const plan = shownEntries(await readPlan(deps.db, outcome));
  const bets = new Map(
    (
      await getBets(
        deps.db,
        plan.map((entry) => entry.betId),
      )
    ).map((bet) => [bet.id, bet]),
  );
  return withJackpotShares(
    outcome,
    plan.map((entry) => ({ entry, bet: bets.get(entry.betId)! })),
  );
}

/**
 * Pays the outcome now. A round of one part (most rounds) is paid by this request, as the job's
 * runner. A bigger one is handed to the settlement workers at once, one part each (settlement-units.ts,
 * partsFor), and this request waits a moment for them (the answer says whether they were done:
 * settlementComplete); it pays no part itself, so that its answer is bounded whatever the round's
 * size. Without workers (or if they cannot be told), it pays every part.
 * Once the outcome is recorded the dealer's request must not fail for a lost race: the outcome is
 * returned with settlementComplete false, and the job is finished by its workers, the sweeper, or
 * before the next outcome.
 */
async function settle<O extends OutcomeRecord>(
  deps: ServiceDependencies,
  outcome: O,
  plan?: readonly PlannedSettlement[],
): Promise<{ outcome: O; settlementComplete: boolean }> {
  let done: boolean;
  const recorded = plan && { outcome, plan };
  try {
    const parts = outcome.planned.parts ?? 1;
    if (parts > 1 && (await handedToWorkers(deps, outcome, parts))) {
      done = await paidWithin(deps, outcome, deps.settlementWaitMs ?? SETTLEMENT_WAIT_MS);
    } else {
      done = (await runSettlement(deps, outcome.tableId, outcome.sequence, recorded)) === 'DONE';
    }
  } catch (error) {
    // The outcome is recorded and betting reopened: the answer must say so, whatever stopped the
    // payments. A lost race is expected; anything else is logged for the operators.
    if (!isRetryable(error) && !(error instanceof ServiceError && error.code === 'CONFLICT')) {
      deps.log.error('settlement job failed after its outcome was recorded', {
        tableId: outcome.tableId,
        sequence: outcome.sequence,
        error: error instanceof Error ? error : String(error),
      });
    }
    return { outcome, settlementComplete: false };
  }
  // Settling adds a deal's jackpot payout to its outcome: read back what was stored.
  if (!(outcome.kind === 'DEAL' && outcome.jackpot)) return { outcome, settlementComplete: done };
  const stored = (await getOutcome(deps.db, outcome.tableId, outcome.sequence)) as O | undefined;
  return { outcome: stored ?? outcome, settlementComplete: done };
}

/**
 * How long the dealer's request waits for the workers paying a big round's other parts before it
 * answers (settlementComplete false after it): well inside the GraphQL function's 10 s.
 */
export const SETTLEMENT_WAIT_MS = 6_000;
/** How often the waiting request looks whether the round is paid. */
const PAID_POLL_MS = 50;

/** Every part, to the settlement workers; false if there are none, or they could not be told (this request pays every part then). */
async function handedToWorkers(deps: ServiceDependencies, outcome: OutcomeRecord, parts: number): Promise<boolean> {
  if (!deps.settlementQueue) return false;
  try {
    await deps.settlementQueue.send(
      Array.from({ length: parts }, (_, part) => ({ tableId: outcome.tableId, sequence: outcome.sequence, part })),
    );
    return true;
  } catch (error) {
    deps.log.error('settlement parts could not be handed to the workers: the recording request pays them', {
      tableId: outcome.tableId,
      sequence: outcome.sequence,
      error: error instanceof Error ? error : String(error),
    });
    return false;
  }
}

/** Whether the outcome is paid within `ms` (its job ended: the outcome stamped settled). */
async function paidWithin(deps: ServiceDependencies, outcome: OutcomeRecord, ms: number): Promise<boolean> {
  const until = performance.now() + ms;
  for (;;) {
    if ((await getOutcome(outsideReadBudget(deps).db, outcome.tableId, outcome.sequence))?.settledAt) return true;
    if (performance.now() >= until) return false;
    await new Promise((resolve) => setTimeout(resolve, PAID_POLL_MS));
  }
}
