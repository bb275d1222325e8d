/**
 * The ledger's checks while money moves (issue 37, item 8). The full audit reads the balances (a
 * scan), then the journals (the book index): a round paid between the two, or while it reads a
 * suspect again, looked like a difference. Here the payments of a recorded round are held (the
 * process dies before them, as in settlement-recovery.test.ts) and let go at the very moment the
 * test chooses, between two of the audit's reads (hooks on its database: no sleeps, no timing):
 * nothing in flight is reported, and a balance changed behind the ledger's back still is. The
 * daily check likewise, for a round whose payments land after the player's next bet.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { useTestApi } from '../../support/use-test-api';
import { dealer, refusalOf, type TestApi } from '../../support/test-api';
import { crash, withFaults } from '../../support/faults';
import { MODALITY_A_FIXED_AMOUNTS } from '../../support/jackpot-prizes';
import { accountKey, poolKey } from '../../../functions/store/kernel/keys';
import { systemDependencies, type ServiceDependencies } from '../../../functions/services/kernel/services';
import { reconcile } from '../../../functions/services/money/reconcile';
import { checkLedgerDay } from '../../../functions/services/money/ledger-check';
import { deposit, openAccount } from '../../../functions/services/money/cashier';
import { runSettlement } from '../../../functions/services/rounds/settlement-job';

const DEALER = dealer('test-dealer');
const OPERATOR = { playerId: 'in-flight-operator', roles: new Set(['OPERATOR'] as const) };

/** A test API whose next outcome can be recorded with its payments held: the process dies before them. */
function apiHoldingPayments() {
  let letThrough: number | undefined;
  const api = useTestApi({
    wrapDb: (db) =>
      withFaults(db, {
        before: (name) => {
          if (name !== 'TransactWriteCommand' || letThrough === undefined) return undefined;
          if (letThrough-- > 0) return undefined;
          letThrough = undefined;
          return crash();
        },
      }),
  });
  /**
   * Records the outcome of the table's round with every transaction after the first `paidFirst + 1`
   * held (the 1st records it; craps: the 2nd pays the players; baccarat: the 3rd is the jackpot),
   * and answers what lets them go: the job's next runner, once the dead one's lease has expired.
   */
  async function recordHeld(tableId: string, outcome: { dice: number[] } | { cards: string[] }, paidFirst = 0) {
    const sequence = await api.closeBetting(tableId);
    letThrough = 1 + paidFirst;
    const [field, input] = 'dice' in outcome ? ['submitRoll', 'SubmitRollInput'] : ['submitDeal', 'SubmitDealInput'];
    const res = await api.graphql(
      DEALER,
      `mutation ($input: ${input}!) { ${field}(input: $input) { settlementComplete userErrors { code message } } }`,
      { input: { tableId, sequence, ...outcome } },
    );
    expect(refusalOf(res), JSON.stringify(res)).toBeUndefined();
    expect(res.data![field].settlementComplete).toBe(false);
    return async () => {
      const later = { ...systemDependencies(api.db), now: () => new Date(Date.now() + 120_000).toISOString() };
      expect(await runSettlement(later, tableId, sequence)).toBe('DONE');
    };
  }
  return { api, recordHeld };
}

/**
 * The audit's dependencies, its reads interleaved with the test's moves: `beforeBook` runs once the
 * balances are read and before any journal is (every read of the book waits for it); `betweenReads`
 * runs once the first read of `player`'s account or journals after the book has answered, and every
 * later read of them waits for it.
 */
function interleaved(
  api: TestApi,
  { beforeBook, player, betweenReads }: { beforeBook?: () => Promise<void>; player?: string; betweenReads?: () => Promise<void> },
) {
  const happened: string[] = [];
  let book: Promise<void> | undefined;
  let first: Record<string, any> | undefined;
  let moved!: () => void;
  const movedMeanwhile = new Promise<void>((resolve) => (moved = resolve));
  const partitionOf = (input: Record<string, any>) => input.Key?.pk ?? input.ExpressionAttributeValues?.[':pk'];
  const ofPlayer = (input: Record<string, any>) =>
    book !== undefined && player !== undefined && partitionOf(input) === accountKey(player).pk;
  const db = withFaults(api.db, {
    before: (name, _count, input) => {
      if (name === 'QueryCommand' && input.IndexName === 'book')
        return (book ??= (async () => {
          if (beforeBook) await beforeBook().then(() => happened.push('moved before the book was read'));
        })()).then(() => undefined);
      if (!ofPlayer(input) || !betweenReads) return undefined;
      if (first === undefined) {
        first = input;
        return undefined;
      }
      return movedMeanwhile.then(() => undefined);
    },
    after: (_name, _count, input) => {
      if (input !== first || !betweenReads) return undefined;
      return betweenReads().then(() => {
        happened.push(`moved between two reads of ${player}`);
        moved();
        return undefined;
      });
    },
  });
  return { deps: systemDependencies(db), happened };
}

const tamper = (api: TestApi, key: { pk: string; sk: string }, attribute: string, extra: number) =>
  api.db.doc.send(
    new UpdateCommand({
      TableName: api.db.tableName,
      Key: key,
      UpdateExpression: 'SET #a = #a + :extra',
      ExpressionAttributeNames: { '#a': attribute },
      ExpressionAttributeValues: { ':extra': extra },
    }),
  );

async function openPool(api: TestApi): Promise<string> {
  const { openJackpotPool } = await api.data(
    DEALER,
    `mutation ($input: OpenJackpotPoolInput!) { openJackpotPool(input: $input) { jackpotPool { id } userErrors { code message } } }`,
    { input: { currency: 'MOP', seed: 100_000, modality: 'A', fixedAmounts: MODALITY_A_FIXED_AMOUNTS } },
  );
  return openJackpotPool.jackpotPool.id;
}

const poolAmount = async (api: TestApi, id: string): Promise<number> =>
  (await api.data(DEALER, `query ($id: ID!) { jackpotPool(id: $id) { amount } }`, { id })).jackpotPool.amount;

describe('the full audit, while rounds are paid', () => {
  const { api, recordHeld } = apiHoldingPayments();

  it('does not report a player paid between its reads: after the balances, and between two reads of the suspect', async () => {
    const player = 'in-flight-paid';
    await api.fundAccount(player, 10_000);
    const [first, second] = [await api.openTable(), await api.openTable()];
    for (const tableId of [first, second]) await api.placeBet(player, { tableId, type: 'PASS_LINE', amount: 100 });
    // Both rolls win the Pass Line (7 on the come-out), and neither is paid yet.
    const payFirst = await recordHeld(first, { dice: [3, 4] });
    const paySecond = await recordHeld(second, { dice: [3, 4] });
    expect(await api.balance(player)).toBe(9_800);

    // The first round is paid after the balances are read and before the journals are: the player
    // seems 200 off. The second is paid while the player's balance and journals are read again.
    const audit = interleaved(api, { beforeBook: payFirst, player, betweenReads: paySecond });
    const result = await reconcile(audit.deps);
    expect(audit.happened).toEqual(['moved before the book was read', `moved between two reads of ${player}`]);
    expect(result).toMatchObject({ consistent: true, differences: [], unbalancedJournals: [], unsettled: [] });
    expect(await api.balance(player)).toBe(10_200);
  });

  it("does not report a pool whose round's jackpot lands between its reads", async () => {
    const poolId = await openPool(api);
    const tableId = await api.openTable({
      game: 'BACCARAT',
      baccarat: { jackpot: { poolId, contributionBasisPoints: 2_500 } },
    });
    const player = 'in-flight-jackpot';
    await api.fundAccount(player, 10_000);
    for (const type of ['PLAYER', 'JACKPOT']) await api.placeBet(player, { tableId, type, amount: 100, seat: 1 });
    // Player 5+5 (a single pair: a prize) against Banker K+9: the bets are settled, the jackpot held.
    const payJackpot = await recordHeld(tableId, { cards: ['5S', 'KH', '5D', '9C'] }, 1);
    const before = await poolAmount(api, poolId);

    const audit = interleaved(api, { beforeBook: payJackpot });
    const result = await reconcile(audit.deps);
    expect(audit.happened).toEqual(['moved before the book was read']);
    expect(await poolAmount(api, poolId)).not.toBe(before);
    expect(result).toMatchObject({ consistent: true, differences: [], unsettled: [] });
  });

  it('does not report an account opened and funded at the cashier between its reads', async () => {
    const audit = interleaved(api, { beforeBook: () => api.fundAccount('in-flight-new', 5_000) });
    const result = await reconcile(audit.deps);
    expect(audit.happened).toEqual(['moved before the book was read']);
    expect(result).toMatchObject({ consistent: true, differences: [], unsettled: [] });
  });

  it('still reports a balance and a pool changed behind the ledger, among rounds being paid', async () => {
    const [paid, tampered] = ['in-flight-honest', 'in-flight-tampered'];
    for (const player of [paid, tampered]) await api.fundAccount(player, 5_000);
    const tableId = await api.openTable();
    await api.placeBet(paid, { tableId, type: 'PASS_LINE', amount: 100 });
    const pay = await recordHeld(tableId, { dice: [3, 4] });
    const poolId = await openPool(api);
    await tamper(api, accountKey(tampered), 'balance', 7);
    await tamper(api, poolKey(poolId), 'amount', 5);
    try {
      const audit = interleaved(api, { beforeBook: pay, player: tampered, betweenReads: () => api.fundAccount(tampered, 5_107) });
      const result = await reconcile(audit.deps);
      expect(audit.happened).toEqual(['moved before the book was read', `moved between two reads of ${tampered}`]);
      expect(result.consistent).toBe(false);
      // As read at a still moment: the tampered player after their deposit of 100, the pool as tampered.
      expect([...result.differences].sort((a, b) => a.account.kind.localeCompare(b.account.kind))).toEqual([
        { account: { kind: 'PLAYER', id: tampered }, currency: 'MOP', stored: 5_107, ledger: 5_100n },
        { account: { kind: 'POOL', id: poolId }, currency: 'MOP', stored: 100_005, ledger: 100_000n },
      ]);
      expect(result.unsettled).toEqual([]);
    } finally {
      await tamper(api, accountKey(tampered), 'balance', -7);
      await tamper(api, poolKey(poolId), 'amount', -5);
    }
    expect(await reconcile(systemDependencies(api.db))).toMatchObject({ consistent: true, differences: [], unsettled: [] });
  });

  it('names a balance that never holds still as unsettled, neither a difference nor consistent', async () => {
    const player = 'in-flight-busy';
    await api.fundAccount(player, 1_000);
    let deposits = 0;
    const move = () => api.fundAccount(player, 1_000 + ++deposits);
    // It moves after the balances are read, and after every read of it but the first: never still.
    const audit = interleaved(api, { beforeBook: move, player, betweenReads: move });
    const moving = withFaults(audit.deps.db, {
      after: (name, _count, input) =>
        name === 'GetCommand' && input.Key?.pk === accountKey(player).pk ? move().then(() => undefined) : undefined,
    });
    const result = await reconcile({ ...audit.deps, db: moving }, { holdStillMs: 300 });
    expect(result).toMatchObject({
      consistent: false,
      differences: [],
      unsettled: [{ account: { kind: 'PLAYER', id: player }, currency: 'MOP' }],
    });
    expect(await reconcile(systemDependencies(api.db))).toMatchObject({ consistent: true, differences: [], unsettled: [] });
  });
});

describe('the daily check, while rounds are paid', () => {
  const { api, recordHeld } = apiHoldingPayments();
  const at = (instant: string): ServiceDependencies => ({ ...systemDependencies(api.db), now: () => instant });

  it("does not report a player whose round's payment, stamped first, lands after their next bet", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.parse(`${today}T00:00:00.000Z`) - 86_400_000).toISOString().slice(0, 10);
    const player = 'daily-in-flight';
    // Yesterday, the player's only movement: funded with 10,000.
    await openAccount(at(`${yesterday}T08:00:00.000Z`), OPERATOR, { playerId: player, currency: 'MOP' });
    await deposit(at(`${yesterday}T09:00:00.000Z`), OPERATOR, { playerId: player, amount: 10_000, reference: randomUUID() });
    // Today: a Pass Line won, its payment held; the job's next runner (its clock ahead) stamps the
    // payment later than the player's next bet, which lands first.
    const tableId = await api.openTable();
    await api.placeBet(player, { tableId, type: 'PASS_LINE', amount: 100 });
    const pay = await recordHeld(tableId, { dice: [3, 4] });
    await pay();
    await api.placeBet(player, { tableId, type: 'PASS_LINE', amount: 100 });
    expect(await api.balance(player)).toBe(10_000);

    const check = await checkLedgerDay(at(`${today}T23:59:00.000Z`), 'MOP', yesterday);
    expect(check.differences).toEqual([]);
    expect(check.inconsistentDays).toEqual([]);
  });
});
