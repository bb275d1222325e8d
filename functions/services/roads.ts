import { shoeRoads, type ShoeRoads } from '../rules/baccarat';
import type { DealRecord } from '../store/records';
import { outcomesFrom } from '../store/settlement';
import type { ServiceDependencies } from './services';
import type { TableOf } from './table-access';

export interface TableRoads extends ShoeRoads {
  /** The shoe in use (1 for the table's first). */
  readonly shoe: number;
}

/**
 * The roads of the shoe in use, from its rounds as recorded: one query of the table's deals since
 * the shoe went in, so that a front end that reconnects mid-shoe draws exactly the same roads.
 */
export async function tableRoads(deps: ServiceDependencies, table: TableOf<'BACCARAT'>): Promise<TableRoads> {
  const deals = await outcomesFrom<DealRecord>(deps.db, table.id, 'DEAL', table.state.shoeFrom ?? 1);
  return { shoe: table.state.shoeNumber ?? 1, ...shoeRoads(deals) };
}
