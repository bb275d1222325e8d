/**
 * One conformance check's calls about the test player (scripts/wallet-conformance.ts): the bodies
 * of the contract version checked, with fresh ids and a round of the check's own, sent signed
 * (or not, for the signature checks), and what the check expects of each answer. A check that
 * needs what the operator did not give (the test player's live session token) is skipped.
 */
import { randomUUID } from 'node:crypto';
import { answerSignature, callWallet, sendWalletCall, type WalletCallResult, type WalletEndpoint } from '../functions/wallet/wallet-client';
import type {
  AuthenticateCall,
  BalanceCall,
  CreditCall,
  DebitCall,
  RollbackCall,
  WalletAnswer,
  WalletCalls,
  WalletContractVersion,
  WalletErrorCode,
  WalletOperation,
} from '../functions/wallet/wallet-protocol';

export interface ConformanceTarget extends WalletEndpoint {
  /** A test player of the wallet, holding at least 10 minor units of `currency`. */
  readonly playerId: string;
  readonly currency: string;
  /** The contract version the wallet keeps (1 when absent): version 2 bodies carry the round fields, and rounds are checked. */
  readonly version?: WalletContractVersion;
  /** Version 2: the partner the calls name (`wallet-check` unless given): the id the house's operators know the partner by. */
  readonly partner?: string;
  /**
   * Version 2: a live session token of the test player, as the partner's site issues one when the
   * player signs in: the checks that need a session the wallet issued run with it, and are
   * skipped without (the check cannot open one: only the partner's site can).
   */
  readonly sessionToken?: string;
}

/** Why a check failed: what was expected and what came. */
export class CheckFailed extends Error {}

/** Why a check was not run: what it needs that it was not given. Not a failure. */
export class CheckSkipped extends Error {}

/** One check's calls about the test player, with fresh ids. */
export class Session {
  readonly round = `wallet-check.${randomUUID()}`;
  readonly version: WalletContractVersion;
  readonly endpoint: WalletEndpoint;
  constructor(readonly target: ConformanceTarget) {
    this.version = target.version ?? 1;
    // Version 2's answers name the request they answer: the client refuses one that names another.
    this.endpoint = { ...target, contract: this.version };
  }

  /** What every version 2 call carries beside the player: their partner. */
  get named() {
    return this.version >= 2 ? { partner: this.partner } : {};
  }

  /** Version 2: the partner the test player is of. */
  get partner() {
    return this.target.partner ?? 'wallet-check';
  }

  /** The test player's live session token; a check that asks for it first is skipped without one (before any call of its own). */
  get liveToken(): string {
    if (this.target.sessionToken === undefined)
      throw new CheckSkipped('needs a live session token of the test player (--session-token): only the partner’s site issues one');
    return this.target.sessionToken;
  }

  id = (kind: string) => `${kind}-${randomUUID()}`;

  /** A session token the wallet never issued: shaped as one (SESSION_TOKEN), unique, made up by the check. */
  madeUpToken = () => `wallet-check-made-up-${randomUUID()}`;

  /** Version 2: whether `sessionToken` is a live session, and whose. */
  authenticate(sessionToken: string): AuthenticateCall {
    return { requestId: this.id('req'), partner: this.partner, sessionToken };
  }

  /** The test player's balance, asked as the tables ask it (for a player who came in by no session: no token). */
  balanceCall(): BalanceCall {
    return { requestId: this.id('req'), playerId: this.target.playerId, currency: this.target.currency, ...this.named };
  }

  /** A debit of `amount` in the check's round; on version 2, one that does not end it (no movement but a result credit does). */
  debit(amount: number): DebitCall {
    return {
      requestId: this.id('req'),
      playerId: this.target.playerId,
      currency: this.target.currency,
      transactionId: this.id('tx'),
      amount,
      tableId: 'wallet-check',
      roundId: this.round,
      betIds: [this.id('bet')],
      ...this.named,
      ...(this.version >= 2 ? { roundClosed: false } : {}),
    };
  }

  /** A credit of `amount` in the check's round: on version 2, a round result that closes the round if `closesRound`. */
  credit(amount: number, closesRound = false): CreditCall {
    return this.asCredit(this.debit(amount), closesRound);
  }

  /** `call`'s fields as a credit's (on version 2, with its `creditKind` and `roundClosed`). */
  asCredit(call: DebitCall, closesRound = false): CreditCall {
    return this.version >= 2 ? { ...call, roundClosed: closesRound, creditKind: 'ROUND_RESULT' } : call;
  }

  /** A rollback of `debit`, under a rollback id of its own. */
  rollback(debit: DebitCall): RollbackCall {
    return { ...this.debit(debit.amount), roundId: debit.roundId, rolledBackTransactionId: debit.transactionId };
  }

  async call<O extends WalletOperation>(operation: O, call: WalletCalls[O]): Promise<WalletAnswer> {
    return answered(await callWallet(this.endpoint, operation, call), operation);
  }

  /** Sends any body as `operation`'s, signed: a call the contract does not allow, say. */
  async send(operation: WalletOperation, body: object): Promise<WalletAnswer> {
    return answered(await sendWalletCall(this.endpoint, operation, JSON.stringify(body)), operation);
  }

  async balance(): Promise<number> {
    const answer = await this.call('balance', this.balanceCall());
    if (answer.status !== 'OK') throw new CheckFailed(`balance answered ${answer.code}`);
    return answer.balance;
  }

  /**
   * After a failed check: the test player's balance put back to `before` with a credit or a debit
   * of the difference, if it moved; what was done, for the check's detail.
   */
  async putBack(before: number): Promise<string> {
    try {
      const difference = before - (await this.balance());
      if (difference === 0 || !Number.isSafeInteger(difference)) return '';
      if (difference > 0) expectOk(await this.call('credit', this.credit(difference)), 'putting the balance back');
      else expectOk(await this.call('debit', this.debit(-difference)), 'putting the balance back');
      return ` (the balance was put back with a ${difference > 0 ? 'credit' : 'debit'} of ${Math.abs(difference)})`;
    } catch {
      return ' (the balance could not be put back)';
    }
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

const shown = (answer: WalletAnswer) => (answer.status === 'OK' ? `OK (balance ${answer.balance})` : answer.code);

export function expectOk(answer: WalletAnswer, what: string): number {
  if (answer.status !== 'OK') throw new CheckFailed(`${what}: expected OK, got ${answer.code}`);
  return answer.balance;
}

export function expectCode(answer: WalletAnswer, code: WalletErrorCode, what: string): void {
  if (answer.status !== 'ERROR' || answer.code !== code) throw new CheckFailed(`${what}: expected ${code}, got ${shown(answer)}`);
}

/** `answer` is `first` again: the same status and balance (or code), whatever the wallet's balance is now. */
export function expectSame(answer: WalletAnswer, first: WalletAnswer, what: string): void {
  const same =
    answer.status === 'OK'
      ? first.status === 'OK' && answer.balance === first.balance && answer.currency === first.currency
      : first.status === 'ERROR' && answer.code === first.code;
  if (!same) throw new CheckFailed(`${what}: expected the first answer, ${shown(first)}, got ${shown(answer)}`);
}

export function expectBalance(actual: number, expected: number, what: string): void {
  if (actual !== expected) throw new CheckFailed(`${what}: balance ${actual}, expected ${expected}`);
}

/** Version 2: `answer` names the request `call` is, as every version 2 answer does, refusals included. */
export function expectNamed(answer: WalletAnswer, call: { readonly requestId: string }, what: string): void {
  if (answer.requestId !== call.requestId)
    throw new CheckFailed(`${what}: answered naming ${JSON.stringify(answer.requestId)}, not ${call.requestId}`);
}

/**
 * `answer` is authenticate's OK for the test player: it names them (`playerId`), in their currency,
 * and a country, if any, as two capitals (ISO 3166-1 alpha-2). Their balance, returned.
 */
export function expectAuthenticated(answer: WalletAnswer, target: ConformanceTarget, what: string): number {
  const balance = expectOk(answer, what);
  const { playerId, currency, country } = answer as Extract<WalletAnswer, { status: 'OK' }>;
  if (playerId !== target.playerId)
    throw new CheckFailed(`${what}: expected the player ${target.playerId}, got ${JSON.stringify(playerId)}`);
  if (currency !== target.currency) throw new CheckFailed(`${what}: expected the currency ${target.currency}, got ${currency}`);
  if (country !== undefined && !/^[A-Z]{2}$/.test(country))
    throw new CheckFailed(`${what}: country ${JSON.stringify(country)} is not ISO 3166-1 alpha-2`);
  return balance;
}

export type Check = (session: Session) => Promise<void>;
