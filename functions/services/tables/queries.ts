import { takenSeats } from '../../store/tables/seats';
import { getBet, listOpenBets, listPlayerBets, listPlayerOpenBets } from '../../store/betting/bets';
import type { BetRecord } from '../../store/betting/bet-records';
import type { DealRecord, OutcomeRecord, RollRecord } from '../../store/rounds/outcome-records';
import type { TableRecord } from '../../store/tables/table-records';
import { outcomesPage } from '../../store/rounds/outcomes';
import { getTableSession } from '../../store/tables/tables';
import { ServiceError } from '../kernel/service-error';
import { afterPendingOutcome } from '../rounds/outcome-plans';
import { decodeSequenceCursor, encodeSequenceCursor, pageOf, pageSize, type Page } from '../kernel/pages';
import type { Caller, ServiceDependencies } from '../kernel/services';
import { mayReadPlayer, offeredTo, runsTable } from './tenancy';
import { numberParam, textParam } from '../../rules/error-params';

/**
 * Read-only use cases. A caller sees the tables offered to their platform, and only their own
 * account and bets; an operator, those of the players it manages (tenancy.ts).
 */

/** A table by id, if there is one and it is offered to the caller's platform: to them, one that is not is none. */
export async function findTable(deps: ServiceDependencies, caller: Caller, id: string): Promise<TableRecord | undefined> {
  const table = await getTableSession(deps.db, id);
  return table && offeredTo(caller, table) ? table : undefined;
}

/**
 * The bets on a table's layout that the caller may see, as they stand once any outcome being paid
 * is paid: a player's own (one query); every player's for those who run the table; a partner's
 * operator, its own players' (every shard read, then filtered).
 */
export async function tableOpenBets(deps: ServiceDependencies, caller: Caller, table: TableRecord): Promise<BetRecord[]> {
  const everyone = runsTable(caller, table);
  if (!everyone && !caller.roles.has('OPERATOR'))
    return afterPendingOutcome(table, await listPlayerOpenBets(deps.db, table.id, caller.playerId, table.betShards));
  const bets = await listOpenBets(deps.db, table.id, table.betShards);
  return afterPendingOutcome(table, everyone ? bets : bets.filter((bet) => mayReadPlayer(caller, bet.playerId)));
}

/** The seats someone sits at (a lobby's "seats taken"): one query of the table's seat items. */
export const seatsTaken = (deps: ServiceDependencies, table: TableRecord): Promise<number[]> => takenSeats(deps.db, table.id);

export interface OutcomeEdge<O extends OutcomeRecord> {
  readonly node: O;
  readonly cursor: string;
}

export type RollPage = Page<OutcomeEdge<RollRecord>>;
export type DealPage = Page<OutcomeEdge<DealRecord>>;
export type RollEdge = OutcomeEdge<RollRecord>;
export type DealEdge = OutcomeEdge<DealRecord>;

/**
 * A table's rolls (craps) or deals (baccarat), newest first, a page at a time. Voided rounds are
 * neither and are not listed; a page is never cut short by them.
 */
export async function tableOutcomes<K extends 'ROLL' | 'DEAL'>(
  deps: ServiceDependencies,
  tableId: string,
  kind: K,
  request: { readonly first?: number | null; readonly after?: string | null },
): Promise<Page<OutcomeEdge<Extract<OutcomeRecord, { kind: K }>>>> {
  const limit = pageSize(request.first);
  const belowSequence = request.after ? decodeSequenceCursor(request.after) : undefined;
  const page = await outcomesPage(deps.db, tableId, kind, { limit, ...(belowSequence !== undefined ? { belowSequence } : {}) });
  const edges = page.outcomes.map((outcome) => ({
    node: outcome as Extract<OutcomeRecord, { kind: K }>,
    cursor: encodeSequenceCursor(outcome.sequence),
  }));
  return pageOf(edges, page.hasMore);
}

export async function findBet(deps: ServiceDependencies, caller: Caller, id: string): Promise<BetRecord | undefined> {
  const bet = await getBet(deps.db, id);
  if (bet && !mayReadPlayer(caller, bet.playerId))
    throw new ServiceError('FORBIDDEN', 'You may only read your own bets, or your players’.');
  return bet;
}

export function accountBets(deps: ServiceDependencies, caller: Caller, playerId: string, last: number): Promise<BetRecord[]> {
  if (!mayReadPlayer(caller, playerId)) throw new ServiceError('FORBIDDEN', 'You may only read your own bets, or your players’.');
  return listPlayerBets(deps.db, playerId, boundedCount(last, 'last', 200));
}

function boundedCount(value: number, name: string, max: number): number {
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new ServiceError('BAD_USER_INPUT', '{field} must be an integer from 1 to {max}.', undefined, [
      textParam('field', name),
      numberParam('max', max),
    ]);
  }
  return value;
}
