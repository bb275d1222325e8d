/**
 * The betting clock: a table may close betting by itself a fixed time after it opens each round;
 * a bet or take-down after the deadline is refused even before the dealer closes betting, and every
 * table answer carries the server's time for clients to count down against.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { dealer, refusalCode, refusalOf } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';

/**
 * The handler's clock: it moves only when a test moves it on (`ahead`), so that no window runs
 * out while the machine is busy, and what the server answers of its time is known to the ms.
 */
const START = Date.now();
let ahead = 0;
const now = () => START + ahead;
const api = useTestApi({ clock: () => new Date(now()).toISOString() });
const DEALER = dealer('clock-dealer');
const PLAYER = 'clock-player';
beforeAll(() => api.fundAccount(PLAYER, 100_000));

const TABLE = `query ($t: ID!) { table(id: $t) { bettingOpen bettingWindowSeconds bettingClosesAt serverTime } }`;
const tableNow = async (tableId: string) => (await api.data(PLAYER, TABLE, { t: tableId })).table;
const bet = (tableId: string, type = 'FIELD') =>
  api.graphql(PLAYER, `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { bet { id } userErrors { code message } } }`, {
    input: { tableId, type, amount: 100 },
  });
/** Opens a craps table with a betting window of 20 seconds, and answers its id. */
const openClockedTable = () => api.openTable({ maximumBet: 10_000, bettingWindowSeconds: 20 });

describe('a table with a betting clock', () => {
  it('carries the deadline of the round, refuses bets after it, and opens a new window with each outcome', async () => {
    const opened = now();
    const tableId = await openClockedTable();
    const first = await tableNow(tableId);
    expect(first).toMatchObject({ bettingOpen: true, bettingWindowSeconds: 20 });
    // The deadline is the window after the table opened; the answer says what time the server has.
    expect(Date.parse(first.bettingClosesAt)).toBe(opened + 20_000);
    expect(Date.parse(first.serverTime)).toBe(now());

    expect(refusalCode(await bet(tableId, 'PASS_LINE'))).toBeUndefined();
    const field = (await bet(tableId)).data!.placeBet.bet.id;
    const before = await api.balance(PLAYER);

    ahead += 21_000; // the window has passed; no dealer has closed betting yet
    expect((await tableNow(tableId)).bettingOpen).toBe(false);
    const late = await bet(tableId);
    expect(refusalCode(late)).toBe('BETTING_CLOSED');
    expect(refusalOf(late)!.message).toMatch(/betting window/);
    const takeDown = await api.graphql(
      PLAYER,
      `mutation ($id: ID!) { takeDownBet(input: { betId: $id }) { bet { id } userErrors { code message } } }`,
      { id: field },
    );
    expect(refusalCode(takeDown)).toBe('BETTING_CLOSED');
    expect(await api.balance(PLAYER)).toBe(before);

    // The dealer still closes betting and records the roll: a new window opens from the roll.
    await api.closeAndRoll(tableId, [2, 2]);
    const next = await tableNow(tableId);
    expect(next.bettingOpen).toBe(true);
    expect(Date.parse(next.bettingClosesAt)).toBeGreaterThanOrEqual(Date.parse(first.bettingClosesAt) + 20_000);
    expect(refusalCode(await bet(tableId))).toBeUndefined();
  });

  it('opens betting again when it ran out with nobody able to shoot, so that a bet can still make a shooter', async () => {
    const tableId = await openClockedTable();
    // Nobody bets in the window: nobody may shoot.
    ahead += 21_000;
    expect(refusalCode(await bet(tableId, 'PASS_LINE'))).toBe('BETTING_CLOSED');
    const refused = await api.graphql(
      DEALER,
      `mutation ($t: ID!) { closeBetting(input: { tableId: $t }) { table { id } userErrors { code message } } }`,
      { t: tableId },
    );
    expect(refusalCode(refused)).toBe('NO_SHOOTER');
    expect(refusalOf(refused)!.message).toMatch(/open again for 20 s/);
    const reopened = await tableNow(tableId);
    expect(reopened.bettingOpen).toBe(true);
    expect(Date.parse(reopened.bettingClosesAt)).toBe(now() + 20_000);
    expect(refusalCode(await bet(tableId, 'PASS_LINE'))).toBeUndefined();
    await api.closeAndRoll(tableId, [1, 3]);
  });

  it('is off unless asked for: betting stays open until the dealer closes it', async () => {
    const tableId = (
      await api.data(
        DEALER,
        `mutation { openTable(input: { game: BACCARAT, betShards: 4, minimumBet: 100, maximumBet: 10000 }) { table { id } userErrors { code message } } }`,
      )
    ).openTable.table.id;
    ahead += 3_600_000;
    expect(await tableNow(tableId)).toMatchObject({ bettingOpen: true, bettingWindowSeconds: null, bettingClosesAt: null });
    expect(refusalCode(await bet(tableId, 'BANKER'))).toBeUndefined();
  });

  // Out of 5 to 600, the input is refused as data (the payload's table null); 2.5 is no Int, refused whole before anything runs.
  it.each([0, 4, 601, 2.5])('refuses a window of %s seconds, opening nothing', async (seconds) => {
    const res = await api.graphql(
      DEALER,
      `mutation ($s: Int!) { openTable(input: { game: CRAPS, betShards: 4, minimumBet: 100, maximumBet: 10000, bettingWindowSeconds: $s }) { table { id } userErrors { code message field } } }`,
      {
        s: seconds,
      },
    );
    expect(refusalCode(res)).toBe('BAD_USER_INPUT');
    expect(res.data?.openTable?.table ?? null).toBeNull();
  });

  it('gives the server time on its own', async () => {
    const { serverTime } = await api.data(PLAYER, `{ serverTime }`);
    expect(Date.parse(serverTime)).toBe(now());
  });
});
