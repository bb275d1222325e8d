/**
 * A live table at online scale, with real DynamoDB's transaction conflicts modelled: many players
 * betting at once are each answered (never a CONFLICT), and closing betting while bets are in
 * flight loses or overcharges nobody. (A round of 2,000 bets: online-round.test.ts.)
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dealer, startTestApi, type GraphQLResponse, type TestApi } from '../support/test-api';
import { listOpenBets } from '../../functions/store/bets';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());
// Whatever the test did, the ledger accounts for every unit of every balance.
afterEach(() => api.expectReconciled());

const DEALER = dealer('online-dealer');
let tableId: string;
beforeEach(async () => {
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
    await api.fundNewAccounts(crowd, 1_000);
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
  }, 90_000);
});

describe('closing betting while a hundred bets are in flight', () => {
  it('puts every bet on the round or refuses it with BETTING_CLOSED: none lost, none charged without a bet', async () => {
    const crowd = players(100, 'late');
    await api.fundNewAccounts(crowd, 1_000);
    await api.seatShooter(tableId, { type: 'DONT_PASS' }); // a roll needs a shooter (art. 2.1); the 3 pays Don't Pass too

    const bets = crowd.map((player) => placeBet(player, 'FIELD', 100).then((res) => ({ player, res })));
    // "No more bets" lands among them.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const sequence = await api.closeBetting(tableId);
    const answers = await Promise.all(bets);
    const placed = answers.filter(({ res }) => !res.errors);
    for (const { res } of answers.filter(({ res }) => res.errors)) expect(refusalOf(res)).toBe('BETTING_CLOSED');

    // After the close, nothing more gets on the round.
    expect(refusalOf(await placeBet('late-0', 'BIG', 100))).toBe('BETTING_CLOSED');
    const layout = (await listOpenBets(api.db, tableId)).filter((bet) => bet.playerId !== 'test-shooter');
    expect(layout.map((bet) => bet.id).sort()).toEqual(placed.map(({ res }) => res.data!.placeBet.id).sort());

    // The roll (a 3: the Field wins) pays every bet on the round, and nobody else.
    const rolled = await api.graphql(
      DEALER,
      `mutation ($t: ID!, $s: Int!) { submitRoll(input: { tableId: $t, dice: [1, 2], sequence: $s }) { settlementComplete settlements { returned } } }`,
      { t: tableId, s: sequence },
    );
    expect(rolled.data!.submitRoll).toMatchObject({ settlementComplete: true });
    expect(rolled.data!.submitRoll.settlements).toHaveLength(placed.length + 1); // and the shooter's
    for (const { player, res } of answers) expect(await api.balance(player)).toBe(res.errors ? 1_000 : 1_100);
  });
});
