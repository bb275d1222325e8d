/**
 * The typed client a partner's server uses (client/partner-client.ts, generated from the schema):
 * it places a bet for one of its players over real HTTP and follows it until its outcome settles it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { placeAndFollow } from '../../client/partner-client';
import { useTestApi } from '../support/use-test-api';
import { PATIENCE_MS } from '../support/patience';

const api = useTestApi();
const ALICE = { id: 'alice', roles: ['player'], partner: 'pc-p1' };
beforeAll(() => api.fundAccount('pc-p1/alice', 10_000));

/** A craps table of minimum 100 (setup: it measures nothing about shards). */
const openCraps = () => api.openTable({ game: 'CRAPS', minimumBet: 100, maximumBet: 100_000 });

describe('the typed client', () => {
  it("places a partner's player's bet and follows it to its settlement", async () => {
    const tableId = await openCraps();
    const token = await api.token(ALICE);
    const following = placeAndFollow(
      `${api.url}/graphql`,
      token,
      { tableId, type: 'PASS_LINE', amount: 500, key: 'pc-bet-1' },
      // Followed as long as it takes (the client's own limit, a minute, a loaded machine can reach).
      { everyMs: 50, forMs: PATIENCE_MS },
    );
    // The dealer waits for the bet to be on the layout (its stake taken), then rolls a natural.
    await expect.poll(() => api.balance('pc-p1/alice'), { interval: 20 }).toBe(9_500);
    await api.closeAndRoll(tableId, [3, 4]);
    expect(await following).toEqual({ data: { id: expect.any(String), status: 'WON', winnings: 500, returned: 1_000, settledInRound: 1 } });
    expect(await api.balance('pc-p1/alice')).toBe(10_500);
  });

  it('answers a refusal with its code, changing nothing', async () => {
    const tableId = await openCraps();
    const token = await api.token(ALICE);
    expect(await placeAndFollow(`${api.url}/graphql`, token, { tableId, type: 'FIELD', amount: 20_000, key: 'pc-bet-2' })).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      message: expect.stringMatching(/\S/),
    });
    expect(await placeAndFollow(`${api.url}/graphql`, token, { tableId, type: 'FIELD', amount: 50, key: 'pc-bet-3' })).toMatchObject({
      code: 'STAKE_NOT_MULTIPLE_OF_MINIMUM',
      message: expect.stringMatching(/\S/),
    });
    expect(await api.balance('pc-p1/alice')).toBe(10_500);
  });
});
