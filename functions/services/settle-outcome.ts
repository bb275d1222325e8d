import { getBet, listOpenBets } from '../store/bets';
import type { BetRecord, Game, OutcomeRecord, PlannedSettlement, TableState } from '../store/records';
import { betAfterSettlement, getOutcome, needsSettlement, recordOutcome } from '../store/settlement';
import { getTableSession } from '../store/tables';
import { isRetryable } from '../store/transaction-cancellation';
import { completeSettlement } from './complete-settlement';
import { ServiceError } from './service-error';
import type { ServiceDependencies } from './services';
import { MAX_ATTEMPTS, loadPlayableTable, tableBusy, type TableOf } from './table-access';

export interface SettledBet {
  readonly bet: BetRecord;
  readonly entry: PlannedSettlement;
}

export interface SettledOutcome<O extends OutcomeRecord, G extends Game> {
  readonly outcome: O;
  readonly table: TableOf<G>;
  readonly settlements: SettledBet[];
  /** False when the outcome is recorded but paying it lost a race: the next request at the table finishes it. */
  readonly settlementComplete: boolean;
}

/** What a game's rules make of an outcome, given the table and the bets on its layout. */
export interface OutcomeDecision<O extends OutcomeRecord> {
  readonly outcome: O;
  readonly stateAfter: TableState;
}

export interface OutcomeSubmission<O extends OutcomeRecord, G extends Game> {
  readonly tableId: string;
  readonly game: G;
  /** The sequence the client expects the outcome to get; a retry of one already recorded returns it. */
  readonly sequence?: number | null;
  /** Whether a stored outcome is this very outcome (same dice, same cards). */
  readonly isSame: (stored: OutcomeRecord) => boolean;
  readonly decide: (table: TableOf<G>, openBets: readonly BetRecord[], sequence: number, recordedAt: string) => OutcomeDecision<O>;
}

/**
 * Records an outcome and settles every bet it decides: the game's rules compute the whole plan once,
 * from the bets on the layout at the table version the outcome is recorded against (betting
 * closed, so nobody bets on a known outcome); the plan is stored with the outcome and then
 * applied (see store/settlement.ts for crash safety).
 */
export async function settleOutcome<O extends OutcomeRecord, G extends Game>(
  deps: ServiceDependencies,
  submission: OutcomeSubmission<O, G>,
): Promise<SettledOutcome<O, G>> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const table = await loadPlayableTable(deps, submission.tableId, [submission.game]);
    const sequence = outcomeCount(table) + 1;
    if (submission.sequence != null && submission.sequence !== sequence) return replay(deps, table, submission);
    if (!table.bettingClosed) {
      throw new ServiceError('BETTING_OPEN', `Close betting at table "${table.id}" (closeBetting) before recording its outcome.`);
    }

    const openBets = await listOpenBets(deps.db, table.id);
    const recordedAt = deps.now();
    const { outcome, stateAfter } = submission.decide(table, openBets, sequence, recordedAt);
    if ((await recordOutcome(deps.db, table, outcome, stateAfter)) === 'TABLE_CHANGED') continue;

    const betsById = new Map(openBets.map((bet) => [bet.id, bet]));
    const settlements = outcome.plan.map((entry) => ({
      entry,
      bet: betAfterSettlement(betsById.get(entry.betId)!, entry, sequence, recordedAt),
    }));
    return { ...(await settle(deps, outcome)), table: (await getTableSession(deps.db, table.id)) as TableOf<G>, settlements };
  }
  throw tableBusy(submission.tableId);
}

/** A submission for a sequence other than the next: the same outcome sent again, or a mistake. */
async function replay<O extends OutcomeRecord, G extends Game>(
  deps: ServiceDependencies,
  table: TableOf<G>,
  submission: OutcomeSubmission<O, G>,
): Promise<SettledOutcome<O, G>> {
  const sequence = submission.sequence!;
  const stored = sequence >= 1 ? await getOutcome(deps.db, table.id, sequence) : undefined;
  if (!stored || !submission.isSame(stored)) {
    throw new ServiceError(
      'OUTCOME_SEQUENCE_MISMATCH',
      `Table "${table.id}" expects outcome ${outcomeCount(table) + 1}; outcome ${sequence} ${stored ? 'was recorded with different values' : 'does not exist'}.`,
    );
  }
  const settlements = await Promise.all(stored.plan.map(async (entry) => ({ entry, bet: (await getBet(deps.db, entry.betId))! })));
  return { ...(await settle(deps, stored as O)), table, settlements };
}

/**
 * Applies the outcome's plan now. Once the outcome is recorded the dealer's request must not fail
 * for a lost race: the outcome is returned with settlementComplete false, and whichever request
 * comes next to the table finishes paying it.
 */
async function settle<O extends OutcomeRecord>(
  deps: ServiceDependencies,
  outcome: O,
): Promise<{ outcome: O; settlementComplete: boolean }> {
  if (!needsSettlement(outcome) || outcome.settledAt) return { outcome, settlementComplete: true };
  try {
    await completeSettlement(deps, outcome.tableId, outcome.sequence);
  } catch (error) {
    if (isRetryable(error) || (error instanceof ServiceError && error.code === 'CONFLICT')) return { outcome, settlementComplete: false };
    throw error;
  }
  // Settling may add to the outcome (a deal's jackpot payout): read back what was stored.
  return {
    outcome: ((await getOutcome(deps.db, outcome.tableId, outcome.sequence)) as O | undefined) ?? outcome,
    settlementComplete: true,
  };
}

/** Outcomes recorded so far: the sequence of the next one is this plus one. */
function outcomeCount(table: TableOf<Game>): number {
  return table.game === 'CRAPS' ? table.state.rollCount : table.state.roundCount;
}
