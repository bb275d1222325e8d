/**
 * The caller comes from the token the JWT authorizer verified, read strictly: a subject of a
 * bounded alphabet, roles as an array of known names, a dealer's tables, a partner. Anything
 * else refuses the token; nothing is read loosely.
 */
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { callerFromClaims, identify } from '../../functions/graphql/context';
import { createGraphQLHandler } from '../../functions/graphql/server';
import { systemDependencies } from '../../functions/services/kernel/services';
import { createDb } from '../../functions/store/kernel/db';

/** A bearer token with these claims (the authorizer checked its signature; the function only reads it). */
const bearer = (claims: Record<string, unknown>) =>
  `Bearer eyJhbGciOiJSUzI1NiJ9.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.c2lnbmF0dXJl`;
const eventWith = (verified: Record<string, unknown> | undefined, authorization?: string) =>
  ({
    headers: authorization ? { authorization } : {},
    requestContext: { authorizer: verified ? { jwt: { claims: verified, scopes: null } } : undefined },
  }) as unknown as APIGatewayProxyEventV2;

describe('identify', () => {
  it('has no caller without verified claims, or when the token is not the one the authorizer verified', () => {
    expect(identify(eventWith(undefined)).caller).toBeNull();
    expect(identify(eventWith({ sub: 'p-1' })).caller).toBeNull();
    expect(identify(eventWith({ sub: 'p-1' }, bearer({ sub: 'p-2' }))).caller).toBeNull();
    expect(identify(eventWith({ sub: 'p-1' }, 'Bearer not.a-token')).caller).toBeNull();
  });

  it('has no caller when the token read is another token than the one verified, even of the same subject', () => {
    // As API Gateway hands the claims on: every one a string, a list as "[a b]".
    const verified = { sub: 'p-1', iss: 'https://issuer', iat: '1700000000', exp: '1700003600', jti: 'token-1', roles: '[player]' };
    const token = { sub: 'p-1', iss: 'https://issuer', iat: 1_700_000_000, exp: 1_700_003_600, jti: 'token-1', roles: ['player'] };
    expect(identify(eventWith(verified, bearer(token))).caller?.playerId).toBe('p-1');
    for (const other of [
      { iat: 1_700_000_001 },
      { exp: 1_800_000_000 },
      { jti: 'token-2' },
      { iss: 'https://elsewhere' },
      { roles: ['operator'] },
      { partner: 'acme' },
      { nbf: 1_700_000_000 },
    ]) {
      const identity = identify(eventWith(verified, bearer({ ...token, ...other })));
      expect(identity, JSON.stringify(other)).toEqual({ caller: null, refusal: 'The token could not be read.' });
    }
    const { jti: _, ...withoutId } = token;
    expect(identify(eventWith(verified, bearer(withoutId))).caller).toBeNull();
  });

  it('reads the roles with their JSON types from the token, whatever form API Gateway flattened them to', () => {
    // API Gateway hands the function "[dealer operator]" for both of these tokens: the token tells them apart.
    const verified = { sub: 'p-1', roles: '[dealer operator]' };
    expect([...identify(eventWith(verified, bearer({ sub: 'p-1', roles: ['dealer', 'operator'] }))).caller!.roles].sort()).toEqual([
      'DEALER',
      'OPERATOR',
    ]);
    expect(identify(eventWith(verified, bearer({ sub: 'p-1', roles: ['dealer operator'] }))).caller).toBeNull();
  });
});

describe('callerFromClaims', () => {
  it.each([
    ['roles', ['dealer', 'operator']],
    ['cognito:groups', ['dealer', 'operator']],
  ])('reads the roles of a %s array', (claim, roles) => {
    const { caller } = callerFromClaims({ sub: 'p-1', [claim]: roles });
    expect(caller?.playerId).toBe('p-1');
    expect([...caller!.roles].sort()).toEqual(['DEALER', 'OPERATOR']);
  });

  it('makes a token without roles, or with the player role only, a player', () => {
    expect([...callerFromClaims({ sub: 'p-2' }).caller!.roles]).toEqual([]);
    expect([...callerFromClaims({ sub: 'p-2', roles: ['player'] }).caller!.roles]).toEqual([]);
  });

  it.each([
    ['a role in one comma-separated string', { roles: ['player,operator'] }],
    ['roles in one space-separated string', { roles: ['player operator'] }],
    ['a nested array', { roles: [['operator']] }],
    ['a string instead of an array', { roles: 'operator' }],
    ['an unknown role', { roles: ['admin'] }],
    ['a role of another case', { roles: ['Operator'] }],
    ['Cognito groups that are not roles', { 'cognito:groups': ['superusers'] }],
  ])('refuses %s', (_, claims) => {
    const identity = callerFromClaims({ sub: 'p-3', ...claims });
    expect(identity.caller).toBeNull();
    expect(identity.refusal).toMatch(/must be an array of: player, dealer, operator/);
  });

  it.each([
    ['missing', undefined],
    ['a number', 42],
    ['blank', ''],
    ['spaces', '   '],
    ['a NUL', 'a\u0000b'],
    ['an RTL override', 'abc\u202edef'],
    ['a lone surrogate', 'a\ud800'],
    ['2 KB long', 'x'.repeat(2_048)],
  ])('refuses a subject that is %s', (_, sub) => {
    expect(callerFromClaims({ sub }).caller).toBeNull();
  });

  it("reads a dealer's tables and a partner, and refuses them malformed", () => {
    const { caller } = callerFromClaims({ sub: 'd-1', roles: ['dealer'], tables: ['t-1', 't-2'], partner: 'acme' });
    expect([...caller!.dealerTables!]).toEqual(['t-1', 't-2']);
    expect(caller!.partner).toBe('acme');
    // Tables name what a dealer runs: a player's token naming them runs nothing.
    expect([...callerFromClaims({ sub: 'p-4', tables: ['t-1'] }).caller!.dealerTables!]).toEqual([]);
    expect(callerFromClaims({ sub: 'd-1', roles: ['dealer'], tables: 't-1' }).caller).toBeNull();
    expect(callerFromClaims({ sub: 'd-1', roles: ['dealer'], tables: ['t 1'] }).caller).toBeNull();
    expect(callerFromClaims({ sub: 'd-1', partner: 'Acme Corp' }).caller).toBeNull();
  });

  it("names a partner's caller <partner>/<sub>, so that two partners' subjects are two callers", () => {
    expect(callerFromClaims({ sub: 'alice', partner: 'acme' }).caller!.playerId).toBe('acme/alice');
    expect(callerFromClaims({ sub: 'alice', partner: 'globex' }).caller!.playerId).toBe('globex/alice');
    expect(callerFromClaims({ sub: 'alice' }).caller!.playerId).toBe('alice');
    // A subject cannot pass for a partner's player: it has no slash.
    expect(callerFromClaims({ sub: 'acme/alice' }).caller).toBeNull();
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
    expect(body.errors[0].extensions).toEqual({ code: 'UNAUTHENTICATED', retryable: false });
    // `me` is nullable: refused, it answers null beside its error.
    expect(body.data).toEqual({ me: null });
  });
});
