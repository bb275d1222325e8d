/**
 * Money is never lost, created or paid twice, even when the process dies between two writes or
 * a transaction loses a race. Real HTTP and DynamoDB Local; only the faults are injected. A
 * recorded outcome is paid by its settlement job: a runner that dies holds its lease until it
 * expires, and the job's next runner (here the sweeper, its clock moved on) finishes it.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { dealer, refusalCode, refusalOf, type GraphQLResponse } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';
import { cancelledByConflict, crash, transactionConflict, withFaults } from '../../support/faults';
import { startSeamlessPartner } from '../../support/seamless-partner';
import { payoutTransactionId } from '../../../functions/services/wallet/wallet-calls';
import { getWalletCall } from '../../../functions/store/wallet/wallet-calls';
import { sweepWalletCalls } from '../../../functions/services/wallet/deliver-wallet-call';
import { MODALITY_A_FIXED_AMOUNTS } from '../../support/jackpot-prizes';
import { sweepSettlements } from '../../../functions/services/rounds/sweep-settlements';
import { MAX_POOL_ATTEMPTS } from '../../../functions/services/rounds/jackpot-settlement';
import { listSettlingTables } from '../../../functions/store/rounds/settling-marker';
import { runSettlement } from '../../../functions/services/rounds/settlement-job';
import { budgeted, ReadBudget } from '../../../functions/services/kernel/read-budget';

interface Fault {
  command: string;
  /** Let this many matching commands through first. */
  skip: number;
  when: 'before' | 'after';
  make: () => Error;
  /** How many times to fire (default once). */
  times?: number;
}

let armed: (Fault & { remaining: number }) | null = null;
function arm(fault: Fault) {
  armed = { ...fault, remaining: fault.times ?? 1 };
}
function fault(when: 'before' | 'after', command: string): Error | undefined {
  if (!armed || armed.when !== when || armed.command !== command) return undefined;
  if (armed.skip > 0) {
    armed.skip--;
    return undefined;
  }
  const error = armed.make();
  if (--armed.remaining === 0) armed = null;
  return error;
}

const api = useTestApi({
  wrapDb: (db) =>
    withFaults(db, {
      before: (name) => fault('before', name),
      after: (name) => fault('after', name),
    }),
});
// Whatever the file did, the ledger accounts for every unit of every balance: checked once, at
// the end, since reconciling reads the whole book (after each test, the file's time grows with its square).
afterAll(() => api.expectReconciled());
beforeEach(() => {
  armed = null;
});

const DEALER = dealer('recovery-dealer');
let tableId: string;

// The faults below are armed by the count of the handler's transactions, which the shard count does
// not change (closing betting and counting bets out are single-item writes).
beforeEach(async () => {
  const res = await api.data(
    DEALER,
    `mutation { openTable(input: { game: CRAPS, betShards: 4, minimumBet: 100, maximumBet: 100000 }) { table { id } userErrors { code message } } }`,
  );
  tableId = res.openTable.table.id;
});

const passLine = (player: string, amount: number, idempotencyKey?: string) =>
  api.graphql(
    player,
    `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { bet { id amount status } userErrors { code message } } }`,
    {
      input: { tableId, type: 'PASS_LINE', amount, ...(idempotencyKey ? { idempotencyKey } : {}) },
    },
  );
const roll = async (dice: number[]) => {
  const sequence = await api.closeBetting(tableId);
  return api.graphql(
    DEALER,
    `mutation ($tableId: ID!, $dice: [Int!], $sequence: Int!) { submitRoll(input: { tableId: $tableId, dice: $dice, sequence: $sequence }) { roll { sequence } settlements { outcome returned } settlementComplete userErrors { code message } } }`,
    { tableId, dice, sequence },
  );
};
const tableState = async () =>
  (
    await api.graphql(
      DEALER,
      `query ($id: ID!) { table(id: $id) { openBets { id } ... on CrapsTable { rollCount rolls { edges { node { sequence } } } } } }`,
      {
        id: tableId,
      },
    )
  ).data!.table;

/**
 * The dealer's answer once the runner died after the outcome was recorded: the outcome is
 * recorded (the dealer must not send it again), and not yet paid. (A process that really died
 * answers nothing; the one simulated here answers what its request had done.)
 */
function recordedNotPaid(res: GraphQLResponse, field: 'submitRoll' | 'submitDeal') {
  expect(refusalOf(res), JSON.stringify(res)).toBeUndefined();
  expect(res.data![field].settlementComplete).toBe(false);
}

/** The sweeper, run after the crashed runner's lease (and the sweeper's grace) has expired. */
const sweepLater = () => sweepSettlements({ ...api.deps, now: () => new Date(Date.now() + 120_000).toISOString() }, 60);

describe('a crash while a roll is being settled', () => {
  it('after the roll is recorded and before anyone is paid: bets for the next roll are taken, and the job pays each winner once', async () => {
    await api.fundAccount('rec-a', 5_000);
    await api.fundAccount('rec-b', 5_000);
    await passLine('rec-a', 1_000);
    await passLine('rec-b', 2_000);

    // The 1st TransactWrite records the roll; the process dies before the 2nd (the payments).
    arm({ command: 'TransactWriteCommand', skip: 1, when: 'before', make: crash });
    recordedNotPaid(await roll([3, 4]), 'submitRoll');
    expect(await api.balance('rec-a')).toBe(4_000);
    expect(await api.balance('rec-b')).toBe(3_000);
    expect((await tableState()).rolls.edges).toEqual([{ node: { sequence: 1 } }]);

    // A player's request is answered at once, and does not run the job: their winnings are still to come.
    const next = await passLine('rec-a', 1_000);
    expect(refusalOf(next)).toBeUndefined();
    expect(await api.balance('rec-a')).toBe(3_000);
    expect((await tableState()).openBets).toEqual([{ id: next.data!.placeBet.bet.id }]);

    // Once the dead runner's lease has expired, the job's next runner pays each winner once.
    expect((await sweepLater()).completed).toContain(tableId);
    expect(await api.balance('rec-a')).toBe(3_000 + 2_000);
    expect(await api.balance('rec-b')).toBe(3_000 + 4_000);
    expect((await tableState()).openBets).toEqual([{ id: next.data!.placeBet.bet.id }]);
  });

  it("before a seamless bet that stays is marked: it cannot come down until the job marks it, and the player's round is closed once", async () => {
    const partner = await startSeamlessPartner(api, 'recovery-co', { sam: { currency: 'MOP', balance: 10_000 } });
    try {
      await api.fundAccount('rec-shooter', 5_000);
      await passLine('rec-shooter', 1_000);
      const big6 = await api.data(
        partner.player('sam'),
        `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { bet { id } userErrors { code message } } }`,
        { input: { tableId, type: 'BIG_6', amount: 500 } },
      );
      const betId: string = big6.placeBet.bet.id;

      // The roll (a 4: the Big 6 stays) is recorded; the process dies before the payments.
      arm({ command: 'TransactWriteCommand', skip: 1, when: 'before', make: crash });
      recordedNotPaid(await roll([2, 2]), 'submitRoll');
      const takeDown = () =>
        api.graphql(
          partner.player('sam'),
          `mutation ($id: ID!) { takeDownBet(input: { betId: $id }) { bet { status } userErrors { code } } }`,
          {
            id: betId,
          },
        );
      // The job has yet to mark the bet staying (and close sam's round with it): it stays up until then.
      expect(refusalCode(await takeDown())).toBe('SETTLEMENT_IN_PROGRESS');

      expect((await sweepLater()).completed).toContain(tableId);
      // The job wrote sam's closing credit of 0 for the roll's round, which the wallet workers deliver.
      const closing = payoutTransactionId(tableId, 1, 'recovery-co/sam', 0);
      expect(await getWalletCall(api.db, closing)).toMatchObject({ kind: 'CREDIT', amount: 0 });
      // (Written on the sweeper's clock, two minutes on: the wallet sweeper on that clock finds it due.)
      await sweepWalletCalls({ ...api.deps, now: () => new Date(Date.now() + 120_000).toISOString() });
      expect(partner.wallet.movements.get(closing)).toMatchObject({ operation: 'credit', amount: 0 });
      expect(JSON.parse(partner.wallet.received.find((call) => call.body.includes(closing))!.body)).toMatchObject({
        roundId: `${tableId}.1`,
        betIds: [],
      });
      const taken = await takeDown();
      expect(taken.data!.takeDownBet.bet.status).toBe('TAKEN_DOWN');
      await partner.expectBooksAgree();
      expect(partner.balance('sam')).toBe(10_000);
    } finally {
      await partner.wallet.close();
    }
  });

  it('after the payments and before the job ends: running it again pays nobody twice', async () => {
    await api.fundAccount('rec-c', 5_000);
    await passLine('rec-c', 1_000);

    arm({ command: 'TransactWriteCommand', skip: 1, when: 'after', make: crash });
    recordedNotPaid(await roll([5, 6]), 'submitRoll');
    expect(await api.balance('rec-c')).toBe(6_000);

    // The next roll (its shooter on the line: the 11 paid rec-c's) waits for the job, which a live lease still holds...
    await api.seatShooter(tableId);
    const sequence = await api.closeBetting(tableId);
    const early = await api.graphql(
      DEALER,
      `mutation ($t: ID!, $s: Int!) { submitRoll(input: { tableId: $t, dice: [1, 1], sequence: $s }) { roll { sequence } userErrors { code message } } }`,
      { t: tableId, s: sequence },
    );
    expect(refusalCode(early)).toBe('SETTLEMENT_IN_PROGRESS');
    // ...until the job is finished, which pays nothing again.
    expect((await sweepLater()).completed).toContain(tableId);
    expect(await api.balance('rec-c')).toBe(6_000);
    const next = await api.graphql(
      DEALER,
      `mutation ($t: ID!, $s: Int!) { submitRoll(input: { tableId: $t, dice: [1, 1], sequence: $s }) { roll { sequence } userErrors { code message } } }`,
      { t: tableId, s: sequence },
    );
    expect(refusalOf(next)).toBeUndefined();
    expect(next.data!.submitRoll.roll.sequence).toBe(2);
    expect(await api.balance('rec-c')).toBe(6_000);
  });

  it("between two payment transactions: the rest is paid once, what was paid isn't repaid", async () => {
    // Three players with 48 bets each (the most by default): each player's bets, credit and journal
    // are one unit of 50 items, and two units fill a transaction: two transactions.
    const players = ['rec-d', 'rec-e', 'rec-f'];
    for (const player of players) {
      await api.fundAccount(player, 10_000);
      for (let i = 0; i < 48; i++) {
        const placed = await api.graphql(
          player,
          `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { bet { id } userErrors { code message } } }`,
          { input: { tableId, type: 'FIELD', amount: 100 } },
        );
        expect(refusalOf(placed)).toBeUndefined();
      }
    }
    await api.seatShooter(tableId); // a fourth player, whose one bet rides in the second transaction
    // Recorded (1st), one player's unit paid (2nd), and the process dies.
    arm({ command: 'TransactWriteCommand', skip: 1, when: 'after', make: crash });
    recordedNotPaid(await roll([1, 2]), 'submitRoll');
    const paid = await Promise.all(players.map((player) => api.balance(player)));
    // Each player was paid all of their 48 wins or none of them (the other transaction may have been in flight).
    for (const balance of paid) expect([5_200, 5_200 + 48 * 200]).toContain(balance);
    expect(paid).toContain(5_200 + 48 * 200);

    expect((await sweepLater()).completed).toContain(tableId);
    for (const player of players) expect(await api.balance(player)).toBe(5_200 + 48 * 200);
    expect((await tableState()).openBets).toEqual([]);
  });
});

describe('a transaction that loses a race (real DynamoDB only)', () => {
  it('recording a roll is retried and succeeds', async () => {
    await api.fundAccount('race-a', 5_000);
    await passLine('race-a', 1_000);
    arm({ command: 'TransactWriteCommand', skip: 0, when: 'before', make: () => cancelledByConflict(2) });
    const res = await roll([3, 4]);
    expect(refusalOf(res)).toBeUndefined();
    expect(res.data!.submitRoll.settlements).toEqual([{ outcome: 'WIN', returned: 2_000 }]);
    expect(await api.balance('race-a')).toBe(6_000);
  });

  it('a bet that keeps losing is refused with CONFLICT and charges nothing', async () => {
    await api.fundAccount('race-b', 5_000);
    // Every send of every attempt (4 reads, 12 sends each) loses its race.
    arm({ command: 'TransactWriteCommand', skip: 0, when: 'before', times: 48, make: transactionConflict });
    const res = await passLine('race-b', 1_000);
    expect(refusalCode(res)).toBe('CONFLICT');
    expect(await api.balance('race-b')).toBe(5_000);
    expect((await tableState()).openBets).toEqual([]);
  });
});

describe('a reply lost on the way back', () => {
  it('a bet retried with the same idempotency key is placed and charged once', async () => {
    await api.fundAccount('lost-reply', 5_000);
    arm({ command: 'TransactWriteCommand', skip: 0, when: 'after', make: crash });
    const first = await passLine('lost-reply', 1_000, 'client-req-1');
    expect(refusalCode(first)).toBe('INTERNAL_SERVER_ERROR');

    const retry = await passLine('lost-reply', 1_000, 'client-req-1');
    expect(refusalOf(retry)).toBeUndefined();
    expect(await api.balance('lost-reply')).toBe(4_000);
    expect((await tableState()).openBets).toEqual([{ id: retry.data!.placeBet.bet.id }]);

    const again = await passLine('lost-reply', 1_000, 'client-req-1');
    expect(again.data!.placeBet.bet.id).toBe(retry.data!.placeBet.bet.id);
    expect(await api.balance('lost-reply')).toBe(4_000);
  });

  it('a key reused for a different bet is refused and charges nothing', async () => {
    await api.fundAccount('key-reuse', 5_000);
    await passLine('key-reuse', 1_000, 'same-key');
    const res = await passLine('key-reuse', 2_000, 'same-key');
    expect(refusalCode(res)).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(res.data!.placeBet.bet).toBeNull();
    expect(await api.balance('key-reuse')).toBe(4_000);
  });

  it('a different key places a second bet', async () => {
    await api.fundAccount('two-keys', 5_000);
    await passLine('two-keys', 1_000, 'k-1');
    await passLine('two-keys', 1_000, 'k-2');
    expect(await api.balance('two-keys')).toBe(3_000);
  });
});

describe('a baccarat jackpot stopped while being paid', () => {
  async function jackpotRound(player: string) {
    const fixedAmounts = MODALITY_A_FIXED_AMOUNTS;
    const pool = await api.data(
      DEALER,
      `mutation ($input: OpenJackpotPoolInput!) { openJackpotPool(input: $input) { jackpotPool { id } userErrors { code message } } }`,
      { input: { currency: 'MOP', seed: 100_000, modality: 'A', fixedAmounts } },
    );
    const poolId = pool.openJackpotPool.jackpotPool.id;
    const table = await api.data(
      DEALER,
      `mutation ($input: OpenTableInput!) { openTable(input: $input) { table { id } userErrors { code message } } }`,
      {
        input: {
          game: 'BACCARAT',
          minimumBet: 100,
          maximumBet: 100_000,
          betShards: 4,
          baccarat: { jackpot: { poolId, contributionBasisPoints: 0 } },
        },
      },
    );
    const baccaratTable = table.openTable.table.id;
    await api.fundAccount(player, 10_000);
    for (const type of ['PLAYER', 'JACKPOT']) await api.placeBet(player, { tableId: baccaratTable, type, amount: 100, seat: 1 });
    return { poolId, baccaratTable };
  }
  const deal = async (tableId: string) => {
    const sequence = await api.closeBetting(tableId);
    return api.graphql(
      DEALER,
      `mutation ($tableId: ID!, $sequence: Int!) { submitDeal(input: { tableId: $tableId, cards: ["5S", "KH", "5D", "9C"], sequence: $sequence }) { deal { sequence } settlementComplete userErrors { code message } } }`,
      { tableId, sequence },
    );
  };
  const pool = async (id: string) =>
    (await api.data(DEALER, `query ($id: ID!) { jackpotPool(id: $id) { amount } }`, { id })).jackpotPool.amount;

  it('before the jackpot transaction: the job pays the prize once', async () => {
    const { poolId, baccaratTable } = await jackpotRound('jp-crash-1');
    // Deal recorded (1st), bets settled (2nd), crash before the jackpot (3rd).
    arm({ command: 'TransactWriteCommand', skip: 2, when: 'before', make: crash });
    recordedNotPaid(await deal(baccaratTable), 'submitDeal');
    expect(await pool(poolId)).toBe(100_000);
    expect(await api.balance('jp-crash-1')).toBe(9_800);

    expect((await sweepLater()).completed).toContain(baccaratTable);
    expect(await pool(poolId)).toBe(99_000);
    expect(await api.balance('jp-crash-1')).toBe(9_800 + 1_000);
    // The prize is the jackpot bet's settlement, written with it.
    const { me } = await api.data('jp-crash-1', `{ me { bets { type status returned } } }`, {});
    expect(me.bets).toContainEqual({ type: 'JACKPOT', status: 'WON', returned: 1_000 });
  });

  it('after the jackpot transaction: running the job again pays nobody twice', async () => {
    const { poolId, baccaratTable } = await jackpotRound('jp-crash-2');
    arm({ command: 'TransactWriteCommand', skip: 2, when: 'after', make: crash });
    recordedNotPaid(await deal(baccaratTable), 'submitDeal');
    expect(await pool(poolId)).toBe(99_000);

    expect((await sweepLater()).completed).toContain(baccaratTable);
    expect(await pool(poolId)).toBe(99_000);
    expect(await api.balance('jp-crash-2')).toBe(9_800 + 1_000);
  });

  it("whose pool stays busy: the runner gives up and frees the job, and the dealer's next deal pays the prize once at once", async () => {
    const { poolId, baccaratTable } = await jackpotRound('jp-busy');
    // Deal recorded (1st), bets settled (2nd); the jackpot transaction loses every race, and the runner gives up.
    arm({ command: 'TransactWriteCommand', skip: 2, when: 'before', times: MAX_POOL_ATTEMPTS, make: () => cancelledByConflict(2) });
    recordedNotPaid(await deal(baccaratTable), 'submitDeal');
    armed = null;
    expect(await pool(poolId)).toBe(100_000);
    expect(await api.balance('jp-busy')).toBe(9_800);

    // The job is still there, and nobody holds it: its next runner need not wait for a lease to expire.
    const job = (await listSettlingTables(api.deps.db)).find((marker) => marker.tableId === baccaratTable);
    expect(job).toMatchObject({ sequence: 1 });
    expect(job!.leases).toEqual({});

    // The dealer's next deal, on the same clock, runs the job first (not SETTLEMENT_IN_PROGRESS), then is recorded.
    const next = await deal(baccaratTable);
    expect(refusalOf(next), JSON.stringify(next)).toBeUndefined();
    expect(next.data!.submitDeal.deal.sequence).toBe(2);
    expect(await pool(poolId)).toBe(99_000);
    expect(await api.balance('jp-busy')).toBe(9_800 + 1_000);
  });
});

describe('a race lost while paying a recorded roll', () => {
  it('does not fail the dealer: the roll comes back marked unsettled, and the job pays it once', async () => {
    await api.fundAccount('race-pay', 5_000);
    await passLine('race-pay', 1_000);
    const sequence = await api.closeBetting(tableId);
    // Recording succeeds (1st TransactWrite); the payment keeps losing races (all 12 sends), and the runner gives up.
    arm({ command: 'TransactWriteCommand', skip: 1, when: 'before', times: 12, make: () => cancelledByConflict(2) });
    const res = await api.graphql(
      DEALER,
      `mutation ($tableId: ID!, $sequence: Int!) { submitRoll(input: { tableId: $tableId, dice: [3, 4], sequence: $sequence }) { roll { sequence } settlements { outcome returned } settlementComplete userErrors { code message } } }`,
      { tableId, sequence },
    );
    armed = null;
    expect(res.errors).toBeUndefined();
    expect(res.data!.submitRoll).toEqual({
      roll: { sequence: 1 },
      settlements: [{ outcome: 'WIN', returned: 2_000 }],
      settlementComplete: false,
      userErrors: [],
    });
    expect(await api.balance('race-pay')).toBe(4_000);

    // A runner that gave up left the job free: the next one need not wait for a lease to expire.
    const job = (await listSettlingTables(api.deps.db)).find((marker) => marker.tableId === tableId);
    expect(job).toMatchObject({ sequence: 1 });
    expect(job!.leases).toEqual({});
    expect((await sweepSettlements({ ...api.deps, now: () => new Date(Date.now() + 60_000).toISOString() }, 30)).completed).toContain(
      tableId,
    );
    expect(await api.balance('race-pay')).toBe(4_000 + 2_000);
    expect(refusalOf(await passLine('race-pay', 1_000))).toBeUndefined();
    expect(await api.balance('race-pay')).toBe(4_000 + 2_000 - 1_000);
  });
});

describe("a settlement job run from a client's request", () => {
  it("is not bounded by that request's read budget: the round it pays is not the document's reads", async () => {
    await api.fundAccount('budget-bettor', 5_000);
    await passLine('budget-bettor', 1_000);
    arm({ command: 'TransactWriteCommand', skip: 1, when: 'before', make: crash });
    recordedNotPaid(await roll([3, 4]), 'submitRoll');
    const sequence = (await listSettlingTables(api.db)).find((marker) => marker.tableId === tableId)!.sequence;

    // A request with no reads left (its budget spent on its own document) runs the job to the end.
    const later = { ...api.deps, now: () => new Date(Date.now() + 120_000).toISOString() };
    const noReadsLeft = budgeted(later, new ReadBudget(0));
    expect(await runSettlement(noReadsLeft, tableId, sequence)).toBe('DONE');
    expect(noReadsLeft.reads!.refused).toBe(false);
    expect(await api.balance('budget-bettor')).toBe(6_000);
  });
});

describe('the settlement sweeper', () => {
  it('finishes a settlement a crash left at a table nobody came back to, once', async () => {
    await api.fundAccount('swept', 5_000);
    await passLine('swept', 1_000);
    arm({ command: 'TransactWriteCommand', skip: 1, when: 'before', make: crash });
    recordedNotPaid(await roll([3, 4]), 'submitRoll');
    expect(await api.balance('swept')).toBe(4_000);

    // Within the grace period (and the dead runner's lease) the sweeper leaves it alone.
    expect((await sweepSettlements(api.deps, 60)).completed).not.toContain(tableId);
    const report = await sweepLater();
    expect(report.completed).toContain(tableId);
    expect(report.failed).toEqual([]);
    expect(await api.balance('swept')).toBe(6_000);

    // Swept tables are released and forgotten: a second sweep has nothing to do for it.
    expect((await sweepLater()).completed).not.toContain(tableId);
    expect(refusalOf(await passLine('swept', 1_000))).toBeUndefined();
    expect(await api.balance('swept')).toBe(5_000);
  });
});
