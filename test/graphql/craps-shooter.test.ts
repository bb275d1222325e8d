/**
 * The shooter: only a player with at least the table minimum on a line bet may shoot (art. 2.1);
 * the dice start at the lowest seat (art. 2.3), pass to the next eligible player in seat order on
 * a seven-out (art. 4(2)) and when the shooter stops betting (art. 4(1)), and the dealer may hand
 * them on at any time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealer, startTestApi, type TestApi } from '../support/test-api';

let api: TestApi;
const DEALER = dealer('shooter-dealer');
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

async function openTable(): Promise<string> {
  return (await api.data(DEALER, `mutation { openTable(input: { game: CRAPS, minimumBet: 100, maximumBet: 100000 }) { id } }`)).openTable
    .id;
}
async function bet(tableId: string, player: string, type: string, seat: number) {
  if ((await api.balance(player)) === undefined) await api.fundAccount(player, 10_000);
  const res = await api.graphql(player, `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { id } }`, {
    input: { tableId, type, amount: 100, seat },
  });
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
}
const setShooter = (tableId: string, who: Parameters<TestApi['graphql']>[0], playerId: string) =>
  api.graphql(who, `mutation ($t: ID!, $p: ID!) { setShooter(tableId: $t, playerId: $p) { craps { shooter shooterSetBy { by } } } }`, {
    t: tableId,
    p: playerId,
  });
/** A roll; answers who threw it, and who holds the dice and the point after it. */
async function roll(tableId: string, dice: number[]) {
  const sequence = await api.closeBetting(tableId);
  const res = await api.graphql(
    DEALER,
    `mutation ($t: ID!, $d: [Int!], $s: Int!) { submitRoll(input: { tableId: $t, dice: $d, sequence: $s }) { roll { shooter } table { craps { shooter point } } } }`,
    { t: tableId, d: dice, s: sequence },
  );
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return { threw: res.data!.submitRoll.roll.shooter, ...res.data!.submitRoll.table.craps };
}

describe('the shooter at a craps table', () => {
  it('is set by the dealer among eligible players, and passes on at a seven-out in seat order', async () => {
    const tableId = await openTable();
    await bet(tableId, 'shooter-ann', 'PASS_LINE', 1);
    await bet(tableId, 'shooter-cat', 'FIELD', 2); // at the table, but without a line bet: may not shoot
    await bet(tableId, 'shooter-bob', 'DONT_PASS', 3);

    await api.fundAccount('shooter-dan', 10_000);
    const seatTaken = await api.graphql('shooter-dan', `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { id } }`, {
      input: { tableId, type: 'PASS_LINE', amount: 100, seat: 1 },
    });
    expect(seatTaken.errors?.[0]?.extensions?.code).toBe('SEAT_TAKEN');

    expect((await setShooter(tableId, 'shooter-ann', 'shooter-ann')).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const notEligible = await setShooter(tableId, DEALER, 'shooter-cat');
    expect(notEligible.errors?.[0]?.extensions?.code).toBe('SHOOTER_NOT_ELIGIBLE');
    expect(notEligible.errors?.[0]?.message).toMatch(/art\. 2\.1/);
    expect((await setShooter(tableId, DEALER, 'shooter-ann')).data!.setShooter.craps).toEqual({
      shooter: 'shooter-ann',
      shooterSetBy: { by: 'shooter-dealer' },
    });

    expect(await roll(tableId, [2, 2])).toEqual({ threw: 'shooter-ann', shooter: 'shooter-ann', point: 4 });
    expect(await roll(tableId, [5, 5])).toEqual({ threw: 'shooter-ann', shooter: 'shooter-ann', point: 4 });
    // Seven-out: seat 2 (cat) has no line bet, so the dice go to seat 3 (bob).
    expect(await roll(tableId, [3, 4])).toEqual({ threw: 'shooter-ann', shooter: 'shooter-bob', point: null });
  });

  it('starts with the lowest seat that may shoot when nobody has handed the dice out (art. 2.3)', async () => {
    const tableId = await openTable();
    await bet(tableId, 'first-field', 'FIELD', 1);
    await bet(tableId, 'first-dont', 'DONT_PASS', 4);
    await bet(tableId, 'first-pass', 'PASS_LINE', 6);
    expect(await roll(tableId, [4, 5])).toEqual({ threw: 'first-dont', shooter: 'first-dont', point: 9 });
  });

  it('passes the dice on when the shooter stops betting: a natural paid their Pass Line and they did not bet again (art. 4(1))', async () => {
    const tableId = await openTable();
    await bet(tableId, 'stops-ann', 'PASS_LINE', 2);
    await bet(tableId, 'stops-bob', 'PASS_LINE', 5);
    expect(await roll(tableId, [3, 4])).toEqual({ threw: 'stops-ann', shooter: 'stops-ann', point: null }); // a natural pays both
    // Bob bets again and Ann does not: the next roll is Bob's, and he keeps the dice.
    await bet(tableId, 'stops-bob', 'PASS_LINE', 5);
    await bet(tableId, 'stops-ann', 'FIELD', 2);
    expect(await roll(tableId, [3, 3])).toEqual({ threw: 'stops-bob', shooter: 'stops-bob', point: 6 });
  });

  it('goes on from the seat of a shooter who left the table', async () => {
    const tableId = await openTable();
    await bet(tableId, 'left-ann', 'PASS_LINE', 1);
    await bet(tableId, 'left-cy', 'PASS_LINE', 8);
    expect((await setShooter(tableId, DEALER, 'left-cy')).errors).toBeUndefined();
    expect(await roll(tableId, [5, 6])).toEqual({ threw: 'left-cy', shooter: 'left-cy', point: null }); // both paid
    // Cy has gone; Ann and Bo (seat 12, after Cy's 8) bet: the dice go on from seat 8 to Bo.
    await bet(tableId, 'left-ann', 'PASS_LINE', 1);
    await bet(tableId, 'left-bo', 'DONT_PASS', 12);
    expect(await roll(tableId, [1, 3])).toEqual({ threw: 'left-bo', shooter: 'left-bo', point: 4 });
  });

  it('is handed on by the dealer in the middle of a hand, and that player throws the next roll', async () => {
    const tableId = await openTable();
    await bet(tableId, 'hand-ann', 'PASS_LINE', 1);
    await bet(tableId, 'hand-bob', 'PASS_LINE', 2);
    expect(await roll(tableId, [2, 4])).toEqual({ threw: 'hand-ann', shooter: 'hand-ann', point: 6 });
    expect((await setShooter(tableId, DEALER, 'hand-bob')).data!.setShooter.craps.shooter).toBe('hand-bob');
    expect(await roll(tableId, [1, 1])).toEqual({ threw: 'hand-bob', shooter: 'hand-bob', point: 6 });
  });

  it("names the shooter to the house's operators and the shooter's own partner, not to another partner's players", async () => {
    const tableId = await openTable();
    const alice = { id: 'alice', roles: ['player'], partner: 'shoot-p1' };
    await api.fundAccount('shoot-p1/alice', 10_000);
    expect(
      (
        await api.graphql(alice, `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { id } }`, {
          input: { tableId, type: 'PASS_LINE', amount: 100 },
        })
      ).errors,
    ).toBeUndefined();
    await roll(tableId, [2, 2]);
    const ROLLS = `query ($t: ID!) { table(id: $t) { rolls { edges { node { shooter } } } } }`;
    const shooterTo = async (who: Parameters<TestApi['graphql']>[0]) =>
      (await api.data(who, ROLLS, { t: tableId })).table.rolls.edges[0].node.shooter;
    expect(await shooterTo(DEALER)).toBe('shoot-p1/alice');
    expect(await shooterTo({ id: 'bob', roles: ['player'], partner: 'shoot-p1' })).toBe('shoot-p1/alice');
    expect(await shooterTo({ id: 'carl', roles: ['player'], partner: 'shoot-p2' })).toBeNull();
  });
});
