/**
 * Who runs a table: a dealer, the tables its token names and those an operator assigned it; an
 * operator, every table. Nobody may bet at a table they run, and nobody moves money into or out
 * of their own account: a dealer cannot deal for themselves, an operator cannot pay themselves.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dealer, startTestApi, type GraphQLResponse, type TestApi, type Who } from '../../support/test-api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
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

const OPERATOR = dealer('ad-operator');
let tableId: string;
let otherTable: string;
const openCraps = async () =>
  (await api.data(OPERATOR, `mutation { openTable(input: { game: CRAPS, minimumBet: 100, maximumBet: 10000 }) { id } }`)).openTable
    .id as string;
beforeEach(async () => {
  tableId = await openCraps();
  otherTable = await openCraps();
});

const codeOf = (res: GraphQLResponse) => res.errors?.[0]?.extensions?.code;
const bet = (who: Who, table: string) =>
  api.graphql(who, `mutation ($t: ID!) { placeBet(input: { tableId: $t, type: FIELD, amount: 100 }) { id } }`, { t: table });
const closeBetting = (who: Who, table: string) =>
  api.graphql(who, `mutation ($t: ID!) { closeBetting(tableId: $t) { bettingOpen } }`, { t: table });
const assign = (who: Who, dealers: string[]) =>
  api.graphql(who, `mutation ($t: ID!, $d: [ID!]!) { assignDealers(tableId: $t, dealers: $d) { dealers } }`, { t: tableId, d: dealers });

describe('a dealer', () => {
  it('cannot bet at a table it deals, and changes nothing trying; it may bet at a table it does not', async () => {
    const croupier = { id: 'ad-croupier', roles: ['dealer'], tables: [tableId] };
    await api.fundAccount('ad-croupier', 1_000);
    const refused = await bet(croupier, tableId);
    expect(codeOf(refused)).toBe('FORBIDDEN');
    expect(refused.errors![0]!.message).toMatch(/nobody may bet at a table they deal/);
    expect(await api.balance('ad-croupier')).toBe(1_000);
    expect(codeOf(await bet(croupier, otherTable))).toBeUndefined();
    expect(await api.balance('ad-croupier')).toBe(900);
  });

  it('runs a table an operator assigned it, until the operator assigns others', async () => {
    const floor = { id: 'ad-floor', roles: ['dealer'] };
    expect(codeOf(await closeBetting(floor, tableId))).toBe('FORBIDDEN');
    expect((await assign(OPERATOR, ['ad-floor', 'ad-floor'])).data!.assignDealers).toEqual({ dealers: ['ad-floor'] });
    await api.seatShooter(tableId);
    expect(codeOf(await closeBetting(floor, tableId))).toBeUndefined();
    expect(codeOf(await closeBetting(floor, otherTable))).toBe('FORBIDDEN');
    await api.fundAccount('ad-floor', 1_000);
    expect(codeOf(await bet(floor, tableId))).toBe('FORBIDDEN');

    await assign(OPERATOR, []);
    expect(codeOf(await api.graphql(floor, `mutation ($t: ID!) { startNewShoe(tableId: $t) { id } }`, { t: tableId }))).toBe('FORBIDDEN');
  });

  it('is assigned by operators only, and by ids of the token alphabet', async () => {
    expect(codeOf(await assign('ad-player', ['ad-player']))).toBe('FORBIDDEN');
    expect(codeOf(await assign({ id: 'ad-dealer', roles: ['dealer'], tables: [tableId] }, ['ad-dealer']))).toBe('FORBIDDEN');
    const bad = await assign(OPERATOR, ['two words<script>']);
    expect(codeOf(bad)).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(bad)).not.toContain('<script>');
    expect(
      codeOf(
        await assign(
          OPERATOR,
          Array.from({ length: 33 }, (_, i) => `d-${i}`),
        ),
      ),
    ).toBe('BAD_USER_INPUT');
    expect((await api.data(OPERATOR, `query ($t: ID!) { table(id: $t) { dealers } }`, { t: tableId })).table.dealers).toEqual([]);
  });
});

describe('an operator', () => {
  it('runs every table, and so bets at none', async () => {
    await api.fundAccount('ad-operator', 1_000);
    expect(codeOf(await bet(OPERATOR, tableId))).toBe('FORBIDDEN');
    expect(await api.balance('ad-operator')).toBe(1_000);
  });

  it('cannot move money into or out of its own account', async () => {
    await api.fundAccount('ad-operator', 1_000);
    for (const mutation of ['deposit', 'withdraw']) {
      const res = await api.graphql(
        OPERATOR,
        `mutation { ${mutation}(input: { playerId: "ad-operator", amount: 500, reference: "self-${mutation}" }) { balance } }`,
      );
      expect(codeOf(res)).toBe('FORBIDDEN');
    }
    expect(await api.balance('ad-operator')).toBe(1_000);
  });
});
