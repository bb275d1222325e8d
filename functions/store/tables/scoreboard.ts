import type { OutcomeRecord } from '../rounds/outcome-records';
import type { RecentResult, RollStatistics, RollTally, TableRecord } from './table-records';

/**
 * What a table keeps on its item for scoreboards and lobbies, updated in the transaction that
 * records each outcome, so that showing them never reads the table's history.
 */

/** Results a table keeps on its item for the lobby, newest first. */
export const RECENT_RESULTS = 20;

/**
 * The table's recent results once `outcome` is recorded: a roll's dice or a round's winner, in
 * front; unchanged by a void roll or a voided round, which decide nothing.
 */
export function recentResultsAfter(table: TableRecord, outcome: OutcomeRecord): readonly RecentResult[] | undefined {
  const result = resultOf(outcome);
  return result && [result, ...(table.recentResults ?? [])].slice(0, RECENT_RESULTS);
}

function resultOf(outcome: OutcomeRecord): RecentResult | undefined {
  if (outcome.kind === 'ROLL') return outcome.dice ? { sequence: outcome.sequence, dice: outcome.dice } : undefined;
  if (outcome.kind === 'DEAL') {
    const { sequence, winner, playerPair, bankerPair, natural } = outcome;
    return { sequence, winner, playerPair, bankerPair, natural };
  }
  return undefined;
}

export const NO_ROLLS: RollTally = { rolls: 0, totals: Array.from({ length: 11 }, () => 0) };

const tallied = (tally: RollTally, total: number): RollTally => ({
  rolls: tally.rolls + 1,
  totals: tally.totals.map((count, index) => (index === total - 2 ? count + 1 : count)),
});

/**
 * A craps table's roll statistics once `outcome` is recorded: how often each total came, over the
 * session and for the shooter who threw it (starting again when another shooter throws). Unchanged
 * by anything but a roll of two dice.
 */
export function rollStatisticsAfter(table: TableRecord, outcome: OutcomeRecord): RollStatistics | undefined {
  if (outcome.kind !== 'ROLL' || !outcome.dice) return undefined;
  const total = outcome.dice[0] + outcome.dice[1];
  const before = table.rollStatistics;
  const shooter = outcome.stateBefore.shooter ?? null;
  const sameShooter = before !== undefined && before.shooter === shooter;
  // A seven-out ends the shooter's turn even if the dice come back to them: their next roll starts a new tally.
  const sevenOut = outcome.stateBefore.phase === 'POINT' && total === 7;
  return {
    session: tallied(before?.session ?? NO_ROLLS, total),
    shooter: sevenOut ? null : shooter,
    shooterTally: tallied(sameShooter ? before.shooterTally : NO_ROLLS, total),
  };
}
