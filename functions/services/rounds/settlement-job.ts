import type { OutcomeRecord } from '../../store/rounds/outcome-records';
import type { PlannedSettlement } from '../../store/rounds/planned-settlement';
import { backoff } from '../../store/kernel/retry';
import { showsSettlement } from '../../store/rounds/bet-decisions';
import { applyJackpotRound } from './jackpot-settlement';
import { decidedPerShard, entriesOfPart, packed, settlementWaves, type SettlementUnit } from './settlement-units';
import { settlementStoreOn, type SettlementStore } from './settlement-store';
import { outsideReadBudget } from '../kernel/read-budget';
import { ServiceError } from '../kernel/service-error';
import type { ServiceDependencies } from '../kernel/services';
import { queueWalletCalls } from '../wallet/deliver-wallet-call';
import { walletTermsOf } from '../wallet/wallet-terms';
import { numberParam } from '../../rules/error-params';

/** The outcome and its plan, when the caller has just recorded them (saves reading them back). */
export type Recorded = { readonly outcome: OutcomeRecord; readonly plan: readonly PlannedSettlement[] };

/**
 * Runs what is left of a table's settlement job (store/rounds/settling-marker.ts): every part of
 * outcome `sequence`'s plan not paid yet, a few at once, then the job's end. This is how the
 * sweeper finishes what a crash left, and how a dealer's next outcome finishes the last one.
 *
 * BUSY: another runner holds a part (or took one over from this one). DONE: the job is finished.
 */
export async function runSettlement(
  deps: ServiceDependencies,
  tableId: string,
  sequence: number,
  recorded?: Recorded,
  /** Where the job reads and writes (settlement-store.ts): DynamoDB's, over the request's client, unless a test gives its own. */
  store?: SettlementStore,
): Promise<'DONE' | 'BUSY'> {
  const job = store ?? settlementStoreOn(outsideReadBudget(deps).db);
  const state = await job.job(tableId);
  if (!state || state.sequence !== sequence) return 'DONE';
  const left = Array.from({ length: state.parts }, (_, part) => part).filter((part) => !state.done.has(part));
  if (left.length === 0) {
    // Every part paid, the job not ended: its last runner gave up on the jackpot, or died before the end.
    const outcome = recorded?.outcome ?? (await job.outcome(tableId, sequence));
    if (!outcome) throw new Error(`table ${tableId} is settling outcome ${sequence}, which is not stored`);
    await endJob(outsideReadBudget(deps), job, outcome);
    return 'DONE';
  }
  const results: ('DONE' | 'BUSY')[] = [];
  for (let i = 0; i < left.length; i += PARTS_AT_ONCE) {
    // Every part of the group is awaited, failed or not, so that nothing of this run goes on behind its answer.
    const group = await Promise.allSettled(
      left.slice(i, i + PARTS_AT_ONCE).map((part) => settlePart(deps, tableId, sequence, part, recorded, job)),
    );
    const failed = group.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) throw failed.reason;
    results.push(...group.map((result) => (result as PromiseFulfilledResult<'DONE' | 'BUSY'>).value));
  }
  return results.includes('BUSY') ? 'BUSY' : 'DONE';
}

/** Parts one runner pays at once when it pays several (the sweeper, a request without workers). */
const PARTS_AT_ONCE = 4;

/**
 * Pays one part of a table's settlement job: the bets of its group of gate shards (settlement-units.ts,
 * partOf), player by player, under the part's lease, renewed while it works; a runner that dies lets
 * the lease expire and the next one (a worker the message is delivered to again, the sweeper, the
 * dealer's next outcome) takes over from where the bets say it stopped. The runner of the last part
 * paid ends the job: the round's jackpot, then the job's end. Every step is safe to repeat.
 *
 * BUSY: another runner holds the part (or took it over from this one). DONE: the part is paid.
 * A transaction that keeps losing races (a payment's, or the jackpot's at a busy pool) makes the
 * runner give up (a CONFLICT), leaving the lease free for the next runner at once.
 */
export async function settlePart(
  deps: ServiceDependencies,
  tableId: string,
  sequence: number,
  part: number,
  recorded?: Recorded,
  store?: SettlementStore,
): Promise<'DONE' | 'BUSY'> {
  // A part pays its share of the round, whoever's request runs it: not bounded by that request's reads.
  deps = outsideReadBudget(deps);
  const job = store ?? settlementStoreOn(deps.db);
  const owner = deps.newId();
  const lease = leaseFor(deps, job, tableId, sequence, part, owner);
  const claim = await lease.renew();
  if (claim === 'HELD') return 'BUSY';
  const outcome = recorded?.outcome ?? (await job.outcome(tableId, sequence));
  if (!outcome) throw new Error(`table ${tableId} is settling outcome ${sequence}, which is not stored`);
  // DONE: this part is paid, perhaps the job too; if its last runner died before the job's end, end it.
  if (claim === 'DONE') {
    await endJobIfPaid(deps, job, outcome);
    return 'DONE';
  }

  const started = performance.now();
  const settledAt = deps.now();
  // Version 2 rounds' closing credits this run wrote: handed over once its part is paid (and, if it ends the job,
  // once the job has ended), since they are sent only after the round's settlement.
  const closings: string[] = [];
  // What this run committed; none when an earlier run paid the part and died before it was counted.
  const tally = { batches: 0 };
  const parts = outcome.planned.parts ?? 1;
  if (!outcome.settledAt) {
    const plan = entriesOfPart(recorded?.plan ?? (await job.plan(outcome)), part, parts);
    // The decided bets leave their shards' counts (so the shards take new bets in their place)
    // while they are paid: other items, and safe to count out once only (settledThrough).
    const countedOut = Promise.all(
      [...decidedPerShard(plan)].map(([shard, decided]) => job.countOutDecided(tableId, shard, sequence, decided)),
    );
    try {
      // Seamless players are paid by calls to their wallets, written with their bets: handed to the wallet workers once written.
      const handOver = (units: readonly SettlementUnit[]) => {
        const calls = walletCallsOf(units);
        closings.push(...calls.closing);
        return queueWalletCalls(deps, calls.now);
      };
      const terms = await walletTermsOf(
        deps,
        plan.filter((entry) => entry.seamless).map((entry) => entry.playerId),
      );
      for (const wave of settlementWaves(outcome, plan, settledAt, terms))
        await payWave(job, packed(wave), sequence, settledAt, lease, tally, handOver);
      await countedOut;
    } catch (error) {
      await countedOut.catch(() => undefined);
      if (error instanceof SettlementLeaseLost) return 'BUSY';
      // Giving up on purpose: the next runner may start at once. (A runner that dies lets the lease expire.)
      if (error instanceof ServiceError) await job.release(tableId, sequence, part, owner);
      throw error;
    }
  }
  const left = await job.complete(tableId, sequence, part, owner);
  if (tally.batches > 0) deps.metrics.settlementRun({ durationMs: performance.now() - started, batches: tally.batches });
  if (left === undefined) return 'BUSY';
  if (left === 0) await endJob(deps, job, outcome);
  await queueWalletCalls(deps, closings);
  return 'DONE';
}

/** Ends the job if every part is paid (a runner that died between the last part and the end left it). */
async function endJobIfPaid(deps: ServiceDependencies, job: SettlementStore, outcome: OutcomeRecord): Promise<void> {
  const state = await job.job(outcome.tableId);
  if (state && state.sequence === outcome.sequence && state.done.size >= state.parts) await endJob(deps, job, outcome);
}

/**
 * Every part paid: the round's jackpot (its pool may be busy with another table's round: a
 * CONFLICT here gives up, for the next runner), then the job's end. Both are safe to repeat, and
 * to run twice at once (the last two parts' runners may both find nothing left).
 */
async function endJob(deps: ServiceDependencies, job: SettlementStore, outcome: OutcomeRecord): Promise<void> {
  if (outcome.kind === 'DEAL' && outcome.jackpot && !outcome.jackpot.payout) await applyJackpotRound(deps, outcome);
  await job.finish(outcome.tableId, outcome.sequence, deps.now());
}

/** A part's runner holds its lease this long, and renews it when a third of it is gone. */
export const LEASE_MS = 15_000;
/** Transactions of one part in flight at once. */
export const SETTLEMENT_CONCURRENCY = 8;
/** Times one transaction of a job is sent again after losing a race, before the runner gives up. */
export const MAX_RESENDS = 12;

interface Lease {
  renew(): Promise<'CLAIMED' | 'HELD' | 'DONE'>;
  /** Renews the lease if a third of it is gone; false if it was lost to another runner. */
  keep(): Promise<boolean>;
}

function leaseFor(deps: ServiceDependencies, job: SettlementStore, tableId: string, sequence: number, part: number, owner: string): Lease {
  let renewedAt = 0;
  const renew = async () => {
    const now = Date.parse(deps.now());
    const claim = await job.claim(tableId, sequence, part, owner, now, now + LEASE_MS);
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

/** The wallet calls units wrote: their credits and the debits they roll back, to send now; version 2 rounds' closing credits apart. */
function walletCallsOf(units: readonly SettlementUnit[]): { now: string[]; closing: string[] } {
  const calls = { now: [] as string[], closing: [] as string[] };
  for (const { wallet } of units) {
    if (!wallet) continue;
    if (wallet.credit) (wallet.credit.closesRound ? calls.closing : calls.now).push(wallet.credit.transactionId);
    calls.now.push(...wallet.rollbacks.map((rollback) => rollback.rolledBackTransactionId!));
  }
  return calls;
}

/** A wave's batches, SETTLEMENT_CONCURRENCY transactions at a time. */
async function payWave(
  job: SettlementStore,
  batches: readonly SettlementUnit[][],
  sequence: number,
  settledAt: string,
  lease: Lease,
  tally: Tally,
  handOver: (units: readonly SettlementUnit[]) => Promise<void>,
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
        await handOver(mine);
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
  throw new ServiceError(
    'CONFLICT',
    "Paying outcome {sequence} keeps losing races for its items; the job's next runner goes on with it.",
    undefined,
    [numberParam('sequence', sequence)],
  );
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
