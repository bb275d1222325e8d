/**
 * Player protection's restrictions, through the API: a time-out or self-exclusion takes effect at
 * once, at every table and whatever the partner, cannot be shortened or lifted, and ends when it
 * ends (on the test's clock); an operator of the player blocks and unblocks them, with a reason;
 * bets and deposits are refused meanwhile and move nothing, withdrawals still work; every change is
 * kept (who, when, before, after) and read by the player and their operators only. A seamless
 * player kept from play is refused before their wallet is asked for anything.
 */
import { describe, expect, it } from 'vitest';
import { refusalCode, refusalOf, type Who } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';
import { startSeamlessPartner } from '../../support/seamless-partner';

let ahead = 0;
const now = () => Date.now() + ahead;
const api = useTestApi({ clock: () => new Date(now()).toISOString() });
const HOUSE_OPERATOR = { id: 'protection-house-op', roles: ['operator'] };
const P1_OPERATOR = { id: 'protection-p1-op', roles: ['operator'], partner: 'p1' };
const P2_OPERATOR = { id: 'protection-p2-op', roles: ['operator'], partner: 'p2' };

const PROTECTION = `query ($p: ID) { playerProtection(playerId: $p) {
  playerId mayPlay timeOutEndsAt selfExclusionEndsAt permanentlyExcluded blocked { reason blockedBy blockedAt }
  changes { kind changedBy changedAt effectiveAt before after reason }
} }`;
const TIME_OUT = `mutation ($input: TakeTimeOutInput!) { takeTimeOut(input: $input) { protection { mayPlay timeOutEndsAt } userErrors { code message field } } }`;
const SELF_EXCLUDE = `mutation ($input: SelfExcludeInput!) { selfExclude(input: $input) { protection { mayPlay selfExclusionEndsAt permanentlyExcluded } userErrors { code message field } } }`;
const BLOCK = `mutation ($input: BlockPlayerInput!) { blockPlayer(input: $input) { protection { mayPlay blocked { reason blockedBy } } userErrors { code message } } }`;
const UNBLOCK = `mutation ($input: UnblockPlayerInput!) { unblockPlayer(input: $input) { protection { mayPlay blocked { reason } } userErrors { code message } } }`;
const BET = `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { bet { id } userErrors { code message } } }`;
const DEPOSIT = `mutation ($input: DepositInput!) { deposit(input: $input) { account { balance } userErrors { code message } } }`;
const WITHDRAW = `mutation ($input: WithdrawInput!) { withdraw(input: $input) { account { balance } userErrors { code message } } }`;

let references = 0;
const cash = (mutation: string, playerId: string, amount: number) =>
  api.graphql(HOUSE_OPERATOR, mutation, { input: { playerId, amount, reference: `protection-${++references}` } });
const bet = (who: Who, tableId: string) => api.graphql(who, BET, { input: { tableId, type: 'FIELD', amount: 100 } });
/** A partner's player: the token's subject, with its partner; their id is <partner>/<subject>. */
const partnerPlayer = (partner: string, subject: string) => ({ who: { id: subject, roles: [], partner }, id: `${partner}/${subject}` });

describe("a player's time-out", () => {
  it('refuses their bets at every table and their deposits at once, moves nothing, lets them withdraw, and ends when it ends', async () => {
    const player = 'protection-tim';
    await api.fundAccount(player, 10_000);
    const [craps, baccarat] = [await api.openTable(), await api.openTable({ game: 'BACCARAT' })];
    expect(refusalCode(await bet(player, craps))).toBeUndefined();

    const taken = await api.data(player, TIME_OUT, { input: { hours: 48 } });
    expect(taken.takeTimeOut.protection.mayPlay).toBe(false);
    const until = taken.takeTimeOut.protection.timeOutEndsAt;
    expect(Date.parse(until) - now()).toBeGreaterThan(47.9 * 3_600_000);

    const balance = await api.balance(player);
    for (const tableId of [craps, baccarat]) {
      const refused = await api.graphql(player, BET, { input: { tableId, type: tableId === craps ? 'FIELD' : 'BANKER', amount: 100 } });
      expect(refusalCode(refused)).toBe('PLAYER_TIMED_OUT');
      expect(refusalOf(refused)!.message).toContain(until);
    }
    expect(refusalCode(await cash(DEPOSIT, player, 1_000))).toBe('PLAYER_TIMED_OUT');
    expect(await api.balance(player)).toBe(balance);
    // Withdrawals still work.
    expect((await cash(WITHDRAW, player, 1_000)).data!.withdraw.account.balance).toBe(balance! - 1_000);

    // It cannot be shortened or lifted, by the player or an operator; a longer one replaces it.
    const shorter = await api.graphql(player, TIME_OUT, { input: { hours: 24 } });
    expect(refusalCode(shorter)).toBe('RESTRICTION_IN_FORCE');
    expect(
      refusalCode(await api.graphql(HOUSE_OPERATOR, UNBLOCK, { input: { playerId: player, reason: 'asked nicely' } })),
    ).toBeUndefined();
    expect(refusalCode(await bet(player, craps))).toBe('PLAYER_TIMED_OUT');
    const longer = await api.data(player, TIME_OUT, { input: { hours: 72 } });
    expect(Date.parse(longer.takeTimeOut.protection.timeOutEndsAt)).toBeGreaterThan(Date.parse(until));

    // Three days on, it has ended by itself.
    ahead += 72 * 3_600_000 + 60_000;
    expect(refusalCode(await bet(player, craps))).toBeUndefined();
    expect(refusalCode(await cash(DEPOSIT, player, 1_000))).toBeUndefined();
    expect((await api.data(player, PROTECTION)).playerProtection.mayPlay).toBe(true);
    await api.expectReconciled();
  });

  it('is out of range below 24 hours and past 6 weeks', async () => {
    for (const hours of [23, 1_009]) {
      const refused = await api.graphql('protection-range', TIME_OUT, { input: { hours } });
      expect(refusalOf(refused)).toMatchObject({ code: 'BAD_USER_INPUT', field: ['input', 'hours'] });
    }
  });
});

describe("a player's self-exclusion", () => {
  it('for good refuses play for ever, whoever asks to lift it; for months, ends by the calendar', async () => {
    const forGood = partnerPlayer('p1', 'protection-sam');
    await api.fundAccount(forGood.id, 10_000);
    const table = await api.openTable();
    const excluded = await api.data(forGood.who, SELF_EXCLUDE, { input: { permanent: true } });
    expect(excluded.selfExclude.protection).toEqual({ mayPlay: false, selfExclusionEndsAt: null, permanentlyExcluded: true });
    expect(refusalCode(await bet(forGood.who, table))).toBe('PLAYER_SELF_EXCLUDED');
    expect(refusalCode(await api.graphql(P1_OPERATOR, SELF_EXCLUDE, { input: { playerId: forGood.id, months: 6 } }))).toBe(
      'RESTRICTION_IN_FORCE',
    );
    ahead += 10 * 365 * 86_400_000;
    expect(refusalCode(await bet(forGood.who, table))).toBe('PLAYER_SELF_EXCLUDED');

    // Six months on by the calendar.
    const months = 'protection-may';
    await api.fundAccount(months, 10_000);
    const six = await api.data(months, SELF_EXCLUDE, { input: { months: 6 } });
    const until = new Date(six.selfExclude.protection.selfExclusionEndsAt);
    const from = new Date(now());
    expect((until.getUTCFullYear() - from.getUTCFullYear()) * 12 + until.getUTCMonth() - from.getUTCMonth()).toBe(6);
    expect(refusalCode(await bet(months, table))).toBe('PLAYER_SELF_EXCLUDED');
    for (const input of [{ months: 5 }, { months: 61 }, {}, { months: 6, permanent: true }]) {
      expect(refusalCode(await api.graphql(months, SELF_EXCLUDE, { input }))).toBe('BAD_USER_INPUT');
    }
  });
});

describe("an operator's block", () => {
  it("blocks and unblocks a partner's player with a reason; another partner's operator may not; every change is kept", async () => {
    const bea = partnerPlayer('p1', 'protection-bea');
    const player = bea.id;
    await api.fundAccount(player, 10_000);
    const table = await api.openTable();
    expect(refusalCode(await api.graphql(P2_OPERATOR, BLOCK, { input: { playerId: player, reason: 'GAMSTOP' } }))).toBe('FORBIDDEN');
    expect(refusalCode(await api.graphql(bea.who, BLOCK, { input: { playerId: player, reason: 'me' } }))).toBe('FORBIDDEN');

    const blocked = await api.data(P1_OPERATOR, BLOCK, { input: { playerId: player, reason: 'GAMSTOP register' } });
    expect(blocked.blockPlayer.protection).toEqual({
      mayPlay: false,
      blocked: { reason: 'GAMSTOP register', blockedBy: 'p1/protection-p1-op' },
    });
    expect(refusalCode(await bet(bea.who, table))).toBe('PLAYER_BLOCKED');
    expect(refusalCode(await cash(DEPOSIT, player, 500))).toBe('PLAYER_BLOCKED');

    await api.data(P1_OPERATOR, UNBLOCK, { input: { playerId: player, reason: 'register entry removed' } });
    expect(refusalCode(await bet(bea.who, table))).toBeUndefined();

    // The audit: the player and their operators read it; another partner's operator and another player do not.
    const own = (await api.data(bea.who, PROTECTION)).playerProtection;
    expect(own.changes.map((change: any) => [change.kind, change.changedBy, change.before, change.after, change.reason])).toEqual([
      ['UNBLOCK', 'p1/protection-p1-op', 'GAMSTOP register', null, 'register entry removed'],
      ['BLOCK', 'p1/protection-p1-op', null, 'GAMSTOP register', 'GAMSTOP register'],
    ]);
    expect((await api.data(P1_OPERATOR, PROTECTION, { p: player })).playerProtection.changes).toHaveLength(2);
    expect(refusalCode(await api.graphql(P2_OPERATOR, PROTECTION, { p: player }))).toBe('FORBIDDEN');
    expect(refusalCode(await api.graphql(partnerPlayer('p1', 'someone-else').who, PROTECTION, { p: player }))).toBe('FORBIDDEN');
  });

  it('reaches a player restricted before their account was opened: the account carries it from its first moment', async () => {
    const player = 'protection-new';
    await api.data(HOUSE_OPERATOR, BLOCK, { input: { playerId: player, reason: 'known problem gambler' } });
    await api.fundAccount(player, 0);
    await api.data(
      HOUSE_OPERATOR,
      `mutation { openAccount(input: { playerId: "${player}", currency: "MOP" }) { account { id } userErrors { code } } }`,
    );
    expect(refusalCode(await cash(DEPOSIT, player, 500))).toBe('PLAYER_BLOCKED');
  });
});

describe('a restriction racing bets', () => {
  it('lets no bet land once it is written: each bet is placed before it, or refused', async () => {
    const player = 'protection-race';
    await api.fundAccount(player, 1_000_000);
    const tables = [await api.openTable(), await api.openTable(), await api.openTable()];
    const bets = tables.flatMap((tableId) => Array.from({ length: 6 }, () => bet(player, tableId)));
    const [timeOut] = await Promise.all([api.graphql(player, TIME_OUT, { input: { hours: 24 } }), ...bets]);
    expect(refusalCode(timeOut)).toBeUndefined();
    const answers = await Promise.all(bets);
    // Each placed or refused for the time-out: the player's bets and the time-out take turns at their account, none told to retry.
    const codes = answers.map(refusalCode);
    expect(codes.filter((code) => code !== undefined && code !== 'PLAYER_TIMED_OUT')).toEqual([]);
    // Every bet placed was staked (its transaction committed) before the time-out's; none after, and none lost or charged twice.
    const placedIds = answers.filter((answer) => refusalCode(answer) === undefined).map((answer) => answer.data!.placeBet.bet.id);
    expect(await api.balance(player)).toBe(1_000_000 - placedIds.length * 100);
    expect(refusalCode(await bet(player, tables[0]!))).toBe('PLAYER_TIMED_OUT');
  });
});

describe("a seamless partner's player", () => {
  it('kept from play is refused before their wallet is asked for anything', async () => {
    const partner = await startSeamlessPartner(api, 'protection-seamless', { sol: { currency: 'MOP', balance: 1_000_000 } });
    try {
      const player = 'protection-seamless/sol';
      const who = partner.player('sol');
      const table = await api.openTable();
      const seamlessBet = () => api.graphql(who, BET, { input: { tableId: table, type: 'FIELD', amount: 100 } });
      expect(refusalCode(await seamlessBet())).toBeUndefined();
      const calls = partner.wallet.received.length;
      await api.data({ id: 'protection-seamless-op', roles: ['operator'], partner: 'protection-seamless' }, TIME_OUT, {
        input: { playerId: player, hours: 72 },
      });
      expect(refusalCode(await seamlessBet())).toBe('PLAYER_TIMED_OUT');
      expect(partner.wallet.received.length).toBe(calls);
      await partner.expectBooksAgree();
    } finally {
      await partner.wallet.close();
    }
  });
});
