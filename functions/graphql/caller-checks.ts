import type { GraphQLContext } from './context';
import { ServiceError } from '../services/kernel/service-error';
import { withArticle } from '../rules/article';
import type { Caller, Role } from '../services/kernel/services';
import { isHouseOperator, runsTable, sameTenant } from '../services/tables/tenancy';

/** Resolvers stay thin: who is calling and whether they may, then one service call. */
export function requireCaller(context: GraphQLContext): Caller {
  if (!context.caller) throw new ServiceError('UNAUTHENTICATED', context.refusal ?? 'Sign in: this API needs a bearer token.');
  return context.caller;
}

/** An OPERATOR may do everything a DEALER may. */
export function requireRole(context: GraphQLContext, role: Role): Caller {
  const caller = requireCaller(context);
  if (caller.roles.has(role) || caller.roles.has('OPERATOR')) return caller;
  throw new ServiceError('FORBIDDEN', `Only ${withArticle(role.toLowerCase())} may do this.`);
}

/** The house's operators run the tables and the pools; a partner's manage its players' money (services/tables/tenancy.ts). */
export function requireHouseOperator(context: GraphQLContext): Caller {
  const caller = requireRole(context, 'OPERATOR');
  if (isHouseOperator(caller)) return caller;
  throw new ServiceError('FORBIDDEN', "Only the house's operators may do this: a partner's operators manage their players' money.");
}

export const isHouseStaff = (caller: Caller): boolean =>
  caller.partner === undefined && (caller.roles.has('OPERATOR') || caller.roles.has('DEALER'));

/**
 * A player's id at a table, to those who may see it: whoever runs the table (when the table is at
 * hand), the house's operators, the player's own partner's players and operators; null to another
 * partner's.
 */
export function visiblePlayer(
  context: GraphQLContext,
  table: Parameters<typeof runsTable>[1] | null,
  playerId: string | null | undefined,
): string | null {
  const caller = requireCaller(context);
  if (playerId == null) return null;
  return (table && runsTable(caller, table)) || isHouseOperator(caller) || sameTenant(caller.playerId, playerId) ? playerId : null;
}
