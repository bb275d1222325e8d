import { GAME_NAMES } from '../../rules/games';
import { getTableSession, storeDealers } from '../../store/tables/tables';
import type { TableRecord } from '../../store/tables/table-records';
import { partnerOfPlayer } from '../../store/kernel/keys';
import { assertPlayerId } from './tenancy';
import { ServiceError } from '../kernel/service-error';
import { stampOf, type Caller, type ServiceDependencies } from '../kernel/services';
import { MAX_ATTEMPTS, loadPlayableTable, tableBusy } from './table-access';
import { numberParam } from '../../rules/error-params';

/** Dealers one table may have assigned at once. */
export const MAX_ASSIGNED_DEALERS = 32;

/**
 * An operator names the dealers who run a table, beside those whose tokens name it: the list
 * replaces the one before (empty: the tokens alone decide). Who assigned them is recorded.
 */
export async function assignDealers(
  deps: ServiceDependencies,
  caller: Caller,
  tableId: string,
  dealers: readonly string[],
): Promise<TableRecord> {
  if (dealers.length > MAX_ASSIGNED_DEALERS)
    throw new ServiceError('BAD_USER_INPUT', 'A table has at most {max} assigned dealers.', undefined, [
      numberParam('max', MAX_ASSIGNED_DEALERS),
    ]);
  for (const dealer of dealers) assertPlayerId('dealers', dealer);
  // Tables are the house's: a partner's dealer runs none (runsTable), so naming one would grant nothing.
  if (dealers.some((dealer) => partnerOfPlayer(dealer) !== undefined))
    throw new ServiceError('BAD_USER_INPUT', "dealers: a table's dealers are the house's, ids without <partner>/.");
  const unique = [...new Set(dealers)];
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const table = await loadPlayableTable(deps, tableId, GAME_NAMES);
    if (await storeDealers(deps.db, table.id, table.version, unique, stampOf(caller, deps)))
      return (await getTableSession(deps.db, table.id))!;
  }
  throw tableBusy();
}
