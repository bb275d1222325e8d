/**
 * A live table at online scale, with real DynamoDB's transaction conflicts modelled: many players
 * betting at once are each answered (never a CONFLICT), closing betting while bets are in flight
 * loses or overcharges nobody, and a 10,000-bet round is paid exactly, also when its runner dies
 * halfway and another takes the job over.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dealer, startTestApi, type GraphQLResponse, type TestApi } from '../support/test-api';
import { crash, withFaults } from '../support/faults';
import { seedBets, type SeedBet } from '../../local/bulk-setup';
import { listOpenBets } from '../../functions/store/bets';
import { sweepSettlements } from '../../functions/services/sweep-settlements';

let api: TestApi;
/** The next TransactWriteItems of the handler, by count, at which its process dies (after it is sent). */
let crashAfter: number | null = null;
beforeAll(async () => {
  api = await startTestApi({
    wrapDb: (db) =>
      withFaults(db, {
        after: (name) => {
          if (name !== 'TransactWriteCommand' || crashAfter === null) return undefined;
          return --crashAfter === 0 ? ((crashAfter = null), crash()) : undefined;
        },
      }),
  });
});
afterAll(() => api?.close());
// Whatever the test did, the ledger accounts for every unit of every balance.
afterEach(() => api.expectReconciled());

const DEALER = dealer('online-dealer');
let tableId: string;
beforeEach(async () => {
  crashAfter = null;
  const opened = await api.graphql(DEALER, `mutation { openTable(input: { game: CRAPS, minimumBet: 100, maximumBet: 100000 }) { id } }`);
  tableId = opened.data!.openTable.id;
});

const placeBet = (player: string, type: string, amount: number) =>
  api.graphql(player, `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { id } }`, { input: { tableId, type, amount } });
const refusalOf = (res: GraphQLResponse) => res.errors?.[0]?.extensions?.code;
const players = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}-${i}`);

/** `work` for every item, a hundred at a time. */
async function inChunks<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += 100) results.push(...(await Promise.all(items.slice(i, i + 100).map(work))));
  return results;
}

describe('a hundred players betting at one table at the same moment', () => {
  it('are each answered: their 200 bets accepted or refused by a rule, never CONFLICT, and every balance exact', async () => {
    const crowd = players(100, 'crowd');
    for (const player of crowd) await api.fundAccount(player, 1_000);
    const refusedBefore = api.conflictModel.stats.refusedTransactions;

    // Two bets each at once; 'crowd-0'...'crowd-9' bet more than they hold on the second.
    const answers = await Promise.all(
      crowd.flatMap((player, i) => [
        placeBet(player, 'FIELD', 500).then((res) => ({ player, amount: 500, res })),
        placeBet(player, 'BIG', i < 10 ? 900 : 400).then((res) => ({ player, amount: i < 10 ? 900 : 400, res })),
      ]),
    );

    const codes = answers.map(({ res }) => refusalOf(res) ?? 'PLACED');
    expect(codes).not.toContain('CONFLICT');
    expect(new Set(codes)).toEqual(new Set(['PLACED', 'INSUFFICIENT_FUNDS']));
    expect(codes.filter((code) => code === 'PLACED').length).toBeGreaterThanOrEqual(190);
    for (const player of crowd) {
      const staked = answers.filter((a) => a.player === player && !a.res.errors).reduce((sum, a) => sum + a.amount, 0);
      expect(await api.balance(player), player).toBe(1_000 - staked);
    }
    expect((await listOpenBets(api.db, tableId)).length).toBe(codes.filter((code) => code === 'PLACED').length);
    // They did meet real DynamoDB's refusals (the same player's two bets share an account), and were retried inside.
    expect(api.conflictModel.stats.refusedTransactions).toBeGreaterThan(refusedBefore);
  });
});

describe('closing betting while a hundred bets are in flight', () => {
  it('puts every bet on the round or refuses it with BETTING_CLOSED: none lost, none charged without a bet', async () => {
    const crowd = players(100, 'late');
    for (const player of crowd) await api.fundAccount(player, 1_000);

    const bets = crowd.map((player) => placeBet(player, 'FIELD', 100).then((res) => ({ player, res })));
    // "No more bets" lands among them.
    await new Promise((resolve) => setTimeout(resolve, 20));
    await api.closeBetting(tableId);
    const answers = await Promise.all(bets);
    const placed = answers.filter(({ res }) => !res.errors);
    for (const { res } of answers.filter(({ res }) => res.errors)) expect(refusalOf(res)).toBe('BETTING_CLOSED');

    // After the close, nothing more gets on the round.
    expect(refusalOf(await placeBet('late-0', 'BIG', 100))).toBe('BETTING_CLOSED');
    const layout = await listOpenBets(api.db, tableId);
    expect(layout.map((bet) => bet.id).sort()).toEqual(placed.map(({ res }) => res.data!.placeBet.id).sort());

    // The roll (a 3: the Field wins) pays every bet on the round, and nobody else.
    const rolled = await api.graphql(
      DEALER,
      `mutation ($t: ID!) { submitRoll(input: { tableId: $t, dice: [1, 2] }) { settlementComplete settlements { returned } } }`,
      {
        t: tableId,
      },
    );
    expect(rolled.data!.submitRoll).toMatchObject({ settlementComplete: true });
    expect(rolled.data!.submitRoll.settlements).toHaveLength(placed.length);
    for (const { player, res } of answers) expect(await api.balance(player)).toBe(res.errors ? 1_000 : 1_100);
  });
});

describe('a round of 10,000 bets from 5,000 players', () => {
  /**
   * Player i bets FIELD 100 x (1 + i mod 3), and ANY_CRAPS 100 (even i) or BIG 100 (odd i). On a 3
   * the Field pays 1:1, Any Craps 7:1, and Big loses: what each player gets back, by hand.
   */
  const crowd = players(5_000, 'mass');
  const field = (i: number) => 100 * (1 + (i % 3));
  const layout: SeedBet[] = crowd.flatMap((playerId, i) => [
    { playerId, type: 'FIELD', amount: field(i) },
    { playerId, type: i % 2 === 0 ? 'ANY_CRAPS' : 'BIG', amount: 100 },
  ]);
  const START = 10_000;
  const expectedBalance = (i: number) => START - field(i) - 100 + 2 * field(i) + (i % 2 === 0 ? 800 : 0);

  it('is paid exactly, also when its runner dies halfway and the next one takes the job over', async () => {
    await api.fundNewAccounts(crowd, START);
    await seedBets(api.deps, tableId, layout);
    expect((await listOpenBets(api.db, tableId)).length).toBe(10_000);
    await api.closeBetting(tableId);

    // Recorded (1st transaction), then the runner dies after paying some 60 transactions of the 150 or so.
    crashAfter = 61;
    const rolled = await api.graphql(
      DEALER,
      `mutation ($t: ID!) { submitRoll(input: { tableId: $t, dice: [1, 2] }) { roll { sequence } settlementComplete } }`,
      {
        t: tableId,
      },
    );
    // The outcome is recorded, and the answer says it is not all paid.
    expect(rolled.errors).toBeUndefined();
    expect(rolled.data!.submitRoll.settlementComplete).toBe(false);
    const halfway = await api.balances(crowd);
    const paid = halfway.filter((balance, i) => balance === expectedBalance(i)).length;
    const unpaid = halfway.filter((balance, i) => balance === START - field(i) - 100).length;
    // Each player paid in full or not at all, some of each.
    expect(paid + unpaid).toBe(5_000);
    expect(paid).toBeGreaterThan(0);
    expect(unpaid).toBeGreaterThan(0);

    // The dead runner's lease expires; the sweeper takes the job over and finishes it.
    const report = await sweepSettlements({ ...api.deps, now: () => new Date(Date.now() + 120_000).toISOString() }, 60);
    expect(report).toMatchObject({ completed: [tableId], failed: [] });
    expect(await api.balances(crowd)).toEqual(crowd.map((_, i) => expectedBalance(i)));
    expect(await listOpenBets(api.db, tableId)).toEqual([]);
  }, 240_000);
});
