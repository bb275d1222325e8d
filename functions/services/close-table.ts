import { listOpenBets } from '../store/bets';
import type { TableRecord } from '../store/records';
import { closeTableSession, getTableSession } from '../store/tables';
import { ServiceError } from './service-error';
import type { Caller, ServiceDependencies } from './services';
import { MAX_ATTEMPTS, loadPlayableTable, tableBusy } from './table-access';

/**
 * Closes a table session for good. Only an empty layout closes: every bet must have been decided
 * or taken down first, so no stake is ever left on a closed table.
 */
export async function closeTable(deps: ServiceDependencies, _caller: Caller, tableId: string): Promise<TableRecord> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const table = await loadPlayableTable(deps, tableId, ['CRAPS', 'BACCARAT']);
    const openBets = await listOpenBets(deps.db, table.id);
    if (openBets.length > 0) {
      throw new ServiceError(
        'TABLE_HAS_OPEN_BETS',
        `Table "${table.id}" still has ${openBets.length} bet(s) on the layout: settle or take them down before closing it.`,
      );
    }
    if (await closeTableSession(deps.db, table.id, table.version)) return (await getTableSession(deps.db, table.id))!;
  }
  throw tableBusy(tableId);
}
