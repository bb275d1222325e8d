/**
 * What one request may ask, checked before anything runs: no document places a thousand bets and
 * answers with one error, none reads a table thousands of times over, no body is larger than the
 * API needs; several mutations in one document each stand or fall alone; introspection is off
 * unless it is asked for.
 */
import { describedTypeDefs } from '../../../functions/graphql/generated/described-type-defs';
import { typeDefs } from '../../../functions/graphql/generated/type-defs';
import { buildSchema, lexicographicSortSchema, parse, print, printSchema, visit } from 'graphql';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealer, type GraphQLResponse } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';
import {
  MAX_BODY_BYTES,
  MAX_COST,
  MAX_MUTATIONS_PER_DOCUMENT,
  MAX_READS_PER_REQUEST,
  REQUEST_TOO_EXPENSIVE,
} from '../../../functions/graphql/request-limits';
import { createGraphQLHandler } from '../../../functions/graphql/server';
import { systemDependencies } from '../../../functions/services/kernel/services';
import { listPlayerOpenBets } from '../../../functions/store/betting/bets';
import { DEFAULT_BET_SHARDS } from '../../../functions/store/kernel/keys';
import { createDb, withReadsCounted } from '../../../functions/store/kernel/db';
import { graphqlPostEvent } from '../../../local/api-gateway-event';

/** Every read the API's handler sends to the store. */
let reads = 0;
const api = useTestApi({ wrapDb: (db) => withReadsCounted(db, () => void (reads += 1)) });
let tableId: string;
beforeAll(async () => {
  tableId = (
    await api.data(
      dealer('rl-operator'),
      `mutation { openTable(input: { game: CRAPS, minimumBet: 100, maximumBet: 10000 }) { table { id } userErrors { code message } } }`,
    )
  ).openTable.table.id;
});
// Whatever the file did, the ledger accounts for every unit of every balance: checked once, at
// the end (before the API closes), since reconciling reads the whole book (after each test, the
// file's time grows with its square).
afterAll(() => api.expectReconciled());

/**
 * A whole request refused for the client's mistake answers HTTP 400, never 5xx: a 5xx trips the
 * API's server-error alarm, and clients resend what answered 5xx. Nothing to retry, either.
 */
function expectClientMistake(res: GraphQLResponse, code: string) {
  expect(res.status).toBe(400);
  expect(res.data).toBeUndefined();
  expect(res.errors?.[0]?.extensions).toEqual({ code, retryable: false });
}

const bets = (n: number) =>
  `mutation { ${Array.from({ length: n }, (_, i) => `b${i}: placeBet(input: { tableId: "${tableId}", type: FIELD, amount: 100 }) { bet { id } }`).join('\n')} }`;

describe('a document', () => {
  it(`with more than ${MAX_MUTATIONS_PER_DOCUMENT} mutations is refused whole, before any runs`, async () => {
    await api.fundAccount('rl-many', 1_000_000);
    const res = await api.graphql('rl-many', bets(MAX_MUTATIONS_PER_DOCUMENT + 1));
    expectClientMistake(res, 'BAD_USER_INPUT');
    expect(res.errors?.[0]?.message).toMatch(/at most 20 mutations/);
    // 1,100 of them do not even fit a request body.
    expect((await api.graphql('rl-many', bets(1_100))).errors?.[0]?.extensions?.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await api.balance('rl-many')).toBe(1_000_000);
    const allowed = await api.graphql('rl-many', bets(MAX_MUTATIONS_PER_DOCUMENT));
    expect(allowed.errors).toBeUndefined();
    expect(await api.balance('rl-many')).toBe(1_000_000 - 100 * MAX_MUTATIONS_PER_DOCUMENT);
  });

  it('with several mutations answers each: a refused one answers no result and why, the others stand', async () => {
    await api.fundAccount('rl-partial', 250);
    const res = await api.graphql(
      'rl-partial',
      `mutation {
        first: placeBet(input: { tableId: "${tableId}", type: FIELD, amount: 200 }) { bet { amount } userErrors { code } }
        second: placeBet(input: { tableId: "${tableId}", type: FIELD, amount: 200 }) { bet { amount } userErrors { code } }
      }`,
    );
    // Not enough money is a refusal placeBet lists: data, in the refused mutation's own payload.
    expect(res.data).toEqual({
      first: { bet: { amount: 200 }, userErrors: [] },
      second: { bet: null, userErrors: [{ code: 'INSUFFICIENT_FUNDS' }] },
    });
    expect(res.errors).toBeUndefined();
    expect(await api.balance('rl-partial')).toBe(50);
  });

  it(`that would cost more than ${MAX_COST} (fields times list sizes) is refused before anything is read`, async () => {
    const aliases = (n: number) =>
      `{ ${Array.from({ length: n }, (_, i) => `t${i}: table(id: "${tableId}") { openBets { id } ... on CrapsTable { rolls(first: 200) { edges { node { dice } } } } }`).join('\n')} }`;
    const res = await api.graphql(dealer('rl-operator'), aliases(50));
    expectClientMistake(res, 'BAD_USER_INPUT');
    expect(res.errors?.[0]?.message).toMatch(/a request may cost at most 25000/);
    expect((await api.graphql(dealer('rl-operator'), aliases(3_000))).errors?.[0]?.extensions?.code).toBe('PAYLOAD_TOO_LARGE');
    // What a front end asks costs far less.
    expect((await api.graphql(dealer('rl-operator'), aliases(2))).errors).toBeUndefined();
  });

  it(`that could read the store more than ${MAX_READS_PER_REQUEST} times is refused before anything is read`, async () => {
    // Every open bet of 200 tables is a query of each shard of each (200 x 64 at the default shard
    // count), asked for as often as passes the budget: refused whole, with the code.
    const copies = Math.ceil((MAX_READS_PER_REQUEST + 1) / (200 * DEFAULT_BET_SHARDS));
    const openBets = Array.from({ length: copies }, (_, copy) => `bets${copy}: openBets { id }`).join(' ');
    const everyBet = `{ tables(first: 200) { edges { node { id ${openBets} } } } }`;
    const before = reads;
    const refused = await api.graphql(dealer('rl-operator'), everyBet);
    expect(refused.data).toBeUndefined();
    expect(refused.errors).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: REQUEST_TOO_EXPENSIVE }) })]);
    expect(refused.errors![0]!.message).toMatch(/a request may read it at most 2000 times/);
    expect(reads).toBe(before);
    // A lobby page asking each of its tables for its layout's totals reads one item per table.
    const totals = await api.graphql(dealer('rl-operator'), `{ tables(first: 200) { edges { node { id layout { bets amount } } } } }`);
    expect(totals.errors).toBeUndefined();
    expect(totals.data!.tables.edges).toContainEqual({
      node: { id: tableId, layout: expect.objectContaining({ bets: expect.any(Number) }) },
    });
  });
});

describe('a request that reads past its budget', () => {
  // The budget is a constant; a handler given a small one shows what happens past it.
  const handlerWith = (readsPerRequest: number) => createGraphQLHandler(api.deps, () => undefined, { readsPerRequest });
  const send = async (readsPerRequest: number, playerId: string, query: string) => {
    const response = (await handlerWith(readsPerRequest)(graphqlPostEvent(query, { sub: playerId }), {} as Context, () => undefined)) as {
      body: string;
    };
    return JSON.parse(response.body) as { data?: Record<string, any> | null; errors?: { message: string; extensions: { code: string } }[] };
  };

  it('is refused whole, with the code, when it is a query: none of what it read is answered', async () => {
    await api.fundAccount('rl-reader', 1_000);
    const threeReads = `{ me { balance } again: me { balance } thrice: me { balance } }`;
    const refused = await send(2, 'rl-reader', threeReads);
    expect(refused.data).toBeUndefined();
    expect(refused.errors).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(/more than 2 reads/),
        extensions: expect.objectContaining({ code: REQUEST_TOO_EXPENSIVE }),
      }),
    ]);
    expect((await send(3, 'rl-reader', threeReads)).data).toEqual({
      me: { balance: 1_000 },
      again: { balance: 1_000 },
      thrice: { balance: 1_000 },
    });
  });

  it('refuses the mutation whose read passes it, and that mutation changes nothing', async () => {
    await api.fundAccount('rl-bettor', 1_000);
    const bet = `mutation { placeBet(input: { tableId: "${tableId}", type: FIELD, amount: 100 }) { bet { id } userErrors { code } } }`;
    const refused = await send(0, 'rl-bettor', bet);
    expect(refused.errors?.map((error) => error.extensions.code)).toEqual([REQUEST_TOO_EXPENSIVE]);
    expect(refused.data).toEqual({ placeBet: null });
    expect(await api.balance('rl-bettor')).toBe(1_000);
    expect(await listPlayerOpenBets(api.db, tableId, 'rl-bettor', DEFAULT_BET_SHARDS)).toEqual([]);
    // With reads to spare, the same bet is placed.
    const placed = await send(MAX_READS_PER_REQUEST, 'rl-bettor', bet);
    expect(placed.errors).toBeUndefined();
    expect(placed.data!.placeBet.userErrors).toEqual([]);
    expect(await api.balance('rl-bettor')).toBe(900);
  });
});

describe('a request refused whole for what it sends', () => {
  it.each([
    ['a string past 256 characters', `{ table(id: "${'x'.repeat(300)}") { id } }`, 'BAD_USER_INPUT'],
    ['an id outside the id alphabet', `{ table(id: "a b") { id } }`, 'BAD_USER_INPUT'],
    ['a subscription, which is served over WebSocket', `subscription { myEvents { kind } }`, 'BAD_REQUEST'],
    ['a document that does not parse', `{ table(id: "t") {`, 'GRAPHQL_PARSE_FAILED'],
    ['a field the schema lacks', `{ nothing }`, 'GRAPHQL_VALIDATION_FAILED'],
  ])('answers 400 for %s', async (_, query, code) => {
    expectClientMistake(await api.graphql('rl-careless', query), code);
  });

  it('is answered for no HTTP cache to keep, by GET as by POST', async () => {
    const authorization = `Bearer ${await api.token('rl-careless')}`;
    const post = await fetch(`${api.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body: JSON.stringify({ query: '{ serverTime }' }),
    });
    const get = await fetch(`${api.url}/graphql?query=${encodeURIComponent('{ serverTime }')}`, {
      headers: { authorization, 'apollo-require-preflight': 'true' },
    });
    for (const response of [post, get]) {
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('answers 400 for a body that is not the JSON it says it is, without quoting it', async () => {
    const response = await fetch(`${api.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await api.token('rl-careless')}` },
      body: '{"query": "{ me { balance } }", secret-sent',
    });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).not.toContain('secret-sent');
    expect(JSON.parse(text).errors).toEqual([
      { message: 'The request body is not JSON.', extensions: { code: 'BAD_REQUEST', retryable: false } },
    ]);
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
    expect(JSON.parse(response.body).errors[0].extensions).toEqual({ code: 'PAYLOAD_TOO_LARGE', retryable: false });

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
  const introspect = async (options?: { introspection: { describedTypeDefs: string } }, query = '{ __schema { queryType { name } } }') => {
    const handler = createGraphQLHandler(
      systemDependencies(createDb({ tableName: 'never-read', endpoint: 'http://127.0.0.1:9' })),
      undefined,
      options,
    );
    const event: APIGatewayProxyEventV2 = graphqlPostEvent(query, { sub: 'rl-curious' });
    const response = (await handler(event, {} as Context, () => undefined)) as { body: string };
    return JSON.parse(response.body);
  };

  it('is off unless asked for (in AWS: GRAPHQL_INTROSPECTION=on), on for the local explorer', async () => {
    expect((await introspect()).errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect((await introspect({ introspection: { describedTypeDefs } })).data).toEqual({ __schema: { queryType: { name: 'Query' } } });
  });

  it("answers the schema's descriptions, which the function serves without where introspection is off", async () => {
    const described = await introspect({ introspection: { describedTypeDefs } }, '{ __type(name: "ErrorCode") { description } }');
    expect(described.data.__type.description).toMatch(/Every code a refusal may hold/);
    // The same schema, descriptions aside: what AWS serves without introspection is the contract.
    const undescribed = (sdl: string) =>
      print(
        visit(parse(printSchema(lexicographicSortSchema(buildSchema(sdl)))), {
          // The schema block is printed only around a description (its root types keep their names).
          SchemaDefinition: () => null,
          enter: (node) => ('description' in node && node.description ? { ...node, description: undefined } : undefined),
        }),
      );
    expect(undescribed(typeDefs)).toBe(undescribed(describedTypeDefs));
    expect(typeDefs.length).toBeLessThan(describedTypeDefs.length / 3);
  });
});
