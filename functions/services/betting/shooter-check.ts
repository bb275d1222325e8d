import { holderOf, isEligibleShooter, seatOrder, shooterOfRoll, type ShooterPosition } from '../../rules/craps';
import { listPlayerOpenBets, openBetsIn } from '../../store/betting/bets';
import { shardsHoldingBets } from '../../store/betting/gates';
import type { BetRecord } from '../../store/betting/bet-records';
import { asCrapsBets } from '../tables/craps-table';
import { afterPendingOutcome } from '../rounds/outcome-plans';
import { ServiceError } from '../kernel/service-error';
import type { ServiceDependencies } from '../kernel/services';
import type { TableOf } from '../tables/table-access';
import { moneyParam } from '../../rules/error-params';

/** Who would throw the table's next roll, judged on `openBets` (the layout as the last outcome left it). */
const shooterOn = (table: TableOf<'CRAPS'>, openBets: readonly BetRecord[]): ShooterPosition | null =>
  shooterOfRoll(seatOrder(openBets), holderOf(table.state), asCrapsBets(openBets), table.options);

export const noShooter = (table: TableOf<'CRAPS'>, then: string): ServiceError =>
  new ServiceError(
    'NO_SHOOTER',
    `Nobody at the table may shoot: a roll needs a player whose open bets total at least the table minimum ({minimum}), on any bets (art. 2.1, 4(1)). ${then}`,
    undefined,
    [moneyParam('minimum', table.options.minimum, table.currency)],
  );

/**
 * Before "no more bets" at a craps table: someone must be able to throw the roll, or betting
 * would close on a roll nobody may make (art. 2.1). The holder of the dice is checked on their own
 * bets (one query); only when they stopped betting, or nobody has the dice yet, is the whole
 * layout read to find the next eligible player: the shards whose gates count bets.
 */
export async function shooterAvailable(deps: ServiceDependencies, table: TableOf<'CRAPS'>): Promise<boolean> {
  const holder = holderOf(table.state);
  if (holder) {
    const theirs = afterPendingOutcome(table, await listPlayerOpenBets(deps.db, table.id, holder.playerId, table.betShards));
    if (isEligibleShooter(holder.playerId, asCrapsBets(theirs), table.options)) return true;
  }
  const layout = await openBetsIn(deps.db, table.id, await shardsHoldingBets(deps.db, table.id, table.betShards));
  return shooterOn(table, afterPendingOutcome(table, layout)) !== null;
}
