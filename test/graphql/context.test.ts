/** The caller comes from the JWT authorizer's claims in the event, in every form issuers send roles. */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { callerFromEvent } from '../../functions/graphql/context';

const eventWith = (claims?: Record<string, unknown>) =>
  ({ requestContext: { authorizer: claims ? { jwt: { claims, scopes: null } } : undefined } }) as unknown as APIGatewayProxyEventV2;

describe('callerFromEvent', () => {
  it('is null without verified claims or without a subject', () => {
    expect(callerFromEvent(eventWith())).toBeNull();
    expect(callerFromEvent(eventWith({ roles: '[dealer]' }))).toBeNull();
    expect(callerFromEvent(eventWith({ sub: '' }))).toBeNull();
  });

  it.each([
    ['API Gateway flattened list', { roles: '[dealer operator]' }],
    ['JSON array string', { roles: '["dealer","operator"]' }],
    ['comma-separated', { roles: 'Dealer, OPERATOR' }],
    ['array', { roles: ['dealer', 'operator'] }],
    ['Cognito groups', { 'cognito:groups': '[dealer operator]' }],
  ])('reads roles from a %s', (_, claims) => {
    const caller = callerFromEvent(eventWith({ sub: 'p-1', ...claims }));
    expect(caller?.playerId).toBe('p-1');
    expect([...caller!.roles].sort()).toEqual(['DEALER', 'OPERATOR']);
  });

  it('ignores roles it does not know: a caller is a player unless told otherwise', () => {
    expect([...callerFromEvent(eventWith({ sub: 'p-2', roles: '[admin superuser]' }))!.roles]).toEqual([]);
  });
});
