/** The caller comes from the JWT authorizer's claims in the event, in every form issuers send roles. */
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { callerFromEvent } from '../../functions/graphql/context';
import { createGraphQLHandler } from '../../functions/graphql/server';
import { systemDependencies } from '../../functions/services/services';
import { createDb } from '../../functions/store/db';

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

describe('a request that reaches the handler without verified claims', () => {
  it('is refused with UNAUTHENTICATED (the local server, like API Gateway, stops it earlier with a 401)', async () => {
    const handler = createGraphQLHandler(systemDependencies(createDb({ tableName: 'never-read', endpoint: 'http://127.0.0.1:9' })));
    const event = {
      version: '2.0',
      routeKey: 'POST /graphql',
      rawPath: '/graphql',
      rawQueryString: '',
      headers: { 'content-type': 'application/json' },
      requestContext: { http: { method: 'POST', path: '/graphql', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' } },
      body: JSON.stringify({ query: '{ me { balance } }' }),
      isBase64Encoded: false,
    } as unknown as APIGatewayProxyEventV2;
    const response = (await handler(event, {} as Context, () => undefined)) as { body: string };
    const body = JSON.parse(response.body);
    expect(body.errors[0].extensions).toEqual({ code: 'UNAUTHENTICATED' });
    expect(body.data).toBeNull();
  });
});
