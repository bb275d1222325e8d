import { getAccount } from '../store/accounts';
import { getBet, listOpenBets, listPlayerBets } from '../store/bets';
import type { AccountRecord, BetRecord, OutcomeRecord, TableRecord } from '../store/records';
import { listRecentOutcomes } from '../store/settlement';
import { getTableSession } from '../store/tables';
import { ServiceError } from './service-error';
import { afterPendingOutcome } from './outcome-plans';
import type { Caller, ServiceDependencies } from './services';

/** Read-only use cases. A player sees every table, and only their own account and bets. */

export const findTable = (deps: ServiceDependencies, id: string): Promise<TableRecord | undefined> => getTableSession(deps.db, id);

/** The bets on a table's layout, as it stands once any outcome being paid is paid. */
export const tableOpenBets = async (deps: ServiceDependencies, table: TableRecord): Promise<BetRecord[]> =>
  afterPendingOutcome(table, await listOpenBets(deps.db, table.id));

/** The table's most recent rolls (craps) or deals (baccarat), newest first. */
export function tableOutcomes(deps: ServiceDependencies, tableId: string, last: number): Promise<OutcomeRecord[]> {
  return listRecentOutcomes(deps.db, tableId, boundedCount(last, 'last', 200));
}

export async function findAccount(deps: ServiceDependencies, caller: Caller, playerId: string): Promise<AccountRecord | undefined> {
  if (!mayRead(caller, playerId)) throw new ServiceError('FORBIDDEN', 'You may only read your own account.');
  return getAccount(deps.db, playerId);
}

export async function ownAccount(deps: ServiceDependencies, caller: Caller): Promise<AccountRecord> {
  const account = await getAccount(deps.db, caller.playerId);
  if (!account) throw new ServiceError('NOT_FOUND', `Player "${caller.playerId}" has no account.`);
  return account;
}

export async function findBet(deps: ServiceDependencies, caller: Caller, id: string): Promise<BetRecord | undefined> {
  const bet = await getBet(deps.db, id);
  if (bet && !mayRead(caller, bet.playerId)) throw new ServiceError('FORBIDDEN', 'You may only read your own bets.');
  return bet;
}

export function accountBets(deps: ServiceDependencies, caller: Caller, playerId: string, last: number): Promise<BetRecord[]> {
  if (!mayRead(caller, playerId)) throw new ServiceError('FORBIDDEN', 'You may only read your own bets.');
  return listPlayerBets(deps.db, playerId, boundedCount(last, 'last', 200));
}

/** A player reads their own account and bets; an operator reads anyone's. */
const mayRead = (caller: Caller, playerId: string): boolean => caller.playerId === playerId || caller.roles.has('OPERATOR');

function boundedCount(value: number, name: string, max: number): number {
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new ServiceError('BAD_USER_INPUT', `${name} must be an integer from 1 to ${max}, got ${value}.`);
  }
  return value;
}
