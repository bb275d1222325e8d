/**
 * Every option of a table's rules, in through openTable and out through Table: for craps the odds
 * multiples, the lay-odds rule, the four come-out working flags and Field 12; for both games the
 * limits of single bet types. Each one changes what is placed or how it is paid, and a bad one
 * is refused naming the field, with nothing opened.
 */
import { describe, expect, it } from 'vitest';
import { dealer, refusalCode, refusalOf } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';

const api = useTestApi();

const OPERATOR = dealer('options-operator');
const PLAYER = 'options-player';
const OPEN = `mutation ($input: OpenTableInput!) {
  openTable(input: $input) {
    table {
      __typename
      id
      betLimits { type minimum maximum }
      ... on CrapsTable {
        options {
          field12Pays maxOdds { point multiple } layOddsLimit oddsCappedByTableMaximum
          comeOddsWorkingOnComeOut dontComeOddsWorkingOnComeOut bigNumbersWorkingOnComeOut hardwaysWorkingOnComeOut
        }
      }
    }
    userErrors { code message field }
  }
}`;
// Over 4 betting shards (the fewest): these tables measure nothing about shards, and their rounds close and settle sooner.
const open = (input: Record<string, unknown>) =>
  api.graphql(OPERATOR, OPEN, { input: { minimumBet: 100, maximumBet: 10_000, betShards: 4, ...input } });
const bet = (tableId: string, input: Record<string, unknown>) =>
  api.graphql(PLAYER, `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { bet { id } userErrors { code message field } } }`, {
    input: { tableId, ...input },
  });
/** A roll, with the test shooter on a line bet so that somebody may shoot; answers what it did to PLAYER's bets. */
async function roll(tableId: string, dice: number[]) {
  await api.seatShooter(tableId);
  const sequence = await api.closeBetting(tableId);
  const { settlements } = (
    await api.data(
      OPERATOR,
      `mutation ($input: SubmitRollInput!) { submitRoll(input: $input) { settlements { bet { type playerId } outcome winnings } userErrors { code message } } }`,
      { input: { tableId, dice, sequence } },
    )
  ).submitRoll;
  return settlements
    .filter((settled: { bet: { playerId: string } }) => settled.bet.playerId === PLAYER)
    .map(({ bet: { type }, ...settled }: { bet: { type: string } }) => ({ ...settled, bet: { type } }));
}

const CRAPS_OPTIONS = {
  field12Pays: 3,
  maxOdds: [
    { point: 6, multiple: 10 },
    { point: 8, multiple: 10 },
  ],
  layOddsLimit: 'STAKE',
  oddsCappedByTableMaximum: true,
  comeOddsWorkingOnComeOut: true,
  dontComeOddsWorkingOnComeOut: false,
  bigNumbersWorkingOnComeOut: false,
  hardwaysWorkingOnComeOut: false,
};

describe('a craps table', () => {
  it('takes every option of the rules and shows each one', async () => {
    const res = await open({ game: 'CRAPS', craps: CRAPS_OPTIONS, betLimits: [{ type: 'FIELD', minimum: 200, maximum: 5_000 }] });
    expect(refusalOf(res)).toBeUndefined();
    const table = res.data!.openTable.table;
    expect(table.__typename).toBe('CrapsTable');
    expect(table.options).toEqual({
      ...CRAPS_OPTIONS,
      // Every point, those not given at their default.
      maxOdds: [
        { point: 4, multiple: 3 },
        { point: 5, multiple: 4 },
        { point: 6, multiple: 10 },
        { point: 8, multiple: 10 },
        { point: 9, multiple: 4 },
        { point: 10, multiple: 3 },
      ],
    });
    expect(table.betLimits[0]).toEqual({ type: 'PASS_LINE', minimum: 100, maximum: 10_000 });
    expect(table.betLimits).toContainEqual({ type: 'FIELD', minimum: 200, maximum: 5_000 });
    expect(table.betLimits.every((limit: { type: string }) => limit.type !== 'BANKER')).toBe(true);
    // Read again, the same (a stored map keeps no order: the game's is restored).
    const read = await api.data(OPERATOR, `query ($t: ID!) { table(id: $t) { betLimits { type minimum maximum } } }`, { t: table.id });
    expect(read.table.betLimits).toEqual(table.betLimits);
  });

  it('places and pays by them: a bet type’s own limits, the odds multiple, Field 12, a come-out flag', async () => {
    await api.fundAccount(PLAYER, 100_000);
    const tableId = (await open({ game: 'CRAPS', craps: CRAPS_OPTIONS, betLimits: [{ type: 'FIELD', minimum: 200, maximum: 5_000 }] }))
      .data!.openTable.table.id;
    expect(refusalCode(await bet(tableId, { type: 'FIELD', amount: 100 }))).toBe('STAKE_NOT_MULTIPLE_OF_MINIMUM');
    expect(refusalCode(await bet(tableId, { type: 'FIELD', amount: 5_200 }))).toBe('STAKE_ABOVE_MAXIMUM');
    expect(refusalCode(await bet(tableId, { type: 'FIELD', amount: 400 }))).toBeUndefined();
    expect(refusalCode(await bet(tableId, { type: 'BIG_6', amount: 100 }))).toBeUndefined();
    // Field 12 pays 3:1; Big 6 is off on the come-out: it stays.
    expect(await roll(tableId, [6, 6])).toEqual([{ bet: { type: 'FIELD' }, outcome: 'WIN', winnings: 1_200 }]);

    const pass = (await bet(tableId, { type: 'PASS_LINE', amount: 500 })).data!.placeBet.bet.id;
    await roll(tableId, [3, 3]); // point 6; Big 6 still off on a come-out roll, so nothing paid it
    expect(refusalCode(await bet(tableId, { type: 'PASS_ODDS', amount: 5_100, baseBetId: pass }))).toBe('ABOVE_MAX_ODDS');
    expect(refusalCode(await bet(tableId, { type: 'PASS_ODDS', amount: 5_000, baseBetId: pass }))).toBeUndefined();
    const made = await roll(tableId, [4, 2]);
    expect(made).toEqual(
      expect.arrayContaining([
        { bet: { type: 'PASS_LINE' }, outcome: 'WIN', winnings: 500 },
        { bet: { type: 'PASS_ODDS' }, outcome: 'WIN', winnings: 6_000 },
        // Big 6 pays 7:6, rounded down: it works once the point is on.
        { bet: { type: 'BIG_6' }, outcome: 'WIN', winnings: 116 },
      ]),
    );
  });

  it.each([
    [
      'by default: come odds off; lay odds on a don\u2019t come, Big 8 and hardways working',
      {},
      { COME_ODDS: 'PUSH', DONT_COME_ODDS: 'WIN', BIG_8: 'LOSE', HARD_10: 'LOSE' },
    ],
    [
      'with the four flags the other way',
      {
        comeOddsWorkingOnComeOut: true,
        dontComeOddsWorkingOnComeOut: false,
        bigNumbersWorkingOnComeOut: false,
        hardwaysWorkingOnComeOut: false,
      },
      { COME_ODDS: 'LOSE', DONT_COME_ODDS: 'PUSH', BIG_8: undefined, HARD_10: undefined },
    ],
  ])('settles a come-out seven %s', async (_, flags, odds) => {
    await api.fundAccount(PLAYER, 100_000);
    const tableId = (await open({ game: 'CRAPS', craps: flags })).data!.openTable.table.id;
    await roll(tableId, [2, 2]); // the shooter's point is 4
    const come = (await bet(tableId, { type: 'COME', amount: 100 })).data!.placeBet.bet.id;
    const dontCome = (await bet(tableId, { type: 'DONT_COME', amount: 100 })).data!.placeBet.bet.id;
    await roll(tableId, [3, 3]); // both travel to 6
    expect(refusalCode(await bet(tableId, { type: 'COME_ODDS', amount: 500, baseBetId: come }))).toBeUndefined();
    expect(refusalCode(await bet(tableId, { type: 'DONT_COME_ODDS', amount: 600, baseBetId: dontCome }))).toBeUndefined();
    await roll(tableId, [1, 3]); // the point: a come-out roll is next
    expect(refusalCode(await bet(tableId, { type: 'BIG_8', amount: 100 }))).toBeUndefined();
    expect(refusalCode(await bet(tableId, { type: 'HARD_10', amount: 100 }))).toBeUndefined();
    const byType = Object.fromEntries(
      (await roll(tableId, [3, 4])).map((s: { bet: { type: string }; outcome: string }) => [s.bet.type, s]),
    );
    expect(byType.COME).toMatchObject({ outcome: 'LOSE' });
    expect(byType.DONT_COME).toMatchObject({ outcome: 'WIN', winnings: 100 });
    // Working odds are decided (6:5 on a come 6, 5:6 laid against it); odds that are off come back.
    expect(byType.COME_ODDS).toMatchObject({ outcome: odds.COME_ODDS, winnings: 0 });
    expect(byType.DONT_COME_ODDS).toMatchObject({ outcome: odds.DONT_COME_ODDS, winnings: odds.DONT_COME_ODDS === 'WIN' ? 500 : 0 });
    // Working, a seven loses them; off, the seven is no decision and they stay up.
    expect(byType.BIG_8?.outcome).toBe(odds.BIG_8);
    expect(byType.HARD_10?.outcome).toBe(odds.HARD_10);
    const layout = (await api.data(PLAYER, `query ($t: ID!) { table(id: $t) { openBets { type } } }`, { t: tableId })).table.openBets;
    expect(layout.map((open: { type: string }) => open.type).sort()).toEqual(odds.BIG_8 ? [] : ['BIG_8', 'HARD_10']);
    expect(await api.balance(PLAYER)).toBe(
      // The come bet's 100 lost, the don't come's 100 won: even, but for the odds, the Big 8 and the Hard 10 (staked, lost or up).
      100_000 + (odds.COME_ODDS === 'PUSH' ? 0 : -500) + (odds.DONT_COME_ODDS === 'WIN' ? 500 : 0) - 200,
    );
  });

  it('takes odds up to their multiple of the line bet, past the table maximum, unless the table caps them', async () => {
    await api.fundAccount(PLAYER, 100_000);
    for (const capped of [false, true]) {
      const res = await open({ game: 'CRAPS', minimumBet: 100, maximumBet: 1_000, craps: { oddsCappedByTableMaximum: capped } });
      const { id, betLimits } = res.data!.openTable.table;
      expect(betLimits).toContainEqual({ type: 'PASS_ODDS', minimum: 100, maximum: capped ? 1_000 : 5_000 });
      const pass = (await bet(id, { type: 'PASS_LINE', amount: 1_000 })).data!.placeBet.bet.id;
      await roll(id, [3, 3]); // point 6: 5x odds
      if (capped) {
        expect(refusalCode(await bet(id, { type: 'PASS_ODDS', amount: 1_100, baseBetId: pass }))).toBe('STAKE_ABOVE_MAXIMUM');
      } else {
        // 5x is the largest multiple: the odds types' maximum.
        expect(refusalCode(await bet(id, { type: 'PASS_ODDS', amount: 5_100, baseBetId: pass }))).toBe('STAKE_ABOVE_MAXIMUM');
        expect(refusalCode(await bet(id, { type: 'PASS_ODDS', amount: 5_000, baseBetId: pass }))).toBeUndefined();
      }
    }
  });

  it.each([
    [{ craps: { maxOdds: [{ point: 7, multiple: 3 }] } }, 'INVALID_TABLE_OPTIONS', /maxOdds names a number that is not a point number/],
    [{ craps: { maxOdds: [{ point: 6, multiple: 1_001 }] } }, 'INVALID_TABLE_OPTIONS', /from 1 to 1000/],
    [
      {
        craps: {
          maxOdds: [
            { point: 6, multiple: 2 },
            { point: 6, multiple: 3 },
          ],
        },
      },
      'BAD_USER_INPUT',
      /maxOdds names the same one twice/,
    ],
    [{ betLimits: [{ type: 'BANKER', maximum: 500 }] }, 'INVALID_TABLE_OPTIONS', /limits given for a bet type craps does not have/],
    [{ betLimits: [{ type: 'FIELD', minimum: 500, maximum: 200 }] }, 'INVALID_TABLE_OPTIONS', /maximum stake of FIELD/],
    [
      {
        betLimits: [
          { type: 'FIELD', maximum: 500 },
          { type: 'FIELD', maximum: 600 },
        ],
      },
      'BAD_USER_INPUT',
      /betLimits names the same one twice/,
    ],
  ])('refuses %j, opening nothing', async (input, code, message) => {
    const idempotencyKey = `refused-${Math.random()}`.replace('0.', '');
    const res = await open({ game: 'CRAPS', idempotencyKey, ...input });
    expect(refusalCode(res)).toBe(code);
    expect(refusalOf(res)!.message).toMatch(message);
    expect(res.data!.openTable.table).toBeNull();
    // Sent again as a valid request with the same key, it opens the table: the refused one left nothing.
    expect(refusalCode(await open({ game: 'CRAPS', idempotencyKey }))).toBeUndefined();
  });
});

describe('a baccarat table', () => {
  it('takes the limits of single bet types and plays by them', async () => {
    await api.fundAccount(PLAYER, 100_000);
    const res = await open({ game: 'BACCARAT', betLimits: [{ type: 'TIE', maximum: 1_000 }] });
    expect(refusalOf(res)).toBeUndefined();
    const { __typename, id, betLimits, options } = res.data!.openTable.table;
    // A baccarat table: none of the craps options.
    expect(__typename).toBe('BaccaratTable');
    expect(options).toBeUndefined();
    expect(betLimits.map((limit: { type: string }) => limit.type)).toEqual([
      'PLAYER',
      'BANKER',
      'TIE',
      'PLAYER_PAIR',
      'BANKER_PAIR',
      'DRAGON_7',
      'JACKPOT',
    ]);
    expect(betLimits).toContainEqual({ type: 'TIE', minimum: 100, maximum: 1_000 });
    expect(refusalCode(await bet(id, { type: 'TIE', amount: 1_100 }))).toBe('STAKE_ABOVE_MAXIMUM');
    expect(refusalCode(await bet(id, { type: 'BANKER', amount: 1_100 }))).toBeUndefined();
    expect(refusalCode(await open({ game: 'BACCARAT', betLimits: [{ type: 'FIELD', maximum: 500 }] }))).toBe('INVALID_TABLE_OPTIONS');
  });
});

describe("a table's maximum", () => {
  // Chips sent one after another on one spot: the last that would pass the maximum is refused, and moves nothing.
  async function chipsOnOneSpot(tableId: string, spot: Record<string, unknown>, chip: number, chips: number) {
    const codes = [];
    for (let i = 0; i < chips; i++) codes.push(refusalCode(await bet(tableId, { ...spot, amount: chip })));
    return codes;
  }

  it("bounds a player's total on a baccarat spot in a round, however many bets make it", async () => {
    await api.fundAccount(PLAYER, 1_000_000);
    const tableId = (await open({ game: 'BACCARAT', maximumBet: 10_000 })).data!.openTable.table.id;
    const balance = await api.balance(PLAYER);
    expect(await chipsOnOneSpot(tableId, { type: 'BANKER', seat: 1 }, 4_000, 3)).toEqual([undefined, undefined, 'STAKE_ABOVE_MAXIMUM']);
    // From another seat too: the spot is the player's BANKER, whichever seat it is bet from.
    expect(refusalCode(await bet(tableId, { type: 'BANKER', seat: 2, amount: 4_000 }))).toBe('STAKE_ABOVE_MAXIMUM');
    expect(refusalCode(await bet(tableId, { type: 'BANKER', seat: 2, amount: 2_000 }))).toBeUndefined();
    // Another spot has its own maximum.
    expect(refusalCode(await bet(tableId, { type: 'PLAYER', seat: 1, amount: 10_000 }))).toBeUndefined();
    expect(await api.balance(PLAYER)).toBe(balance! - 20_000);
  });

  it("bounds a player's total on a craps spot", async () => {
    await api.fundAccount(PLAYER, 1_000_000);
    const tableId = (await open({ game: 'CRAPS', maximumBet: 10_000 })).data!.openTable.table.id;
    const balance = await api.balance(PLAYER);
    expect(await chipsOnOneSpot(tableId, { type: 'FIELD' }, 4_000, 3)).toEqual([undefined, undefined, 'STAKE_ABOVE_MAXIMUM']);
    expect(refusalCode(await bet(tableId, { type: 'FIELD', amount: 2_000 }))).toBeUndefined();
    expect(await api.balance(PLAYER)).toBe(balance! - 10_000);
  });
});
