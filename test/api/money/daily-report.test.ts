/**
 * An operator's report of a day's play, summed from the ledger: per table and bet type, the
 * cashier's totals, the house's result; it agrees with the reconciliation of the same books.
 * The handler runs on a clock the tests set, so that each journal lands on the day they choose.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_BALANCE } from '../../../functions/rules/money';
import { dealer, type Who } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';

const OPERATOR = dealer('report-operator');

/** The handler's clock: set by the tests, and a millisecond on at each reading, so journals keep their order. */
let instant = 0;
const setClock = (iso: string) => {
  instant = Date.parse(iso);
};

const api = useTestApi({ clock: () => new Date(instant++).toISOString() });
afterEach(() => api.expectReconciled());

const REPORT = `query ($day: Date!) {
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
    const today = '2026-03-14';
    setClock(`${today}T10:00:00.000Z`);
    await ok(OPERATOR, `mutation { openAccount(input: { playerId: "rep-a" }) { account { id } userErrors { code message } } }`);
    await ok(
      OPERATOR,
      `mutation { deposit(input: { playerId: "rep-a", amount: 20000, reference: "d1" }) { account { id } userErrors { code message } } }`,
    );
    await ok(
      OPERATOR,
      `mutation { withdraw(input: { playerId: "rep-a", amount: 3000, reference: "w1" }) { account { id } userErrors { code message } } }`,
    );
    const tableId = await api.openTable();
    const bet = (type: string, amount: number) =>
      ok(
        'rep-a',
        `mutation ($t: ID!, $type: BetType!, $a: Money!) { placeBet(input: { tableId: $t, type: $type, amount: $a }) { bet { id } userErrors { code message } } }`,
        {
          t: tableId,
          type,
          a: amount,
        },
      );
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
      cashier: { deposits: '20000', depositCount: 1, withdrawals: '3000', withdrawalCount: 1 },
      pools: [],
    });
    expect(report.tables).toEqual([
      {
        tableId,
        // Totals are MoneyTotal: exact decimal strings.
        staked: '1800',
        returned: String(2_000 + 500),
        houseResult: String(1_800 - 2_500),
        byBetType: [
          { betType: 'ANY_SEVEN', bets: 1, staked: '100', returned: '500', houseResult: '-400' },
          { betType: 'FIELD', bets: 2, staked: '700', returned: '0', houseResult: '700' },
          { betType: 'PASS_LINE', bets: 1, staked: '1000', returned: '2000', houseResult: '-1000' },
        ],
      },
    ]);
    expect(report.houseResult).toBe('-700');
    // The same books, reconciled: the house's result is what the players' net and the cashier say.
    const reconciliation = await api.reconcile();
    expect(String(reconciliation.currencies[0]!.houseResult)).toBe(report.houseResult);

    expect((await ok(OPERATOR, REPORT, { day: '2026-03-13' })).dailyReport).toMatchObject({ journals: 0, tables: [], houseResult: '0' });
  });

  it("counts a journal on the day of the server's clock when it was written, to the millisecond", async () => {
    await ok(OPERATOR, `mutation { openAccount(input: { playerId: "rep-midnight" }) { account { id } userErrors { code message } } }`);
    setClock('2026-04-01T23:59:59.990Z');
    await ok(
      OPERATOR,
      `mutation { deposit(input: { playerId: "rep-midnight", amount: 700, reference: "before" }) { account { id } userErrors { code message } } }`,
    );
    setClock('2026-04-02T00:00:00.000Z');
    await ok(
      OPERATOR,
      `mutation { deposit(input: { playerId: "rep-midnight", amount: 900, reference: "after" }) { account { id } userErrors { code message } } }`,
    );
    const cashier = async (day: string) => (await ok(OPERATOR, REPORT, { day })).dailyReport.cashier;
    expect(await cashier('2026-04-01')).toEqual({ deposits: '700', depositCount: 1, withdrawals: '0', withdrawalCount: 0 });
    expect(await cashier('2026-04-02')).toEqual({ deposits: '900', depositCount: 1, withdrawals: '0', withdrawalCount: 0 });
  });

  it('sums a day whose totals pass 2^53 exactly, to the minor unit', async () => {
    setClock('2026-05-01T09:00:00.000Z');
    // Nine deposits, eight of the most one balance may take and one odd amount: 2^53 + 12,345,
    // which no JSON number holds exactly (the nearest double is even).
    const players = Array.from({ length: 9 }, (_, i) => `rep-big-${i}`);
    for (const [i, player] of players.entries()) {
      await ok(OPERATOR, `mutation ($p: ID!) { openAccount(input: { playerId: $p }) { account { id } userErrors { code message } } }`, {
        p: player,
      });
      await ok(
        OPERATOR,
        `mutation ($p: ID!, $a: Money!, $r: String!) { deposit(input: { playerId: $p, amount: $a, reference: $r }) { account { id } userErrors { code message } } }`,
        {
          p: player,
          a: i < 8 ? MAX_BALANCE : 12_345,
          r: `big-${i}`,
        },
      );
    }
    const report = (await ok(OPERATOR, REPORT, { day: '2026-05-01' })).dailyReport;
    expect(report.cashier).toEqual({
      deposits: (8n * BigInt(MAX_BALANCE) + 12_345n).toString(),
      depositCount: 9,
      withdrawals: '0',
      withdrawalCount: 0,
    });
    expect(report.cashier.deposits).toBe('9007199254753337');
  });

  it('refuses a day that is not a date, or not a day of the calendar, and players', async () => {
    // Refused before anything runs, as the Date scalar's variable: HTTP 400.
    for (const day of ['2026-13-45x', '2026-02-30', '2026-13-01', '2025-02-29', '2026-04-31']) {
      const res = await api.graphql(OPERATOR, REPORT, { day });
      expect(res.errors?.[0]?.extensions?.code, day).toBe('BAD_USER_INPUT');
      expect(res.status, day).toBe(400);
    }
    // A leap year's February 29th is a day.
    expect((await ok(OPERATOR, REPORT, { day: '2028-02-29' })).dailyReport.journals).toBe(0);
    expect((await api.graphql('rep-a', REPORT, { day: '2026-12-01' })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
