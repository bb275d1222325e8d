import { getTableSession } from '../store/tables';
import type { Game, TableRecord } from '../store/records';
import { ServiceError } from './service-error';
import type { ServiceDependencies } from './services';
import { completeSettlement } from './complete-settlement';

export type TableOf<G extends Game> = Extract<TableRecord, { game: G }>;

/**
 * The table a use case acts on: open, of one of the expected games, at its latest version and
 * with no outcome half-settled (an interrupted settlement is finished first, whoever comes next).
 */
export async function loadPlayableTable<G extends Game>(
  deps: ServiceDependencies,
  tableId: string,
  games: readonly G[],
): Promise<TableOf<G>> {
  for (;;) {
    const table = await getTableSession(deps.db, tableId);
    if (!table) throw new ServiceError('NOT_FOUND', `No table with id "${tableId}".`);
    if (table.status !== 'OPEN') throw new ServiceError('TABLE_CLOSED', `Table "${tableId}" is closed.`);
    if (!(games as readonly Game[]).includes(table.game)) {
      throw new ServiceError('WRONG_GAME', `Table "${tableId}" is a ${table.game} table, not a ${games.join(' or ')} table.`);
    }
    if (table.settlingOutcome === undefined) return table as TableOf<G>;
    await completeSettlement(deps, table.id, table.settlingOutcome);
  }
}

/** Optimistic-lock retries before a busy table is reported as a CONFLICT the client may retry. */
export const MAX_ATTEMPTS = 5;

export function tableBusy(tableId: string): ServiceError {
  return new ServiceError('CONFLICT', `Table "${tableId}" changed while the request was processed ${MAX_ATTEMPTS} times; retry.`);
}
