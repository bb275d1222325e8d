/**
 * Who may do what, as the resolvers check it: a refusal names the role with its article ("Only an
 * operator may do this.", issue 37), and an operator may do everything a dealer may.
 */
import { describe, expect, it } from 'vitest';
import { requireRole } from '../../functions/graphql/caller-checks';
import type { GraphQLContext } from '../../functions/graphql/context';
import type { Caller, Role } from '../../functions/services/kernel/services';
import { ServiceError } from '../../functions/services/kernel/service-error';

const contextOf = (...roles: Role[]): GraphQLContext =>
  ({ deps: {}, caller: { playerId: 'p-1', roles: new Set(roles), dealerTables: new Set() } as Caller }) as unknown as GraphQLContext;

const refusalOf = (run: () => void): ServiceError => {
  try {
    run();
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('not refused');
};

describe('requireRole', () => {
  it('refuses a player an operator\'s operation: "Only an operator may do this."', () => {
    const refusal = refusalOf(() => requireRole(contextOf(), 'OPERATOR'));
    expect([refusal.code, refusal.message]).toEqual(['FORBIDDEN', 'Only an operator may do this.']);
    expect(refusalOf(() => requireRole(contextOf('DEALER'), 'OPERATOR')).message).toBe('Only an operator may do this.');
  });

  it('refuses a player a dealer\'s operation: "Only a dealer may do this."', () => {
    expect(refusalOf(() => requireRole(contextOf(), 'DEALER')).message).toBe('Only a dealer may do this.');
  });

  it('lets a dealer deal, and an operator do what a dealer may', () => {
    expect(requireRole(contextOf('DEALER'), 'DEALER').playerId).toBe('p-1');
    expect(requireRole(contextOf('OPERATOR'), 'DEALER').playerId).toBe('p-1');
    expect(requireRole(contextOf('OPERATOR'), 'OPERATOR').playerId).toBe('p-1');
  });
});
