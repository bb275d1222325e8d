/**
 * "No more bets": once a dealer closes betting nobody can bet on (or take back a bet from) an
 * outcome already in the air, and an outcome is recorded exactly once, however often it is sent.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dealer, startTestApi, type GraphQLResponse, type TestApi } from '../support/test-api';

let api: TestApi;
let tableId: string;
const DEALER = dealer('gate-dealer');
let player: string;
let players = 0;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());
beforeEach(async () => {
  tableId = (await api.graphql(DEALER, `mutation { openTable(input: { game: CRAPS, minimumBet: 100, maximumBet: 100000 }) { id } }`)).data!
    .openTable.id;
  player = `gate-player-${++players}`;
  await api.fundAccount(player, 10_000);
});

const placeBet = (type: string, amount: number) =>
  api.graphql(player, `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { id } }`, { input: { tableId, type, amount } });
/** A roll for `sequence`, by default the one the table expects next. */
const submitRoll = async (dice: number[], sequence?: number) =>
  api.graphql(
    DEALER,
    `mutation ($input: SubmitRollInput!) { submitRoll(input: $input) { roll { sequence dice } settlements { outcome returned } settlementComplete } }`,
    { input: { tableId, dice, sequence: sequence ?? (await tableNow()).nextSequence } },
  );
const tableNow = async () =>
  (
    await api.graphql(
      DEALER,
      `query ($id: ID!) { table(id: $id) { bettingOpen nextSequence craps { rollCount } rolls { edges { node { sequence } } } } }`,
      { id: tableId },
    )
  ).data!.table;

function refused(res: GraphQLResponse, code: string) {
  expect(res.errors?.[0]?.extensions?.code, JSON.stringify(res)).toBe(code);
}

describe('closing betting', () => {
  it('refuses new bets and take-downs until the outcome is recorded, which reopens betting', async () => {
    await api.seatShooter(tableId);
    const field = (await placeBet('FIELD', 100)).data!.placeBet;
    await api.closeBetting(tableId);
    expect((await tableNow()).bettingOpen).toBe(false);

    refused(await placeBet('ANY_CRAPS', 100), 'BETTING_CLOSED');
    refused(await api.graphql(player, `mutation ($id: ID!) { takeDownBet(id: $id) { id } }`, { id: field.id }), 'BETTING_CLOSED');
    expect(await api.balance(player)).toBe(9_900);

    expect((await submitRoll([6, 6])).errors).toBeUndefined();
    expect((await tableNow()).bettingOpen).toBe(true);
    expect((await placeBet('ANY_CRAPS', 100)).errors).toBeUndefined();
  });

  it('is required before an outcome is recorded', async () => {
    refused(await submitRoll([3, 4]), 'BETTING_OPEN');
    expect((await tableNow()).craps.rollCount).toBe(0);
  });

  it('is for dealers only', async () => {
    refused(await api.graphql(player, `mutation ($id: ID!) { closeBetting(tableId: $id) { id } }`, { id: tableId }), 'FORBIDDEN');
    expect((await tableNow()).bettingOpen).toBe(true);
  });
});

describe("a bet made on this server's copy of the table from before the last outcome", () => {
  it('is judged by the table as it is now: a Come bet is taken as soon as the point is on', async () => {
    // The server keeps a recent copy of the table for bets: this bet leaves one at the come-out.
    expect((await placeBet('FIELD', 100)).errors).toBeUndefined();
    await api.seatShooter(tableId);
    await api.closeBetting(tableId);
    expect((await submitRoll([2, 2])).errors).toBeUndefined(); // the point is 4
    const come = await placeBet('COME', 100);
    expect(come.errors, JSON.stringify(come.errors)).toBeUndefined();
    const bet = await api.graphql(player, `query ($id: ID!) { bet(id: $id) { type round } }`, { id: come.data!.placeBet.id });
    expect(bet.data!.bet).toEqual({ type: 'COME', round: 2 });
  });

  it('is refused once the copy shows betting open but the gate has closed', async () => {
    expect((await placeBet('FIELD', 100)).errors).toBeUndefined();
    await api.seatShooter(tableId);
    await api.closeBetting(tableId);
    refused(await placeBet('BIG', 100), 'BETTING_CLOSED');
    expect(await api.balance(player)).toBe(9_900);
  });
});

describe('an outcome sent twice', () => {
  it('at once, is recorded once, and both answers are that roll; a second roll needs betting closed again', async () => {
    await placeBet('PASS_LINE', 1_000);
    await api.closeBetting(tableId);
    const [first, second] = await Promise.all([submitRoll([2, 2], 1), submitRoll([2, 2], 1)]);
    expect([first.errors, second.errors]).toEqual([undefined, undefined]);
    expect(second.data!.submitRoll.roll).toEqual(first.data!.submitRoll.roll);
    expect(await tableNow()).toMatchObject({ nextSequence: 2, craps: { rollCount: 1 }, rolls: { edges: [{ node: { sequence: 1 } }] } });
    expect(await api.balance(player)).toBe(9_000); // a point of 4 was set, nothing paid
    refused(await submitRoll([2, 2], 2), 'BETTING_OPEN');
  });

  it('a retry returns the roll already recorded instead of failing', async () => {
    await placeBet('PASS_LINE', 1_000);
    await api.closeBetting(tableId);
    const first = await submitRoll([3, 4], 1);
    const retry = await submitRoll([3, 4], 1);
    expect(retry.errors).toBeUndefined();
    expect(retry.data!.submitRoll).toEqual(first.data!.submitRoll);
    expect(retry.data!.submitRoll.settlements).toEqual([{ outcome: 'WIN', returned: 2_000 }]);
    expect(await api.balance(player)).toBe(11_000);
    expect((await tableNow()).craps.rollCount).toBe(1);
  });

  it('with the wrong sequence, or other dice for a recorded one, is refused', async () => {
    await api.seatShooter(tableId);
    await api.closeBetting(tableId);
    refused(await submitRoll([3, 4], 2), 'OUTCOME_SEQUENCE_MISMATCH');
    expect((await submitRoll([3, 4], 1)).errors).toBeUndefined();
    refused(await submitRoll([5, 6], 1), 'OUTCOME_SEQUENCE_MISMATCH');
    expect((await tableNow()).craps.rollCount).toBe(1);
  });
});
