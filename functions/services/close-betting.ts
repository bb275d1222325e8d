import { closeBetting as closeTableBetting, getTableSession } from '../store/tables';
import type { TableRecord } from '../store/records';
import type { Caller, ServiceDependencies } from './services';
import { MAX_ATTEMPTS, loadPlayableTable, tableBusy } from './table-access';

/**
 * "No more bets" (the dice are thrown, the cards are coming): no bet may be placed or taken down
 * until the outcome is recorded. Closing betting that is already closed changes nothing.
 */
export async function closeBetting(deps: ServiceDependencies, _caller: Caller, tableId: string): Promise<TableRecord> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const table = await loadPlayableTable(deps, tableId, ['CRAPS', 'BACCARAT']);
    if (table.bettingClosed) return table;
    if (await closeTableBetting(deps.db, table.id, table.version)) return (await getTableSession(deps.db, table.id))!;
  }
  throw tableBusy(tableId);
}
