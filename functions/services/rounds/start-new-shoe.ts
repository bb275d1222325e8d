import { getTableSession, resetShoe } from '../../store/tables/tables';
import type { TableRecord } from '../../store/tables/table-records';
import { stampOf, type Caller, type ServiceDependencies } from '../kernel/services';
import { MAX_ATTEMPTS, currentRound, loadPlayableTable, tableBusy } from '../tables/table-access';

/** A new shoe goes in at a baccarat table: shoe tracking starts again from a full shoe. */
export async function startNewShoe(deps: ServiceDependencies, caller: Caller, tableId: string): Promise<TableRecord> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const table = await loadPlayableTable(deps, tableId, ['BACCARAT'], { runBy: caller });
    const shoe = { number: (table.state.shoeNumber ?? 1) + 1, from: currentRound(table) };
    if (await resetShoe(deps.db, table.id, table.version, shoe, stampOf(caller, deps))) return (await getTableSession(deps.db, table.id))!;
  }
  throw tableBusy();
}
