/**
 * Reconciliation through the API: the ledger as its daily checks left it (ledger-check.ts), on a
 * day of play at a table with the cashier, and on books that have been tampered with. The day is
 * checked as the scheduled check would check it the next morning.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { accountKey } from '../../../functions/store/kernel/keys';
import { MAX_BALANCE } from '../../../functions/rules/money';
import { dealer, type TestApi, type Who } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';
import { middayClock } from '../../support/midday-clock';
import { checkLedger, checkLedgerDay } from '../../../functions/services/money/ledger-check';

const clock = middayClock();
const api = useTestApi({ clock: clock.now });
const OPERATOR = dealer('reconcile-operator');
const TODAY = clock.day;
/** The next morning, when the scheduled check checks today. */
const tomorrow = (on: TestApi) => ({
  ...on.deps,
  now: () => new Date(Date.parse(`${TODAY}T00:00:00.000Z`) + 86_400_000 + 3_600_000).toISOString(),
});

const RECONCILIATION = `{
  reconciliation {
    consistent
    currencies { currency checkedThrough journals total players pools cashierIn houseResult houseByTable { tableId result } }
    differences { account { kind id } currency day stored ledger }
    unbalancedJournals
  }
}`;

const ok = (who: Who, query: string, variables?: Record<string, unknown>) => api.data(who, query, variables);

describe('the reconciliation', () => {
  it("sums a day's play: the players' balances, the cashier's net, and the house's result at each table", async () => {
    for (const player of ['rc-a', 'rc-b']) {
      await ok(OPERATOR, `mutation ($p: ID!) { openAccount(input: { playerId: $p }) { account { id } userErrors { code message } } }`, {
        p: player,
      });
      // A reference is the partner's (here the house's): one per deposit.
      await ok(
        OPERATOR,
        `mutation ($p: ID!, $r: String!) { deposit(input: { playerId: $p, amount: 10000, reference: $r }) { account { balance } userErrors { code message } } }`,
        {
          p: player,
          r: `in-${player}`,
        },
      );
    }
    await ok(
      OPERATOR,
      `mutation { withdraw(input: { playerId: "rc-b", amount: 1000, reference: "out-1" }) { account { balance } userErrors { code message } } }`,
    );
    const craps = await api.openTable();
    const bet = (type: string, amount: number, who: string) =>
      ok(
        who,
        `mutation ($t: ID!, $type: BetType!, $a: Money!) { placeBet(input: { tableId: $t, type: $type, amount: $a }) { bet { id } userErrors { code message } } }`,
        {
          t: craps,
          type,
          a: amount,
        },
      );
    await bet('PASS_LINE', 1_000, 'rc-a'); // wins on a 7: 1,000 back and 1,000 won
    await bet('DONT_PASS', 500, 'rc-b'); // loses on a 7
    const taken = (await bet('FIELD', 300, 'rc-b')).placeBet.bet.id;
    // The stake comes back.
    await ok('rc-b', `mutation ($id: ID!) { takeDownBet(input: { betId: $id }) { bet { id } userErrors { code message } } }`, {
      id: taken,
    });
    await api.closeAndRoll(craps, [3, 4]);

    // Nothing is checked before the day is over.
    const before = (await ok(OPERATOR, RECONCILIATION)).reconciliation;
    expect(before.currencies).toEqual([expect.objectContaining({ currency: 'MOP', checkedThrough: null, journals: 0, players: '0' })]);
    expect(await checkLedger(tomorrow(api))).toHaveLength(1);

    const { reconciliation } = await ok(OPERATOR, RECONCILIATION);
    expect(reconciliation.consistent).toBe(true);
    expect(reconciliation.differences).toEqual([]);
    expect(reconciliation.unbalancedJournals).toEqual([]);
    const [mop] = reconciliation.currencies;
    // Totals are MoneyTotal: exact decimal strings.
    expect(mop).toMatchObject({
      currency: 'MOP',
      checkedThrough: TODAY,
      total: '0',
      players: String((await api.balance('rc-a'))! + (await api.balance('rc-b'))!),
      pools: '0',
      cashierIn: String(20_000 - 1_000),
      houseResult: String(500 - 1_000), // the Don't Pass stake kept, the Pass Line win paid
      houseByTable: [{ tableId: craps, result: '-500' }],
    });
    expect(mop.players).toBe(String(10_000 + 1_000 + (10_000 - 1_000 - 500)));
    // deposits (2), a withdrawal, three stakes, a take-down, one payment: each one journal
    expect(mop.journals).toBe(8);
  });

  it('names every balance the day moved that is not what the ledger says, and says the books do not reconcile', async () => {
    await api.fundAccount('rc-tampered', 5_000);
    const tamper = (extra: number) =>
      api.db.doc.send(
        new UpdateCommand({
          TableName: api.db.tableName,
          Key: accountKey('rc-tampered'),
          UpdateExpression: 'SET balance = balance + :extra',
          ExpressionAttributeValues: { ':extra': extra },
        }),
      );
    await tamper(1);
    // The latest day checked may be checked again: it finds what is there now.
    const check = await checkLedgerDay(tomorrow(api), 'MOP', TODAY);
    expect(check.differences).toEqual([{ kind: 'PLAYER', id: 'rc-tampered', day: TODAY, stored: '5001', ledger: '5000' }]);
    const { reconciliation } = await ok(OPERATOR, RECONCILIATION);
    expect(reconciliation.consistent).toBe(false);
    expect(reconciliation.differences).toEqual([
      { account: { kind: 'PLAYER', id: 'rc-tampered' }, currency: 'MOP', day: TODAY, stored: 5_001, ledger: '5000' },
    ]);
    // Put right by the test and checked again, so that nothing else reads it.
    await tamper(-1);
    await checkLedgerDay(tomorrow(api), 'MOP', TODAY);
    expect((await ok(OPERATOR, RECONCILIATION)).reconciliation.consistent).toBe(true);
  });

  it('is for operators only', async () => {
    const res = await api.graphql('rc-a', RECONCILIATION);
    expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(res.data).toBeNull();
  });
});

describe('the reconciliation of books whose totals pass 2^53', () => {
  // Eight balances of the most a deposit may bring one to, and one odd: 2^53 + 12,345 in all,
  // which no JSON number holds exactly (the nearest double is even). Funded through the cashier,
  // so every journal balances and every balance is its journals' sum.
  const EXACT = (8n * BigInt(MAX_BALANCE) + 12_345n).toString();
  const big = useTestApi();
  beforeAll(async () => {
    for (let i = 0; i < 9; i++) await big.fundAccount(`rc-big-${i}`, i < 8 ? MAX_BALANCE : 12_345);
  });

  it('sums them exactly and answers each total as its decimal string', async () => {
    await checkLedger(tomorrow(big));
    const { reconciliation } = await big.data(OPERATOR, RECONCILIATION);
    expect(reconciliation.consistent).toBe(true);
    expect(reconciliation.currencies).toEqual([
      {
        currency: 'MOP',
        checkedThrough: TODAY,
        journals: 9,
        total: '0',
        players: EXACT,
        pools: '0',
        cashierIn: EXACT,
        houseResult: '0',
        houseByTable: [],
      },
    ]);
    expect(EXACT).toBe('9007199254753337');
  });
});
