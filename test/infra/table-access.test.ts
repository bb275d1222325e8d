/**
 * The stack grants each function exactly the DynamoDB actions of infra/table-access.ts. These are
 * checked here against what the code really sends: a broad session of the API (every kind of
 * mutation, the queries that read indexes, reconciliation) through the real handler, and the
 * sweeper finishing the settlements of a roll and of a jackpot deal a crash left behind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepSettlements } from '../../functions/services/rounds/sweep-settlements';
import { TABLE_ACCESS, type TableAccess } from '../../infra/table-access';
import { crash, withFaults } from '../support/faults';
import { recordingIamActions } from '../support/iam-actions';
import { MODALITY_A_FIXED_AMOUNTS } from '../support/jackpot-prizes';
import { dealer, startTestApi, type TestApi } from '../support/test-api';

const granted = (access: TableAccess) =>
  new Set([
    ...access.table.map((action) => `table:${action}`),
    ...Object.entries(access.indexes).flatMap(([index, actions]) => actions!.map((action) => `index/${index}:${action}`)),
  ]);

let handlerActions: Set<string>;
let crashPayments = false;
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({
    wrapDb: (db) => {
      const recording = recordingIamActions(db);
      handlerActions = recording.actions;
      // While armed, every settlement transaction after an outcome's own dies: the sweeper's to finish.
      let transactions = 0;
      return withFaults(recording, {
        before: (name) => {
          if (!crashPayments || name !== 'TransactWriteCommand') return undefined;
          return ++transactions % 2 === 0 ? crash() : undefined;
        },
      });
    },
  });
});
afterAll(async () => {
  await api?.close();
});

const DEALER = dealer('access-dealer');
const ok = async (who: Parameters<TestApi['graphql']>[0], query: string, variables?: Record<string, unknown>) => {
  const res = await api.graphql(who, query, variables);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data!;
};

async function session() {
  const pool = await ok(DEALER, `mutation ($input: OpenJackpotPoolInput!) { openJackpotPool(input: $input) { id } }`, {
    input: { currency: 'MOP', seed: 100_000, modality: 'A', fixedAmounts: MODALITY_A_FIXED_AMOUNTS },
  });
  const poolId = pool.openJackpotPool.id;
  const craps = (await ok(DEALER, `mutation { openTable(input: { game: CRAPS, minimumBet: 100, maximumBet: 100000 }) { id } }`)).openTable
    .id;
  const baccarat = (
    await ok(DEALER, `mutation ($input: OpenTableInput!) { openTable(input: $input) { id } }`, {
      input: { game: 'BACCARAT', minimumBet: 100, maximumBet: 100_000, baccarat: { jackpot: { poolId, contributionBasisPoints: 0 } } },
    })
  ).openTable.id;
  await ok(DEALER, `mutation { openAccount(input: { playerId: "access-p" }) { id } }`);
  await ok(DEALER, `mutation { deposit(input: { playerId: "access-p", amount: 100000, reference: "access-1" }) { balance } }`);
  await ok(DEALER, `mutation { withdraw(input: { playerId: "access-p", amount: 1000, reference: "access-2" }) { balance } }`);
  const bet = (input: Record<string, unknown>) =>
    ok('access-p', `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { id } }`, { input });
  await bet({ tableId: craps, type: 'PASS_LINE', amount: 100, idempotencyKey: 'access-bet-1' });
  const place = await bet({ tableId: craps, type: 'BIG_6', amount: 100 });
  await ok('access-p', `mutation ($id: ID!) { takeDownBet(id: $id) { id } }`, { id: place.placeBet.id });
  await bet({ tableId: baccarat, type: 'PLAYER', amount: 100, seat: 1 });
  await bet({ tableId: baccarat, type: 'JACKPOT', amount: 100, seat: 1 });

  // A roll and a deal, each settled by the sweeper after the request's runner died.
  crashPayments = true;
  let sequence = await api.closeBetting(craps);
  await ok(
    DEALER,
    `mutation ($t: ID!, $s: Int!) { submitRoll(input: { tableId: $t, dice: [3, 4], sequence: $s }) { settlementComplete } }`,
    {
      t: craps,
      s: sequence,
    },
  );
  sequence = await api.closeBetting(baccarat);
  await ok(
    DEALER,
    `mutation ($t: ID!, $s: Int!) { submitDeal(input: { tableId: $t, cards: ["5S", "KH", "5D", "9C"], sequence: $s }) { settlementComplete } }`,
    { t: baccarat, s: sequence },
  );
  crashPayments = false;

  await ok(
    'access-p',
    `query ($c: ID!, $b: ID!) {
      me { balance bets { id } statement { edges { node { amount } } } }
      craps: table(id: $c) { openBets { id } layout { __typename } rolls { edges { node { sequence } } } seatsTaken }
      baccarat: table(id: $b) { roads { __typename } deals { edges { node { sequence } } } }
      tables { edges { node { id } } }
    }`,
    { c: craps, b: baccarat },
  );
  await ok(DEALER, `query { reconciliation { __typename } }`);
  return { craps, baccarat };
}

/** What a table's dealer does once its settlements are finished. */
async function windDown({ craps, baccarat }: { craps: string; baccarat: string }) {
  await ok(DEALER, `mutation ($t: ID!) { startNewShoe(tableId: $t) { id } }`, { t: baccarat });
  await ok(DEALER, `mutation ($t: ID!) { closeTable(tableId: $t) { id } }`, { t: craps });
}

describe('the DynamoDB actions the stack grants', () => {
  let sweeperActions: Set<string>;
  beforeAll(async () => {
    const tables = await session();
    const sweeper = recordingIamActions(api.deps.db);
    sweeperActions = sweeper.actions;
    const report = await sweepSettlements({ ...api.deps, db: sweeper, now: () => new Date(Date.now() + 120_000).toISOString() }, 60);
    expect(report.completed).toHaveLength(2);
    await windDown(tables);
  });

  it('give the GraphQL function exactly what it was seen to send', () => {
    expect([...handlerActions].sort()).toEqual([...granted(TABLE_ACCESS.graphql)].sort());
  });

  it('give the sweeper exactly what it was seen to send, finishing a roll and a jackpot deal', () => {
    expect([...sweeperActions].sort()).toEqual([...granted(TABLE_ACCESS.sweeper)].sort());
  });
});
