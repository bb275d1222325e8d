import { listOpenBets } from '../store/bets';
import { CLOSED_FOR_GOOD, moveGates } from '../store/gates';
import type { TableRecord } from '../store/records';
import { closeTableSession, getTableSession } from '../store/tables';
import { ServiceError } from './service-error';
import type { Caller, ServiceDependencies } from './services';
import { MAX_ATTEMPTS, currentRound, loadPlayableTable, tableBusy } from './table-access';

/**
 * Closes a table session for good. Only an empty layout closes: every bet must have been decided
 * or taken down first, so no stake is ever left on a closed table. The gates close first, so no
 * bet can land while the layout is checked; if it is not empty, they open again as they were.
 */
export async function closeTable(deps: ServiceDependencies, _caller: Caller, tableId: string): Promise<TableRecord> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const table = await loadPlayableTable(deps, tableId, ['CRAPS', 'BACCARAT']);
    if (table.settling) {
      throw new ServiceError('SETTLEMENT_IN_PROGRESS', `Table "${tableId}" is still paying its last outcome; retry in a moment.`);
    }
    // Where the gates stand: at the current round while betting is open, past it once closed.
    const gatesAt = currentRound(table) + (table.bettingClosed ? 1 : 0);
    await moveGates(deps.db, table.id, gatesAt, CLOSED_FOR_GOOD);
    const openBets = await listOpenBets(deps.db, table.id);
    if (openBets.length === 0 && (await closeTableSession(deps.db, table.id, table.version)))
      return (await getTableSession(deps.db, table.id))!;
    await moveGates(deps.db, table.id, CLOSED_FOR_GOOD, gatesAt);
    if (openBets.length > 0) {
      throw new ServiceError(
        'TABLE_HAS_OPEN_BETS',
        `Table "${table.id}" still has ${openBets.length} bet(s) on the layout: settle or take them down before closing it.`,
      );
    }
  }
  throw tableBusy(tableId);
}
