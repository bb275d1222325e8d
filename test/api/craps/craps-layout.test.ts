/**
 * The whole craps layout through the API: come bets travelling to their numbers, odds, Don't Pass,
 * one-roll and multi-roll bets, taking bets down. Real HTTP -> the Lambda handler -> DynamoDB Local.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { dealer, refusalCode, type GraphQLResponse } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';

const api = useTestApi();
let tableId: string;
const DEALER = dealer('layout-dealer');
let player: string;
let playerCount = 0;

// Whatever the file did, the ledger accounts for every unit of every balance: checked once, at
// the end, since reconciling reads the whole book (after each test, the file's time grows with its square).
afterAll(() => api.expectReconciled());
beforeEach(async () => {
  tableId = await api.openTable();
  player = `layout-player-${++playerCount}`;
  await api.fundAccount(player, 100_000);
});

const PLACE_BET = `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { bet { id type amount number status } userErrors { code message } } }`;

async function bet(type: string, amount: number, baseBetId?: string) {
  const res = await api.graphql(player, PLACE_BET, { input: { tableId, type, amount, ...(baseBetId ? { baseBetId } : {}) } });
  expect(refusalCode(res), JSON.stringify(res)).toBeUndefined();
  return res.data!.placeBet.bet;
}

/** A roll, with the test shooter on a line bet so that somebody may shoot; answers what it did to the player's bets. */
async function roll(...dice: number[]) {
  await api.seatShooter(tableId);
  const sequence = await api.closeBetting(tableId);
  const res = await api.graphql(
    DEALER,
    `mutation ($tableId: ID!, $dice: [Int!], $sequence: Int!) { submitRoll(input: { tableId: $tableId, dice: $dice, sequence: $sequence }) { settlements { bet { id type number playerId } outcome winnings returned } userErrors { code message } } }`,
    { tableId, dice, sequence },
  );
  expect(refusalCode(res), JSON.stringify(res)).toBeUndefined();
  type Settled = {
    bet: { id: string; type: string; number: number | null; playerId?: string };
    outcome: string;
    winnings: number;
    returned: number;
  };
  return (res.data!.submitRoll.settlements as Settled[])
    .filter(({ bet }) => bet.playerId === player)
    .map(({ bet: { playerId: _, ...bet }, ...settled }) => ({ ...settled, bet }));
}

const layout = async () =>
  (await api.graphql(player, `query ($id: ID!) { table(id: $id) { openBets { id type number } } }`, { id: tableId })).data!.table.openBets;

function refusedWith(res: GraphQLResponse, code: string) {
  expect(refusalCode(res), JSON.stringify(res)).toBe(code);
}

describe('a come bet', () => {
  it('moves to its number, takes odds on that number, and wins both when the number repeats', async () => {
    await roll(3, 3); // point 6
    const come = await bet('COME', 1_000);

    const moved = await roll(4, 4);
    expect(moved).toEqual([{ bet: { id: come.id, type: 'COME', number: 8 }, outcome: 'MOVED', winnings: 0, returned: 0 }]);
    expect(await layout()).toEqual([{ id: come.id, type: 'COME', number: 8 }]);

    const odds = await bet('COME_ODDS', 1_000, come.id);
    expect(odds.number).toBe(8); // the odds record the number they work on

    const hit = await roll(5, 3);
    expect(hit).toEqual(
      expect.arrayContaining([
        { bet: { id: come.id, type: 'COME', number: 8 }, outcome: 'WIN', winnings: 1_000, returned: 2_000 },
        { bet: { id: odds.id, type: 'COME_ODDS', number: 8 }, outcome: 'WIN', winnings: 1_200, returned: 2_200 }, // 6:5 on 8
      ]),
    );
    expect(hit).toHaveLength(2);
    expect(await api.balance(player)).toBe(100_000 - 2_000 + 4_200);
  });
});

describe('Pass Line odds', () => {
  it('pay true odds on the point (2:1 on 4), up to the table maximum of 3x on 4', async () => {
    const line = await bet('PASS_LINE', 1_000);
    await roll(1, 3); // point 4
    const odds = await bet('PASS_ODDS', 3_000, line.id);
    expect(odds.number).toBe(4);
    refusedWith(
      await api.graphql(player, PLACE_BET, {
        input: { tableId, type: 'PASS_ODDS', amount: 100, baseBetId: line.id },
      }),
      'ABOVE_MAX_ODDS',
    );
    const hit = await roll(2, 2);
    expect(hit.map((s) => [s.bet.type, s.outcome, s.winnings])).toEqual(
      expect.arrayContaining([
        ['PASS_LINE', 'WIN', 1_000],
        ['PASS_ODDS', 'WIN', 6_000],
      ]),
    );
    expect(hit).toHaveLength(2);
    expect(await api.balance(player)).toBe(100_000 + 1_000 + 6_000);
  });
});

describe("Don't Pass", () => {
  it('is barred on a come-out 12: the stake comes back', async () => {
    await bet('DONT_PASS', 1_000);
    expect(await roll(6, 6)).toMatchObject([{ outcome: 'PUSH', returned: 1_000 }]);
    expect(await api.balance(player)).toBe(100_000);
  });

  it('may be taken down once a point is on; a Pass Line bet may not', async () => {
    const dont = await bet('DONT_PASS', 1_000);
    const pass = await bet('PASS_LINE', 1_000);
    await roll(5, 5);
    const takeDown = (id: string) =>
      api.graphql(
        player,
        `mutation ($id: ID!) { takeDownBet(input: { betId: $id }) { bet { status returned } userErrors { code message } } }`,
        { id },
      );
    refusedWith(await takeDown(pass.id), 'CONTRACT_BET');
    expect((await takeDown(dont.id)).data!.takeDownBet).toEqual({ bet: { status: 'TAKEN_DOWN', returned: 1_000 }, userErrors: [] });
    expect(await api.balance(player)).toBe(100_000 - 1_000);
    // Sent again (its answer was lost), even once betting has closed: the same bet, its stake returned once.
    await api.closeBetting(tableId);
    expect((await takeDown(dont.id)).data!.takeDownBet).toEqual({ bet: { status: 'TAKEN_DOWN', returned: 1_000 }, userErrors: [] });
    expect(await api.balance(player)).toBe(100_000 - 1_000);
    expect(await layout()).toEqual([{ id: pass.id, type: 'PASS_LINE', number: null }]);
  });

  it("a stranger cannot take another player's bet down", async () => {
    const mine = await bet('FIELD', 100);
    const res = await api.graphql(
      'someone-else',
      `mutation ($id: ID!) { takeDownBet(input: { betId: $id }) { bet { id } userErrors { code message } } }`,
      { id: mine.id },
    );
    refusedWith(res, 'FORBIDDEN');
    expect(await layout()).toHaveLength(1);
  });
});

describe('one-roll and multi-roll bets', () => {
  it('settle on the same roll as the line: Field 12 pays 2:1, Boxcars 30:1, Hard 6 stays up', async () => {
    await bet('FIELD', 1_000);
    await bet('BOXCARS', 100);
    const hard = await bet('HARD_6', 500);
    const settled = await roll(6, 6);
    expect(settled.map((s) => [s.bet.type, s.outcome, s.winnings])).toEqual(
      expect.arrayContaining([
        ['FIELD', 'WIN', 2_000],
        ['BOXCARS', 'WIN', 3_000],
      ]),
    );
    expect(settled).toHaveLength(2); // the Hard 6 is no decision
    expect(await layout()).toEqual([{ id: hard.id, type: 'HARD_6', number: null }]);
    const hit = await roll(3, 3);
    expect(hit).toMatchObject([{ bet: { type: 'HARD_6' }, outcome: 'WIN', winnings: 4_500 }]);
  });

  it('Horn stakes go in multiples of four minimums', async () => {
    const res = await api.graphql(player, PLACE_BET, {
      input: { tableId, type: 'HORN', amount: 300 },
    });
    refusedWith(res, 'HORN_NOT_MULTIPLE_OF_FOUR');
    await bet('HORN', 400);
    // 27:4 on the whole stake on a 2.
    expect(await roll(1, 1)).toMatchObject([{ outcome: 'WIN', winnings: 2_700 }]);
  });
});
