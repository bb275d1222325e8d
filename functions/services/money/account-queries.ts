import { getAccount } from '../../store/money/accounts';
import type { AccountRecord } from '../../store/money/account-records';
import { ServiceError } from '../kernel/service-error';
import type { Caller, ServiceDependencies } from '../kernel/services';
import { mayReadPlayer } from '../tables/tenancy';

/** Reading an account: the caller's own, or (an operator) one of their players'. A module of its own: a player's first request is often this. */

export async function findAccount(deps: ServiceDependencies, caller: Caller, playerId: string): Promise<AccountRecord | undefined> {
  if (!mayReadPlayer(caller, playerId)) throw new ServiceError('FORBIDDEN', 'You may only read your own account, or your players’.');
  return getAccount(deps.db, playerId);
}

/** The caller's own account, if they have one (staff have none; a player's may not be opened yet). */
export const ownAccount = (deps: ServiceDependencies, caller: Caller): Promise<AccountRecord | undefined> =>
  getAccount(deps.db, caller.playerId);
