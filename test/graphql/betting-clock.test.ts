/**
 * The betting clock: a table may close betting by itself a fixed time after it opens each round;
 * a bet or take-down after the deadline is refused even before the dealer closes betting, and every
 * table answer carries the server's time for clients to count down against.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealer, startTestApi, type GraphQLResponse, type TestApi } from '../support/test-api';

let api: TestApi;
/** How far the handler's clock is ahead of the real one. */
let ahead = 0;
const now = () => Date.now() + ahead;
const DEALER = dealer('clock-dealer');
const PLAYER = 'clock-player';
beforeAll(async () => {
  api = await startTestApi({ clock: () => new Date(now()).toISOString() });
  await api.fundAccount(PLAYER, 100_000);
});
afterAll(() => api?.close());

const codeOf = (res: GraphQLResponse) => res.errors?.[0]?.extensions?.code;
const TABLE = `query ($t: ID!) { table(id: $t) { bettingOpen bettingWindowSeconds bettingDeadline serverTime } }`;
const tableNow = async (tableId: string) => (await api.data(PLAYER, TABLE, { t: tableId })).table;
const bet = (tableId: string, type = 'FIELD') =>
  api.graphql(PLAYER, `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { id } }`, { input: { tableId, type, amount: 100 } });

describe('a table with a betting clock', () => {
  it('carries the deadline of the round, refuses bets after it, and opens a new window with each outcome', async () => {
    const opened = now();
    const tableId = (
      await api.data(
        DEALER,
        `mutation { openTable(input: { game: CRAPS, minimumBet: 100, maximumBet: 10000, bettingWindowSeconds: 20 }) { id } }`,
      )
    ).openTable.id;
    const first = await tableNow(tableId);
    expect(first).toMatchObject({ bettingOpen: true, bettingWindowSeconds: 20 });
    // The deadline is the window after the table opened; the answer says what time the server has.
    expect(Date.parse(first.bettingDeadline) - opened).toBeGreaterThanOrEqual(20_000);
    expect(Date.parse(first.bettingDeadline) - opened).toBeLessThan(25_000);
    expect(Math.abs(Date.parse(first.serverTime) - now())).toBeLessThan(5_000);

    expect(codeOf(await bet(tableId, 'PASS_LINE'))).toBeUndefined();
    const field = (await bet(tableId)).data!.placeBet.id;
    const before = await api.balance(PLAYER);

    ahead += 21_000; // the window has passed; no dealer has closed betting yet
    expect((await tableNow(tableId)).bettingOpen).toBe(false);
    const late = await bet(tableId);
    expect(codeOf(late)).toBe('BETTING_CLOSED');
    expect(late.errors![0]!.message).toMatch(/betting window/);
    expect(codeOf(await api.graphql(PLAYER, `mutation ($id: ID!) { takeDownBet(id: $id) { id } }`, { id: field }))).toBe('BETTING_CLOSED');
    expect(await api.balance(PLAYER)).toBe(before);

    // The dealer still closes betting and records the roll: a new window opens from the roll.
    await api.closeAndRoll(tableId, [2, 2]);
    const next = await tableNow(tableId);
    expect(next.bettingOpen).toBe(true);
    expect(Date.parse(next.bettingDeadline)).toBeGreaterThanOrEqual(Date.parse(first.bettingDeadline) + 20_000);
    expect(codeOf(await bet(tableId))).toBeUndefined();
  });

  it('opens betting again when it ran out with nobody able to shoot, so that a bet can still make a shooter', async () => {
    const tableId = (
      await api.data(
        DEALER,
        `mutation { openTable(input: { game: CRAPS, minimumBet: 100, maximumBet: 10000, bettingWindowSeconds: 20 }) { id } }`,
      )
    ).openTable.id;
    // Nobody bets in the window: nobody may shoot.
    ahead += 21_000;
    expect(codeOf(await bet(tableId, 'PASS_LINE'))).toBe('BETTING_CLOSED');
    const refused = await api.graphql(DEALER, `mutation ($t: ID!) { closeBetting(tableId: $t) { id } }`, { t: tableId });
    expect(codeOf(refused)).toBe('NO_SHOOTER');
    expect(refused.errors![0]!.message).toMatch(/open again for 20 s/);
    const reopened = await tableNow(tableId);
    expect(reopened.bettingOpen).toBe(true);
    expect(Date.parse(reopened.bettingDeadline) - now()).toBeGreaterThan(15_000);
    expect(codeOf(await bet(tableId, 'PASS_LINE'))).toBeUndefined();
    await api.closeAndRoll(tableId, [1, 3]);
  });

  it('is off unless asked for: betting stays open until the dealer closes it', async () => {
    const tableId = (await api.data(DEALER, `mutation { openTable(input: { game: BACCARAT, minimumBet: 100, maximumBet: 10000 }) { id } }`))
      .openTable.id;
    ahead += 3_600_000;
    expect(await tableNow(tableId)).toMatchObject({ bettingOpen: true, bettingWindowSeconds: null, bettingDeadline: null });
    expect(codeOf(await bet(tableId, 'BANKER'))).toBeUndefined();
  });

  it.each([0, 4, 601, 2.5])('refuses a window of %s seconds, opening nothing', async (seconds) => {
    const res = await api.graphql(
      DEALER,
      `mutation ($s: Int!) { openTable(input: { game: CRAPS, minimumBet: 100, maximumBet: 10000, bettingWindowSeconds: $s }) { id } }`,
      {
        s: seconds,
      },
    );
    expect(codeOf(res)).toBe('BAD_USER_INPUT');
    expect(res.data?.openTable ?? null).toBeNull();
  });

  it('gives the server time on its own', async () => {
    const { serverTime } = await api.data(PLAYER, `{ serverTime }`);
    expect(Math.abs(Date.parse(serverTime) - now())).toBeLessThan(5_000);
  });
});
