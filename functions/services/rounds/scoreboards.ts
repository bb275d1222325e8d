import { CARDS_PER_DECK, shoeRoads, type ShoeRoads } from '../../rules/baccarat';
import type { DealRecord } from '../../store/rounds/outcome-records';
import type { RollTally } from '../../store/tables/table-records';
import { NO_ROLLS } from '../../store/tables/scoreboard';
import { outcomesFrom } from '../../store/rounds/outcomes';
import type { ServiceDependencies } from '../kernel/services';
import { currentRound, type TableOf } from '../tables/table-access';

export interface TableRoads extends ShoeRoads {
  /** The shoe in use (1 for the table's first). */
  readonly shoe: number;
}

/**
 * The roads of the shoe in use, from its rounds as recorded: one query of the table's deals since
 * the shoe went in, so that a front end that reconnects mid-shoe draws exactly the same roads.
 */
export async function tableRoads(deps: ServiceDependencies, table: TableOf<'BACCARAT'>): Promise<TableRoads> {
  // A round takes at least four cards, so a shoe deals at most decks x 13 of them; twice that many
  // outcomes back leaves room for voided rounds, and bounds the read at a table that never changes
  // its shoe (shoe tracking off): its roads are those of its last rounds.
  const from = Math.max(table.state.shoeFrom ?? 1, currentRound(table) - (2 * CARDS_PER_DECK * table.options.decks) / 4);
  const deals = await outcomesFrom<DealRecord>(deps.db, table.id, 'DEAL', from);
  return { shoe: table.state.shoeNumber ?? 1, ...shoeRoads(deals) };
}

export interface TotalsView {
  readonly rolls: number;
  readonly totals: { readonly total: number; readonly count: number }[];
}

const totalsView = (tally: RollTally): TotalsView => ({
  rolls: tally.rolls,
  totals: tally.totals.map((count, index) => ({ total: index + 2, count })),
});

/**
 * A craps table's roll statistics, from what the table item keeps: the session's, and the
 * rolls of the shooter holding the dice (none yet once the dice have changed hands).
 */
export function crapsStatistics(table: TableOf<'CRAPS'>): { readonly session: TotalsView; readonly shooter: TotalsView } {
  const statistics = table.rollStatistics;
  const holder = table.state.shooter ?? null;
  return {
    session: totalsView(statistics?.session ?? NO_ROLLS),
    shooter: totalsView(statistics && statistics.shooter === holder ? statistics.shooterTally : NO_ROLLS),
  };
}
