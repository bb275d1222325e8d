import type { OutcomeRecord, RecentResult, TableRecord } from './records';

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
