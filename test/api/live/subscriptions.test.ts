/**
 * Subscriptions over WebSocket (graphql-ws), end to end: a real client on a real socket, the
 * socket handler, DynamoDB Local's stream, the stream consumer and the fan-out. A subscriber
 * hears every event of a table in order, their own bets and balance and nobody else's.
 */
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { dealer } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';
import { liveClient, type LiveClient, type Subscription } from '../../support/live-client';
import { MODALITY_A_FIXED_AMOUNTS } from '../../support/jackpot-prizes';
import { stepRoundLoop } from '../../../functions/services/rng/round-loop';
import { getLoopClaim } from '../../../functions/store/rng/loop-claims';
import { verifyRoll } from '../../../functions/fairness/verification';

const api = useTestApi({ live: true });
const clients: LiveClient[] = [];
const DEALER = dealer('live-dealer');

// Before the API closes (hooks after the tests run last registered first).
afterAll(() => Promise.all(clients.map((client) => client.close())));

const connect = async (who: Parameters<typeof liveClient>[1]) => {
  const client = await liveClient(api, who);
  clients.push(client);
  return client;
};

const TABLE_EVENTS = `subscription ($t: ID!) {
  tableEvents(tableId: $t) { kind sequence result { dice total winner natural } bettingClosesAt serverTime table { nextSequence bettingOpen status } }
}`;
const MY_EVENTS = `subscription { myEvents { kind bet { id type status winnings } account { id balance } serverTime } }`;

/**
 * A table's events from `count` on, without its opening: the opening may still reach a viewer who
 * subscribed right after it, since the stream runs a moment behind the writes.
 */
async function tableEventsAfterOpening(subscription: Subscription, count: number) {
  const afterOpening = () =>
    subscription.received[0]?.tableEvents.kind === 'BETTING_OPENED' && subscription.received[0].tableEvents.table.nextSequence === 1
      ? subscription.received.slice(1)
      : subscription.received;
  await expect.poll(() => afterOpening().length).toBeGreaterThanOrEqual(count);
  return afterOpening().slice(0, count);
}

/** "No more bets", then Player 5 5 against Banker K 9: the Banker's natural 9 wins, and the Player has a pair. */
async function closeAndDealBankerNatural(tableId: string): Promise<void> {
  const sequence = await api.closeBetting(tableId);
  await api.data(
    DEALER,
    `mutation ($t: ID!, $s: Int!) { submitDeal(input: { tableId: $t, cards: ["5S", "KH", "5D", "9C"], sequence: $s }) { settlementComplete userErrors { code message } } }`,
    {
      t: tableId,
      s: sequence,
    },
  );
}

const openTable = (game: 'CRAPS' | 'BACCARAT', extra: Record<string, unknown> = {}) =>
  api.openTable({ game, maximumBet: 10_000, ...extra });
const placeBet = async (player: string, tableId: string, type: string, amount: number) =>
  (await api.placeBet(player, { tableId, type, amount })).id as string;

describe('a table subscriber', () => {
  it('hears a whole craps hand in order, and a player hears their own bets and balance only', async () => {
    const tableId = await openTable('CRAPS');
    await api.fundAccount('live-bob', 10_000);
    const ann = await connect('live-ann');
    const table = await ann.subscribe(TABLE_EVENTS, { t: tableId });
    const mine = await ann.subscribe(MY_EVENTS);
    // Funded once she listens: her account's opening and the deposit are her first events. (A
    // change written just before a subscription may still reach it, the stream being read a
    // moment later: a subscriber hears everything from when it subscribed, perhaps a little more.)
    await api.fundAccount('live-ann', 10_000);
    expect((await mine.until(2)).map(({ myEvents: e }) => [e.kind, e.account?.balance])).toEqual([
      ['BALANCE_CHANGED', 0],
      ['BALANCE_CHANGED', 10_000],
    ]);

    const annBet = await placeBet('live-ann', tableId, 'PASS_LINE', 100);
    const bobBet = await placeBet('live-bob', tableId, 'PASS_LINE', 200);
    // Come-out 4, a 6 on the point, the 4 again: the point is made and the Pass Line wins.
    for (const dice of [
      [2, 2],
      [3, 3],
      [2, 2],
    ] as const)
      await api.closeAndRoll(tableId, dice);

    // A roll that pays nothing is settled in the write that records it; the last one pays, by its settlement job.
    const events = await tableEventsAfterOpening(table, 13);
    expect(events.map(({ tableEvents: e }) => [e.kind, e.sequence, e.result?.total ?? null])).toEqual([
      ['BETTING_CLOSED', null, null],
      ['OUTCOME_RECORDED', 1, 4],
      ['ROUND_SETTLED', 1, null],
      ['SHOOTER_CHANGED', null, null],
      ['BETTING_OPENED', null, null],
      ['BETTING_CLOSED', null, null],
      ['OUTCOME_RECORDED', 2, 6],
      ['ROUND_SETTLED', 2, null],
      ['BETTING_OPENED', null, null],
      ['BETTING_CLOSED', null, null],
      ['OUTCOME_RECORDED', 3, 4],
      ['BETTING_OPENED', null, null],
      ['ROUND_SETTLED', 3, null],
    ]);
    // Each event carries the table as it left it.
    expect(events[1]!.tableEvents.table).toEqual({ nextSequence: 2, bettingOpen: true, status: 'OPEN' });
    expect(events[5]!.tableEvents.table.bettingOpen).toBe(false);
    for (const { tableEvents: e } of events) expect(Date.parse(e.serverTime)).not.toBeNaN();

    // Placed, staked, won, paid: ann's bet and balance, never bob's.
    const own = (await mine.until(6)).slice(2);
    const bets = own.filter(({ myEvents: e }) => e.bet).map(({ myEvents: e }) => [e.kind, e.bet.id, e.bet.status, e.bet.winnings]);
    expect(bets).toEqual([
      ['BET_PLACED', annBet, 'OPEN', 0],
      ['BET_SETTLED', annBet, 'WON', 100],
    ]);
    const balances = own.filter(({ myEvents: e }) => e.account).map(({ myEvents: e }) => [e.account.id, e.account.balance]);
    expect(balances).toEqual([
      ['live-ann', 9_900],
      ['live-ann', 10_100],
    ]);
    // Nothing of bob's came, nor anything more: two deposits to ann after everything else are her next
    // events. The stream is read in order and each batch delivered in full before the next is read, so
    // once the second (written after the first arrived, hence in a later batch) is here, anything
    // sent to ann from before the first is here too.
    await api.fundAccount('live-ann', 20_000);
    await mine.until(7);
    await api.fundAccount('live-ann', 30_000);
    await mine.until(8);
    expect(JSON.stringify(mine.received)).not.toContain(bobBet);
    expect(mine.received.slice(6).map(({ myEvents: e }) => [e.kind, e.account?.balance])).toEqual([
      ['BALANCE_CHANGED', 20_000],
      ['BALANCE_CHANGED', 30_000],
    ]);
  });

  it('hears a baccarat round, a new shoe and the table closing; the lobby hears the table open and close', async () => {
    const lobbyWatcher = await connect('live-lobby');
    const lobby = await lobbyWatcher.subscribe(
      `subscription { lobbyEvents { kind table { id name bettingOpen status recentResults { winner } } } }`,
    );
    const tableId = await openTable('BACCARAT', { name: 'Live Baccarat 1' });
    const viewer = await connect('live-viewer');
    const table = await viewer.subscribe(TABLE_EVENTS, { t: tableId });

    await closeAndDealBankerNatural(tableId);
    await api.data(DEALER, `mutation ($t: ID!) { startNewShoe(input: { tableId: $t }) { table { id } userErrors { code message } } }`, {
      t: tableId,
    });
    await api.data(DEALER, `mutation ($t: ID!) { closeTable(input: { tableId: $t }) { table { status } userErrors { code message } } }`, {
      t: tableId,
    });

    const events = await tableEventsAfterOpening(table, 6);
    expect(events.map(({ tableEvents: e }) => [e.kind, e.sequence])).toEqual([
      ['BETTING_CLOSED', null],
      ['OUTCOME_RECORDED', 1],
      ['ROUND_SETTLED', 1],
      ['BETTING_OPENED', null],
      ['SHOE_CHANGED', null],
      ['TABLE_CLOSED', null],
    ]);
    expect(events[1]!.tableEvents.result).toEqual({ dice: null, total: null, winner: 'BANKER', natural: true });
    expect(events[5]!.tableEvents.table.status).toBe('CLOSED');

    const seen = (await lobby.until(1)) && lobby.received.filter(({ lobbyEvents: e }) => e.table.id === tableId);
    await expect
      .poll(() => lobby.received.filter(({ lobbyEvents: e }) => e.table.id === tableId).at(-1)?.lobbyEvents.kind)
      .toBe('TABLE_CLOSED');
    expect(seen[0]!.lobbyEvents).toMatchObject({ kind: 'TABLE_OPENED', table: { name: 'Live Baccarat 1', status: 'OPEN' } });
    expect(lobby.received.some(({ lobbyEvents: e }) => e.table.id === tableId && e.table.recentResults[0]?.winner === 'BANKER')).toBe(true);
  });

  it('of a table the server deals hears each commitment before its bets, each reveal with its roll, and the loop paused and resumed', async () => {
    // The longest window a table may have: however loaded the machine, the bet is placed within it.
    const tableId = await openTable('CRAPS', { dealing: 'RNG', bettingWindowSeconds: 600 });
    await api.fundAccount('live-rng', 10_000);
    const viewer = await connect('live-rng-viewer');
    const table = await viewer.subscribe(
      `subscription ($t: ID!) { tableEvents(tableId: $t) { kind sequence result { dice } table { dealingPaused fairness { commitment lastReveal { commitment seed salt } } } } }`,
      { t: tableId },
    );
    const opened = (await api.data('live-rng', `query ($t: ID!) { table(id: $t) { fairness { commitment } } }`, { t: tableId })).table
      .fairness;
    await placeBet('live-rng', tableId, 'FIELD', 100);
    // The round loop's step, at the deadline (the test's clock is the step's alone).
    const due = { ...api.deps, now: () => new Date(Date.now() + 601_000).toISOString() };
    await stepRoundLoop(due, { tableId, token: (await getLoopClaim(api.db, tableId))!.token });
    await api.data(dealer('live-rng-operator'), `mutation ($t: ID!) { pauseDealing(input: { tableId: $t }) { table { id } } }`, {
      t: tableId,
    });
    await api.data(dealer('live-rng-operator'), `mutation ($t: ID!) { resumeDealing(input: { tableId: $t }) { table { id } } }`, {
      t: tableId,
    });

    await expect.poll(() => table.received.map(({ tableEvents: e }) => e.kind)).toContain('DEALING_RESUMED');
    const events = table.received.map(({ tableEvents: e }) => e);
    const recorded = events.find((event) => event.kind === 'OUTCOME_RECORDED')!;
    // The roll's event reveals the seed committed to before the bet, and carries the next commitment.
    expect(recorded.table.fairness.lastReveal.commitment).toBe(opened.commitment);
    expect(verifyRoll(recorded.table.fairness.lastReveal, recorded.result.dice)).toEqual({ ok: true });
    expect(recorded.table.fairness.commitment).not.toBe(opened.commitment);
    // No seed is ever in an event before its roll: every event before the roll shows no reveal.
    for (const event of events.slice(0, events.indexOf(recorded))) expect(event.table.fairness.lastReveal).toBeNull();
    expect(events.filter((event) => event.kind.startsWith('DEALING_')).map((event) => [event.kind, event.table.dealingPaused])).toEqual([
      ['DEALING_PAUSED', true],
      ['DEALING_RESUMED', false],
    ]);
  });

  it('of a pool hears its amount grow', async () => {
    const poolId = (
      await api.data(
        DEALER,
        `mutation ($i: OpenJackpotPoolInput!) { openJackpotPool(input: $i) { jackpotPool { id } userErrors { code message } } }`,
        { i: { currency: 'MOP', seed: 100_000, modality: 'A', fixedAmounts: MODALITY_A_FIXED_AMOUNTS } },
      )
    ).openJackpotPool.jackpotPool.id as string;
    const watcher = await connect('live-pool-watcher');
    const pool = await watcher.subscribe(`subscription ($p: ID!) { jackpotPool(id: $p) { id amount } }`, { p: poolId });
    const tableId = await openTable('BACCARAT', { baccarat: { jackpot: { poolId, contributionBasisPoints: 5000 } } });
    await api.fundAccount('live-jackpot', 10_000);
    for (const [type, amount] of [
      ['BANKER', 1_000],
      ['JACKPOT', 1_000],
    ] as const)
      await api.placeBet('live-jackpot', { tableId, type, amount, seat: 1 });
    await closeAndDealBankerNatural(tableId);
    // Half of the 1,000 jackpot bet goes in, and the Player's pair of fives takes the 1,000 single-pair prize out, in one write
    // (the pool's opening, 100,000, may come first: the stream runs a moment behind the writes).
    await expect.poll(() => pool.received.at(-1)?.jackpotPool.amount).toBe(100_000 + 500 - 1_000);
    expect(pool.received.map(({ jackpotPool: p }) => p.id)).toEqual(pool.received.map(() => poolId));
    expect(pool.received.length).toBeLessThanOrEqual(2);
  });
});

describe('many viewers of one table', () => {
  it('each receive every event, whichever of the 16 shards their connection fell in', async () => {
    const tableId = await openTable('BACCARAT');
    const viewers = await Promise.all(Array.from({ length: 30 }, (_, i) => connect(`live-crowd-${i}`)));
    const subscriptions = await Promise.all(viewers.map((viewer) => viewer.subscribe(TABLE_EVENTS, { t: tableId })));
    await api.closeBetting(tableId);
    for (const subscription of subscriptions) {
      expect((await tableEventsAfterOpening(subscription, 1)).map(({ tableEvents: e }) => e.kind)).toEqual(['BETTING_CLOSED']);
    }
  });
});

describe('a subscription is refused, with a typed error and nothing kept,', () => {
  it('for a table not offered to the caller’s partner, an unknown table, or a field that reads storage', async () => {
    const offered = await openTable('CRAPS', { partners: ['acme'] });
    const stranger = await connect({ id: 'someone', roles: [], partner: 'globex' });
    const refusals = await Promise.all([
      stranger.subscribe(TABLE_EVENTS, { t: offered }).then((s) => s.refused()),
      stranger.subscribe(TABLE_EVENTS, { t: 'no-such-table' }).then((s) => s.refused()),
      stranger
        .subscribe(`subscription ($t: ID!) { tableEvents(tableId: $t) { table { openBets { id } } } }`, { t: offered })
        .then((s) => s.refused()),
      stranger.subscribe(`query { serverTime }`).then((s) => s.refused()),
      stranger.subscribe(TABLE_EVENTS, { t: 'x'.repeat(2048) }).then((s) => s.refused()),
    ]);
    // A table not offered to the caller's partner is, to them, none: the same answer as an unknown one.
    expect(refusals.map((errors) => errors[0]!.extensions?.code)).toEqual([
      'NOT_FOUND',
      'NOT_FOUND',
      'BAD_USER_INPUT',
      'BAD_REQUEST',
      'BAD_USER_INPUT',
    ]);
    for (const errors of refusals) expect(JSON.stringify(errors)).not.toContain('xxxxxxxx');
    // None of them is worth sending again as it is.
    expect(refusals.map((errors) => errors[0]!.extensions?.retryable)).toEqual([false, false, false, false, false]);
    expect(refusals[2]![0]!.message).toContain('Table.openBets');
  });

  it('past 20 subscriptions on one connection', async () => {
    const client = await connect('live-greedy');
    for (let i = 0; i < 20; i++) await client.subscribe(MY_EVENTS);
    const errors = await (await client.subscribe(MY_EVENTS)).refused();
    expect(errors[0]!.extensions).toEqual({ code: 'TOO_MANY_SUBSCRIPTIONS', retryable: false });
  });

  it('over HTTP, where a subscription is BAD_REQUEST', async () => {
    const res = await api.graphql('live-http', MY_EVENTS);
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    // The client's mistake, not a fault: 400, not 500.
    expect(res.status).toBe(400);
  });
});

describe('the protocol', () => {
  /** A raw socket speaking graphql-transport-ws: how it is closed, after the messages given. */
  const closeCodeAfter = (messages: readonly string[], protocol = 'graphql-transport-ws') =>
    new Promise<number>((resolve) => {
      const socket = new WebSocket(api.wsUrl, protocol);
      socket.on('open', () => messages.forEach((message) => socket.send(message)));
      socket.on('close', (code) => resolve(code));
      socket.on('error', () => resolve(-1));
    });

  it('closes a connection with the graphql-ws codes: bad message 4400, subscribe before init 4401, bad token 4403, second init 4429', async () => {
    const token = await api.token('live-raw');
    const init = JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } });
    expect(await closeCodeAfter(['not json'])).toBe(4400);
    expect(await closeCodeAfter([JSON.stringify({ id: '1', type: 'subscribe', payload: { query: MY_EVENTS } })])).toBe(4401);
    expect(await closeCodeAfter([JSON.stringify({ type: 'connection_init', payload: { authorization: 'Bearer a.b.c' } })])).toBe(4403);
    expect(await closeCodeAfter([init, init])).toBe(4429);
  });

  it('refuses a socket that does not speak graphql-transport-ws', async () => {
    expect(await closeCodeAfter([], 'graphql-ws')).not.toBe(1000);
  });
});
