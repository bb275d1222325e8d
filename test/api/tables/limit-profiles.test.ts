/**
 * Limit profiles: a table offers other sets of limits by name, operators assign a name to a player
 * or to a whole partner, and each player's bets are judged by the set their name picks at that
 * table, shown to them as Table.myLimits.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { refusalCode, refusalOf, type Who } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';

const api = useTestApi();

const HOUSE = { id: 'lp-house', roles: ['operator'] };
const PARTNER_OPERATOR = { id: 'lp-ops', roles: ['operator'], partner: 'lp-p1' };
const CARL = { id: 'carl', roles: ['player'], partner: 'lp-p1' };
const DORA = { id: 'dora', roles: ['player'], partner: 'lp-p1' };

const LIMITS = 'profile minimumBet maximumBet betLimits { type minimum maximum } playerLimits { maxOpenBets maxStakePerRound }';
const OPEN = `mutation ($input: OpenTableInput!) { openTable(input: $input) { table { id limitProfiles { ${LIMITS} } } userErrors { code message field } } }`;
const open = (input: Record<string, unknown>) =>
  api.graphql(HOUSE, OPEN, { input: { minimumBet: 100, maximumBet: 10_000, betShards: 4, ...input } });
const ASSIGN = `mutation ($input: AssignLimitProfileInput!) { assignLimitProfile(input: $input) { assignment { playerId partner profile assignedBy } userErrors { code message field } } }`;
const assign = (who: Who, input: Record<string, unknown>) => api.graphql(who, ASSIGN, { input });
const myLimits = async (who: Who, tableId: string) =>
  (await api.data(who, `query ($t: ID!) { table(id: $t) { myLimits { ${LIMITS} } } }`, { t: tableId })).table.myLimits;
const bet = (who: Who, tableId: string, type: string, amount: number) =>
  api.graphql(
    who,
    `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { bet { id limitProfile } userErrors { code message field } } }`,
    {
      input: { tableId, type, amount },
    },
  );

const VIP = {
  name: 'vip',
  maximumBet: 50_000,
  betLimits: [{ type: 'FIELD', maximum: 20_000 }],
  playerLimits: { maxStakePerRound: 200_000 },
};
const LOW = { name: 'low', maximumBet: 1_000 };

describe('a table with limit profiles', () => {
  let tableId: string;
  beforeAll(async () => {
    const res = await open({ game: 'CRAPS', limitProfiles: [VIP, LOW] });
    expect(refusalOf(res), JSON.stringify(res)).toBeUndefined();
    tableId = res.data!.openTable.table.id;
    const [vip, low] = res.data!.openTable.table.limitProfiles;
    // Each profile is a whole set: types it does not list take its own stakes.
    expect(vip).toMatchObject({
      profile: 'vip',
      minimumBet: 100,
      maximumBet: 50_000,
      playerLimits: { maxOpenBets: 48, maxStakePerRound: 200_000 },
    });
    expect(vip.betLimits[0]).toEqual({ type: 'PASS_LINE', minimum: 100, maximum: 50_000 });
    expect(vip.betLimits).toContainEqual({ type: 'FIELD', minimum: 100, maximum: 20_000 });
    // Player limits it leaves out are worked out from its own maximum: ten maximum bets a round.
    expect(low).toMatchObject({ profile: 'low', maximumBet: 1_000, playerLimits: { maxOpenBets: 48, maxStakePerRound: 10_000 } });

    for (const player of ['lp-vip', 'lp-std', 'lp-p1/carl', 'lp-p1/dora']) await api.fundAccount(player, 1_000_000);
    expect(refusalCode(await assign(HOUSE, { playerId: 'lp-vip', profile: 'vip' }))).toBeUndefined();
    expect((await assign(HOUSE, { partner: 'lp-p1', profile: 'low' })).data!.assignLimitProfile).toEqual({
      assignment: { playerId: null, partner: 'lp-p1', profile: 'low', assignedBy: 'lp-house' },
      userErrors: [],
    });
    // A partner's operator may give one of its own players another profile: theirs comes first.
    expect(refusalCode(await assign(PARTNER_OPERATOR, { playerId: 'lp-p1/dora', profile: 'vip' }))).toBeUndefined();
  });

  it("shows each player the set they bet by: their own profile, else their partner's, else the table's", async () => {
    expect(await myLimits('lp-vip', tableId)).toMatchObject({ profile: 'vip', maximumBet: 50_000 });
    expect(await myLimits('lp-std', tableId)).toMatchObject({ profile: null, maximumBet: 10_000 });
    expect(await myLimits(CARL, tableId)).toMatchObject({ profile: 'low', maximumBet: 1_000 });
    expect(await myLimits(DORA, tableId)).toMatchObject({ profile: 'vip', maximumBet: 50_000 });
    // Staff see the table's own.
    expect(await myLimits(HOUSE, tableId)).toMatchObject({ profile: null, maximumBet: 10_000 });
  });

  it('judges every bet by that set, and records which', async () => {
    const vipField = await bet('lp-vip', tableId, 'FIELD', 15_000);
    expect(refusalOf(vipField), JSON.stringify(vipField)).toBeUndefined();
    expect(vipField.data!.placeBet.bet.limitProfile).toBe('vip');
    expect(refusalCode(await bet('lp-vip', tableId, 'FIELD', 20_100))).toBe('STAKE_ABOVE_MAXIMUM'); // vip's own Field limit
    expect(refusalCode(await bet('lp-std', tableId, 'FIELD', 15_000))).toBe('STAKE_ABOVE_MAXIMUM');
    const std = await bet('lp-std', tableId, 'FIELD', 10_000);
    expect(std.data!.placeBet.bet.limitProfile).toBeNull();
    expect(refusalCode(await bet(CARL, tableId, 'PASS_LINE', 2_000))).toBe('STAKE_ABOVE_MAXIMUM');
    expect(refusalCode(await bet(CARL, tableId, 'PASS_LINE', 1_000))).toBeUndefined();
    expect(await api.balance('lp-p1/carl')).toBe(1_000_000 - 1_000);
  });

  it('follows an assignment changed or removed', async () => {
    expect(refusalCode(await assign(HOUSE, { playerId: 'lp-std', profile: 'vip' }))).toBeUndefined();
    expect((await myLimits('lp-std', tableId)).profile).toBe('vip');
    expect((await assign(HOUSE, { playerId: 'lp-std', profile: null })).data!.assignLimitProfile.assignment.profile).toBeNull();
    expect((await myLimits('lp-std', tableId)).profile).toBeNull();
    expect(
      await api.data(HOUSE, `query { a: account(id: "lp-p1/carl") { limitProfile } b: account(id: "lp-std") { limitProfile } }`),
    ).toEqual({ a: { limitProfile: 'low' }, b: { limitProfile: null } });
  });

  it("leaves a player at a table that does not offer their profile on that table's own limits", async () => {
    const plain = (await open({ game: 'CRAPS' })).data!.openTable.table.id;
    expect(await myLimits('lp-vip', plain)).toMatchObject({ profile: null, maximumBet: 10_000 });
    expect(refusalCode(await bet('lp-vip', plain, 'FIELD', 15_000))).toBe('STAKE_ABOVE_MAXIMUM');
  });

  it('works the same at a baccarat table', async () => {
    const baccarat = (await open({ game: 'BACCARAT', limitProfiles: [{ name: 'vip', maximumBet: 100_000 }] })).data!.openTable.table.id;
    expect(refusalCode(await bet('lp-vip', baccarat, 'BANKER', 80_000))).toBeUndefined();
    expect(refusalCode(await bet('lp-std', baccarat, 'BANKER', 80_000))).toBe('STAKE_ABOVE_MAXIMUM');
  });
});

describe('assigning a profile', () => {
  it.each([
    ['a partner’s operator, to another partner’s player', PARTNER_OPERATOR, { playerId: 'lp-p2/eve', profile: 'vip' }, 'FORBIDDEN'],
    ['a partner’s operator, to a whole partner', PARTNER_OPERATOR, { partner: 'lp-p1', profile: 'vip' }, 'FORBIDDEN'],
    ['a player', 'lp-vip', { playerId: 'lp-vip', profile: 'vip' }, 'FORBIDDEN'],
    ['with both a player and a partner', HOUSE, { playerId: 'lp-vip', partner: 'lp-p1', profile: 'vip' }, 'BAD_USER_INPUT'],
    ['with neither', HOUSE, { profile: 'vip' }, 'BAD_USER_INPUT'],
    ['with a name out of the alphabet', HOUSE, { playerId: 'lp-vip', profile: 'v i p<script>' }, 'BAD_USER_INPUT'],
    ['with a partner id no token could carry', HOUSE, { partner: 'LP_P1', profile: 'vip' }, 'BAD_USER_INPUT'],
  ])('is refused to %s, changing nothing', async (_, who, input, code) => {
    const res = await assign(who, input);
    expect(refusalCode(res)).toBe(code);
    expect(res.data?.assignLimitProfile?.assignment ?? null).toBeNull();
    // Whichever way it is refused (errors, or userErrors), the answer does not echo what was sent.
    expect(JSON.stringify(res)).not.toContain('<script>');
    // The assignments stand as they were: vip's own, and partner lp-p1's 'low' for its players.
    expect(await api.data(HOUSE, `query { account(id: "lp-vip") { limitProfile } }`)).toEqual({ account: { limitProfile: 'vip' } });
    expect(await api.data(HOUSE, `query { account(id: "lp-p1/carl") { limitProfile } }`)).toEqual({ account: { limitProfile: 'low' } });
    await api.fundAccount('lp-p2/eve', 1_000);
    expect(await api.data(HOUSE, `query { account(id: "lp-p2/eve") { limitProfile } }`)).toEqual({ account: { limitProfile: null } });
  });
});

describe('a profile the rules refuse', () => {
  it.each([
    [{ limitProfiles: [{ name: 'vip', minimumBet: 5_000, maximumBet: 1_000 }] }, 'INVALID_TABLE_OPTIONS', /limitProfiles\[0\]/],
    [{ limitProfiles: [{ name: 'vip', betLimits: [{ type: 'BANKER', maximum: 500 }] }] }, 'INVALID_TABLE_OPTIONS', /limitProfiles\[0\]/],
    [{ limitProfiles: [{ name: 'vip', maximumBet: 9_000_000_000_000_000 }] }, 'BAD_USER_INPUT', /limitProfiles\[0\]/],
    [{ limitProfiles: [{ name: 'vip', playerLimits: { maxOpenBets: 500 } }] }, 'BAD_USER_INPUT', /limitProfiles\[0\]/],
    [{ limitProfiles: [{ name: 'vip' }, { name: 'vip' }] }, 'BAD_USER_INPUT', /twice/],
    [{ limitProfiles: Array.from({ length: 9 }, (_, i) => ({ name: `p${i}` })) }, 'BAD_USER_INPUT', /at most 8/],
  ])('%j is refused, opening nothing', async (input, code, message) => {
    const res = await open({ game: 'CRAPS', ...input });
    expect(refusalCode(res)).toBe(code);
    expect(refusalOf(res)!.message).toMatch(message);
    expect(res.data?.openTable?.table ?? null).toBeNull();
  });
});
