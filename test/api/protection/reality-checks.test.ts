/**
 * Reality checks through the API and live, on the test's clock: once one falls due, the sweeper
 * tells the player over myEvents how long they have played, what they staked and their net result,
 * and no bet of theirs is taken until they acknowledge it; a bet meeting a check not yet told
 * tells it too. Turned off, nothing is held.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { refusalCode, refusalOf } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';
import { liveClient, type LiveClient } from '../../support/live-client';
import { sweepRealityChecks } from '../../../functions/services/protection/reality-checks';
import { listeningFor } from '../../../functions/services/live/live-access';
import { playerTopic } from '../../../functions/services/live/live-events';

let ahead = 0;
const now = () => Date.now() + ahead;
const api = useTestApi({ live: true, clock: () => new Date(now()).toISOString() });
const clients: LiveClient[] = [];
afterAll(() => Promise.all(clients.map((client) => client.close())));

const SET = `mutation ($input: SetRealityCheckInput!) { setRealityCheck(input: $input) {
  protection { realityCheck { everyMinutes sessionStartedAt dueAt staked returned net } } userErrors { code message field } } }`;
const ACK = `mutation ($dueAt: DateTime!) { acknowledgeRealityCheck(input: { dueAt: $dueAt }) {
  protection { realityCheck { dueAt staked } } userErrors { code message field } } }`;
const BET = `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { bet { id } userErrors { code message } } }`;
const bet = (playerId: string, tableId: string, amount = 100) => api.graphql(playerId, BET, { input: { tableId, type: 'FIELD', amount } });

describe('a reality check', () => {
  it('is told on time over myEvents with the session, holds bets until acknowledged, then runs again', async () => {
    const player = 'reality-rita';
    await api.fundAccount(player, 100_000);
    const table = await api.openTable();
    const client = await liveClient(api, player);
    clients.push(client);
    const events = await client.subscribe(
      `subscription { myEvents { kind realityCheck { everyMinutes sessionStartedAt dueAt staked returned net } } }`,
    );

    const set = (await api.data(player, SET, { input: { minutes: 30 } })).setRealityCheck.protection.realityCheck;
    expect(set).toMatchObject({ everyMinutes: 30, staked: 0, returned: 0, net: 0 });
    expect(Date.parse(set.dueAt) - Date.parse(set.sessionStartedAt)).toBe(30 * 60_000);
    expect(refusalCode(await bet(player, table, 300))).toBeUndefined();
    expect(refusalCode(await bet(player, table, 200))).toBeUndefined();

    // Not due yet: nothing told.
    expect(await sweepRealityChecks(api.deps)).toEqual({ told: 0 });
    ahead += 30 * 60_000 + 1_000;
    expect(await sweepRealityChecks(api.deps)).toEqual({ told: 1 });
    // Told once: the next sweep finds nothing new.
    expect(await sweepRealityChecks(api.deps)).toEqual({ told: 0 });
    await expect.poll(() => events.received.map(({ myEvents: e }) => e.kind)).toContain('REALITY_CHECK');
    const told = events.received.find(({ myEvents: e }) => e.kind === 'REALITY_CHECK')!.myEvents.realityCheck;
    expect(told).toMatchObject({ everyMinutes: 30, dueAt: set.dueAt, staked: 500, returned: 0, net: -500 });

    // Held until acknowledged; the refusal tells the session too.
    const held = await bet(player, table);
    expect(refusalCode(held)).toBe('REALITY_CHECK_DUE');
    expect(refusalOf(held)!.message).toMatch(/played for 0 h 30 min, staked 5.00 MOP and are down 5.00 MOP/);
    const balance = await api.balance(player);
    const acknowledged = (await api.data(player, ACK, { dueAt: set.dueAt })).acknowledgeRealityCheck.protection.realityCheck;
    expect(Date.parse(acknowledged.dueAt) - now()).toBeGreaterThan(29 * 60_000);
    expect(refusalCode(await bet(player, table))).toBeUndefined();
    expect(await api.balance(player)).toBe(balance! - 100);
    // Sent again, the acknowledgement is answered as done.
    expect(refusalCode(await api.graphql(player, ACK, { dueAt: set.dueAt }))).toBeUndefined();

    // The next check, met by a bet before the sweeper: the bet tells it.
    ahead += 30 * 60_000 + 1_000;
    expect(refusalCode(await bet(player, table))).toBe('REALITY_CHECK_DUE');
    await expect.poll(() => events.received.filter(({ myEvents: e }) => e.kind === 'REALITY_CHECK').length).toBe(2);

    // A check is meant to be seen: while one is due, the player can neither turn checks off nor change them.
    expect(refusalCode(await api.graphql(player, SET, { input: { minutes: null } }))).toBe('REALITY_CHECK_DUE');
    expect(refusalCode(await api.graphql(player, SET, { input: { minutes: 240 } }))).toBe('REALITY_CHECK_DUE');
    expect(refusalCode(await bet(player, table))).toBe('REALITY_CHECK_DUE');
    const due = (await api.data(player, `{ playerProtection { realityCheck { dueAt } } }`)).playerProtection.realityCheck.dueAt;
    await api.data(player, ACK, { dueAt: due });

    // Turned off, nothing holds bets.
    await api.data(player, SET, { input: { minutes: null } });
    expect(refusalCode(await bet(player, table))).toBeUndefined();
    await api.expectReconciled();
  });

  it("acknowledges only the check that is due: a made-up moment, an older check or another player's is refused and changes nothing", async () => {
    const [player, other] = ['reality-made-up', 'reality-other'];
    await api.fundAccount(player, 10_000);
    await api.fundAccount(other, 10_000);
    const table = await api.openTable();
    const first = (await api.data(player, SET, { input: { minutes: 10 } })).setRealityCheck.protection.realityCheck;
    const others = (await api.data(other, SET, { input: { minutes: 20 } })).setRealityCheck.protection.realityCheck;
    ahead += 10 * 60_000 + 1_000;
    expect(refusalCode(await bet(player, table))).toBe('REALITY_CHECK_DUE');
    await api.data(player, ACK, { dueAt: first.dueAt });
    ahead += 10 * 60_000 + 1_000;
    const second = (await api.data(player, `{ playerProtection { realityCheck { dueAt } } }`)).playerProtection.realityCheck.dueAt;
    expect(refusalCode(await bet(player, table))).toBe('REALITY_CHECK_DUE');

    const madeUp = new Date(Date.parse(first.dueAt) - 3_600_000).toISOString();
    const older = new Date(Date.parse(first.dueAt) - 1).toISOString();
    for (const dueAt of [madeUp, older, others.dueAt, new Date(now() + 3_600_000).toISOString()]) {
      expect(refusalOf(await api.graphql(player, ACK, { dueAt }))).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'dueAt'] });
      // Nothing acknowledged: the check still holds bets, still due at the same moment.
      expect(refusalCode(await bet(player, table))).toBe('REALITY_CHECK_DUE');
      expect((await api.data(player, `{ playerProtection { realityCheck { dueAt } } }`)).playerProtection.realityCheck.dueAt).toBe(second);
    }
    // The last acknowledged, sent again, is answered as done (a retry), and acknowledges nothing new either.
    expect(refusalCode(await api.graphql(player, ACK, { dueAt: first.dueAt }))).toBeUndefined();
    expect(refusalCode(await bet(player, table))).toBe('REALITY_CHECK_DUE');
    // An operator of the player may still end them (the check is the player's to see, not the operator's).
    expect(
      refusalCode(await api.graphql({ id: 'reality-op', roles: ['operator'] }, SET, { input: { playerId: player, minutes: null } })),
    ).toBeUndefined();
    expect(refusalCode(await bet(player, table))).toBeUndefined();
  });

  it('takes 10 to 240 minutes, and an acknowledgement of the check that is due, once it is', async () => {
    const player = 'reality-form';
    await api.fundAccount(player, 1_000);
    for (const minutes of [9, 241]) {
      expect(refusalOf(await api.graphql(player, SET, { input: { minutes } }))).toMatchObject({
        code: 'BAD_USER_INPUT',
        field: ['input', 'minutes'],
      });
    }
    const set = (await api.data(player, SET, { input: { minutes: 60 } })).setRealityCheck.protection.realityCheck;
    expect(refusalCode(await api.graphql(player, ACK, { dueAt: set.dueAt }))).toBe('BAD_USER_INPUT');
    expect(refusalCode(await api.graphql('reality-nobody', ACK, { dueAt: set.dueAt }))).toBe('NOT_FOUND');
  });
});

describe('a restriction begun', () => {
  it('tells the player over myEvents and ends their live connection', async () => {
    const player = 'reality-rex';
    await api.fundAccount(player, 1_000);
    const client = await liveClient(api, player);
    clients.push(client);
    const closed = new Promise<number>((resolve) => client.client.on('closed', (event) => resolve((event as { code: number }).code)));
    const events = await client.subscribe(`subscription { myEvents { kind } }`);
    await api.data(player, `mutation { takeTimeOut(input: { hours: 24 }) { userErrors { code } } }`);
    await expect.poll(() => events.received.map(({ myEvents: e }) => e.kind)).toContain('PLAY_RESTRICTED');
    expect(await closed).toBe(4403);

    // Connecting again to watch is refused too, every subscription, until the time-out ends.
    const again = await liveClient(api, player);
    clients.push(again);
    for (const query of [`subscription { myEvents { kind } }`, `subscription { lobbyEvents { kind } }`]) {
      const refused = await (await again.subscribe(query)).refused();
      expect(refused.map(({ extensions }) => extensions?.code)).toEqual(['PLAYER_TIMED_OUT']);
      expect(refused[0]!.message).toMatch(/time-out/i);
    }
    // Once it ends, the same check lets them watch again (asked directly: a token lasts 12 hours, a time-out at least 24).
    ahead += 24 * 3_600_000 + 60_000;
    const caller = { playerId: player, roles: new Set<never>() };
    await expect(listeningFor(api.deps, caller, 'myEvents', {})).resolves.toBe(playerTopic(player));
  });
});
