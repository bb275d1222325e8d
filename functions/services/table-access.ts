import { getTableSession } from '../store/tables';
import type { TableRecord } from '../store/records';
import { ServiceError } from './service-error';
import type { ServiceDependencies } from './services';
import { completeSettlement } from './complete-settlement';

/**
 * The table a craps use case acts on, open, of the right game, at its latest version and with
 * no roll half-settled: an interrupted settlement is finished first, whoever comes next.
 */
export async function loadPlayableCrapsTable(deps: ServiceDependencies, tableId: string): Promise<TableRecord> {
  for (;;) {
    const table = await getTableSession(deps.db, tableId);
    if (!table) throw new ServiceError('NOT_FOUND', `No table with id "${tableId}".`);
    if (table.status !== 'OPEN') throw new ServiceError('TABLE_CLOSED', `Table "${tableId}" is closed.`);
    if (table.game !== 'CRAPS') throw new ServiceError('WRONG_GAME', `Table "${tableId}" is a ${table.game} table, not a craps table.`);
    if (table.settlingRoll === undefined) return table;
    await completeSettlement(deps, table.id, table.settlingRoll);
  }
}

/** Optimistic-lock retries before a busy table is reported as a CONFLICT the client may retry. */
export const MAX_ATTEMPTS = 5;

export function tableBusy(tableId: string): ServiceError {
  return new ServiceError('CONFLICT', `Table "${tableId}" changed while the request was processed ${MAX_ATTEMPTS} times; retry.`);
}
