/**
 * Every mutation, sent what a hostile or careless client might send (fast-check: arbitrary
 * strings of any alphabet and length, numbers of any size and sign, ids and keys of every form):
 * it never answers INTERNAL_SERVER_ERROR nor an HTTP 5xx (a client's mistake is not a fault, for
 * the alarms or for clients that retry 5xx), says of each error whether to retry it, never echoes
 * what it was sent (in `errors` or in a mutation's userErrors), and a refusal changes nothing (the caller's balance is as it was; the ledger
 * still reconciles after the whole run).
 */
import fc from 'fast-check';
import { GraphQLEnumType, buildSchema } from 'graphql';
import { RETRYABLE } from '../../../functions/graphql/error-codes';
import { typeDefs } from '../../../functions/graphql/generated/type-defs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealer, userErrorsOf, type GraphQLResponse, type Who } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';

const api = useTestApi();
let crapsTable: string;
let baccaratTable: string;
const OPERATOR = dealer('fz-operator');
const PLAYER = 'fz-player';

beforeAll(async () => {
  crapsTable = await api.openTable({ maximumBet: 10_000 });
  baccaratTable = await api.openTable({ game: 'BACCARAT', maximumBet: 10_000 });
  await api.fundAccount(PLAYER, 1_000_000);
});
// Whatever the file did, the ledger accounts for every unit of every balance: checked once, at
// the end, since reconciling reads the whole book (after each test, the file's time grows with its square).
afterAll(() => api.expectReconciled());

/** Strings of every kind: empty, blank, any Unicode (lone surrogates too), markup, very long. */
const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', '\u202e', '\ud800', '<script>alert(1)</script>', '"; DROP TABLE x; --'),
  fc.string({ minLength: 250, maxLength: 400 }),
);
const number = fc.oneof(fc.integer(), fc.integer({ min: -1_000, max: 100_000 }), fc.constantFrom(0, -1, 2 ** 53, 1e308, 0.5, -0.0));
const id = (known: () => string) =>
  fc.oneof(
    text,
    fc.constant(null).map(() => known()),
  );

/** An input object as generated: every field, or (as often) any of them left out. */
const inputOf = <T extends Record<string, fc.Arbitrary<unknown>>>(model: T) =>
  fc.oneof(fc.record(model), fc.record(model, { requiredKeys: [] }));

/** What must hold of any answer: a typed refusal or a result, never an internal error or an echo. */
function expectSafe(res: GraphQLResponse, sent: unknown) {
  expect(res.status, JSON.stringify(res.errors)).toBeLessThan(500);
  for (const error of res.errors ?? []) {
    expect(error.extensions?.code).not.toBe('INTERNAL_SERVER_ERROR');
    expect(error.extensions?.code).toEqual(expect.any(String));
    expect(error.extensions?.retryable).toBe(RETRYABLE[error.extensions!.code as keyof typeof RETRYABLE]);
    expectNoEcho(error, sent);
  }
  // A refusal as data: a code of the schema (never retryable: the same request answers the same), the input field at fault or null.
  for (const userError of userErrorsOf(res)) {
    expect(Object.keys(RETRYABLE)).toContain(userError.code);
    expect(RETRYABLE[userError.code as keyof typeof RETRYABLE]).toBe(false);
    if (userError.field != null) expect(userError.field[0]).toBe('input');
    expectNoEcho(userError, sent);
  }
}

/** No stack trace, and no free text sent comes back; an enum value (a bet type) is the schema's, and may be named. */
function expectNoEcho(refusal: { message: string }, sent: unknown) {
  expect(JSON.stringify(refusal)).not.toMatch(/\bat .*\.(ts|js|mjs):\d+/);
  for (const value of strings(sent)) if (value.length >= 8 && !ENUM_VALUES.has(value)) expect(refusal.message).not.toContain(value);
}

/** Every enum value of the schema: the API's own words, not the client's. */
const ENUM_VALUES = new Set(
  Object.values(buildSchema(typeDefs).getTypeMap()).flatMap((type) =>
    type instanceof GraphQLEnumType ? type.getValues().map((value) => value.name) : [],
  ),
);

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** Sends `query` with each generated input as `who`; a refusal must leave the caller's balance as it was. */
async function fuzz(who: Who, balanceOf: string, query: string, field: string, input: fc.Arbitrary<Record<string, unknown>>) {
  await fc.assert(
    fc.asyncProperty(input, async (variables) => {
      const before = await api.balance(balanceOf);
      const res = await api.graphql(who, query, variables);
      expectSafe(res, variables);
      // Refused either way: as a GraphQL error (the field null), or as data (userErrors).
      const refused = (res.errors !== undefined && !res.data?.[field]) || userErrorsOf(res).length > 0;
      if (refused) expect(await api.balance(balanceOf)).toBe(before);
    }),
    { numRuns: 15 },
  );
}

describe('fuzzed inputs', () => {
  it('placeBet', async () => {
    const input = inputOf({
      tableId: id(() => crapsTable),
      type: fc.constantFrom('FIELD', 'PASS_LINE', 'PASS_ODDS', 'BANKER', 'JACKPOT', 'HORN'),
      amount: number,
      seat: fc.option(number),
      baseBetId: fc.option(text),
      idempotencyKey: fc.option(text),
    });
    await fuzz(
      PLAYER,
      PLAYER,
      `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { bet { id } userErrors { code message field } } }`,
      'placeBet',
      fc.record({ input }),
    );
  });

  it('takeDownBet', async () => {
    await fuzz(
      PLAYER,
      PLAYER,
      `mutation ($id: ID!) { takeDownBet(input: { betId: $id }) { bet { id } userErrors { code message field } } }`,
      'takeDownBet',
      fc.record({ id: text }),
    );
  });

  it('submitRoll and submitDeal', async () => {
    const roll = inputOf({
      tableId: id(() => crapsTable),
      dice: fc.option(fc.array(number, { maxLength: 4 })),
      sequence: fc.option(number),
    });
    await fuzz(
      OPERATOR,
      PLAYER,
      `mutation ($input: SubmitRollInput!) { submitRoll(input: $input) { settlementComplete userErrors { code message field } } }`,
      'submitRoll',
      fc.record({ input: roll }),
    );
    const deal = inputOf({ tableId: id(() => baccaratTable), cards: fc.array(text, { maxLength: 8 }), sequence: fc.option(number) });
    await fuzz(
      OPERATOR,
      PLAYER,
      `mutation ($input: SubmitDealInput!) { submitDeal(input: $input) { settlementComplete userErrors { code message field } } }`,
      'submitDeal',
      fc.record({ input: deal }),
    );
  });

  it('deposit, withdraw and openAccount', async () => {
    const movement = inputOf({ playerId: id(() => PLAYER), amount: number, reference: text });
    for (const mutation of ['deposit', 'withdraw']) {
      await fuzz(
        OPERATOR,
        PLAYER,
        `mutation ($input: ${mutation === 'deposit' ? 'DepositInput' : 'WithdrawInput'}!) { ${mutation}(input: $input) { account { balance } userErrors { code message field } } }`,
        mutation,
        fc.record({ input: movement }),
      );
    }
    const account = inputOf({ playerId: text, currency: fc.option(text) });
    await fuzz(
      OPERATOR,
      PLAYER,
      `mutation ($input: OpenAccountInput!) { openAccount(input: $input) { account { id } userErrors { code message field } } }`,
      'openAccount',
      fc.record({ input: account }),
    );
  });

  it('openTable and openJackpotPool', async () => {
    const table = inputOf({
      game: fc.constantFrom('CRAPS', 'BACCARAT'),
      currency: fc.option(text),
      minimumBet: number,
      maximumBet: number,
      playerLimits: fc.option(fc.record({ maxOpenBets: fc.option(number), maxStakePerRound: fc.option(number) })),
      idempotencyKey: fc.option(text),
    });
    await fuzz(
      OPERATOR,
      PLAYER,
      `mutation ($input: OpenTableInput!) { openTable(input: $input) { table { id } userErrors { code message field } } }`,
      'openTable',
      fc.record({ input: table }),
    );
    const pool = inputOf({
      currency: text,
      seed: number,
      modality: fc.constantFrom('A', 'B', 'C'),
      fixedAmounts: fc.array(fc.record({ combination: fc.constantFrom('SINGLE_PAIR', 'ROYAL_FLUSH', 'SIX_OF_A_KIND'), amount: number }), {
        maxLength: 3,
      }),
      poolPercentBasisPoints: fc.option(number),
      approvalReference: fc.option(text),
    });
    await fuzz(
      OPERATOR,
      PLAYER,
      `mutation ($input: OpenJackpotPoolInput!) { openJackpotPool(input: $input) { jackpotPool { id } userErrors { code message field } } }`,
      'openJackpotPool',
      fc.record({ input: pool }),
    );
  });

  it('voidRound, closeTable, assignDealers, setShooter and the queries that take ids', async () => {
    await fuzz(
      OPERATOR,
      PLAYER,
      `mutation ($input: VoidRoundInput!) { voidRound(input: $input) { voidedRound { sequence } userErrors { code message field } } }`,
      'voidRound',
      fc.record({
        input: inputOf({ tableId: text, reason: text, sequence: fc.option(number) }),
      }),
    );
    await fuzz(
      OPERATOR,
      PLAYER,
      `mutation ($t: ID!, $r: String) { closeTable(input: { tableId: $t, reason: $r }) { table { id } userErrors { code message field } } }`,
      'closeTable',
      fc.record({ t: text, r: fc.option(text) }),
    );
    await fuzz(
      OPERATOR,
      PLAYER,
      `mutation ($t: ID!, $d: [ID!]!) { assignDealers(input: { tableId: $t, dealers: $d }) { table { id } userErrors { code message field } } }`,
      'assignDealers',
      fc.record({ t: text, d: fc.array(text, { maxLength: 3 }) }),
    );
    await fuzz(
      OPERATOR,
      PLAYER,
      `mutation ($t: ID!, $p: ID!) { setShooter(input: { tableId: $t, playerId: $p }) { table { id } userErrors { code message field } } }`,
      'setShooter',
      fc.record({ t: id(() => crapsTable), p: text }),
    );
    await fuzz(
      PLAYER,
      PLAYER,
      `query ($id: ID!, $after: String, $first: Int) { bet(id: $id) { id } me { statement(first: $first, after: $after) { edges { cursor } } } }`,
      'bet',
      fc.record({ id: text, after: fc.option(text), first: fc.option(number) }),
    );
    await fuzz(OPERATOR, PLAYER, `query ($id: ID!) { roundById(id: $id) { id } }`, 'roundById', fc.record({ id: text }));
  });
});
