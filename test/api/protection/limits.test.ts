/**
 * Deposit, stake, net-loss and session-time limits through the API, on the test's clock: a lower limit applies
 * at once, a higher one or a removal after 24 hours (pending until then); the lower of the player's
 * and their operator's applies; each period starts again when it ends; a bet or deposit that would
 * pass a limit is refused with its own code and moves nothing, and bets racing for a limit never
 * pass it by one unit (the conflict model on).
 */
import { describe, expect, it } from 'vitest';
import { dealer, refusalCode, refusalOf } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';

/** The test's clock: a Wednesday at noon (UTC) plus what the tests move it on by. */
const START = Date.parse('2026-12-09T12:00:00.000Z');
let ahead = 0;
const now = () => START + ahead;
const api = useTestApi({ clock: () => new Date(now()).toISOString() });
const OPERATOR = { id: 'limits-operator', roles: ['operator'] };
const DEALER = dealer('limits-dealer');

const SET = `mutation ($input: SetLimitInput!) { setLimit(input: $input) {
  protection { limits { kind period amount used byPlayer { amount pendingAmount pendingRemoval pendingAt } byOperator { amount } } }
  userErrors { code message field }
} }`;
const LIMITS = `query ($p: ID) { playerProtection(playerId: $p) { limits { kind period amount used byPlayer { amount pendingAmount pendingRemoval pendingAt } byOperator { amount } } } }`;
const BET = `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { bet { id } userErrors { code message } } }`;
const DEPOSIT = `mutation ($input: DepositInput!) { deposit(input: $input) { account { balance } userErrors { code message } } }`;

let references = 0;
const deposit = (playerId: string, amount: number) =>
  api.graphql(OPERATOR, DEPOSIT, { input: { playerId, amount, reference: `limits-${++references}` } });
const bet = (playerId: string, tableId: string, amount = 100, type = 'FIELD') =>
  api.graphql(playerId, BET, { input: { tableId, type, amount } });
const limitOf = (limits: any[], kind: string, period: string) => limits.find((limit) => limit.kind === kind && limit.period === period);
const limitsOf = async (playerId: string) => (await api.data(playerId, LIMITS)).playerProtection.limits as any[];

describe('a stake limit', () => {
  it('refuses the stake that would pass it, counts every table, starts again the next day, and rises only after 24 hours', async () => {
    const player = 'limits-stake';
    await api.fundAccount(player, 100_000);
    const [a, b] = [await api.openTable(), await api.openTable()];
    const set = await api.data(player, SET, { input: { kind: 'STAKE', period: 'DAY', amount: 500 } });
    expect(limitOf(set.setLimit.protection.limits, 'STAKE', 'DAY')).toMatchObject({ amount: 500, used: 0, byPlayer: { amount: 500 } });

    for (const tableId of [a, b, a]) expect(refusalCode(await bet(player, tableId))).toBeUndefined();
    expect(refusalCode(await bet(player, b, 200))).toBeUndefined();
    const balance = await api.balance(player);
    const refused = await bet(player, a);
    expect(refusalCode(refused)).toBe('STAKE_LIMIT_REACHED');
    expect(refusalOf(refused)!.message).toMatch(/daily stake limit of 5.00 MOP: 0.00 MOP is left/);
    expect(await api.balance(player)).toBe(balance);
    expect(limitOf(await limitsOf(player), 'STAKE', 'DAY').used).toBe(500);

    // A higher limit waits out 24 hours, shown as pending; a lower one applies at once.
    ahead += 1_000;
    const raised = await api.data(player, SET, { input: { kind: 'STAKE', period: 'DAY', amount: 1_000 } });
    expect(limitOf(raised.setLimit.protection.limits, 'STAKE', 'DAY')).toMatchObject({
      amount: 500,
      byPlayer: { amount: 500, pendingAmount: 1_000, pendingRemoval: false, pendingAt: new Date(now() + 86_400_000).toISOString() },
    });
    expect(refusalCode(await bet(player, a))).toBe('STAKE_LIMIT_REACHED');
    // Both changes are kept: the rise with when it takes effect.
    const changes = (
      await api.data(player, `{ playerProtection { changes { kind limit setter changedBy changedAt effectiveAt before after } } }`)
    ).playerProtection.changes;
    expect(
      changes.map((c: any) => [
        c.kind,
        c.limit,
        c.setter,
        c.changedBy,
        c.before,
        c.after,
        Date.parse(c.effectiveAt) - Date.parse(c.changedAt),
      ]),
    ).toEqual([
      ['LIMIT', 'STAKE_DAY', 'PLAYER', player, '500', '1000', 86_400_000],
      ['LIMIT', 'STAKE_DAY', 'PLAYER', player, null, '500', 0],
    ]);

    // The next day counts from nothing.
    ahead += 13 * 3_600_000;
    expect(refusalCode(await bet(player, a, 500))).toBeUndefined();
    expect(refusalCode(await bet(player, a))).toBe('STAKE_LIMIT_REACHED');
    // 24 hours after it was asked, the rise applies.
    ahead += 11 * 3_600_000 + 60_000;
    expect(refusalCode(await bet(player, a, 400))).toBeUndefined();
    expect(limitOf(await limitsOf(player), 'STAKE', 'DAY')).toMatchObject({
      amount: 1_000,
      used: 900,
      byPlayer: { amount: 1_000, pendingAmount: null },
    });
    await api.expectReconciled();
  });
});

describe('limits set by the player and by their operator', () => {
  it('apply the lower; the operator lowers theirs at once; removing a limit waits too', async () => {
    const player = 'limits-both';
    await api.fundAccount(player, 100_000);
    const table = await api.openTable();
    await api.data(player, SET, { input: { kind: 'STAKE', period: 'WEEK', amount: 1_000 } });
    const byOperator = await api.data(OPERATOR, SET, { input: { playerId: player, kind: 'STAKE', period: 'WEEK', amount: 300 } });
    expect(limitOf(byOperator.setLimit.protection.limits, 'STAKE', 'WEEK')).toMatchObject({
      amount: 300,
      byPlayer: { amount: 1_000 },
      byOperator: { amount: 300 },
    });
    expect(refusalCode(await bet(player, table, 300))).toBeUndefined();
    expect(refusalCode(await bet(player, table))).toBe('STAKE_LIMIT_REACHED');

    // The operator removes theirs: still in force for 24 hours.
    await api.data(OPERATOR, SET, { input: { playerId: player, kind: 'STAKE', period: 'WEEK', amount: null } });
    expect(refusalCode(await bet(player, table))).toBe('STAKE_LIMIT_REACHED');
    ahead += 86_400_000 + 60_000;
    expect(refusalCode(await bet(player, table, 700))).toBeUndefined();
    expect(refusalCode(await bet(player, table))).toBe('STAKE_LIMIT_REACHED');
    // Another player may not set anyone's limits.
    expect(
      refusalCode(await api.graphql('limits-stranger', SET, { input: { playerId: player, kind: 'STAKE', period: 'DAY', amount: 1 } })),
    ).toBe('FORBIDDEN');
  });
});

describe('a net-loss limit', () => {
  it('counts stakes less what comes back: a win gives room back, a loss takes it', async () => {
    const player = 'limits-loss';
    await api.fundAccount(player, 100_000);
    const table = await api.openTable();
    await api.data(player, SET, { input: { kind: 'LOSS', period: 'MONTH', amount: 300 } });
    // Field 100 and a shooter's line bet; a 3 pays the Field even money.
    await api.seatShooter(table, { playerId: 'limits-shooter' });
    expect(refusalCode(await bet(player, table, 300))).toBeUndefined();
    expect(refusalCode(await bet(player, table))).toBe('LOSS_LIMIT_REACHED');
    await api.closeAndRoll(table, [1, 2]);
    // Won 300 and had the stake back: 600 came back against 300 staked.
    expect(limitOf(await limitsOf(player), 'LOSS', 'MONTH').used).toBe(-300);
    expect(refusalCode(await bet(player, table, 600))).toBeUndefined();
    expect(refusalCode(await bet(player, table))).toBe('LOSS_LIMIT_REACHED');
  });
});

describe('a session-time limit', () => {
  it('counts play in steps of 5 minutes begun by a stake, refuses the stake that would begin one past it, and starts again the next day', async () => {
    const player = 'limits-time';
    await api.fundAccount(player, 100_000);
    const table = await api.openTable();
    await api.data(player, SET, { input: { kind: 'SESSION_TIME', period: 'DAY', amount: 10 } });
    expect(limitOf(await limitsOf(player), 'SESSION_TIME', 'DAY')).toMatchObject({ amount: 10, used: 0 });

    // The first stake counts the 5 minutes from it; stakes within them count nothing more.
    expect(refusalCode(await bet(player, table))).toBeUndefined();
    ahead += 4 * 60_000;
    expect(refusalCode(await bet(player, table))).toBeUndefined();
    expect(limitOf(await limitsOf(player), 'SESSION_TIME', 'DAY').used).toBe(5);
    // Past them, stakes racing to begin the next step count it once.
    ahead += 2 * 60_000;
    const racing = await Promise.all(Array.from({ length: 4 }, () => bet(player, table)));
    expect(racing.map(refusalCode)).toEqual([undefined, undefined, undefined, undefined]);
    expect(limitOf(await limitsOf(player), 'SESSION_TIME', 'DAY').used).toBe(10);

    // Ten minutes are counted: the stake that would begin a third step is refused and moves nothing.
    ahead += 5 * 60_000;
    const balance = await api.balance(player);
    const refused = await bet(player, table);
    expect(refusalCode(refused)).toBe('SESSION_TIME_LIMIT_REACHED');
    expect(refusalOf(refused)!.message).toMatch(/daily session-time limit of 10 min .*: 0 min left until the day ends/);
    expect(await api.balance(player)).toBe(balance);
    // The limit lowered applies at once; no other kind is touched by play time.
    expect(limitOf(await limitsOf(player), 'STAKE', 'DAY')).toMatchObject({ amount: null, used: 600 });

    // The next day (ahead is past noon, so 12 hours on is tomorrow) counts from nothing.
    ahead += 12 * 3_600_000;
    expect(refusalCode(await bet(player, table))).toBeUndefined();
    expect(limitOf(await limitsOf(player), 'SESSION_TIME', 'DAY').used).toBe(5);

    // Removed, it stays in force for 24 hours; then nothing is counted or refused.
    await api.data(player, SET, { input: { kind: 'SESSION_TIME', period: 'DAY', amount: null } });
    ahead += 6 * 60_000;
    expect(refusalCode(await bet(player, table))).toBeUndefined();
    expect(limitOf(await limitsOf(player), 'SESSION_TIME', 'DAY').used).toBe(10);
    ahead += 6 * 60_000;
    expect(refusalCode(await bet(player, table))).toBe('SESSION_TIME_LIMIT_REACHED');
    ahead += 86_400_000;
    for (let i = 0; i < 3; i++) {
      ahead += 6 * 60_000;
      expect(refusalCode(await bet(player, table))).toBeUndefined();
    }
    expect(limitOf(await limitsOf(player), 'SESSION_TIME', 'DAY')).toMatchObject({ amount: null, byPlayer: { amount: null } });
    await api.expectReconciled();
  });

  it('is in minutes, at least one step', async () => {
    for (const amount of [0, 4, 44_641]) {
      expect(
        refusalOf(await api.graphql('limits-time-form', SET, { input: { kind: 'SESSION_TIME', period: 'WEEK', amount } })),
      ).toMatchObject({ code: expect.stringMatching(/BAD_USER_INPUT/), message: expect.stringMatching(/minutes from 5 to 44640/) });
    }
  });
});

describe('a deposit limit', () => {
  it('refuses the deposit that would pass it, and moves nothing', async () => {
    const player = 'limits-deposit';
    await api.fundAccount(player, 0);
    await api.data(OPERATOR, SET, { input: { playerId: player, kind: 'DEPOSIT', period: 'DAY', amount: 1_000 } });
    expect(refusalCode(await deposit(player, 600))).toBeUndefined();
    const refused = await deposit(player, 500);
    expect(refusalCode(refused)).toBe('DEPOSIT_LIMIT_REACHED');
    expect(await api.balance(player)).toBe(600);
    expect(refusalCode(await deposit(player, 400))).toBeUndefined();
    await api.expectReconciled();
  });
});

describe('bets racing for a limit', () => {
  it('never pass it by one unit, however many race at once across tables', async () => {
    const player = 'limits-race';
    await api.fundAccount(player, 1_000_000);
    const tables = [await api.openTable(), await api.openTable(), await api.openTable(), await api.openTable()];
    await api.data(player, SET, { input: { kind: 'STAKE', period: 'DAY', amount: 1_000 } });
    const answers = await Promise.all(tables.flatMap((tableId) => Array.from({ length: 8 }, () => bet(player, tableId, 100))));
    const placed = answers.filter((answer) => refusalCode(answer) === undefined).length;
    expect(answers.map(refusalCode).every((code) => code === undefined || code === 'STAKE_LIMIT_REACHED' || code === 'CONFLICT')).toBe(
      true,
    );
    expect(placed).toBeLessThanOrEqual(10);
    expect(await api.balance(player)).toBe(1_000_000 - placed * 100);
    expect(limitOf(await limitsOf(player), 'STAKE', 'DAY').used).toBe(placed * 100);
    void DEALER;
  });
});

describe('limits out of form', () => {
  it('are refused, naming the field; a seamless player has none here', async () => {
    for (const amount of [0, -5, 1.5]) {
      expect(refusalOf(await api.graphql('limits-form', SET, { input: { kind: 'STAKE', period: 'DAY', amount } }))).toMatchObject({
        code: expect.stringMatching(/BAD_USER_INPUT/),
      });
    }
    expect(refusalCode(await api.graphql('limits-no-account', SET, { input: { kind: 'STAKE', period: 'DAY', amount: 100 } }))).toBe(
      'NOT_FOUND',
    );
  });
});

describe('each period', () => {
  /** Moves the test's clock on to `at` (it only goes forward). */
  const moveTo = (at: string) => {
    expect(Date.parse(at)).toBeGreaterThan(now());
    ahead = Date.parse(at) - START;
  };

  it('starts again at its own end: a week on Monday 00:00 UTC, a month on the 1st, whatever the day', async () => {
    const player = 'limits-periods';
    await api.fundAccount(player, 100_000);
    const table = await api.openTable();
    moveTo('2027-01-20T12:00:00.000Z'); // a Wednesday
    await api.data(player, SET, { input: { kind: 'STAKE', period: 'WEEK', amount: 200 } });
    expect(refusalCode(await bet(player, table, 200))).toBeUndefined();
    moveTo('2027-01-24T23:59:59.000Z'); // its Sunday: the same week
    expect(refusalCode(await bet(player, table))).toBe('STAKE_LIMIT_REACHED');
    moveTo('2027-01-25T00:00:00.000Z'); // Monday
    expect(refusalCode(await bet(player, table, 200))).toBeUndefined();
    expect(limitOf(await limitsOf(player), 'STAKE', 'WEEK').used).toBe(200);
    await api.data(player, SET, { input: { kind: 'STAKE', period: 'WEEK', amount: null } });

    moveTo('2027-04-28T12:00:00.000Z'); // a Wednesday, the weekly limit long gone
    await api.data(player, SET, { input: { kind: 'STAKE', period: 'MONTH', amount: 300 } });
    expect(refusalCode(await bet(player, table, 200))).toBeUndefined();
    moveTo('2027-04-30T23:59:59.000Z');
    expect(refusalCode(await bet(player, table, 200))).toBe('STAKE_LIMIT_REACHED');
    expect(refusalCode(await bet(player, table, 100))).toBeUndefined();
    // Saturday 1 May: a new month, in the middle of a week.
    moveTo('2027-05-01T00:00:00.000Z');
    expect(refusalCode(await bet(player, table, 300))).toBeUndefined();
    expect(refusalCode(await bet(player, table))).toBe('STAKE_LIMIT_REACHED');
    expect(limitOf(await limitsOf(player), 'STAKE', 'MONTH')).toMatchObject({ amount: 300, used: 300 });
    expect(limitOf(await limitsOf(player), 'STAKE', 'WEEK')).toMatchObject({ amount: null });
  });
});

describe('the daily report', () => {
  it("counts the day's protection refusals by reason, a partner's operator its own players' only", async () => {
    ahead += 30 * 86_400_000;
    const day = new Date(now()).toISOString().slice(0, 10);
    const house = 'limits-report';
    const partners = { id: 'p9/limits-report', who: { id: 'limits-report', roles: [], partner: 'p9' } };
    await api.fundAccount(house, 10_000);
    await api.fundAccount(partners.id, 10_000);
    const table = await api.openTable();
    await api.data(house, SET, { input: { kind: 'STAKE', period: 'DAY', amount: 100 } });
    await api.data(OPERATOR, SET, { input: { playerId: partners.id, kind: 'DEPOSIT', period: 'DAY', amount: 100 } });
    expect(refusalCode(await bet(house, table, 200))).toBe('STAKE_LIMIT_REACHED');
    expect(refusalCode(await bet(house, table, 300))).toBe('STAKE_LIMIT_REACHED');
    expect(refusalCode(await deposit(partners.id, 500))).toBe('DEPOSIT_LIMIT_REACHED');
    const REPORT = `query ($day: Date!) { dailyReport(currency: "MOP", day: $day) { protectionRefusals { reason count } } }`;
    expect((await api.data(OPERATOR, REPORT, { day })).dailyReport.protectionRefusals).toEqual([
      { reason: 'DEPOSIT_LIMIT_REACHED', count: 1 },
      { reason: 'STAKE_LIMIT_REACHED', count: 2 },
    ]);
    const p9 = { id: 'limits-p9-operator', roles: ['operator'], partner: 'p9' };
    expect((await api.data(p9, REPORT, { day })).dailyReport.protectionRefusals).toEqual([{ reason: 'DEPOSIT_LIMIT_REACHED', count: 1 }]);
  });
});
