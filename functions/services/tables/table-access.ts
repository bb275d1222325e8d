import { gameOf } from '../../rules/games';
import { getTableSession } from '../../store/tables/tables';
import { cachedTable, rememberBetShards } from './table-cache';
import type { Game, TableRecord } from '../../store/tables/table-records';
import { ServiceError } from '../kernel/service-error';
import type { Caller, ServiceDependencies } from '../kernel/services';
import { offeredTo, runsTable } from './tenancy';
import { numberParam, textParam } from '../../rules/error-params';

export type TableOf<G extends Game> = Extract<TableRecord, { game: G }>;

/** The answer for a table there is none of, or one not offered to the caller (tenancy.ts, offeredTo): the same, so nothing leaks. */
export const noSuchTable = (): ServiceError => new ServiceError('NOT_FOUND', 'No table with that id.');

/**
 * The table a use case acts on: open, and of one of the expected games; offered to the caller
 * (`seenBy`, or `runBy`) before anything else is said of it, then run by `runBy`. Read strongly
 * consistent, or, where the use case says a stale copy is safe (a bet: its gate checks the round
 * itself; the partners a table is offered to never change), from this process's recent copy
 * (table-cache.ts). A settlement still running is not this request's business: it runs as a job
 * of its own.
 */
export async function loadPlayableTable<G extends Game>(
  deps: ServiceDependencies,
  tableId: string,
  games: readonly G[],
  {
    fresh = true,
    runBy,
    seenBy = runBy,
    atServerDealt = 'SERVER',
  }: {
    readonly fresh?: boolean;
    readonly runBy?: Caller;
    readonly seenBy?: Caller;
    /** Who may do it at a table the server deals: the server alone (its dice, cards, shoe, shooter), or the house's operators too. */
    readonly atServerDealt?: 'SERVER' | 'SERVER_OR_OPERATOR';
  } = {},
): Promise<TableOf<G>> {
  const table = fresh ? await getTableSession(deps.db, tableId) : await cachedTable(deps, tableId);
  if (!table || (seenBy && !offeredTo(seenBy, table))) throw noSuchTable();
  rememberBetShards(deps, table);
  if (runBy && !runsTable(runBy, table)) throw new ServiceError('FORBIDDEN', 'You do not deal at this table.');
  if (runBy && table.dealing === 'RNG' && !runBy.server && !(atServerDealt === 'SERVER_OR_OPERATOR' && runBy.roles.has('OPERATOR'))) {
    throw dealtByServer();
  }
  if (runBy?.server && table.dealing !== 'RNG')
    throw new ServiceError('FORBIDDEN', 'The server deals only the tables opened to be dealt by it.');
  if (table.status !== 'OPEN') throw new ServiceError('TABLE_CLOSED', 'The table is closed.');
  if (!(games as readonly Game[]).includes(table.game)) {
    throw new ServiceError('WRONG_GAME', 'This is a {game} table, not a {games} table.', undefined, [
      textParam('game', table.game),
      textParam('games', games.join(' or ')),
    ]);
  }
  return table as TableOf<G>;
}

/** A dealer's action at a table the server deals (docs/FAIRNESS.md). */
export const dealtByServer = (): ServiceError =>
  new ServiceError(
    'DEALT_BY_SERVER',
    'The server deals this table: its outcomes, shoes and shooter are its own; only the house operators may close betting or void a round here.',
  );

/** Outcomes recorded so far at the table. */
export function outcomeCount(table: TableRecord): number {
  return gameOf(table.game).outcomeCount(table.state);
}

/** The round bets are placed for now: the sequence the next outcome gets. */
export const currentRound = (table: TableRecord): number => outcomeCount(table) + 1;

/** Optimistic-lock retries of a dealer's action before a busy table is reported as a CONFLICT the client may retry. */
export const MAX_ATTEMPTS = 5;

export function tableBusy(): ServiceError {
  return new ServiceError('CONFLICT', 'The table changed while the request was processed {attempts} times; retry.', undefined, [
    numberParam('attempts', MAX_ATTEMPTS),
  ]);
}
