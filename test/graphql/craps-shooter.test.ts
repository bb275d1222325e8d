/**
 * The shooter: only a player with at least the table minimum on a line bet may shoot (art. 2.1),
 * and on a seven-out the dice pass to the next eligible player in seat order (art. 2.3, 4(2)).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealer, startTestApi, type TestApi } from '../support/test-api';

let api: TestApi;
const DEALER = dealer('shooter-dealer');
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

describe('the shooter at a craps table', () => {
  it('is set by the dealer among eligible players, and passes on at a seven-out in seat order', async () => {
    const tableId = (
      await api.graphql(DEALER, `mutation { openTable(input: { game: CRAPS, minimumBet: 100, maximumBet: 100000 }) { id } }`)
    ).data!.openTable.id;
    const bet = async (player: string, type: string, seat: number) => {
      await api.fundAccount(player, 10_000);
      const res = await api.graphql(player, `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { id } }`, {
        input: { tableId, type, amount: 100, seat },
      });
      expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
    };
    await bet('shooter-ann', 'PASS_LINE', 1);
    await bet('shooter-cat', 'FIELD', 2); // at the table, but without a line bet: may not shoot
    await bet('shooter-bob', 'DONT_PASS', 3);

    await api.fundAccount('shooter-dan', 10_000);
    const seatTaken = await api.graphql('shooter-dan', `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { id } }`, {
      input: { tableId, type: 'PASS_LINE', amount: 100, seat: 1 },
    });
    expect(seatTaken.errors?.[0]?.extensions?.code).toBe('SEAT_TAKEN');

    const setShooter = (who: Parameters<TestApi['graphql']>[0], playerId: string) =>
      api.graphql(who, `mutation ($t: ID!, $p: ID!) { setShooter(tableId: $t, playerId: $p) { craps { shooter shooterSetBy { by } } } }`, {
        t: tableId,
        p: playerId,
      });
    expect((await setShooter('shooter-ann', 'shooter-ann')).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const notEligible = await setShooter(DEALER, 'shooter-cat');
    expect(notEligible.errors?.[0]?.extensions?.code).toBe('SHOOTER_NOT_ELIGIBLE');
    expect(notEligible.errors?.[0]?.message).toMatch(/art\. 2\.1/);
    expect((await setShooter(DEALER, 'shooter-ann')).data!.setShooter.craps).toEqual({
      shooter: 'shooter-ann',
      shooterSetBy: { by: 'shooter-dealer' },
    });

    const roll = async (dice: number[]) => {
      const sequence = await api.closeBetting(tableId);
      const res = await api.graphql(
        DEALER,
        `mutation ($t: ID!, $d: [Int!], $s: Int!) { submitRoll(input: { tableId: $t, dice: $d, sequence: $s }) { table { craps { shooter point } } } }`,
        { t: tableId, d: dice, s: sequence },
      );
      expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
      return res.data!.submitRoll.table.craps;
    };
    expect(await roll([2, 2])).toEqual({ shooter: 'shooter-ann', point: 4 });
    expect(await roll([5, 5])).toEqual({ shooter: 'shooter-ann', point: 4 });
    // Seven-out: seat 2 (cat) has no line bet, so the dice go to seat 3 (bob).
    expect(await roll([3, 4])).toEqual({ shooter: 'shooter-bob', point: null });
  });
});
