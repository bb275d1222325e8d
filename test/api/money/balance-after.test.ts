/**
 * The balance a bet's answers show: right after its stake left, right after its return came in,
 * exact even when other movements came after; and nobody else's balance shows through a bet.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { dealer, type Who } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';

const api = useTestApi();
const OPERATOR = dealer('ba-operator');

afterEach(() => api.expectReconciled());

const ok = (who: Who, query: string, variables?: Record<string, unknown>) => api.data(who, query, variables);
const BET = `query ($id: ID!) { bet(id: $id) { balanceAfterPlacement balanceAfterSettlement } }`;

describe("a bet's balance after", () => {
  it('is in the answers that move money, and stays what it was when later movements come', async () => {
    await api.fundAccount('ba-player', 10_000);
    const tableId = await api.openTable();
    const place = (type: string, amount: number) =>
      ok(
        'ba-player',
        `mutation ($t: ID!, $type: BetType!, $a: Money!) { placeBet(input: { tableId: $t, type: $type, amount: $a }) { bet { id balanceAfterPlacement } userErrors { code message } } }`,
        {
          t: tableId,
          type,
          a: amount,
        },
      ).then((data) => data.placeBet.bet as { id: string; balanceAfterPlacement: number });

    const pass = await place('PASS_LINE', 1_000);
    expect(pass.balanceAfterPlacement).toBe(9_000);
    const field = await place('FIELD', 500);
    expect(field.balanceAfterPlacement).toBe(8_500);

    const takenDown = (
      await ok(
        'ba-player',
        `mutation ($id: ID!) { takeDownBet(input: { betId: $id }) { bet { balanceAfterSettlement } userErrors { code message } } }`,
        { id: field.id },
      )
    ).takeDownBet.bet;
    expect(takenDown.balanceAfterSettlement).toBe(9_000);

    const sequence = await api.closeBetting(tableId);
    const rolled = (
      await ok(
        OPERATOR,
        `mutation ($t: ID!, $s: Int!) { submitRoll(input: { tableId: $t, dice: [3, 4], sequence: $s }) { settlements { bet { id balanceAfterSettlement } } userErrors { code message } } }`,
        { t: tableId, s: sequence },
      )
    ).submitRoll;
    expect(rolled.settlements).toEqual([{ bet: { id: pass.id, balanceAfterSettlement: 11_000 } }]);

    await ok(
      OPERATOR,
      `mutation { deposit(input: { playerId: "ba-player", amount: 5000, reference: "later" }) { account { balance } userErrors { code message } } }`,
    );
    // Read afterwards, each still says the balance right after its own movement.
    expect((await ok('ba-player', BET, { id: pass.id })).bet).toEqual({ balanceAfterPlacement: 9_000, balanceAfterSettlement: 11_000 });
    expect((await ok('ba-player', BET, { id: field.id })).bet).toEqual({ balanceAfterPlacement: 8_500, balanceAfterSettlement: 9_000 });
    expect(await api.balance('ba-player')).toBe(16_000);
  });

  it("is nobody else's to see: another player sees neither the bet nor its balance, only the layout's totals", async () => {
    await api.fundAccount('ba-owner', 10_000);
    const tableId = await api.openTable();
    await ok(
      'ba-owner',
      `mutation ($t: ID!) { placeBet(input: { tableId: $t, type: FIELD, amount: 100 }) { bet { id } userErrors { code message } } }`,
      { t: tableId },
    );
    const LAYOUT = `query ($t: ID!) { table(id: $t) { openBets { playerId balanceAfterPlacement } layout { players bets amount byBetType { type bets amount } } } }`;
    const totals = { players: 1, bets: 1, amount: '100', byBetType: [{ type: 'FIELD', bets: 1, amount: '100' }] };
    expect((await ok('ba-stranger', LAYOUT, { t: tableId })).table).toEqual({ openBets: [], layout: totals });
    expect((await ok('ba-owner', LAYOUT, { t: tableId })).table).toEqual({
      openBets: [{ playerId: 'ba-owner', balanceAfterPlacement: 9_900 }],
      layout: totals,
    });
    // Whoever runs the table sees every bet (an operator, here), and may see the balance.
    expect((await ok(OPERATOR, LAYOUT, { t: tableId })).table.openBets).toEqual([{ playerId: 'ba-owner', balanceAfterPlacement: 9_900 }]);
  });
});
