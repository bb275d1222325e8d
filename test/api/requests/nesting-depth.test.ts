/**
 * How deep a request may nest, over HTTP and in a subscription: input values (lists and objects
 * within each other, in variables and in the document) at most MAX_INPUT_DEPTH levels, selections
 * (fields and fragments) at most MAX_SELECTION_DEPTH. Deeper is a client's error (BAD_USER_INPUT,
 * nothing echoed), never an internal one, however deep, and the checks never walk a document's
 * fragments more than once each.
 */
import {
  buildSchema,
  getOperationAST,
  isAbstractType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  parse,
  type GraphQLInputType,
  type GraphQLOutputType,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { typeDefs } from '../../../functions/graphql/generated/type-defs';
import { MAX_DOCUMENT_NESTING, MAX_INPUT_DEPTH, inputOutOfBounds, nestsTooDeep } from '../../../functions/graphql/input-bounds';
import { MAX_COST, MAX_SELECTION_DEPTH, overLimits } from '../../../functions/graphql/request-limits';
import { useTestApi } from '../../support/use-test-api';
import WebSocket from 'ws';

const schema = buildSchema(typeDefs);

const api = useTestApi({ live: true });
const PLAYER = 'nesting-player';

/** A list holding a list... `depth` lists deep, as JSON text. */
const nestedLists = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
/** An object holding an object... `depth` objects deep, as JSON text. */
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** Posts a request body as it is written (the JSON text built by hand, so that it can nest as deep as asked). */
async function post(body: string) {
  const response = await fetch(`${api.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await api.token(PLAYER)}` },
    body,
  });
  const text = await response.text();
  return { status: response.status, text, ...(JSON.parse(text) as { data?: unknown; errors?: { message: string; extensions?: any }[] }) };
}

/**
 * Fragments F0 to F`length` of `root`, each spreading the next twice: 2^length leaves, were each
 * spread walked anew (28: 268 million, and still within MAX_SELECTION_DEPTH).
 */
const doubling = (root: string, length: number, leaf: string) =>
  Array.from({ length }, (_, i) => `fragment F${i} on ${root} { ...F${i + 1} ...F${i + 1} }`).join(' ') +
  ` fragment F${length} on ${root} { ${leaf} }`;

const query = (document: string, variables = '{}') => post(`{"query":${JSON.stringify(document)},"variables":${variables}}`);

function expectRefusedAsTooDeep(res: Awaited<ReturnType<typeof post>>, what: RegExp) {
  expect(res.status).toBe(400);
  expect(res.errors).toHaveLength(1);
  expect(res.errors![0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
  expect(res.errors![0]!.message).toMatch(what);
  expect(res.text).not.toContain('[[[');
  expect(res.text).not.toContain('{"a":{"a"');
  expect(res.data ?? null).toBeNull();
}

describe('the bounds leave room for every request the schema allows', () => {
  const inputDepth = (type: GraphQLInputType, seen: ReadonlySet<string>): number => {
    if (isNonNullType(type)) return inputDepth(type.ofType, seen);
    if (isListType(type)) return 1 + inputDepth(type.ofType, seen);
    if (!isInputObjectType(type)) return 0;
    if (seen.has(type.name)) return Infinity;
    return 1 + Math.max(0, ...Object.values(type.getFields()).map((field) => inputDepth(field.type, new Set([...seen, type.name]))));
  };
  const fieldDepth = (type: GraphQLOutputType, seen: ReadonlySet<string>): number => {
    if (isNonNullType(type) || isListType(type)) return fieldDepth(type.ofType, seen);
    // An interface (Table) nests as deep as the deepest of its types, selected with `... on`.
    if (isAbstractType(type)) return Math.max(0, ...schema.getPossibleTypes(type).map((possible) => fieldDepth(possible, seen)));
    if (!isObjectType(type)) return 0;
    if (seen.has(type.name)) return Infinity;
    return 1 + Math.max(0, ...Object.values(type.getFields()).map((field) => fieldDepth(field.type, new Set([...seen, type.name]))));
  };
  const types = Object.values(schema.getTypeMap()).filter(isObjectType);

  it('every argument nests far less than MAX_INPUT_DEPTH', () => {
    const deepest = Math.max(
      ...types.flatMap((type) =>
        Object.values(type.getFields()).flatMap((field) => field.args.map((arg) => inputDepth(arg.type, new Set()))),
      ),
    );
    expect(deepest).toBeLessThanOrEqual(MAX_INPUT_DEPTH - 16);
  });

  it('no type leads back to itself, and fields nest far less than MAX_SELECTION_DEPTH', () => {
    const roots = [schema.getQueryType()!, schema.getMutationType()!, schema.getSubscriptionType()!];
    const deepest = Math.max(...roots.map((root) => fieldDepth(root, new Set())));
    expect(deepest).toBeLessThanOrEqual(MAX_SELECTION_DEPTH - 16);
  });
});

describe(`variables nested deeper than ${MAX_INPUT_DEPTH} levels are refused`, () => {
  it('a declared one: 30,000 lists in an ID (a 60 KB body)', async () => {
    expectRefusedAsTooDeep(await query('query ($t: ID!) { table(id: $t) { id } }', `{"t":${nestedLists(30_000)}}`), /nest/);
  });

  it('one the document does not declare: 9,000 objects', async () => {
    expectRefusedAsTooDeep(await query('{ __typename }', `{"x":${nestedObjects(9_000)}}`), /nest/);
  });

  it('a field an input type does not have, deep in an input object', async () => {
    const input = `{"tableId":"t-1","type":"PASS_LINE","amount":100,"extra":${nestedLists(20_000)}}`;
    expectRefusedAsTooDeep(
      await query('mutation ($i: PlaceBetInput!) { placeBet(input: $i) { bet { id } } }', `{"i":${input}}`),
      new RegExp(`at most ${MAX_INPUT_DEPTH} levels`),
    );
  });

  it(`and ${MAX_INPUT_DEPTH} levels are not`, async () => {
    expect((await query('{ __typename }', `{"x":${nestedLists(MAX_INPUT_DEPTH)}}`)).data).toEqual({ __typename: 'Query' });
    expectRefusedAsTooDeep(await query('{ __typename }', `{"x":${nestedLists(MAX_INPUT_DEPTH + 1)}}`), /nest/);
  });
});

describe('literals nested deep in the document', () => {
  it('are refused by the bounds as they are by validation, whatever the schema would make of them', () => {
    const document = parse(`{ table(id: ${nestedLists(MAX_INPUT_DEPTH + 1)}) { id } }`);
    expect(inputOutOfBounds(schema, document, {})).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    expect(inputOutOfBounds(schema, parse(`{ table(id: ${nestedLists(MAX_INPUT_DEPTH)}) { id } }`), {})).toBeUndefined();
  });

  it('are a client error over HTTP, however deep the parser can read', async () => {
    for (const depth of [1_000, 20_000]) {
      const res = await query(`{ table(id: ${nestedLists(depth)}) { id } }`);
      expect(res.status).toBe(400);
      expect(res.errors![0]!.extensions.code).toMatch(/^(GRAPHQL_PARSE_FAILED|GRAPHQL_VALIDATION_FAILED|BAD_USER_INPUT)$/);
    }
  });
});

describe(`a document nesting its brackets past ${MAX_DOCUMENT_NESTING}`, () => {
  it('is told before parsing (the parser recurses), by brackets outside strings and comments only', () => {
    const nested = (depth: number) => `{ ${'... { '.repeat(depth)}__typename${' }'.repeat(depth)} }`;
    expect(nestsTooDeep(nested(MAX_DOCUMENT_NESTING - 1))).toBe(false);
    expect(nestsTooDeep(nested(MAX_DOCUMENT_NESTING))).toBe(true);
    expect(nestsTooDeep(`{ table(id: "${'{'.repeat(500)}") { id } }`)).toBe(false);
    expect(nestsTooDeep(`{ table(id: \"\"\"${'['.repeat(500)}\"\"\") { id } }`)).toBe(false);
    expect(nestsTooDeep(`# ${'('.repeat(500)}\n{ __typename }`)).toBe(false);
    expect(nestsTooDeep(`{ table(id: "a\\"${'{'.repeat(500)}") { id } }`)).toBe(false);
  });
});

describe(`selections nested deeper than ${MAX_SELECTION_DEPTH} are refused`, () => {
  const inlineFragments = (depth: number) => `{ ${'... { '.repeat(depth)}__typename${' }'.repeat(depth)} }`;

  it('in inline fragments', async () => {
    expect((await query(inlineFragments(MAX_SELECTION_DEPTH - 1))).data).toEqual({ __typename: 'Query' });
    expectRefusedAsTooDeep(await query(inlineFragments(MAX_SELECTION_DEPTH)), new RegExp(`at most ${MAX_SELECTION_DEPTH} deep`));
    expectRefusedAsTooDeep(await query(inlineFragments(2_000)), /deep/);
  });

  it('through fragments, each spreading the next', async () => {
    const chain = (length: number) =>
      `{ ...F0 } ${Array.from({ length }, (_, i) => `fragment F${i} on Query { ...F${i + 1} }`).join(' ')} fragment F${length} on Query { __typename }`;
    expect((await query(chain(MAX_SELECTION_DEPTH - 2))).data).toEqual({ __typename: 'Query' });
    expectRefusedAsTooDeep(await query(chain(MAX_SELECTION_DEPTH)), /deep/);
    expectRefusedAsTooDeep(await query(chain(1_000)), /deep/);
  });
});

describe('fragments spread more than once', () => {
  it('are measured once each, and what they multiply to is refused by cost', () => {
    const document = parse(`{ ...F0 } ${doubling('Query', 20, '__typename')}`);
    expect(overLimits(schema, document, getOperationAST(document)!, {})?.message).toContain(`would cost ${2 ** 20};`);
    const deeper = parse(`{ ...F0 } ${doubling('Query', 28, '__typename')}`);
    expect(overLimits(schema, deeper, getOperationAST(deeper)!, {})?.message).toContain(`at most ${MAX_COST}`);
  });

  it('over HTTP, answer at once', async () => {
    const res = await query(`{ ...F0 } ${doubling('Query', 28, '__typename')}`);
    expect(res.errors![0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    expect(res.errors![0]!.message).toMatch(/cost/);
  });

  it('at the root of a mutation, count once each as mutations run, and are refused by what they would cost', () => {
    const document = parse(`mutation { ...F0 } ${doubling('Mutation', 28, 'closeBetting(input: { tableId: "t-1" }) { table { id } }')}`);
    expect(overLimits(schema, document, getOperationAST(document)!, {})?.message).toMatch(/would cost/);
  });
});

describe('a subscription nested too deep', () => {
  /** Subscribes with the `subscribe` message's text as written, and resolves with the server's answer to it. */
  async function subscribeWith(payload: string) {
    const socket = new WebSocket(api.wsUrl, 'graphql-transport-ws');
    const messages: { id?: string; type: string; payload?: any }[] = [];
    const next = () =>
      new Promise<{ id?: string; type: string; payload?: any }>((resolve, reject) => {
        socket.once('message', (data: Buffer) => resolve(JSON.parse(data.toString('utf8'))));
        socket.once('close', (code) => reject(new Error(`closed with ${code}`)));
      });
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${await api.token(PLAYER)}` } }));
    messages.push(await next());
    socket.send(`{"id":"deep","type":"subscribe","payload":${payload}}`);
    const answer = await next();
    socket.close();
    return { acknowledged: messages[0], answer };
  }

  it('is refused, as over HTTP, whether in its variables, its selections or its fragments', async () => {
    const answers = await Promise.all([
      // 16,000 lists: as deep as fits in one 32 KiB frame.
      subscribeWith(`{"query":"subscription { myEvents { kind } }","variables":{"x":${nestedLists(16_000)}}}`),
      subscribeWith(
        JSON.stringify({
          query: `subscription { myEvents { ${'... { '.repeat(MAX_SELECTION_DEPTH)}kind${' }'.repeat(MAX_SELECTION_DEPTH)} } }`,
        }),
      ),
      subscribeWith(JSON.stringify({ query: `subscription { ...F0 } ${doubling('Subscription', 28, 'myEvents { kind }')}` })),
    ]);
    for (const { acknowledged, answer } of answers) {
      expect(acknowledged).toMatchObject({ type: 'connection_ack' });
      expect(answer).toMatchObject({ id: 'deep', type: 'error' });
      expect(answer.payload).toHaveLength(1);
      expect(answer.payload[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
      expect(JSON.stringify(answer)).not.toContain('[[[');
    }
  });
});
