import { getTableSession, updateDealingPause } from '../../store/tables/tables';
import { deleteLoopClaim, getLoopClaim, listLoopClaims, passLoopClaim } from '../../store/rng/loop-claims';
import type { TableRecord } from '../../store/tables/table-records';
import { bettingDeadline } from '../betting/betting-gate';
import { closeBetting } from '../betting/close-betting';
import { ServiceError } from '../kernel/service-error';
import { stampOf, type Caller, type ServiceDependencies } from '../kernel/services';
import type { RngStep } from '../kernel/work-queue';
import { MAX_ATTEMPTS, loadPlayableTable, tableBusy } from '../tables/table-access';
import { serverDealer } from './deal-round';
import { GAME_NAMES } from '../../rules/games';
import { getSeed } from '../../store/rng/seeds';
import { gameTablesOf } from '../tables/game-tables';

/**
 * The round loop of a table the server deals: betting opens, closes at its deadline, the server
 * deals, the round is paid, the next opens. Each step is a message delayed to its moment (SQS in
 * AWS, a timer locally) carrying the token of the table's loop claim: a step does what is due,
 * then passes the claim to a new token and sends the next message. A message whose token is no
 * longer the claim's (delivered twice, or replaced by the sweeper) is dropped, so one chain steps
 * a table; what a step does is itself safe to repeat (closing betting closed changes nothing; the
 * deal is fixed by the committed seed and guarded by its sequence). A chain broken by a crash is
 * started again by the sweeper (sweepRoundLoops).
 */

/** How long after a step was due the sweeper takes it for lost (a dead worker, a message never sent). */
export const LOST_STEP_MS = 30_000;
/** Within this much of its deadline a step deals rather than wait again (timers fire a little early or late). */
const DEADLINE_SLACK_MS = 50;
/** When a step could not do its work for a passing reason (a round still being paid, a race), it tries again this soon. */
const RETRY_MS = 1_000;
/** SQS delays a message by 900 s at most. */
const MAX_DELAY_MS = 900_000;

/** Runs the step `step` names, if its token is still the table's loop claim. */
export async function stepRoundLoop(deps: ServiceDependencies, step: RngStep): Promise<void> {
  const claim = await getLoopClaim(deps.db, step.tableId);
  if (!claim || claim.token !== step.token) return;
  const table = await getTableSession(deps.db, step.tableId);
  if (!table || table.status !== 'OPEN') return deleteLoopClaim(deps.db, step.tableId);
  // Paused: the claim stays where it is, and resumeDealing passes it on.
  if (table.dealingPausedBy) return;
  await armNext(deps, step.tableId, step.token, await advance(deps, table));
}

/**
 * Does what is due at the table now, and says when the next step is due: before the deadline,
 * nothing (the deadline); after it, betting closes and the server deals (the new round's
 * deadline). A craps roll nobody may shoot is not thrown: closing betting opened it again.
 */
async function advance(deps: ServiceDependencies, table: TableRecord): Promise<number> {
  const now = Date.parse(deps.now());
  const deadline = deadlineOf(table);
  if (!table.bettingClosed && now < deadline - DEADLINE_SLACK_MS) return deadline;
  try {
    const closed = await closeBetting(deps, serverDealer(table.id), table.id);
    const { table: after } = await dealRound(deps, closed);
    return deadlineOf(after);
  } catch (error) {
    if (error instanceof ServiceError && error.code === 'NO_SHOOTER') return deadlineOf((await getTableSession(deps.db, table.id))!);
    // The table moved on under the step (a void, another step, a round still being paid; the same
    // step delivered twice at once, one of which found the round's betting opened again): look again soon.
    if (
      error instanceof ServiceError &&
      ['OUTCOME_SEQUENCE_MISMATCH', 'SETTLEMENT_IN_PROGRESS', 'CONFLICT', 'BETTING_OPEN'].includes(error.code)
    ) {
      return now + RETRY_MS;
    }
    throw error;
  }
}

/** The round in play, dealt from the seed the table committed to, by its game's way (game-tables.ts). */
async function dealRound(deps: ServiceDependencies, table: TableRecord): Promise<{ table: TableRecord }> {
  const commitment = table.fairness?.commitment;
  const seed = commitment === undefined ? undefined : await getSeed(deps.db, table.id, commitment);
  if (!seed) throw new Error(`table ${table.id} has no seed behind its commitment`);
  return gameTablesOf(table.game).serverDealt.deal(deps, table, seed);
}

/** The table's betting deadline (a table the server deals always has a clock). */
function deadlineOf(table: TableRecord): number {
  const deadline = bettingDeadline(table);
  if (deadline === null) throw new Error(`table ${table.id} is dealt by the server but has no betting clock`);
  return Date.parse(deadline);
}

/** Passes the claim from `from` to a new token due at `dueAt`, and sends that step; nothing if another step passed it first. */
async function armNext(deps: ServiceDependencies, tableId: string, from: string, dueAt: number): Promise<void> {
  const token = deps.newId();
  if (!(await passLoopClaim(deps.db, tableId, from, { token, dueAt: new Date(dueAt).toISOString() }))) return;
  await sendStep(deps, { tableId, token }, dueAt);
}

/** Sends a step due at `dueAt` (without a queue, the sweeper steps the table once it is due). */
export async function sendStep(deps: ServiceDependencies, step: RngStep, dueAt: number): Promise<void> {
  if (!deps.rngQueue) return;
  await deps.rngQueue.send([step], { delayMs: Math.min(MAX_DELAY_MS, Math.max(0, dueAt - Date.parse(deps.now()))) });
}

/**
 * The sweeper's part (every minute in AWS): a table whose step is overdue by LOST_STEP_MS lost
 * its chain (a message never sent, a worker dead past its retries): its claim passes to a new
 * token, which steps it now. Without a queue (tests), the sweeper runs the steps itself.
 */
export async function sweepRoundLoops(
  deps: ServiceDependencies,
  /** How overdue a step must be to be taken for lost (0: a process starting, whose timers died with the last one). */
  { lostAfterMs = LOST_STEP_MS }: { readonly lostAfterMs?: number } = {},
): Promise<{ restarted: string[]; failed: string[] }> {
  const restarted: string[] = [];
  const failed: string[] = [];
  const now = Date.parse(deps.now());
  for (const claim of await listLoopClaims(deps.db)) {
    const overdue = now - Date.parse(claim.dueAt);
    if (deps.rngQueue ? overdue < lostAfterMs : overdue < 0) continue;
    const table = await getTableSession(deps.db, claim.tableId);
    if (!table || table.status !== 'OPEN') {
      await deleteLoopClaim(deps.db, claim.tableId);
      continue;
    }
    if (table.dealingPausedBy) continue;
    try {
      if (deps.rngQueue) await armNext(deps, claim.tableId, claim.token, now);
      else await stepRoundLoop(deps, { tableId: claim.tableId, token: claim.token });
      restarted.push(claim.tableId);
      if (deps.rngQueue) deps.metrics.roundLoopRestarted();
    } catch (error) {
      // One table's fault must not keep the others' loops stopped: the next sweep tries it again.
      failed.push(claim.tableId);
      deps.log.error('a round loop could not be restarted', {
        tableId: claim.tableId,
        error: error instanceof Error ? error : String(error),
      });
    }
  }
  return { restarted, failed };
}

/**
 * An operator stops (`paused` true) or starts again a table's round loop. Resuming gives betting
 * a whole new window if it is open, and sends the next step.
 */
export async function setDealingPaused(deps: ServiceDependencies, caller: Caller, tableId: string, paused: boolean): Promise<TableRecord> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const table = await loadPlayableTable(deps, tableId, GAME_NAMES, { seenBy: caller });
    if (table.dealing !== 'RNG') {
      throw new ServiceError('DEALT_BY_DEALER', 'A dealer deals this table: only tables the server deals have a round loop to pause.');
    }
    if ((table.dealingPausedBy !== undefined) === paused) return table;
    const stamp = stampOf(caller, deps);
    if (!(await updateDealingPause(deps.db, table, paused ? { pausedBy: stamp } : { resumedAt: stamp.at }))) continue;
    if (!paused) {
      const resumed = (await getTableSession(deps.db, tableId))!;
      const claim = await getLoopClaim(deps.db, tableId);
      if (claim) await armNext(deps, tableId, claim.token, resumed.bettingClosed ? Date.parse(stamp.at) : deadlineOf(resumed));
      return resumed;
    }
    return (await getTableSession(deps.db, tableId))!;
  }
  throw tableBusy();
}
