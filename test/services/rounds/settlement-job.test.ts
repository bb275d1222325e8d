/**
 * The settlement job's resume logic, on its port's in-memory double (no database): every player
 * paid once, whatever stops a runner where; a race lost too often gives up and frees the lease at
 * once; a lease another runner holds is left alone. DynamoDB's adapter is tested on DynamoDB
 * Local through the API (settlement-recovery.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { LEASE_MS, runSettlement, settlePart } from '../../../functions/services/rounds/settlement-job';
import { settlementWaves } from '../../../functions/services/rounds/settlement-units';
import { noBusinessMetrics } from '../../../functions/services/kernel/business-metrics';
import type { ServiceDependencies } from '../../../functions/services/kernel/services';
import { ServiceError } from '../../../functions/services/kernel/service-error';
import { betId, newBetKey } from '../../../functions/store/kernel/keys';
import type { Db } from '../../../functions/store/kernel/db';
import type { BetRecord } from '../../../functions/store/betting/bet-records';
import type { OutcomeRecord } from '../../../functions/store/rounds/outcome-records';
import type { PlannedSettlement } from '../../../functions/store/rounds/planned-settlement';
import { InMemorySettlementStore } from '../../support/in-memory-settlement-store';

const TABLE = 'job-table';
const SEQUENCE = 7;
const RESERVE = 31;

/** A clock the test moves, and the dependencies the job runs with. */
function dependencies() {
  let now = Date.parse('2026-12-01T10:00:00.000Z');
  let ids = 0;
  const logged: string[] = [];
  const deps: ServiceDependencies = {
    db: {} as Db,
    now: () => new Date(now).toISOString(),
    newId: () => `runner-${++ids}`,
    metrics: noBusinessMetrics,
    log: { error: (message) => logged.push(message) },
  };
  return { deps, logged, advance: (ms: number) => (now += ms) };
}

/**
 * A round: `players` players with one bet of 100 each (every third wins 1:1, every third pushes, the
 * others lose), and one player with `many` bets of 100 that all win.
 */
function round(players: number, many = 0, parts = 1) {
  const bets: BetRecord[] = [];
  const plan: PlannedSettlement[] = [];
  const lay = (playerId: string, index: number, resolution: PlannedSettlement['resolution'], returned: number) => {
    const bet: BetRecord = {
      id: betId(TABLE, newBetKey(playerId, 4, `${playerId}-${index}`)),
      tableId: TABLE,
      playerId,
      type: 'FIELD',
      amount: 100,
      status: 'OPEN',
      winnings: 0,
      returned: 0,
      round: SEQUENCE,
      placedAt: '2026-12-01T09:59:00.000Z',
      reserve: 100 * RESERVE,
    };
    bets.push(bet);
    plan.push({ betId: bet.id, playerId, betType: 'FIELD', resolution, returned, released: 100 * RESERVE });
  };
  for (let i = 0; i < players; i++) {
    if (i % 3 === 0) lay(`p${i}`, 0, { outcome: 'WIN', winnings: 100 }, 200);
    else if (i % 3 === 1) lay(`p${i}`, 0, { outcome: 'PUSH' }, 100);
    else lay(`p${i}`, 0, { outcome: 'LOSE' }, 0);
  }
  for (let i = 0; i < many; i++) lay('whale', i, { outcome: 'WIN', winnings: 100 }, 200);
  const outcome = {
    kind: 'ROLL',
    tableId: TABLE,
    currency: 'MOP',
    sequence: SEQUENCE,
    planned: { planId: 'plan', entries: plan.length, chunks: 1, parts },
  } as OutcomeRecord;
  return { outcome, plan, bets, store: new InMemorySettlementStore(outcome, plan, bets) };
}

/** Every player holds exactly what the plan returns them, once, and no reserve is left. */
function expectPaidOnce(store: InMemorySettlementStore, plan: readonly PlannedSettlement[]) {
  const owed = new Map<string, number>();
  for (const entry of plan) owed.set(entry.playerId, (owed.get(entry.playerId) ?? 0) + entry.returned);
  expect(Object.fromEntries(store.balances)).toEqual(Object.fromEntries(owed));
  expect([...store.exposures.values()].every((left) => left === 0)).toBe(true);
  expect([...store.bets.values()].every((bet) => bet.status !== 'OPEN' && bet.settledBy === SEQUENCE)).toBe(true);
  const journalIds = store.journals.map((journal) => journal.id);
  expect(new Set(journalIds).size).toBe(journalIds.length);
}

describe('the settlement job', () => {
  it('pays each player once: one credit and journal per unit that returns money, a release alone for a unit that lost', async () => {
    const { deps } = dependencies();
    const { outcome, plan, store } = round(150, 60);
    expect(await runSettlement(deps, TABLE, SEQUENCE, undefined, store)).toBe('DONE');
    expectPaidOnce(store, plan);
    // 150 players and the whale's two units (48 + 12 bets): the winners' and pushers' units journal, the losers' do not.
    const units = settlementWaves(outcome, plan, deps.now()).flat();
    expect(units).toHaveLength(152);
    expect(store.journals).toHaveLength(units.filter((unit) => unit.credit > 0).length);
    expect(store.finished).toBe(true);
    expect(store.leases.size).toBe(0);
  });

  it('left by a runner that died halfway, is finished by the next once the lease expires, paying nobody twice', async () => {
    const { deps, advance } = dependencies();
    const { plan, store } = round(300);
    store.faults.crashAfter = 1;
    await expect(runSettlement(deps, TABLE, SEQUENCE, undefined, store)).rejects.toThrow('the process died');
    expect(store.commits).toBeGreaterThan(0);
    expect(store.finished).toBe(false);
    // The dead runner's lease stands until it expires: the next runner finds the job held.
    expect(await runSettlement(deps, TABLE, SEQUENCE, undefined, store)).toBe('BUSY');
    advance(LEASE_MS + 1);
    expect(await runSettlement(deps, TABLE, SEQUENCE, undefined, store)).toBe('DONE');
    expectPaidOnce(store, plan);
  });

  it('sends again only the units an earlier run did not apply, when a transaction is refused for a bet already decided', async () => {
    const { deps } = dependencies();
    const { outcome, plan, store } = round(40);
    // An earlier run applied one player's unit on its own, then died.
    const [first] = settlementWaves(outcome, plan, deps.now())[0]!;
    expect(await store.commit([first!], SEQUENCE, deps.now())).toBe('APPLIED');
    expect(await runSettlement(deps, TABLE, SEQUENCE, undefined, store)).toBe('DONE');
    expectPaidOnce(store, plan);
  });

  it('sends a transaction that lost a race again, and pays', async () => {
    const { deps } = dependencies();
    const { plan, store } = round(20);
    store.faults.races = 3;
    expect(await runSettlement(deps, TABLE, SEQUENCE, undefined, store)).toBe('DONE');
    expectPaidOnce(store, plan);
  });

  it('gives up (CONFLICT) when a transaction loses every race, and frees the lease for the next runner at once', async () => {
    const { deps } = dependencies();
    const { plan, store } = round(20);
    store.faults.races = Number.POSITIVE_INFINITY;
    const failure = await runSettlement(deps, TABLE, SEQUENCE, undefined, store).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ServiceError);
    expect((failure as ServiceError).code).toBe('CONFLICT');
    expect(store.leases.size).toBe(0);
    store.faults.races = 0;
    expect(await runSettlement(deps, TABLE, SEQUENCE, undefined, store)).toBe('DONE');
    expectPaidOnce(store, plan);
  });

  it('in parts, pays each part under its own lease, and ends the job with the last part paid, whichever it is', async () => {
    const { deps } = dependencies();
    const { plan, store } = round(300, 0, 3);
    // Each part pays only its own shards' players.
    expect(await settlePart(deps, TABLE, SEQUENCE, 2, undefined, store)).toBe('DONE');
    expect(store.done).toEqual(new Set([2]));
    expect(store.finished).toBe(false);
    const paidSoFar = [...store.balances.values()].reduce((sum, balance) => sum + balance, 0);
    expect(paidSoFar).toBeGreaterThan(0);
    expect(paidSoFar).toBeLessThan(plan.reduce((sum, entry) => sum + entry.returned, 0));
    // Another runner holds part 0: the sweeper's run pays part 1, leaves part 0, and the job stays open.
    await store.claim(TABLE, SEQUENCE, 0, 'a-worker', Date.parse(deps.now()), Date.parse(deps.now()) + LEASE_MS);
    expect(await runSettlement(deps, TABLE, SEQUENCE, undefined, store)).toBe('BUSY');
    expect(store.done).toEqual(new Set([1, 2]));
    expect(store.finished).toBe(false);
    // Its lease let go, the last part's runner ends the job.
    await store.release(TABLE, SEQUENCE, 0, 'a-worker');
    expect(await settlePart(deps, TABLE, SEQUENCE, 0, undefined, store)).toBe('DONE');
    expect(store.finished).toBe(true);
    expectPaidOnce(store, plan);
  });

  it('leaves a job another runner holds alone (BUSY), and answers DONE for one already finished', async () => {
    const { deps } = dependencies();
    const { store } = round(5);
    await store.claim(TABLE, SEQUENCE, 0, 'someone-else', Date.parse(deps.now()), Date.parse(deps.now()) + LEASE_MS);
    expect(await runSettlement(deps, TABLE, SEQUENCE, undefined, store)).toBe('BUSY');
    expect(store.commits).toBe(0);
    await store.finish();
    expect(await runSettlement(deps, TABLE, SEQUENCE, undefined, store)).toBe('DONE');
    expect(store.commits).toBe(0);
  });
});
