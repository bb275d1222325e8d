import { DEMO_PARTNER, partnerOfPlayer } from '../../store/kernel/keys';
import type { TableRecord } from '../../store/tables/table-records';
import { ServiceError } from '../kernel/service-error';
import { SUBJECT } from '../kernel/request-checks';
import type { Caller } from '../kernel/services';
import { textParam } from '../../rules/error-params';

/**
 * Tenancy. One live table serves many partner platforms; a partner's tokens name it (the
 * `partner` claim), and its players' ids are `<partner>/<subject>` (store/kernel/keys.ts, playerIdOf), so
 * two partners' players never share an id. A token without a partner is the house's.
 * - The house's operators run the tables (open and close them, deal, assign dealers, open jackpot
 *   pools) and see and move every player's money, every partner's.
 * - A partner's operators see and move only their own partner's players' money, and their reports
 *   (cash movements, the daily report, a round's credits) cover only those players. They run no
 *   table: tables are the house's.
 * - A table offered to some partners only (openTable's partners) is, to every other partner's
 *   callers, no table at all: not in the lobby, not read, not bet at, not followed (offeredTo).
 */

/** A partner's id, as tokens name it. */
export const PARTNER = /^[a-z0-9][a-z0-9-]{0,31}$/;

/** A partner the house's operators may configure (a wallet, credentials, a client): any partner id but demo play's. */
export function assertConfigurablePartner(partner: string): void {
  if (!PARTNER.test(partner)) throw new ServiceError('BAD_USER_INPUT', 'partner: 1 to 32 of lowercase letters, digits and -.', 'partner');
  if (partner === DEMO_PARTNER)
    throw new ServiceError('BAD_USER_INPUT', "partner: {partner} is the house's, for demo play.", 'partner', [
      textParam('partner', DEMO_PARTNER),
    ]);
}

/** A player's id: a subject, after its partner and a slash for a partner's player. */
export const PLAYER_ID = new RegExp(`^(?:${PARTNER.source.slice(1, -1)}/)?${SUBJECT.source.slice(1, -1)}$`);

export function assertPlayerId(name: string, value: string): void {
  if (!PLAYER_ID.test(value)) {
    throw new ServiceError(
      'BAD_USER_INPUT',
      "{field}: a player id is a subject (1 to 128 of letters, digits and . _ @ + : | -), after <partner>/ for a partner's player.",
      undefined,
      [textParam('field', name)],
    );
  }
}

/** An operator of the house (a token with no partner): runs every table, sees every partner. */
export const isHouseOperator = (caller: Caller): boolean => caller.roles.has('OPERATOR') && caller.partner === undefined;

/** Whether the caller is an operator whose players include this one: the house's operators, or the player's partner's. */
export const managesPlayer = (caller: Caller, playerId: string): boolean =>
  caller.roles.has('OPERATOR') && (caller.partner === undefined || partnerOfPlayer(playerId) === caller.partner);

/** A player reads their own account, bets and movements; an operator those of the players it manages. */
export const mayReadPlayer = (caller: Caller, playerId: string): boolean => caller.playerId === playerId || managesPlayer(caller, playerId);

/** Whether two players are of one partner (or both the house's own). */
export const sameTenant = (playerId: string, otherId: string): boolean => partnerOfPlayer(playerId) === partnerOfPlayer(otherId);

/** The partner whose players a caller's reports are limited to: a partner's operator's own; undefined for the house. */
export const reportScope = (caller: Caller): string | undefined => caller.partner;

/**
 * Whether the caller's platform is offered the table: every partner's, unless the table names
 * some; the house's callers (its players, dealers and operators) are offered every table. The one
 * rule of every path to a table (the lobby, every read, bets, recalls, subscriptions and their
 * events): a table not offered to a caller is answered as if there were none (NOT_FOUND, or null
 * where a read may be), so that a partner learns nothing of another's tables, not even that they exist.
 */
export const offeredTo = (caller: Caller, table: TableRecord): boolean =>
  caller.partner === undefined || table.partners === undefined || table.partners.includes(caller.partner);

/**
 * Whether the caller runs the table: the house's operators run every table; the house's dealers,
 * the tables their tokens name and those an operator assigned them (assignDealers). Tables are the
 * house's: a partner's staff, operators and dealers alike, run none, whatever its token names
 * (a partner's identity provider could name any table in a dealer's `tables`). Whoever runs a
 * table may not bet at it.
 */
export function runsTable(caller: Caller, table: TableRecord): boolean {
  if (caller.partner !== undefined) return false;
  if (caller.roles.has('OPERATOR')) return true;
  if (!caller.roles.has('DEALER')) return false;
  return (caller.dealerTables?.has(table.id) ?? false) || (table.dealers?.includes(caller.playerId) ?? false);
}
