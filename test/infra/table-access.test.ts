/**
 * The stack grants each function exactly the DynamoDB actions of infra/table-access.ts (a version 2
 * seamless partner's player in a session among the bettors). These are
 * checked here against what the code really sends: a broad session of the API (every kind of
 * mutation, the queries that read indexes, reconciliation) through the real handler, the
 * sweeper finishing the settlements of a roll and of a jackpot deal a crash left behind (and looking
 * for calls to partners' wallets that are due, and restarting a stopped round loop), the round
 * loop's worker stepping a table the server deals, and the
 * ledger's daily check of the session's day, once it is over.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSeamlessPartner, type SeamlessPartner } from '../support/seamless-partner';
import { sweepSettlements } from '../../functions/services/rounds/sweep-settlements';
import { deliverWalletCall, sweepWalletCalls } from '../../functions/services/wallet/deliver-wallet-call';
import type { WalletCallMessage } from '../../functions/services/kernel/work-queue';
import { CHECK_MARGIN_MS, checkLedger } from '../../functions/services/money/ledger-check';
import { stepRoundLoop, sweepRoundLoops } from '../../functions/services/rng/round-loop';
import { getLoopClaim } from '../../functions/store/rng/loop-claims';
import { getTableSession } from '../../functions/store/tables/tables';
import type { RngStep } from '../../functions/services/kernel/work-queue';
import { TABLE_ACCESS, type TableAccess } from '../../infra/table-access';
import { crash, withFaults } from '../support/faults';
import { recordingIamActions } from '../support/iam-actions';
import { MODALITY_A_FIXED_AMOUNTS } from '../support/jackpot-prizes';
import { dealer, type Who } from '../support/test-api';
import { useTestApi } from '../support/use-test-api';

const granted = (access: TableAccess) =>
  new Set([
    ...access.table.map((action) => `table:${action}`),
    ...Object.entries(access.indexes).flatMap(([index, actions]) => actions!.map((action) => `index/${index}:${action}`)),
  ]);

let handlerActions: Set<string>;
let crashPayments = false;
/** The calls to partners' wallets the requests hand to the wallet workers: delivered below, by a worker whose actions are recorded. */
const handedToWorkers: WalletCallMessage[] = [];
const api = useTestApi({
  wrapWalletQueue: () => ({ send: async (messages) => void handedToWorkers.push(...messages) }),
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

const DEALER = dealer('access-dealer');
let seamless: SeamlessPartner;
beforeAll(async () => {
  seamless = await startSeamlessPartner(api, 'access-co', { sam: { currency: 'MOP', balance: 100_000 } });
});
afterAll(() => seamless.wallet.close());
/** Every request of the session must succeed: no error, no userErrors. */
const ok = (who: Who, query: string, variables?: Record<string, unknown>) => api.data(who, query, variables);

async function session() {
  const pool = await ok(
    DEALER,
    `mutation ($input: OpenJackpotPoolInput!) { openJackpotPool(input: $input) { jackpotPool { id } userErrors { code message } } }`,
    { input: { currency: 'MOP', seed: 100_000, modality: 'A', fixedAmounts: MODALITY_A_FIXED_AMOUNTS } },
  );
  const poolId = pool.openJackpotPool.jackpotPool.id;
  const craps = (
    await ok(
      DEALER,
      `mutation { openTable(input: { game: CRAPS, minimumBet: 100, maximumBet: 100000 }) { table { id } userErrors { code message } } }`,
    )
  ).openTable.table.id;
  const baccarat = (
    await ok(DEALER, `mutation ($input: OpenTableInput!) { openTable(input: $input) { table { id } userErrors { code message } } }`, {
      input: { game: 'BACCARAT', minimumBet: 100, maximumBet: 100_000, baccarat: { jackpot: { poolId, contributionBasisPoints: 0 } } },
    })
  ).openTable.table.id;
  await ok(DEALER, `mutation { openAccount(input: { playerId: "access-p" }) { account { id } userErrors { code message } } }`);
  await ok(
    DEALER,
    `mutation { deposit(input: { playerId: "access-p", amount: 100000, reference: "access-1" }) { account { balance } userErrors { code message } } }`,
  );
  await ok(
    DEALER,
    `mutation { withdraw(input: { playerId: "access-p", amount: 1000, reference: "access-2" }) { account { balance } userErrors { code message } } }`,
  );
  const bet = (input: Record<string, unknown>) =>
    ok('access-p', `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { bet { id } userErrors { code message } } }`, { input });
  await bet({ tableId: craps, type: 'PASS_LINE', amount: 100, idempotencyKey: 'access-bet-1' });
  const place = await bet({ tableId: craps, type: 'BIG_6', amount: 100 });
  await ok('access-p', `mutation ($id: ID!) { takeDownBet(input: { betId: $id }) { bet { id } userErrors { code message } } }`, {
    id: place.placeBet.bet.id,
  });
  // A table the server deals, with a bet on it: its round loop's worker steps it below.
  const rng = (
    await ok(
      DEALER,
      `mutation { openTable(input: { game: CRAPS, minimumBet: 100, maximumBet: 100000, dealing: RNG, betShards: 4 }) { table { id } userErrors { code message } } }`,
    )
  ).openTable.table.id;
  await bet({ tableId: rng, type: 'FIELD', amount: 100 });
  await bet({ tableId: baccarat, type: 'PLAYER', amount: 100, seat: 1 });
  await bet({ tableId: baccarat, type: 'JACKPOT', amount: 100, seat: 1 });
  // A seamless partner's player on wallet contract version 2, in a session: what pays them reads their session's token.
  const sam = seamless.player('sam');
  await ok(
    sam,
    `mutation ($t: String!) { startWalletSession(input: { sessionToken: $t }) { session { currency } userErrors { code message } } }`,
    {
      t: seamless.wallet.openSession('sam'),
    },
  );
  const seamlessBet = (input: Record<string, unknown>) =>
    ok(sam, `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { bet { id } userErrors { code message } } }`, { input });
  await seamlessBet({ tableId: craps, type: 'PASS_LINE', amount: 100 });
  await seamlessBet({ tableId: baccarat, type: 'BANKER', amount: 100, seat: 2 });
  await seamlessBet({ tableId: rng, type: 'FIELD', amount: 100 });

  // A roll and a deal, each settled by the sweeper after the request's runner died.
  crashPayments = true;
  let sequence = await api.closeBetting(craps);
  await ok(
    DEALER,
    `mutation ($t: ID!, $s: Int!) { submitRoll(input: { tableId: $t, dice: [3, 4], sequence: $s }) { settlementComplete userErrors { code message } } }`,
    {
      t: craps,
      s: sequence,
    },
  );
  sequence = await api.closeBetting(baccarat);
  await ok(
    DEALER,
    `mutation ($t: ID!, $s: Int!) { submitDeal(input: { tableId: $t, cards: ["5S", "KH", "5D", "9C"], sequence: $s }) { settlementComplete userErrors { code message } } }`,
    { t: baccarat, s: sequence },
  );
  crashPayments = false;
  // A round of the seamless player's paid in the request: its closing credit goes to the wallet workers.
  const paidNow = (
    await ok(
      DEALER,
      `mutation { openTable(input: { game: CRAPS, minimumBet: 100, maximumBet: 100000 }) { table { id } userErrors { code message } } }`,
    )
  ).openTable.table.id;
  await api.seatShooter(paidNow);
  await seamlessBet({ tableId: paidNow, type: 'FIELD', amount: 100 });
  await api.closeAndRoll(paidNow, [5, 6]);

  await ok(
    'access-p',
    `query ($c: ID!, $b: ID!) {
      me { balance bets { id } statement { edges { node { amount } } } }
      craps: table(id: $c) { openBets { id } layout { __typename } ... on CrapsTable { rolls { edges { node { sequence } } } } seatsTaken }
      baccarat: table(id: $b) { ... on BaccaratTable { roads { __typename } deals { edges { node { sequence } } } } }
      tables { edges { node { id } } }
    }`,
    { c: craps, b: baccarat },
  );
  await ok(DEALER, `query { reconciliation { __typename } }`);
  await ok(DEALER, `query ($day: Date!) { dailyReport(currency: "MOP", day: $day) { journals } }`, {
    day: new Date().toISOString().slice(0, 10),
  });
  return { craps, baccarat, rng };
}

/** What a table's dealer does once its settlements are finished. */
async function windDown({ craps, baccarat }: { craps: string; baccarat: string }) {
  await ok(DEALER, `mutation ($t: ID!) { startNewShoe(input: { tableId: $t }) { table { id } userErrors { code message } } }`, {
    t: baccarat,
  });
  await ok(DEALER, `mutation ($t: ID!) { closeTable(input: { tableId: $t }) { table { id } userErrors { code message } } }`, { t: craps });
}

describe('the DynamoDB actions the stack grants', () => {
  let sweeperActions: Set<string>;
  let walletWorkerActions: Set<string>;
  let rngWorkerActions: Set<string>;
  let ledgerCheckActions: Set<string>;
  beforeAll(async () => {
    const tables = await session();
    // The wallet worker delivers what the requests handed it: a version 2 round's closing credit among them.
    const walletWorker = recordingIamActions(api.deps.db);
    walletWorkerActions = walletWorker.actions;
    expect(handedToWorkers.length).toBeGreaterThan(0);
    for (const { transactionId } of handedToWorkers.splice(0)) await deliverWalletCall({ ...api.deps, db: walletWorker }, transactionId);
    const sweeper = recordingIamActions(api.deps.db);
    sweeperActions = sweeper.actions;
    // As in AWS, the round loops' steps go to their queue (here, nowhere: the worker is run below).
    const steps: RngStep[] = [];
    const rngQueue = { send: async (messages: readonly RngStep[]) => void steps.push(...messages) };
    const later = () => new Date(Date.now() + 120_000).toISOString();
    const sweeping = { ...api.deps, db: sweeper, now: later, rngQueue };
    const report = await sweepSettlements(sweeping, 60);
    expect(report.completed).toHaveLength(2);
    // As the sweeper's Lambda, it delivers the calls to partners' wallets that are due (on its clock, the seamless
    // player's round results, a round closing among them), and restarts the stopped round loop.
    expect((await sweepWalletCalls(sweeping)).failed).toBe(0);
    expect((await sweepRoundLoops(sweeping)).restarted).toEqual([tables.rng]);
    // The round loop's worker: the step the sweeper sent rolls and pays; after the table closes, the next ends the loop.
    const worker = recordingIamActions(api.deps.db);
    rngWorkerActions = worker.actions;
    const working = { ...api.deps, db: worker, now: later, rngQueue };
    await stepRoundLoop(working, steps.shift()!);
    expect((await getTableSession(api.deps.db, tables.rng))!.state).toMatchObject({ rollCount: 1 });
    await ok(DEALER, `mutation ($t: ID!) { closeTable(input: { tableId: $t }) { table { id } userErrors { code message } } }`, {
      t: tables.rng,
    });
    await stepRoundLoop(working, steps.shift()!);
    expect(await getLoopClaim(api.deps.db, tables.rng)).toBeUndefined();
    await windDown(tables);
    // The day after, once its check's margin has passed (whatever the hour now), the session's day is checked: its
    // journals, the balances they moved, and the checks kept beside them.
    const checker = recordingIamActions(api.deps.db);
    ledgerCheckActions = checker.actions;
    const dayAfter = () => new Date(Date.now() + 86_400_000 + CHECK_MARGIN_MS).toISOString();
    const checked = await checkLedger({ ...api.deps, db: checker, now: dayAfter });
    expect(checked.map(({ differences, unbalancedJournals }) => [differences, unbalancedJournals])).toEqual([[[], []]]);
  });

  it('give the GraphQL function exactly what it was seen to send', () => {
    expect([...handlerActions].sort()).toEqual([...granted(TABLE_ACCESS.graphql)].sort());
  });

  it('give the wallet worker exactly what it was seen to send, closing a version 2 round after reading its calls', () => {
    expect([...walletWorkerActions].sort()).toEqual([...granted(TABLE_ACCESS.walletWorker)].sort());
  });

  it('give the sweeper exactly what it was seen to send, finishing a roll and a jackpot deal', () => {
    expect([...sweeperActions].sort()).toEqual([...granted(TABLE_ACCESS.sweeper)].sort());
  });

  it("give the round loop's worker exactly what it was seen to send, rolling, paying and ending a loop", () => {
    expect([...rngWorkerActions].sort()).toEqual([...granted(TABLE_ACCESS.rngWorker)].sort());
  });

  it("give the ledger check exactly what it was seen to send, checking the session's day", () => {
    expect([...ledgerCheckActions].sort()).toEqual([...granted(TABLE_ACCESS.ledgerCheck)].sort());
  });

  it('give no function a Scan: nothing reads the whole table but the ops command', () => {
    for (const access of Object.values(TABLE_ACCESS)) expect(access.table).not.toContain('Scan');
  });
});
