/**
 * An operator's report of a day's play, summed from the ledger: per table and bet type, the
 * cashier's totals, the house's result; it agrees with the reconciliation of the same books.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dealer, startTestApi, type TestApi, type Who } from '../support/test-api';

let api: TestApi;
const OPERATOR = dealer('report-operator');

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());
afterEach(() => api.expectReconciled());

const REPORT = `query ($day: String!) {
  dailyReport(day: $day) {
    currency day journals houseResult
    tables { tableId staked returned houseResult byBetType { betType bets staked returned houseResult } }
    cashier { deposits depositCount withdrawals withdrawalCount }
    pools { poolId }
  }
}`;

const ok = (who: Who, query: string, variables?: Record<string, unknown>) => api.data(who, query, variables);

describe("a day's report", () => {
  it('sums what each bet type staked and returned at each table, the cashier, and the house', async () => {
    const today = new Date().toISOString().slice(0, 10);
    await ok(OPERATOR, `mutation { openAccount(input: { playerId: "rep-a" }) { id } }`);
    await ok(OPERATOR, `mutation { deposit(input: { playerId: "rep-a", amount: 20000, reference: "d1" }) { id } }`);
    await ok(OPERATOR, `mutation { withdraw(input: { playerId: "rep-a", amount: 3000, reference: "w1" }) { id } }`);
    const tableId = (await ok(OPERATOR, `mutation { openTable(input: { game: CRAPS, minimumBet: 100, maximumBet: 100000 }) { id } }`))
      .openTable.id;
    const bet = (type: string, amount: number) =>
      ok('rep-a', `mutation ($t: ID!, $type: BetType!, $a: Money!) { placeBet(input: { tableId: $t, type: $type, amount: $a }) { id } }`, {
        t: tableId,
        type,
        a: amount,
      });
    await bet('PASS_LINE', 1_000); // wins 1:1 on the 7
    await bet('FIELD', 500); // loses on the 7
    await bet('FIELD', 200); // loses on the 7
    await bet('ANY_SEVEN', 100); // wins 4:1
    await api.closeAndRoll(tableId, [3, 4]);

    const report = (await ok(OPERATOR, REPORT, { day: today })).dailyReport;
    expect(report).toMatchObject({
      currency: 'MOP',
      day: today,
      journals: 2 + 4 + 1, // cash, stakes, one payment
      cashier: { deposits: 20_000, depositCount: 1, withdrawals: 3_000, withdrawalCount: 1 },
      pools: [],
    });
    expect(report.tables).toEqual([
      {
        tableId,
        staked: 1_800,
        returned: 2_000 + 500,
        houseResult: 1_800 - 2_500,
        byBetType: [
          { betType: 'ANY_SEVEN', bets: 1, staked: 100, returned: 500, houseResult: -400 },
          { betType: 'FIELD', bets: 2, staked: 700, returned: 0, houseResult: 700 },
          { betType: 'PASS_LINE', bets: 1, staked: 1_000, returned: 2_000, houseResult: -1_000 },
        ],
      },
    ]);
    expect(report.houseResult).toBe(-700);
    // The same books, reconciled: the house's result is what the players' net and the cashier say.
    const reconciliation = await api.reconcile();
    expect(reconciliation.currencies[0]!.houseResult).toBe(report.houseResult);

    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect((await ok(OPERATOR, REPORT, { day: yesterday })).dailyReport).toMatchObject({ journals: 0, tables: [], houseResult: 0 });
  });

  it('refuses a day that is not a date, and players', async () => {
    expect((await api.graphql(OPERATOR, REPORT, { day: '2026-13-45x' })).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect((await api.graphql('rep-a', REPORT, { day: '2026-12-01' })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
