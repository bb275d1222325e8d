/**
 * What the use cases tell operations (the BusinessMetrics port, which Lambda publishes as
 * CloudWatch metrics): real HTTP through the real handler, DynamoDB Local, a recorder in place of
 * CloudWatch. Each figure the alarms and the dashboard read is told when, and only when, it happens.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { BusinessMetrics } from '../../../functions/services/kernel/business-metrics';
import { sweepSettlements } from '../../../functions/services/rounds/sweep-settlements';
import { crash, withFaults } from '../../support/faults';
import { MODALITY_A_FIXED_AMOUNTS } from '../../support/jackpot-prizes';
import { dealer, refusalCode, refusalOf } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';

type Told = { readonly metric: keyof BusinessMetrics; readonly value?: unknown };
let told: Told[] = [];
const recorder: BusinessMetrics = {
  betPlaced: () => told.push({ metric: 'betPlaced' }),
  betRefused: (code) => told.push({ metric: 'betRefused', value: code }),
  outcomeRecorded: (game) => told.push({ metric: 'outcomeRecorded', value: game }),
  settlementRun: (run) => told.push({ metric: 'settlementRun', value: run }),
  conflictRetried: () => told.push({ metric: 'conflictRetried' }),
  jackpotPrizesPaid: (prizes) => told.push({ metric: 'jackpotPrizesPaid', value: prizes }),
  settlementBacklog: (backlog) => told.push({ metric: 'settlementBacklog', value: backlog }),
  internalError: () => told.push({ metric: 'internalError' }),
  walletCallDeadLettered: () => told.push({ metric: 'walletCallDeadLettered' }),
  roundLoopRestarted: () => told.push({ metric: 'roundLoopRestarted' }),
};
const toldOf = (metric: keyof BusinessMetrics) => told.filter((entry) => entry.metric === metric).map((entry) => entry.value);

let crashNextPayment = false;
let transactions = 0;
const api = useTestApi({
  metrics: recorder,
  wrapDb: (db) =>
    withFaults(db, {
      // The 2nd transaction of a roll pays it: a crash there leaves its settlement to the sweeper.
      before: (name) => {
        if (name !== 'TransactWriteCommand' || !crashNextPayment) return undefined;
        if (++transactions < 2) return undefined;
        crashNextPayment = false;
        return crash();
      },
    }),
});
beforeEach(() => {
  told = [];
  transactions = 0;
});

const DEALER = dealer('metrics-dealer');
const openCraps = async () =>
  (
    await api.data(
      DEALER,
      `mutation { openTable(input: { game: CRAPS, minimumBet: 100, maximumBet: 100000 }) { table { id } userErrors { code message } } }`,
    )
  ).openTable.table.id as string;
const passLine = (player: string, tableId: string, amount: number) =>
  api.graphql(player, `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { bet { id } userErrors { code message } } }`, {
    input: { tableId, type: 'PASS_LINE', amount },
  });
const roll = async (tableId: string, dice: number[]) => {
  const sequence = await api.closeBetting(tableId);
  return api.graphql(
    DEALER,
    `mutation ($tableId: ID!, $dice: [Int!], $sequence: Int!) { submitRoll(input: { tableId: $tableId, dice: $dice, sequence: $sequence }) { settlementComplete userErrors { code message } } }`,
    { tableId, dice, sequence },
  );
};

describe('bets', () => {
  it('tells each bet placed, and each refused with the code its caller was answered with', async () => {
    const tableId = await openCraps();
    await api.fundAccount('metrics-a', 1_000);
    expect(refusalOf(await passLine('metrics-a', tableId, 500))).toBeUndefined();
    const poor = await passLine('metrics-a', tableId, 900);
    const odd = await passLine('metrics-a', tableId, 150);
    const closedTable = await api.closeBetting(tableId).then(() => passLine('metrics-a', tableId, 100));
    const codes = [poor, odd, closedTable].map((res) => refusalCode(res));
    // A service refusal, a rules refusal, a refusal of the phase.
    expect(codes).toEqual(['INSUFFICIENT_FUNDS', 'STAKE_NOT_MULTIPLE_OF_MINIMUM', 'BETTING_CLOSED']);
    expect(toldOf('betPlaced')).toHaveLength(1);
    expect(toldOf('betRefused')).toEqual(codes);
  });
});

describe('a bet sent again', () => {
  it('is counted once, however often its request is sent', async () => {
    const tableId = await openCraps();
    await api.fundAccount('metrics-again', 1_000);
    const send = () =>
      api.graphql(
        'metrics-again',
        `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { bet { id } userErrors { code message } } }`,
        {
          input: { tableId, type: 'PASS_LINE', amount: 100, idempotencyKey: 'metrics-again-1' },
        },
      );
    const first = await send();
    const again = await send();
    expect(refusalOf(first)).toBeUndefined();
    expect(again.data!.placeBet.bet.id).toBe(first.data!.placeBet.bet.id);
    expect(toldOf('betPlaced')).toHaveLength(1);
    expect(toldOf('betRefused')).toEqual([]);
  });
});

describe('outcomes and settlements', () => {
  it('tells an outcome recorded, by game, and the settlement run that paid it: its duration and transactions', async () => {
    const tableId = await openCraps();
    await api.fundNewAccounts(['metrics-b', 'metrics-c'], 1_000);
    await passLine('metrics-b', tableId, 100);
    await passLine('metrics-c', tableId, 100);
    expect((await roll(tableId, [3, 4])).data!.submitRoll.settlementComplete).toBe(true);
    expect(toldOf('outcomeRecorded')).toEqual(['CRAPS']);
    const [run] = toldOf('settlementRun') as { durationMs: number; batches: number }[];
    expect(run!.durationMs).toBeGreaterThan(0);
    // Two players' payments fit one transaction.
    expect(run!.batches).toBe(1);
  });

  it('tells an outcome once, however often the dealer sends it', async () => {
    const tableId = await openCraps();
    await api.fundAccount('metrics-e', 1_000);
    await passLine('metrics-e', tableId, 100);
    const sequence = await api.closeBetting(tableId);
    const submit = () =>
      api.graphql(
        DEALER,
        `mutation ($t: ID!, $s: Int!) { submitRoll(input: { tableId: $t, dice: [2, 2], sequence: $s }) { settlementComplete userErrors { code message } } }`,
        {
          t: tableId,
          s: sequence,
        },
      );
    expect(refusalOf(await submit())).toBeUndefined();
    expect(refusalOf(await submit())).toBeUndefined();
    expect(toldOf('outcomeRecorded')).toEqual(['CRAPS']);
  });

  it('tells the jackpot prizes a deal paid, and their amount', async () => {
    const pool = await api.graphql(
      DEALER,
      `mutation ($input: OpenJackpotPoolInput!) { openJackpotPool(input: $input) { jackpotPool { id } userErrors { code message } } }`,
      {
        input: { currency: 'MOP', seed: 100_000, modality: 'A', fixedAmounts: MODALITY_A_FIXED_AMOUNTS },
      },
    );
    const poolId = pool.data!.openJackpotPool.jackpotPool.id;
    const table = await api.graphql(
      DEALER,
      `mutation ($input: OpenTableInput!) { openTable(input: $input) { table { id } userErrors { code message } } }`,
      {
        input: { game: 'BACCARAT', minimumBet: 100, maximumBet: 100_000, baccarat: { jackpot: { poolId, contributionBasisPoints: 0 } } },
      },
    );
    const tableId = table.data!.openTable.table.id;
    await api.fundAccount('metrics-jp', 10_000);
    for (const type of ['PLAYER', 'JACKPOT']) {
      await api.graphql(
        'metrics-jp',
        `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { bet { id } userErrors { code message } } }`,
        {
          input: { tableId, type, amount: 100, seat: 1 },
        },
      );
    }
    const before = (await api.graphql(DEALER, `query ($id: ID!) { jackpotPool(id: $id) { amount } }`, { id: poolId })).data!.jackpotPool
      .amount;
    const sequence = await api.closeBetting(tableId);
    const res = await api.graphql(
      DEALER,
      `mutation ($t: ID!, $s: Int!) { submitDeal(input: { tableId: $t, cards: ["5S", "KH", "5D", "9C"], sequence: $s }) { settlementComplete userErrors { code message } } }`,
      { t: tableId, s: sequence },
    );
    expect(refusalOf(res)).toBeUndefined();
    expect(toldOf('jackpotPrizesPaid')).toEqual([{ count: 1, amount: expect.any(Number) }]);
    const { amount } = (toldOf('jackpotPrizesPaid') as { amount: number }[])[0]!;
    const after = (await api.graphql(DEALER, `query ($id: ID!) { jackpotPool(id: $id) { amount } }`, { id: poolId })).data!.jackpotPool
      .amount;
    // What the pool gave out (it was not reseeded: the prize is a fixed amount) is what was told.
    expect(amount).toBe(before - after);
    expect(amount).toBeGreaterThan(0);
  });
});

describe('the sweeper', () => {
  const later = (seconds: number) => ({ ...api.deps, now: () => new Date(Date.now() + seconds * 1000).toISOString() });

  it('tells the age of the oldest settlement still waiting after each sweep, and 0 once it is paid', async () => {
    const tableId = await openCraps();
    await api.fundAccount('metrics-d', 1_000);
    await passLine('metrics-d', tableId, 100);
    crashNextPayment = true;
    expect((await roll(tableId, [3, 4])).data!.submitRoll.settlementComplete).toBe(false);

    // Two minutes on, inside a grace of ten: left alone, and reported waiting for two minutes.
    told = [];
    await sweepSettlements(later(120), 600);
    const [waiting] = toldOf('settlementBacklog') as { oldestAgeSeconds: number; failedTables: number }[];
    expect(waiting!.oldestAgeSeconds).toBeGreaterThanOrEqual(119);
    expect(waiting!.failedTables).toBe(0);

    // Past the grace: finished, and nothing waits any more.
    told = [];
    const report = await sweepSettlements(later(120), 60);
    expect(report.completed).toContain(tableId);
    expect(toldOf('settlementBacklog')).toEqual([{ oldestAgeSeconds: 0, failedTables: 0 }]);
  });
});
