import { isEligibleShooter, seatOrder } from '../../rules/craps';
import { listPlayerOpenBets } from '../../store/betting/bets';
import type { TableRecord } from '../../store/tables/table-records';
import { getTableSession, setShooter as storeShooter } from '../../store/tables/tables';
import { asCrapsBets } from '../tables/craps-table';
import { afterPendingOutcome } from '../rounds/outcome-plans';
import { ServiceError } from '../kernel/service-error';
import { stampOf, type Caller, type ServiceDependencies } from '../kernel/services';
import { MAX_ATTEMPTS, loadPlayableTable, tableBusy } from '../tables/table-access';
import { moneyParam } from '../../rules/error-params';

/**
 * The dealer hands the dice to a player: only one whose open bets at the table total at least the
 * table minimum, whatever the bets, may shoot (art. 2.1, 4(1)). After a seven-out the API passes
 * them on by itself.
 */
export async function setShooter(deps: ServiceDependencies, caller: Caller, tableId: string, playerId: string): Promise<TableRecord> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const table = await loadPlayableTable(deps, tableId, ['CRAPS'], { runBy: caller });
    const theirs = asCrapsBets(afterPendingOutcome(table, await listPlayerOpenBets(deps.db, table.id, playerId, table.betShards)));
    if (!isEligibleShooter(playerId, theirs, table.options)) {
      throw new ServiceError(
        'SHOOTER_NOT_ELIGIBLE',
        "That player may not shoot: a shooter's open bets total at least the table minimum ({minimum}), on any bets (art. 2.1, 4(1)).",
        undefined,
        [moneyParam('minimum', table.options.minimum, table.currency)],
      );
    }
    const position = seatOrder(theirs)[0]!;
    if (await storeShooter(deps.db, table.id, table.version, position, stampOf(caller, deps)))
      return (await getTableSession(deps.db, table.id))!;
  }
  throw tableBusy();
}
