/**
 * Who runs a table: a dealer, the tables its token names and those an operator assigned it; an
 * operator, every table. Nobody may bet at a table they run, and nobody moves money into or out
 * of their own account: a dealer cannot deal for themselves, an operator cannot pay themselves.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { dealer, refusalCode as codeOf, refusalOf, type Who } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';

const api = useTestApi();
// Whatever the file did, the ledger accounts for every unit of every balance: checked once, at
// the end, since reconciling reads the whole book (after each test, the file's time grows with its square).
afterAll(() => api.expectReconciled());

const OPERATOR = dealer('ad-operator');
let tableId: string;
let otherTable: string;
const openCraps = () => api.openTable({ maximumBet: 10_000 });
beforeEach(async () => {
  tableId = await openCraps();
  otherTable = await openCraps();
});

const bet = (who: Who, table: string) =>
  api.graphql(
    who,
    `mutation ($t: ID!) { placeBet(input: { tableId: $t, type: FIELD, amount: 100 }) { bet { id } userErrors { code message } } }`,
    { t: table },
  );
const closeBetting = (who: Who, table: string) =>
  api.graphql(who, `mutation ($t: ID!) { closeBetting(input: { tableId: $t }) { table { bettingOpen } userErrors { code message } } }`, {
    t: table,
  });
const assign = (who: Who, dealers: string[]) =>
  api.graphql(
    who,
    `mutation ($t: ID!, $d: [ID!]!) { assignDealers(input: { tableId: $t, dealers: $d }) { table { dealers } userErrors { code message field } } }`,
    { t: tableId, d: dealers },
  );

describe('a dealer', () => {
  it('cannot bet at a table it deals, and changes nothing trying; it may bet at a table it does not', async () => {
    const croupier = { id: 'ad-croupier', roles: ['dealer'], tables: [tableId] };
    await api.fundAccount('ad-croupier', 1_000);
    const refused = await bet(croupier, tableId);
    expect(codeOf(refused)).toBe('FORBIDDEN');
    expect(refusalOf(refused)!.message).toMatch(/nobody may bet at a table they deal/);
    expect(await api.balance('ad-croupier')).toBe(1_000);
    expect(codeOf(await bet(croupier, otherTable))).toBeUndefined();
    expect(await api.balance('ad-croupier')).toBe(900);
  });

  it('runs a table an operator assigned it, until the operator assigns others', async () => {
    const floor = { id: 'ad-floor', roles: ['dealer'] };
    expect(codeOf(await closeBetting(floor, tableId))).toBe('FORBIDDEN');
    expect((await assign(OPERATOR, ['ad-floor', 'ad-floor'])).data!.assignDealers).toEqual({
      table: { dealers: ['ad-floor'] },
      userErrors: [],
    });
    await api.seatShooter(tableId);
    expect(codeOf(await closeBetting(floor, tableId))).toBeUndefined();
    expect(codeOf(await closeBetting(floor, otherTable))).toBe('FORBIDDEN');
    await api.fundAccount('ad-floor', 1_000);
    expect(codeOf(await bet(floor, tableId))).toBe('FORBIDDEN');

    await assign(OPERATOR, []);
    expect(
      codeOf(
        await api.graphql(
          floor,
          `mutation ($t: ID!) { startNewShoe(input: { tableId: $t }) { table { id } userErrors { code message } } }`,
          {
            t: tableId,
          },
        ),
      ),
    ).toBe('FORBIDDEN');
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
        `mutation { ${mutation}(input: { playerId: "ad-operator", amount: 500, reference: "self-${mutation}" }) { account { balance } userErrors { code message } } }`,
      );
      expect(codeOf(res)).toBe('FORBIDDEN');
    }
    expect(await api.balance('ad-operator')).toBe(1_000);
  });
});
