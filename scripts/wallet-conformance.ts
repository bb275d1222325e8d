/**
 * The seamless wallet contract's conformance checks (docs/WALLET.md), run against any wallet as a
 * partner runs them before going live: `npm run wallet-check`. Each check is a few real calls
 * about one test player, in small amounts, and leaves the player's balance as it found it
 * (every debit is credited or rolled back), so it may run against a staging wallet's test player.
 */
import { randomUUID } from 'node:crypto';
import { answerSignature, callWallet, type WalletCallResult, type WalletEndpoint } from '../functions/wallet/wallet-client';
import type { WalletAnswer, WalletCalls, WalletErrorCode, WalletOperation } from '../functions/wallet/wallet-protocol';
import { signatureOf, SIGNATURE_HEADER, SIGNATURE_TOLERANCE_SECONDS, TIMESTAMP_HEADER } from '../functions/wallet/wallet-signature';

export interface ConformanceTarget extends WalletEndpoint {
  /** A test player of the wallet, holding at least 10 minor units of `currency`. */
  readonly playerId: string;
  readonly currency: string;
}

export interface CheckResult {
  readonly name: string;
  readonly passed: boolean;
  /** What was expected and what came, when it failed. */
  readonly detail?: string;
}

class CheckFailed extends Error {}

/** Runs every check, in order; one that fails does not stop the others. */
export async function checkWallet(target: ConformanceTarget): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const [name, check] of CHECKS) {
    try {
      await check(new Session(target));
      results.push({ name, passed: true });
    } catch (error) {
      results.push({ name, passed: false, detail: error instanceof Error ? error.message : String(error) });
    }
  }
  return results;
}

/** One check's calls about the test player, with fresh ids. */
class Session {
  readonly round = `wallet-check.${randomUUID()}`;
  constructor(readonly target: ConformanceTarget) {}

  id = (kind: string) => `${kind}-${randomUUID()}`;

  movement(amount: number): WalletCalls['debit'] {
    return {
      requestId: this.id('req'),
      playerId: this.target.playerId,
      currency: this.target.currency,
      transactionId: this.id('tx'),
      amount,
      tableId: 'wallet-check',
      roundId: this.round,
      betIds: [this.id('bet')],
    };
  }

  async call<O extends WalletOperation>(operation: O, call: WalletCalls[O]): Promise<WalletAnswer> {
    return answered(await callWallet(this.target, operation, call), operation);
  }

  async balance(): Promise<number> {
    const answer = await this.call('balance', {
      requestId: this.id('req'),
      playerId: this.target.playerId,
      currency: this.target.currency,
    });
    if (answer.status !== 'OK') throw new CheckFailed(`balance answered ${answer.code}`);
    return answer.balance;
  }

  /**
   * Sends `body` to `operation` with the headers given, not signed by the client (the signature
   * checks' own calls); the answer must still be signed by the wallet, refusals too.
   */
  async raw(operation: WalletOperation, body: string, headers: Record<string, string>): Promise<WalletAnswer> {
    const response = await fetch(`${this.target.baseUrl.replace(/\/$/, '')}/${operation}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
      signal: AbortSignal.timeout(this.target.timeoutMs ?? 3_000),
    });
    const text = await response.text();
    const signed = answerSignature(this.target.secret, response, text, Math.floor(Date.now() / 1000));
    if (signed !== 'VALID')
      throw new CheckFailed(`${operation}: no trusted answer (HTTP ${response.status}, the answer's signature is ${signed.toLowerCase()})`);
    try {
      return JSON.parse(text) as WalletAnswer;
    } catch {
      throw new CheckFailed(`${operation}: HTTP ${response.status}, not a JSON answer`);
    }
  }
}

function answered(result: WalletCallResult, operation: string): WalletAnswer {
  if (result.kind === 'ANSWERED') return result.answer;
  const why = result.kind === 'UNTRUSTED_ANSWER' ? result.reason : result.kind === 'SERVER_ERROR' ? `HTTP ${result.status}` : result.kind;
  throw new CheckFailed(`${operation}: no trusted answer (${why})`);
}

function expectOk(answer: WalletAnswer, what: string): number {
  if (answer.status !== 'OK') throw new CheckFailed(`${what}: expected OK, got ${answer.code}`);
  return answer.balance;
}

function expectCode(answer: WalletAnswer, code: WalletErrorCode, what: string): void {
  if (answer.status !== 'ERROR' || answer.code !== code) {
    throw new CheckFailed(`${what}: expected ${code}, got ${answer.status === 'OK' ? 'OK' : answer.code}`);
  }
}

function expectBalance(actual: number, expected: number, what: string): void {
  if (actual !== expected) throw new CheckFailed(`${what}: balance ${actual}, expected ${expected}`);
}

type Check = (session: Session) => Promise<void>;

const CHECKS: readonly (readonly [string, Check])[] = [
  [
    'answers balance, signed with the shared secret',
    async (s) => {
      await s.balance();
    },
  ],
  [
    'refuses a call without a signature, or with a wrong one, with INVALID_SIGNATURE, and moves nothing',
    async (s) => {
      const before = await s.balance();
      const body = JSON.stringify(s.movement(1));
      const now = Math.floor(Date.now() / 1000);
      expectCode(await s.raw('debit', body, {}), 'INVALID_SIGNATURE', 'unsigned debit');
      const wrong = signatureOf(`${s.target.secret}-not`, now, body);
      expectCode(
        await s.raw('debit', body, { [TIMESTAMP_HEADER]: String(now), [SIGNATURE_HEADER]: wrong }),
        'INVALID_SIGNATURE',
        'wrongly signed debit',
      );
      expectBalance(await s.balance(), before, 'after the refused debits');
    },
  ],
  [
    `refuses a call signed more than ${SIGNATURE_TOLERANCE_SECONDS} s ago (a replay) with INVALID_SIGNATURE`,
    async (s) => {
      const body = JSON.stringify(s.movement(1));
      const then = Math.floor(Date.now() / 1000) - SIGNATURE_TOLERANCE_SECONDS - 60;
      const headers = { [TIMESTAMP_HEADER]: String(then), [SIGNATURE_HEADER]: signatureOf(s.target.secret, then, body) };
      expectCode(await s.raw('debit', body, headers), 'INVALID_SIGNATURE', 'stale debit');
    },
  ],
  [
    'debits and credits, answering the balance after',
    async (s) => {
      const before = await s.balance();
      expectBalance(expectOk(await s.call('debit', s.movement(3)), 'debit'), before - 3, 'after debit of 3');
      expectBalance(expectOk(await s.call('credit', s.movement(3)), 'credit'), before, 'after credit of 3');
    },
  ],
  [
    'answers an exact replay (same requestId, same body) with the first answer, moving nothing again',
    async (s) => {
      const before = await s.balance();
      const debit = s.movement(2);
      const first = await s.call('debit', debit);
      const again = await s.call('debit', debit);
      if (JSON.stringify(first) !== JSON.stringify(again))
        throw new CheckFailed(`replay answered ${JSON.stringify(again)}, first ${JSON.stringify(first)}`);
      expectBalance(await s.balance(), before - 2, 'after a debit and its replay');
      await s.call('credit', s.movement(2));
    },
  ],
  [
    'treats a transactionId sent again (a new requestId) with the same content as the same movement',
    async (s) => {
      const before = await s.balance();
      const debit = s.movement(2);
      expectOk(await s.call('debit', debit), 'debit');
      expectOk(await s.call('debit', { ...debit, requestId: s.id('req') }), 'the same debit again');
      expectBalance(await s.balance(), before - 2, 'after the same debit twice');
      await s.call('credit', s.movement(2));
    },
  ],
  [
    'refuses a transactionId sent again with another amount with DUPLICATE_TRANSACTION, and moves nothing',
    async (s) => {
      const before = await s.balance();
      const debit = s.movement(2);
      expectOk(await s.call('debit', debit), 'debit');
      expectCode(
        await s.call('debit', { ...debit, requestId: s.id('req'), amount: 3 }),
        'DUPLICATE_TRANSACTION',
        'the debit with another amount',
      );
      expectCode(await s.call('credit', { ...debit, requestId: s.id('req') }), 'DUPLICATE_TRANSACTION', 'a credit with the debit’s id');
      expectBalance(await s.balance(), before - 2, 'after the duplicates');
      await s.call('credit', s.movement(2));
    },
  ],
  [
    'rolls a debit back once, however often the rollback is sent',
    async (s) => {
      const before = await s.balance();
      const debit = s.movement(4);
      expectOk(await s.call('debit', debit), 'debit');
      const rollback = { ...s.movement(4), rolledBackTransactionId: debit.transactionId };
      expectBalance(expectOk(await s.call('rollback', rollback), 'rollback'), before, 'after the rollback');
      expectOk(await s.call('rollback', { ...rollback, requestId: s.id('req') }), 'the rollback again');
      expectBalance(await s.balance(), before, 'after the rollback twice');
    },
  ],
  [
    'answers a rollback of a debit it never had with UNKNOWN_TRANSACTION, and refuses that debit if it arrives after',
    async (s) => {
      const before = await s.balance();
      const debit = s.movement(1);
      const rollback = { ...s.movement(1), rolledBackTransactionId: debit.transactionId };
      expectCode(await s.call('rollback', rollback), 'UNKNOWN_TRANSACTION', 'rollback of an unknown debit');
      expectCode(await s.call('debit', debit), 'TRANSACTION_ROLLED_BACK', 'the debit arriving after its rollback');
      expectBalance(await s.balance(), before, 'after the late debit');
    },
  ],
  [
    'refuses a debit past the balance with INSUFFICIENT_FUNDS, and moves nothing',
    async (s) => {
      const before = await s.balance();
      expectCode(await s.call('debit', s.movement(before + 1)), 'INSUFFICIENT_FUNDS', 'debit of the balance plus 1');
      expectBalance(await s.balance(), before, 'after the refused debit');
    },
  ],
  [
    'credits 0, closing a round that won nothing, without moving the balance',
    async (s) => {
      const before = await s.balance();
      expectBalance(expectOk(await s.call('credit', s.movement(0)), 'credit of 0'), before, 'after a credit of 0');
    },
  ],
];

export const CHECK_NAMES = CHECKS.map(([name]) => name);
