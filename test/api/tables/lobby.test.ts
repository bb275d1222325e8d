/**
 * The lobby: the tables of a status and game, a page at a time, each with what a lobby shows
 * (name, limits, dealers, last results, betting open and its deadline, the jackpot's amount); a
 * partner's callers see only the tables offered to their platform.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MODALITY_A_FIXED_AMOUNTS } from '../../support/jackpot-prizes';
import { refusalCode, refusalOf, type Who } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';
import { LAYOUT_TOTALS_MAX_AGE_SECONDS } from '../../../functions/services/betting/layout-totals';
import { LAYOUT_REFRESHES_PER_REQUEST } from '../../../functions/services/kernel/read-budget';
import { withReadsCounted } from '../../../functions/store/kernel/db';
import { DEFAULT_BET_SHARDS } from '../../../functions/store/kernel/keys';

const api = useTestApi();
const HOUSE = { id: 'lb-house', roles: ['operator', 'dealer'] };
const P1_PLAYER = { id: 'ann', roles: ['player'], partner: 'lb-p1' };
const P2_PLAYER = { id: 'bob', roles: ['player'], partner: 'lb-p2' };

// Over 4 betting shards (the fewest): the lobby measures nothing about shards, and the rounds played here settle sooner.
const open = async (input: Record<string, unknown>) =>
  (
    await api.data(HOUSE, `mutation ($input: OpenTableInput!) { openTable(input: $input) { table { id } userErrors { code message } } }`, {
      input: { minimumBet: 100, maximumBet: 10_000, betShards: 4, ...input },
    })
  ).openTable.table.id as string;
const LOBBY = `query ($game: Game, $status: TableStatus, $first: Int, $after: String) {
  tables(game: $game, status: $status, first: $first, after: $after) {
    edges { cursor node { id name game status minimumBet maximumBet bettingOpen bettingClosesAt partners dealers
      recentResults { sequence dice total winner playerPair bankerPair natural }
      ... on BaccaratTable { jackpot { pool { amount } } } } }
    pageInfo { hasNextPage endCursor }
  }
}`;
const lobby = async (who: Who, variables: Record<string, unknown> = {}) => (await api.data(who, LOBBY, variables)).tables;
const ids = (page: { edges: { node: { id: string } }[] }) => page.edges.map((edge) => edge.node.id);

let craps: string;
let named: string;
/** When the named table was opened: between these times (its betting window counts from then). */
let namedOpened: { from: number; to: number };
let p1Only: string;
let closed: string;
let baccarat: string;
beforeAll(async () => {
  craps = await open({ game: 'CRAPS' });
  const from = Date.now();
  named = await open({ game: 'CRAPS', name: 'Golden Dragon 1', bettingWindowSeconds: 30 });
  namedOpened = { from, to: Date.now() };
  p1Only = await open({ game: 'CRAPS', name: 'Partner room', partners: ['lb-p1'] });
  closed = await open({ game: 'CRAPS', name: 'Closed early' });
  await api.data(HOUSE, `mutation ($t: ID!) { closeTable(input: { tableId: $t }) { table { status } userErrors { code message } } }`, {
    t: closed,
  });
  const pool = (
    await api.data(
      HOUSE,
      `mutation ($input: OpenJackpotPoolInput!) { openJackpotPool(input: $input) { jackpotPool { id } userErrors { code message } } }`,
      { input: { currency: 'MOP', seed: 50_000, modality: 'A', fixedAmounts: MODALITY_A_FIXED_AMOUNTS } },
    )
  ).openJackpotPool.jackpotPool.id;
  baccarat = await open({
    game: 'BACCARAT',
    name: 'Baccarat squeeze',
    baccarat: { jackpot: { poolId: pool, contributionBasisPoints: 2_500 } },
  });
});

describe('the lobby', () => {
  it('lists the open tables of a game in the order they opened, with what a lobby shows', async () => {
    const page = await lobby(HOUSE, { game: 'CRAPS' });
    expect(ids(page)).toEqual([craps, named, p1Only]);
    expect(page.pageInfo).toEqual({ hasNextPage: false, endCursor: page.edges[2].cursor });
    const [plain, golden] = page.edges.map((edge: { node: unknown }) => edge.node);
    expect(plain).toMatchObject({
      name: craps,
      game: 'CRAPS',
      status: 'OPEN',
      minimumBet: 100,
      maximumBet: 10_000,
      bettingOpen: true,
      bettingClosesAt: null,
    });
    expect(golden.name).toBe('Golden Dragon 1');
    // Its deadline: the window from its opening (whether or not the window has run out since).
    expect(Date.parse(golden.bettingClosesAt)).toBeGreaterThanOrEqual(namedOpened.from + 30_000);
    expect(Date.parse(golden.bettingClosesAt)).toBeLessThanOrEqual(namedOpened.to + 30_000);
    // Both games without a filter; the jackpot's pool amount with the baccarat table.
    const all = await lobby(HOUSE);
    expect(ids(all)).toEqual([baccarat, craps, named, p1Only]);
    expect(all.edges[0].node.jackpot.pool.amount).toBe(50_000);
  });

  it('shows the seats taken: a seat is a player’s from their first bet on it', async () => {
    const tableId = await open({ game: 'BACCARAT', name: 'Seats' });
    for (const [player, seat] of [
      ['lb-seat-ann', 7],
      ['lb-seat-bob', 2],
    ] as const) {
      await api.fundAccount(player, 10_000);
      await api.data(player, `mutation ($i: PlaceBetInput!) { placeBet(input: $i) { bet { id } userErrors { code message } } }`, {
        i: { tableId, type: 'BANKER', amount: 100, seat },
      });
    }
    const { tables } = await api.data(HOUSE, `query { tables(game: BACCARAT) { edges { node { id seats seatsTaken } } } }`);
    expect(tables.edges.find((edge: { node: { id: string } }) => edge.node.id === tableId).node).toEqual({
      id: tableId,
      seats: 14,
      seatsTaken: [2, 7],
    });
  });

  it('pages through them with the cursor each page ends on', async () => {
    const first = await lobby(HOUSE, { game: 'CRAPS', first: 2 });
    expect(ids(first)).toEqual([craps, named]);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = await lobby(HOUSE, { game: 'CRAPS', first: 2, after: first.pageInfo.endCursor });
    expect(ids(second)).toEqual([p1Only]);
    expect(second.pageInfo.hasNextPage).toBe(false);
  });

  it('lists closed tables apart', async () => {
    expect(ids(await lobby(HOUSE, { status: 'CLOSED' }))).toEqual([closed]);
  });

  it("shows a partner's players the tables offered to their platform only, and answers their bets elsewhere as at no table", async () => {
    expect(ids(await lobby(P1_PLAYER, { game: 'CRAPS' }))).toEqual([craps, named, p1Only]);
    const p2 = await lobby(P2_PLAYER, { game: 'CRAPS', first: 2 });
    expect(ids(p2)).toEqual([craps, named]);
    expect(p2.pageInfo.hasNextPage).toBe(false);
    // Which partners a table is offered to is for the house to see.
    expect((await lobby(P1_PLAYER, { game: 'CRAPS' })).edges[2].node.partners).toBeNull();
    expect((await lobby(HOUSE, { game: 'CRAPS' })).edges[2].node.partners).toEqual(['lb-p1']);

    await api.fundAccount('lb-p2/bob', 10_000);
    const refused = await api.graphql(
      P2_PLAYER,
      `mutation ($t: ID!) { placeBet(input: { tableId: $t, type: FIELD, amount: 100 }) { bet { id } userErrors { code message } } }`,
      { t: p1Only },
    );
    expect(refusalCode(refused)).toBe('NOT_FOUND');
    expect(refused.data!.placeBet.bet).toBeNull();
    expect(await api.balance('lb-p2/bob')).toBe(10_000);
  });

  it('carries each table’s last results, newest first, without its void rolls', async () => {
    await api.seatShooter(craps);
    await api.closeAndRoll(craps, [2, 3]);
    const sequence = await api.closeBetting(craps);
    await api.data(
      HOUSE,
      `mutation ($t: ID!, $s: Int!) { submitRoll(input: { tableId: $t, void: true, sequence: $s }) { settlementComplete userErrors { code message } } }`,
      {
        t: craps,
        s: sequence,
      },
    );
    await api.closeAndRoll(craps, [6, 6]);
    const results = (await lobby(HOUSE, { game: 'CRAPS', first: 1 })).edges[0].node.recentResults;
    expect(results).toEqual([
      { sequence: 3, dice: [6, 6], total: 12, winner: null, playerPair: null, bankerPair: null, natural: null },
      { sequence: 1, dice: [2, 3], total: 5, winner: null, playerPair: null, bankerPair: null, natural: null },
    ]);

    const dealt = await api.closeBetting(baccarat);
    await api.data(
      HOUSE,
      `mutation ($t: ID!, $s: Int!) { submitDeal(input: { tableId: $t, cards: ["9S", "KD", "9H", "QC"], sequence: $s }) { settlementComplete userErrors { code message } } }`,
      {
        t: baccarat,
        s: dealt,
      },
    );
    // Player 9S 9H (8, a pair), Banker KD QC (0).
    expect((await lobby(HOUSE, { game: 'BACCARAT' })).edges[0].node.recentResults).toEqual([
      { sequence: 1, dice: null, total: null, winner: 'PLAYER', playerPair: true, bankerPair: false, natural: true },
    ]);
  });

  it('refuses a cursor it did not give, or one of another game, without echoing it', async () => {
    const crapsCursor = (await lobby(HOUSE, { game: 'CRAPS', first: 1 })).pageInfo.endCursor;
    for (const variables of [
      { game: 'BACCARAT', after: crapsCursor },
      { after: 'not-a-cursor-<script>' },
      { after: Buffer.from(JSON.stringify(['CRAPS#x'])).toString('base64url') },
      { first: 0 },
    ]) {
      const res = await api.graphql(HOUSE, LOBBY, variables);
      expect(refusalCode(res)).toBe('BAD_USER_INPUT');
      expect(JSON.stringify(res.errors)).not.toContain('<script>');
    }
  });

  it.each([
    [{ name: '' }, /name/],
    [{ name: '<b>x</b>' }, /name/],
    [{ name: 'x'.repeat(65) }, /name/],
    [{ partners: ['LB_P1'] }, /partners/],
    [{ partners: ['lb-p1', 'lb-p1'] }, /twice/],
  ])('refuses to open %j', async (input, message) => {
    const res = await api.graphql(
      HOUSE,
      `mutation ($input: OpenTableInput!) { openTable(input: $input) { table { id } userErrors { code message field } } }`,
      { input: { game: 'CRAPS', minimumBet: 100, maximumBet: 10_000, ...input } },
    );
    expect(refusalCode(res)).toBe('BAD_USER_INPUT');
    expect(refusalOf(res)!.message).toMatch(message);
    expect(res.data!.openTable.table).toBeNull();
  });
});

describe("the lobby's layout totals", () => {
  // A server of its own, whose clock the test moves, and which counts every read it sends to the store.
  let reads = 0;
  let clock = Date.parse('2030-01-01T10:00:00.000Z');
  const totalsApi = useTestApi({
    clock: () => new Date(clock).toISOString(),
    wrapDb: (db) => withReadsCounted(db, () => void (reads += 1)),
  });
  const tableIds: string[] = [];
  const TOTALS = `query { tables(first: 200) { edges { node { id layout { bets amount readAt byBetType { type bets amount } } } } } }`;
  const readLobby = async () => {
    const before = reads;
    const page = (await totalsApi.data(HOUSE, TOTALS)).tables.edges.map((edge: { node: unknown }) => edge.node) as {
      id: string;
      layout: { bets: number; amount: string; readAt: string };
    }[];
    return { page, reads: reads - before };
  };
  const bet = (player: string, tableId: string, amount: number) =>
    totalsApi.data(
      player,
      `mutation ($t: ID!, $a: Money!) { placeBet(input: { tableId: $t, type: FIELD, amount: $a }) { bet { id } userErrors { code message } } }`,
      { t: tableId, a: amount },
    );

  beforeAll(async () => {
    await totalsApi.fundAccount('lb-totals', 1_000_000);
    for (let i = 0; i < 8; i++) {
      const id = (
        await totalsApi.data(
          HOUSE,
          `mutation { openTable(input: { game: CRAPS, minimumBet: 100, maximumBet: 10000 }) { table { id } userErrors { code message } } }`,
        )
      ).openTable.table.id as string;
      tableIds.push(id);
      await bet('lb-totals', id, 100 * (i + 1));
    }
  });

  it(`costs one read per table, and at most ${LAYOUT_REFRESHES_PER_REQUEST} tables' layouts read afresh per page`, async () => {
    // The 200-table page of layouts is within a request's budget: one stored item per table.
    const first = await readLobby();
    expect(first.page.map((table) => table.id).sort()).toEqual([...tableIds].sort());
    // The page's entries and tables, an item per table, and each refresh's 64 shards.
    expect(first.reads).toBeLessThanOrEqual(2 + tableIds.length + LAYOUT_REFRESHES_PER_REQUEST * DEFAULT_BET_SHARDS);
    // Each page reads afresh the totals nobody has read yet (their readAt: the table's opening,
    // when its layout was empty), a few at a time, until every table's are current.
    let page = first.page;
    for (let i = 0; i < tableIds.length && page.some((table) => table.layout.bets === 0); i++) page = (await readLobby()).page;
    expect(page.map((table) => table.layout.amount).sort()).toEqual(tableIds.map((_, i) => String(100 * (i + 1))).sort());
    expect(new Set(page.map((table) => table.layout.readAt))).toEqual(new Set([new Date(clock).toISOString()]));
    // Current totals are one read per table, nothing more.
    const current = await readLobby();
    expect(current.reads).toBe(2 + tableIds.length);
  });

  it(`answers a table's totals up to ${LAYOUT_TOTALS_MAX_AGE_SECONDS} seconds old as they are, then reads them again`, async () => {
    const [tableId] = tableIds;
    // The table's own page: one table, whose totals its request may always read afresh.
    const totalsOf = async () =>
      (
        await totalsApi.data(HOUSE, `query ($t: ID!) { table(id: $t) { layout { bets amount readAt byBetType { type bets amount } } } }`, {
          t: tableId,
        })
      ).table.layout;
    const before = await totalsOf();
    await bet('lb-totals', tableId!, 5_000);
    clock += (LAYOUT_TOTALS_MAX_AGE_SECONDS - 1) * 1000;
    expect(await totalsOf()).toEqual(before);
    clock += 1000;
    const after = await totalsOf();
    expect(after).toMatchObject({
      bets: before.bets + 1,
      amount: String(Number(before.amount) + 5_000),
      readAt: new Date(clock).toISOString(),
    });
  });
});
