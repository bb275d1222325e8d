import type { OutcomeRecord, PlannedSettlement } from '../../store/kernel/records';
import { backoff } from '../../store/kernel/retry';
import { showsSettlement } from '../../store/rounds/settlement';
import { applyJackpotRound } from './jackpot-settlement';
import { decidedPerShard, packed, settlementWaves, type SettlementUnit } from './settlement-units';
import { settlementStoreOn, type SettlementStore } from './settlement-store';
import { outsideReadBudget } from '../kernel/read-budget';
import { ServiceError } from '../kernel/service-error';
import type { ServiceDependencies } from '../kernel/services';

/**
 * Runs a table's settlement job (store/rounds/settlement.ts): pays outcome `sequence`'s plan, player by
 * player, and ends the job. One runner at a time holds the job's lease, renewed while it works;
 * a runner that dies lets the lease expire and the next one (the sweeper, the dealer's next
 * outcome) takes over from where the bets say it stopped. Every step is safe to repeat.
 *
 * BUSY: another runner holds the lease (or took it over from this one). DONE: the job is finished.
 * A transaction that keeps losing races (a payment's, or the jackpot's at a busy pool) makes the
 * runner give up (a CONFLICT), leaving the lease free for the next runner at once.
 */
export async function runSettlement(
  deps: ServiceDependencies,
  tableId: string,
  sequence: number,
  /** The outcome and its plan, when the caller has just recorded them (saves reading them back). */
  recorded?: { readonly outcome: OutcomeRecord; readonly plan: readonly PlannedSettlement[] },
  /** Where the job reads and writes (settlement-store.ts): DynamoDB's, over the request's client, unless a test gives its own. */
  store?: SettlementStore,
): Promise<'DONE' | 'BUSY'> {
  // The job pays the whole round, whoever's request runs it: not bounded by that request's reads.
  deps = outsideReadBudget(deps);
  const job = store ?? settlementStoreOn(deps.db);
  const owner = deps.newId();
  const lease = leaseFor(deps, job, tableId, sequence, owner);
  const claim = await lease.renew();
  if (claim !== 'CLAIMED') return claim === 'DONE' ? 'DONE' : 'BUSY';

  const started = performance.now();
  const outcome = recorded?.outcome ?? (await job.outcome(tableId, sequence));
  if (!outcome) throw new Error(`table ${tableId} is settling outcome ${sequence}, which is not stored`);
  const settledAt = deps.now();
  // What this run committed; none when an earlier run paid the plan and died before finishing.
  const tally = { batches: 0 };
  if (!outcome.settledAt) {
    const plan = recorded?.plan ?? (await job.plan(outcome));
    // The decided bets leave their shards' counts (so the shards take new bets in their place)
    // while they are paid: other items, and safe to count out once only (settledThrough).
    const countedOut = Promise.all(
      [...decidedPerShard(plan)].map(([shard, decided]) => job.countOutDecided(tableId, shard, sequence, decided)),
    );
    try {
      for (const wave of settlementWaves(outcome, plan, settledAt)) await payWave(job, packed(wave), sequence, settledAt, lease, tally);
      await countedOut;
      // The jackpot's pool may be busy with another table's round: a CONFLICT here, like one of
      // the payments', is giving up, so it frees the lease below too.
      if (outcome.kind === 'DEAL' && outcome.jackpot && !outcome.jackpot.payout) await applyJackpotRound(deps, outcome);
    } catch (error) {
      await countedOut.catch(() => undefined);
      if (error instanceof SettlementLeaseLost) return 'BUSY';
      // Giving up on purpose: the next runner may start at once. (A runner that dies lets the lease expire.)
      if (error instanceof ServiceError) await job.release(tableId, sequence, owner);
      throw error;
    }
  }
  await job.finish(tableId, sequence, settledAt);
  if (tally.batches > 0) deps.metrics.settlementRun({ durationMs: performance.now() - started, batches: tally.batches });
  return 'DONE';
}

/** A job's runner holds its lease this long, and renews it when a third of it is gone. */
export const LEASE_MS = 15_000;
/** Transactions of one job in flight at once. */
export const SETTLEMENT_CONCURRENCY = 8;
/** Times one transaction of a job is sent again after losing a race, before the runner gives up. */
export const MAX_RESENDS = 12;

interface Lease {
  renew(): Promise<'CLAIMED' | 'HELD' | 'DONE'>;
  /** Renews the lease if a third of it is gone; false if it was lost to another runner. */
  keep(): Promise<boolean>;
}

function leaseFor(deps: ServiceDependencies, job: SettlementStore, tableId: string, sequence: number, owner: string): Lease {
  let renewedAt = 0;
  const renew = async () => {
    const now = Date.parse(deps.now());
    const claim = await job.claim(tableId, sequence, owner, now, now + LEASE_MS);
    if (claim === 'CLAIMED') renewedAt = now;
    return claim;
  };
  return {
    renew,
    keep: async () => Date.parse(deps.now()) - renewedAt < LEASE_MS / 3 || (await renew()) === 'CLAIMED',
  };
}

/** The job went to another runner (this one was too slow to renew): it stops, the other goes on. */
class SettlementLeaseLost extends Error {
  override readonly name = 'SettlementLeaseLost';
}

/** What one run of a job committed, for its metrics. */
interface Tally {
  batches: number;
}

/** A wave's batches, SETTLEMENT_CONCURRENCY transactions at a time. */
async function payWave(
  job: SettlementStore,
  batches: readonly SettlementUnit[][],
  sequence: number,
  settledAt: string,
  lease: Lease,
  tally: Tally,
): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    // Once one transaction failed, the others take nothing new: the job's next runner goes on.
    while (next < batches.length && !failed) {
      const mine = batches[next++]!;
      try {
        if (!(await lease.keep())) throw new SettlementLeaseLost();
        await commitUnits(job, mine, sequence, settledAt, tally);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  // Every worker stops before the runner answers, so nothing of this run goes on behind it.
  const results = await Promise.allSettled(Array.from({ length: Math.min(SETTLEMENT_CONCURRENCY, batches.length) }, worker));
  const rejected = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (rejected) throw rejected.reason;
}

/**
 * Sends units together; a lost race is sent again after a wait. A batch refused for its conditions
 * was partly applied before (by an earlier run of the job): its bets are read, the units they show
 * applied are dropped, and the rest go again. Checked, never assumed: a unit is applied in full or
 * not at all (one transaction), so a unit only part of whose bets show it is an error.
 */
async function commitUnits(
  job: SettlementStore,
  units: readonly SettlementUnit[],
  sequence: number,
  settledAt: string,
  tally: Tally,
): Promise<void> {
  for (let attempt = 0; attempt < MAX_RESENDS; attempt++) {
    const result = await job.commit(units, sequence, settledAt);
    if (result === 'APPLIED') {
      tally.batches++;
      return;
    }
    if (result === 'CONDITION_FAILED') {
      const unapplied = await withoutApplied(job, units, sequence);
      if (unapplied.length === units.length) {
        throw new Error(`outcome ${sequence}: a settlement batch was refused, yet none of its bets shows it applied`);
      }
      if (unapplied.length > 0) await commitUnits(job, unapplied, sequence, settledAt, tally);
      return;
    }
    await backoff(attempt, 5, 200);
  }
  throw new ServiceError('CONFLICT', `Paying outcome ${sequence} keeps losing races for its items; the job's next runner goes on with it.`);
}

/** The units none of whose bets show the outcome yet (one transactional read of the batch's bets). */
async function withoutApplied(job: SettlementStore, units: readonly SettlementUnit[], sequence: number): Promise<SettlementUnit[]> {
  const ids = units.flatMap((unit) => unit.entries.map((entry) => entry.betId));
  const bets = new Map((await job.betsTogether(ids)).map((bet) => [bet.id, bet]));
  return units.filter((unit) => {
    const shown = unit.entries.filter((entry) => {
      const bet = bets.get(entry.betId);
      return bet !== undefined && showsSettlement(bet, entry, sequence);
    }).length;
    if (shown > 0 && shown < unit.entries.length) {
      throw new Error(`outcome ${sequence}: player ${unit.entries[0]!.playerId}'s bets show it only in part`);
    }
    return shown === 0;
  });
}
