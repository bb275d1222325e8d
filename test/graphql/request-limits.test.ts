/**
 * What one request may ask, checked before anything runs: no document places a thousand bets and
 * answers with one error, none reads a table thousands of times over, no body is larger than the
 * API needs; several mutations in one document each stand or fall alone; introspection is off
 * unless it is asked for.
 */
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealer, startTestApi, type TestApi } from '../support/test-api';
import { MAX_BODY_BYTES, MAX_COST, MAX_MUTATIONS_PER_DOCUMENT } from '../../functions/graphql/request-limits';
import { createGraphQLHandler } from '../../functions/graphql/server';
import { systemDependencies } from '../../functions/services/services';
import { createDb } from '../../functions/store/db';
import { graphqlPostEvent } from '../../local/api-gateway-event';

let api: TestApi;
let tableId: string;
beforeAll(async () => {
  api = await startTestApi();
  tableId = (
    await api.data(dealer('rl-operator'), `mutation { openTable(input: { game: CRAPS, minimumBet: 100, maximumBet: 10000 }) { id } }`)
  ).openTable.id;
});
// Whatever the file did, the ledger accounts for every unit of every balance: checked once, at
// the end, since reconciling reads the whole book (after each test, the file's time grows with its square).
afterAll(async () => {
  try {
    if (api) await api.expectReconciled();
  } finally {
    await api?.close();
  }
});

const bets = (n: number) =>
  `mutation { ${Array.from({ length: n }, (_, i) => `b${i}: placeBet(input: { tableId: "${tableId}", type: FIELD, amount: 100 }) { id }`).join('\n')} }`;

describe('a document', () => {
  it(`with more than ${MAX_MUTATIONS_PER_DOCUMENT} mutations is refused whole, before any runs`, async () => {
    await api.fundAccount('rl-many', 1_000_000);
    const res = await api.graphql('rl-many', bets(MAX_MUTATIONS_PER_DOCUMENT + 1));
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(res.errors?.[0]?.message).toMatch(/at most 20 mutations/);
    // 1,100 of them do not even fit a request body.
    expect((await api.graphql('rl-many', bets(1_100))).errors?.[0]?.extensions?.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await api.balance('rl-many')).toBe(1_000_000);
    const allowed = await api.graphql('rl-many', bets(MAX_MUTATIONS_PER_DOCUMENT));
    expect(allowed.errors).toBeUndefined();
    expect(await api.balance('rl-many')).toBe(1_000_000 - 100 * MAX_MUTATIONS_PER_DOCUMENT);
  });

  it('with several mutations answers each: a refused one is null with its error, the others stand', async () => {
    await api.fundAccount('rl-partial', 250);
    const res = await api.graphql(
      'rl-partial',
      `mutation {
        first: placeBet(input: { tableId: "${tableId}", type: FIELD, amount: 200 }) { amount }
        second: placeBet(input: { tableId: "${tableId}", type: FIELD, amount: 200 }) { amount }
      }`,
    );
    expect(res.data).toEqual({ first: { amount: 200 }, second: null });
    expect(res.errors).toHaveLength(1);
    expect(res.errors![0]).toMatchObject({ path: ['second'], extensions: { code: 'INSUFFICIENT_FUNDS' } });
    expect(await api.balance('rl-partial')).toBe(50);
  });

  it(`that would cost more than ${MAX_COST} (fields times list sizes) is refused before anything is read`, async () => {
    const aliases = (n: number) =>
      `{ ${Array.from({ length: n }, (_, i) => `t${i}: table(id: "${tableId}") { openBets { id } rolls(first: 200) { edges { node { dice } } } }`).join('\n')} }`;
    const res = await api.graphql(dealer('rl-operator'), aliases(50));
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(res.errors?.[0]?.message).toMatch(/a request may cost at most 25000/);
    expect((await api.graphql(dealer('rl-operator'), aliases(3_000))).errors?.[0]?.extensions?.code).toBe('PAYLOAD_TOO_LARGE');
    // What a front end asks costs far less.
    expect((await api.graphql(dealer('rl-operator'), aliases(2))).errors).toBeUndefined();
  });

  it('counts what a field reads: a lobby page may not ask each of its tables for its whole layout and roads', async () => {
    const lobby = (first: number) => `{ tables(first: ${first}) { edges { node { id layout { amount } roads { shoe } } } } }`;
    const refused = await api.graphql(dealer('rl-operator'), lobby(200));
    expect(refused.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(refused.errors?.[0]?.message).toMatch(/a request may cost at most/);
    expect((await api.graphql(dealer('rl-operator'), lobby(20))).errors).toBeUndefined();
  });
});

describe('a request body', () => {
  it(`past ${MAX_BODY_BYTES} bytes is answered 413, with its code, by the function and by the local server`, async () => {
    const padding = ' '.repeat(MAX_BODY_BYTES);
    const handler = createGraphQLHandler(systemDependencies(createDb({ tableName: 'never-read', endpoint: 'http://127.0.0.1:9' })));
    const response = (await handler(graphqlPostEvent(`{ __typename }${padding}`, { sub: 'rl-big' }), {} as Context, () => undefined)) as {
      statusCode: number;
      body: string;
    };
    expect(response.statusCode).toBe(413);
    expect(JSON.parse(response.body).errors[0].extensions.code).toBe('PAYLOAD_TOO_LARGE');

    const viaServer = await fetch(`${api.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await api.token('rl-big')}` },
      body: JSON.stringify({ query: `{ __typename }${padding}` }),
    });
    expect(viaServer.status).toBe(413);
    const huge = await fetch(`${api.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await api.token('rl-big')}` },
      body: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(huge.status).toBe(413);
  });
});

describe('introspection', () => {
  const introspect = async (options?: { introspection: boolean }) => {
    const handler = createGraphQLHandler(
      systemDependencies(createDb({ tableName: 'never-read', endpoint: 'http://127.0.0.1:9' })),
      undefined,
      options,
    );
    const event: APIGatewayProxyEventV2 = graphqlPostEvent('{ __schema { queryType { name } } }', { sub: 'rl-curious' });
    const response = (await handler(event, {} as Context, () => undefined)) as { body: string };
    return JSON.parse(response.body);
  };

  it('is off unless asked for (in AWS: GRAPHQL_INTROSPECTION=on), on for the local explorer', async () => {
    expect((await introspect()).errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect((await introspect({ introspection: true })).data).toEqual({ __schema: { queryType: { name: 'Query' } } });
  });
});
