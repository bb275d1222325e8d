import { sendWalletCall, type WalletCallResult } from '../../wallet/wallet-client';
import {
  dueWalletCalls,
  getWalletCall,
  saveWalletCall,
  type WalletCallRecord,
  type WalletCallState,
} from '../../store/wallet/wallet-calls';
import type { ServiceDependencies } from '../kernel/services';
import { partnerWalletOf, walletEndpointOf } from './partner-wallets';
import { asNewRequest, rollingBack, withoutDue } from './wallet-calls';
import { roundMayClose } from './round-closing';

/**
 * The wallet workers' one job: deliver a call of the outbox (store/wallet/wallet-calls.ts) to its
 * partner's wallet, and record what came of it. Safe to run twice at once, and again after a crash
 * anywhere: each send is of the call's stored body, and a state moves only from the one it was
 * read in (two runners may both send; the wallet's idempotency makes it one movement).
 *
 * - A debit still SENT after its timeout and a grace (its request died between writing it and
 *   hearing back) is rolled back: a debit is never sent again.
 * - A rollback is sent until the wallet answers OK or UNKNOWN_TRANSACTION (nothing was taken).
 * - A credit is sent until the wallet answers OK; any refusal is logged for operators and sent again.
 * - Each failed send waits longer (retryDelayMs); 24 hours after it fell due, a call is set
 *   aside (DEAD_LETTERED), counted for an alarm and listed for operators (walletCallsNeedingAttention).
 */

/** A call is given up this long after it fell due. */
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1_000;
/** Waits between sends: doubling from a second to 15 minutes (SQS's longest delay), then every 15 minutes. */
export const retryDelayMs = (attempts: number): number => Math.min(15 * 60 * 1_000, 1_000 * 2 ** Math.max(0, attempts - 1));
/** How long past its timeout a debit may stay unconfirmed before the workers roll it back (its request is gone). */
export const DEBIT_GRACE_MS = 10_000;

export type Delivery = 'DONE' | 'LATER';

export async function deliverWalletCall(deps: ServiceDependencies, transactionId: string): Promise<Delivery> {
  let call = await getWalletCall(deps.db, transactionId);
  if (!call) return 'DONE';
  const now = deps.now();
  if (call.state === 'SENT') {
    // Still its request's to confirm: if that request died, the sweeper finds it once due.
    if (!isDue(call, now)) return 'LATER';
    const rolling = rollingBack(call, now, 'the debit was not confirmed in time');
    // Confirmed (or moved by another runner) meanwhile: nothing to do here.
    if (!(await saveWalletCall(deps.db, rolling, ['SENT']))) return 'DONE';
    call = rolling;
  }
  if (call.state !== 'ROLLING_BACK' && call.state !== 'DUE') return 'DONE';
  // Not due yet: a later send was scheduled by whoever failed last (its own message), so this one ends here.
  if (!isDue(call, now)) return 'LATER';

  // Version 2: a round's closing credit waits until no call of its round can follow it.
  if (call.closesRound && !(await roundMayClose(deps, call))) return waitForRound(deps, call, now);

  const result = await send(deps, call);
  const verdict = verdictOn(call, result, deps.now());
  const attempts = call.attempts + 1;
  if (verdict.state) {
    const done: WalletCallRecord = withoutDue({ ...call, state: verdict.state, attempts, updatedAt: now, ...verdict.note });
    await saveWalletCall(deps.db, done, [call.state], call.attempts);
    return 'DONE';
  }
  if (verdict.alert)
    deps.log.error('a partner wallet refused a call it should take: it is sent again', {
      transactionId,
      partner: call.partner,
      answer: verdict.problem,
    });
  if (Date.parse(now) - Date.parse(call.dueSince ?? call.createdAt) >= RETRY_WINDOW_MS) {
    const given: WalletCallRecord = withoutDue({ ...call, state: 'DEAD_LETTERED', attempts, updatedAt: now, lastProblem: verdict.problem });
    if (await saveWalletCall(deps.db, given, [call.state], call.attempts)) {
      deps.metrics.walletCallDeadLettered();
      deps.log.error('a wallet call was given up after 24 hours: an operator must settle it with the partner', {
        transactionId,
        partner: call.partner,
      });
    }
    return 'DONE';
  }
  const next: WalletCallRecord = {
    ...call,
    // Refused: the next send is a new request (wallet-calls.ts, asNewRequest); unanswered: the same one again.
    ...(result.kind === 'ANSWERED' ? { body: asNewRequest(call.body, attempts) } : {}),
    attempts,
    updatedAt: now,
    nextAttemptAt: new Date(Date.parse(now) + (deps.walletRetryDelayMs ?? retryDelayMs)(attempts)).toISOString(),
    lastProblem: verdict.problem,
  };
  if (!(await saveWalletCall(deps.db, next, [call.state], call.attempts))) return 'DONE';
  return later(deps, next, now);
}

/** The calls due now that no worker holds (their message lost, their worker dead), delivered here: the sweeper's part. */
export async function sweepWalletCalls(deps: ServiceDependencies): Promise<{ readonly delivered: number; readonly failed: number }> {
  const due = await dueWalletCalls(deps.db, deps.now());
  const results = await Promise.allSettled(due.map((transactionId) => deliverWalletCall(deps, transactionId)));
  const failed = results.filter((result) => result.status === 'rejected');
  for (const failure of failed)
    deps.log.error('delivering a wallet call failed', { error: String((failure as PromiseRejectedResult).reason) });
  return { delivered: results.length - failed.length, failed: failed.length };
}

/** Hands the calls to the wallet workers (SQS in AWS); a call not handed over is found by the sweeper. */
export async function queueWalletCalls(deps: ServiceDependencies, transactionIds: readonly string[], delayMs = 0): Promise<void> {
  if (!deps.walletQueue || transactionIds.length === 0) return;
  try {
    await deps.walletQueue.send(
      transactionIds.map((transactionId) => ({ transactionId })),
      delayMs > 0 ? { delayMs } : undefined,
    );
  } catch (error) {
    deps.log.error('wallet calls were not queued: the sweeper delivers them', { error: error instanceof Error ? error : String(error) });
  }
}

/** A closing credit whose round is not done: looked at again in a moment, no send counted (its 24 hours run on). */
async function waitForRound(deps: ServiceDependencies, call: WalletCallRecord, now: string): Promise<Delivery> {
  const waiting: WalletCallRecord = {
    ...call,
    updatedAt: now,
    nextAttemptAt: new Date(Date.parse(now) + (deps.walletRetryDelayMs ?? retryDelayMs)(1)).toISOString(),
    lastProblem: "waiting for the round's other calls",
  };
  if (!(await saveWalletCall(deps.db, waiting, [call.state], call.attempts))) return 'DONE';
  return later(deps, waiting, now);
}

const isDue = (call: WalletCallRecord, now: string): boolean => call.nextAttemptAt === undefined || call.nextAttemptAt <= now;

async function later(deps: ServiceDependencies, call: WalletCallRecord, now: string): Promise<Delivery> {
  await queueWalletCalls(deps, [call.transactionId], Date.parse(call.nextAttemptAt ?? now) - Date.parse(now));
  return 'LATER';
}

async function send(deps: ServiceDependencies, call: WalletCallRecord): Promise<WalletCallResult> {
  const wallet = await partnerWalletOf(deps, call.partner);
  // A partner that left seamless still gets what it is owed, at the wallet it last named.
  if (!wallet?.baseUrl) return { kind: 'NO_ANSWER', reason: 'the partner has no wallet configured' };
  let endpoint;
  try {
    endpoint = await walletEndpointOf(deps, wallet);
  } catch (error) {
    // The secret unreadable (missing, Secrets Manager down): backed off and, in the end, set aside like a wallet that does not answer.
    deps.log.error("a partner's wallet secret could not be read", {
      partner: call.partner,
      error: error instanceof Error ? error : String(error),
    });
    return { kind: 'NO_ANSWER', reason: 'the wallet secret could not be read' };
  }
  return sendWalletCall(endpoint, call.operation, call.body);
}

/** What an answer means for the call: a final state, or a problem to send it again for (`alert`: a refusal an operator should see). */
function verdictOn(
  call: WalletCallRecord,
  result: WalletCallResult,
  answeredAt: string,
): { state?: WalletCallState; note?: Partial<WalletCallRecord>; problem: string; alert?: boolean } {
  if (result.kind !== 'ANSWERED') return { problem: problemOf(result) };
  const { answer } = result;
  if (answer.status === 'OK')
    return {
      state: call.operation === 'rollback' ? 'ROLLED_BACK' : 'CONFIRMED',
      note: { balanceAfter: answer.balance, balanceAt: answeredAt },
      problem: '',
    };
  // A rollback of a debit the wallet never had: nothing was taken, nothing to give back.
  if (call.operation === 'rollback' && answer.code === 'UNKNOWN_TRANSACTION')
    return { state: 'ROLLED_BACK', note: { refusal: answer.code }, problem: '' };
  return { problem: `the wallet answered ${answer.code}`, alert: true };
}

function problemOf(result: Exclude<WalletCallResult, { kind: 'ANSWERED' }>): string {
  switch (result.kind) {
    case 'TIMEOUT':
      return 'no answer within the timeout';
    case 'SERVER_ERROR':
      return `the wallet answered HTTP ${result.status}`;
    case 'UNTRUSTED_ANSWER':
      return 'an answer not signed with the shared secret';
    case 'NO_ANSWER':
      return 'no answer (the connection failed)';
  }
}
