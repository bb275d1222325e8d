/**
 * "No more bets": once a dealer closes betting nobody can bet on (or take back a bet from) an
 * outcome already in the air, and an outcome is recorded exactly once, however often it is sent.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { dealer, refusalCode, refusalOf, type GraphQLResponse } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';
import { withReadsCounted } from '../../../functions/store/kernel/db';

const api = useTestApi();
let tableId: string;
const DEALER = dealer('gate-dealer');
let player: string;
let players = 0;

beforeEach(async () => {
  tableId = await api.openTable();
  player = `gate-player-${++players}`;
  await api.fundAccount(player, 10_000);
});

const placeBet = (type: string, amount: number) =>
  api.graphql(player, `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { bet { id } userErrors { code message } } }`, {
    input: { tableId, type, amount },
  });
/** A roll for `sequence`, by default the one the table expects next. */
const submitRoll = async (dice: number[], sequence?: number) =>
  api.graphql(
    DEALER,
    `mutation ($input: SubmitRollInput!) { submitRoll(input: $input) { roll { sequence dice } settlements { outcome returned } settlementComplete userErrors { code message } } }`,
    { input: { tableId, dice, sequence: sequence ?? (await tableNow()).nextSequence } },
  );
const tableNow = async () =>
  (
    await api.graphql(
      DEALER,
      `query ($id: ID!) { table(id: $id) { bettingOpen nextSequence ... on CrapsTable { rollCount rolls { edges { node { sequence } } } } } }`,
      { id: tableId },
    )
  ).data!.table;

function refused(res: GraphQLResponse, code: string) {
  expect(refusalCode(res), JSON.stringify(res)).toBe(code);
}
/** A mutation done: refused neither as a GraphQL error nor as userErrors. */
function done(res: GraphQLResponse) {
  expect(refusalOf(res), JSON.stringify(res)).toBeUndefined();
}

describe('closing betting', () => {
  it('refuses new bets and take-downs until the outcome is recorded, which reopens betting', async () => {
    await api.seatShooter(tableId);
    const field = (await placeBet('FIELD', 100)).data!.placeBet.bet;
    await api.closeBetting(tableId);
    expect((await tableNow()).bettingOpen).toBe(false);

    refused(await placeBet('ANY_CRAPS', 100), 'BETTING_CLOSED');
    refused(
      await api.graphql(player, `mutation ($id: ID!) { takeDownBet(input: { betId: $id }) { bet { id } userErrors { code message } } }`, {
        id: field.id,
      }),
      'BETTING_CLOSED',
    );
    expect(await api.balance(player)).toBe(9_900);

    done(await submitRoll([6, 6]));
    expect((await tableNow()).bettingOpen).toBe(true);
    done(await placeBet('ANY_CRAPS', 100));
  });

  it('is required before an outcome is recorded', async () => {
    refused(await submitRoll([3, 4]), 'BETTING_OPEN');
    expect((await tableNow()).rollCount).toBe(0);
  });

  it('is for dealers only', async () => {
    refused(
      await api.graphql(
        player,
        `mutation ($id: ID!) { closeBetting(input: { tableId: $id }) { table { id } userErrors { code message } } }`,
        {
          id: tableId,
        },
      ),
      'FORBIDDEN',
    );
    expect((await tableNow()).bettingOpen).toBe(true);
  });
});

describe('closing betting, its reads counted', () => {
  // A server of its own, which counts every read it sends to the store.
  let reads = 0;
  const counted = useTestApi({ wrapDb: (db) => withReadsCounted(db, () => void (reads += 1)) });

  it('answers with the table as its own write left it: the table read once, before the write, and not again', async () => {
    const baccarat = await counted.openTable({ game: 'BACCARAT' });
    const before = reads;
    const { closeBetting } = await counted.data(
      DEALER,
      `mutation ($id: ID!) { closeBetting(input: { tableId: $id }) { table { id bettingOpen } userErrors { code message } } }`,
      { id: baccarat },
    );
    expect(closeBetting).toEqual({ table: { id: baccarat, bettingOpen: false }, userErrors: [] });
    expect(reads - before).toBe(1);
  });
});

describe("a bet made on this server's copy of the table from before the last outcome", () => {
  it('is judged by the table as it is now: a Come bet is taken as soon as the point is on', async () => {
    // The server keeps a recent copy of the table for bets: this bet leaves one at the come-out.
    done(await placeBet('FIELD', 100));
    await api.seatShooter(tableId);
    await api.closeBetting(tableId);
    done(await submitRoll([2, 2])); // the point is 4
    const come = await placeBet('COME', 100);
    done(come);
    const bet = await api.graphql(player, `query ($id: ID!) { bet(id: $id) { type round } }`, { id: come.data!.placeBet.bet.id });
    expect(bet.data!.bet).toEqual({ type: 'COME', round: 2 });
  });

  it('is refused once the copy shows betting open but the gate has closed', async () => {
    done(await placeBet('FIELD', 100));
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
    expect([refusalOf(first), refusalOf(second)]).toEqual([undefined, undefined]);
    expect(second.data!.submitRoll.roll).toEqual(first.data!.submitRoll.roll);
    expect(await tableNow()).toMatchObject({ nextSequence: 2, rollCount: 1, rolls: { edges: [{ node: { sequence: 1 } }] } });
    expect(await api.balance(player)).toBe(9_000); // a point of 4 was set, nothing paid
    refused(await submitRoll([2, 2], 2), 'BETTING_OPEN');
  });

  it('a retry returns the roll already recorded instead of failing', async () => {
    await placeBet('PASS_LINE', 1_000);
    await api.closeBetting(tableId);
    const first = await submitRoll([3, 4], 1);
    const retry = await submitRoll([3, 4], 1);
    done(retry);
    expect(retry.data!.submitRoll).toEqual(first.data!.submitRoll);
    expect(retry.data!.submitRoll.settlements).toEqual([{ outcome: 'WIN', returned: 2_000 }]);
    expect(await api.balance(player)).toBe(11_000);
    expect((await tableNow()).rollCount).toBe(1);
  });

  it('with the wrong sequence, or other dice for a recorded one, is refused', async () => {
    await api.seatShooter(tableId);
    await api.closeBetting(tableId);
    refused(await submitRoll([3, 4], 2), 'OUTCOME_SEQUENCE_MISMATCH');
    done(await submitRoll([3, 4], 1));
    refused(await submitRoll([5, 6], 1), 'OUTCOME_SEQUENCE_MISMATCH');
    expect((await tableNow()).rollCount).toBe(1);
  });
});
