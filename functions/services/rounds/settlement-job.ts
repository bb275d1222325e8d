import { getBetsTogether } from '../../store/betting/bets';
import { countOutDecided } from '../../store/betting/gates';
import { parseBetId, shardOfBetKey } from '../../store/kernel/keys';
import type { OutcomeRecord, PlannedSettlement } from '../../store/kernel/records';
import { backoff } from '../../store/kernel/retry';
import {
  claimSettlement,
  commitSettlementBatch,
  decideBet,
  finishSettlement,
  getOutcome,
  moveBet,
  plannedDecision,
  readPlan,
  releaseSettlement,
  showsSettlement,
} from '../../store/rounds/settlement';
import type { TransactAction } from '../../store/kernel/transact-action';
import { creditAccount, releaseExposure } from '../../store/money/transaction-actions';
import { applyJackpotRound } from './jackpot-settlement';
import { payoutJournal } from '../money/journals';
import { recordJournal } from '../../store/money/ledger';
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
): Promise<'DONE' | 'BUSY'> {
  // The job pays the whole round, whoever's request runs it: not bounded by that request's reads.
  deps = outsideReadBudget(deps);
  const owner = deps.newId();
  const lease = leaseFor(deps, tableId, sequence, owner);
  const claim = await lease.renew();
  if (claim !== 'CLAIMED') return claim === 'DONE' ? 'DONE' : 'BUSY';

  const started = performance.now();
  const outcome = recorded?.outcome ?? (await getOutcome(deps.db, tableId, sequence));
  if (!outcome) throw new Error(`table ${tableId} is settling outcome ${sequence}, which is not stored`);
  const settledAt = deps.now();
  // What this run committed; none when an earlier run paid the plan and died before finishing.
  const tally = { batches: 0 };
  if (!outcome.settledAt) {
    const plan = recorded?.plan ?? (await readPlan(deps.db, outcome));
    // The decided bets leave their shards' counts (so the shards take new bets in their place)
    // while they are paid: other items, and safe to count out once only (settledThrough).
    const countedOut = Promise.all(
      [...decidedPerShard(plan)].map(([shard, decided]) => countOutDecided(deps.db, tableId, shard, sequence, decided)),
    );
    try {
      await payPlan(deps, outcome, plan, settledAt, lease, tally);
      await countedOut;
      // The jackpot's pool may be busy with another table's round: a CONFLICT here, like one of
      // the payments', is giving up, so it frees the lease below too.
      if (outcome.kind === 'DEAL' && outcome.jackpot && !outcome.jackpot.payout) await applyJackpotRound(deps, outcome);
    } catch (error) {
      await countedOut.catch(() => undefined);
      if (error instanceof SettlementLeaseLost) return 'BUSY';
      // Giving up on purpose: the next runner may start at once. (A runner that dies lets the lease expire.)
      if (error instanceof ServiceError) await releaseSettlement(deps.db, tableId, sequence, owner);
      throw error;
    }
  }
  await finishSettlement(deps.db, tableId, sequence, settledAt);
  if (tally.batches > 0) deps.metrics.settlementRun({ durationMs: performance.now() - started, batches: tally.batches });
  return 'DONE';
}

/** A job's runner holds its lease this long, and renews it when a third of it is gone. */
export const LEASE_MS = 15_000;
/** Transactions of one job in flight at once. */
export const SETTLEMENT_CONCURRENCY = 8;
/** Times one transaction of a job is sent again after losing a race, before the runner gives up. */
const MAX_RESENDS = 12;
const ITEMS_PER_TRANSACTION = 100;
const HALF_TRANSACTION = ITEMS_PER_TRANSACTION / 2;
/** A unit's bets, beside its credit and its journal: two units always fill a transaction. */
const BETS_PER_UNIT = HALF_TRANSACTION - 2;

interface Lease {
  renew(): Promise<'CLAIMED' | 'HELD' | 'DONE'>;
  /** Renews the lease if a third of it is gone; false if it was lost to another runner. */
  keep(): Promise<boolean>;
}

function leaseFor(deps: ServiceDependencies, tableId: string, sequence: number, owner: string): Lease {
  let renewedAt = 0;
  const renew = async () => {
    const now = Date.parse(deps.now());
    const claim = await claimSettlement(deps.db, tableId, sequence, owner, now, now + LEASE_MS);
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

/**
 * A player's part of the plan, as one transaction unit: every bet of theirs the plan decides or
 * moves, one credit of everything it returns them and its journal, so that a player is paid
 * (and the payment journalled) exactly when their bets are decided. A player with more bets than fit half a transaction (a table may allow
 * up to 99 each) has them in units of at most HALF_TRANSACTION items, each with its own credit:
 * two units then always fill a transaction.
 */
interface Unit {
  readonly entries: readonly PlannedSettlement[];
  readonly actions: readonly TransactAction[];
}

/** The units of the plan, in waves: every player's first unit, then the second units of those with two. */
function playerUnits(deps: ServiceDependencies, outcome: OutcomeRecord, plan: readonly PlannedSettlement[], settledAt: string): Unit[][] {
  const byPlayer = new Map<string, PlannedSettlement[]>();
  for (const entry of plan) byPlayer.set(entry.playerId, [...(byPlayer.get(entry.playerId) ?? []), entry]);
  const waves: Unit[][] = [];
  for (const [playerId, entries] of byPlayer) {
    for (let i = 0, wave = 0; i < entries.length; i += BETS_PER_UNIT, wave++) {
      (waves[wave] ??= []).push(playerUnit(deps, outcome, playerId, entries.slice(i, i + BETS_PER_UNIT), wave, settledAt));
    }
  }
  return waves;
}

function playerUnit(
  deps: ServiceDependencies,
  outcome: OutcomeRecord,
  playerId: string,
  entries: readonly PlannedSettlement[],
  part: number,
  settledAt: string,
): Unit {
  const sequence = outcome.sequence;
  const actions: TransactAction[] = entries.map((entry) =>
    entry.resolution.outcome === 'MOVED'
      ? moveBet(deps.db, entry.betId, entry.resolution.number, sequence)
      : decideBet(deps.db, plannedDecision(entry, sequence, settledAt)),
  );
  const credit = entries.reduce((sum, entry) => sum + entry.returned, 0);
  // The reserves of the bets decided (rules/money.ts, MAX_EXPOSURE) are let go with the money they return.
  const released = entries.reduce((sum, entry) => sum + (entry.released ?? 0), 0);
  const journal = payoutJournal(outcome.tableId, sequence, playerId, entries, outcome.currency, settledAt, part);
  if (journal) actions.push(creditAccount(deps.db, playerId, credit, journal, { released }), recordJournal(deps.db, journal));
  else if (released > 0) actions.push(releaseExposure(deps.db, playerId, released));
  return { entries, actions };
}

/**
 * Units packed into transactions of at most 100 items (first fit, largest first: near the least
 * number of transactions), SETTLEMENT_CONCURRENCY transactions at a time. A player with more than
 * one unit has them in successive waves, so that no two transactions in flight credit one account.
 */
async function payPlan(
  deps: ServiceDependencies,
  outcome: OutcomeRecord,
  plan: readonly PlannedSettlement[],
  settledAt: string,
  lease: Lease,
  tally: Tally,
) {
  for (const wave of playerUnits(deps, outcome, plan, settledAt)) await payWave(deps, packed(wave), outcome.sequence, lease, tally);
}

/** What one run of a job committed, for its metrics. */
interface Tally {
  batches: number;
}

function packed(units: readonly Unit[]): Unit[][] {
  const batches: { units: Unit[]; items: number }[] = [];
  for (const unit of [...units].sort((a, b) => b.actions.length - a.actions.length)) {
    const fits = batches.find((batch) => batch.items + unit.actions.length <= ITEMS_PER_TRANSACTION);
    if (fits) {
      fits.units.push(unit);
      fits.items += unit.actions.length;
    } else batches.push({ units: [unit], items: unit.actions.length });
  }
  return batches.map((batch) => batch.units);
}

async function payWave(deps: ServiceDependencies, batches: readonly Unit[][], sequence: number, lease: Lease, tally: Tally): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    // Once one transaction failed, the others take nothing new: the job's next runner goes on.
    while (next < batches.length && !failed) {
      const mine = batches[next++]!;
      try {
        if (!(await lease.keep())) throw new SettlementLeaseLost();
        await commitUnits(deps, mine, sequence, tally);
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
async function commitUnits(deps: ServiceDependencies, units: readonly Unit[], sequence: number, tally: Tally): Promise<void> {
  for (let attempt = 0; attempt < MAX_RESENDS; attempt++) {
    const result = await commitSettlementBatch(
      deps.db,
      units.flatMap((unit) => unit.actions),
    );
    if (result === 'APPLIED') {
      tally.batches++;
      return;
    }
    if (result === 'CONDITION_FAILED') {
      const unapplied = await withoutApplied(deps, units, sequence);
      if (unapplied.length === units.length) {
        throw new Error(`outcome ${sequence}: a settlement batch was refused, yet none of its bets shows it applied`);
      }
      if (unapplied.length > 0) await commitUnits(deps, unapplied, sequence, tally);
      return;
    }
    await backoff(attempt, 5, 200);
  }
  throw new ServiceError('CONFLICT', `Paying outcome ${sequence} keeps losing races for its items; the job's next runner goes on with it.`);
}

/** The units none of whose bets show the outcome yet (one transactional read of the batch's bets). */
async function withoutApplied(deps: ServiceDependencies, units: readonly Unit[], sequence: number): Promise<Unit[]> {
  const ids = units.flatMap((unit) => unit.entries.map((entry) => entry.betId));
  const bets = new Map((await getBetsTogether(deps.db, ids)).map((bet) => [bet.id, bet]));
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

function decidedPerShard(plan: readonly PlannedSettlement[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const entry of plan) {
    if (entry.resolution.outcome === 'MOVED') continue;
    const shard = shardOfBetKey(parseBetId(entry.betId)!.betKey);
    counts.set(shard, (counts.get(shard) ?? 0) + 1);
  }
  return counts;
}
