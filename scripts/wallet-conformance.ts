/**
 * The seamless wallet contract's conformance checks (docs/WALLET.md), run against any wallet as a
 * partner runs them before going live: `npm run wallet-check`. Each check is a few real calls
 * about one test player, in small amounts, and leaves the player's balance as it found it
 * (every debit is credited or rolled back), so it may run against a staging wallet's test player.
 * A rule of the contract a wallet breaks fails its check, and only that one; a check that failed
 * having moved the balance puts it back with a credit or a debit of the difference. A check that
 * needs what it was not given (a live session token of the test player) is skipped, and says so.
 */
import { randomUUID } from 'node:crypto';
import type { WalletContractVersion } from '../functions/wallet/wallet-protocol';
import {
  signatureOf,
  signedHeaders,
  SIGNATURE_HEADER,
  SIGNATURE_TOLERANCE_SECONDS,
  TIMESTAMP_HEADER,
} from '../functions/wallet/wallet-signature';
import {
  CheckFailed,
  CheckSkipped,
  expectAuthenticated,
  expectBalance,
  expectCode,
  expectNamed,
  expectOk,
  expectSame,
  Session,
  type Check,
  type ConformanceTarget,
} from './wallet-check-session';

export type { ConformanceTarget } from './wallet-check-session';

export interface CheckResult {
  readonly name: string;
  /** False for a skipped check too: a rule not checked is not passed. */
  readonly passed: boolean;
  /** Not run, for want of what `detail` says (a live session token): neither passed nor failed. */
  readonly skipped?: true;
  /** What was expected and what came, when it failed; what it needs, when skipped. */
  readonly detail?: string;
}

/** Runs every check of the target's contract version, in order; one that fails, or is skipped, does not stop the others. */
export async function checkWallet(target: ConformanceTarget): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const [name, check] of checksOf(target.version ?? 1)) {
    const session = new Session(target);
    const before = await session.balance().catch(() => undefined);
    try {
      await check(session);
      results.push({ name, passed: true });
    } catch (error) {
      // Skipped before any call of its own (Session.liveToken): nothing to put back.
      if (error instanceof CheckSkipped) {
        results.push({ name, passed: false, skipped: true, detail: error.message });
        continue;
      }
      const detail = error instanceof Error ? error.message : String(error);
      results.push({
        name,
        passed: false,
        detail: before === undefined ? detail : `${detail}${await new Session(target).putBack(before)}`,
      });
    }
  }
  return results;
}

const ID_PUNCTUATION = '_.:/#@+|-';
/** An id as the tables may make one: `kind:`, unique, with every character ids may hold, `length` long. */
const punctuatedId = (kind: string, length: number) =>
  `${kind}:${randomUUID()}${ID_PUNCTUATION}`.padEnd(length, `a1${ID_PUNCTUATION}`).slice(0, length);

/** The contract's rules, one check each, for every version. */
const CHECKS: readonly (readonly [string, Check])[] = [
  [
    'answers balance, signed with the shared secret',
    async (s) => {
      await s.balance();
    },
  ],
  [
    'refuses a call of any operation without a signature, or with a wrong one, with INVALID_SIGNATURE, and moves nothing',
    async (s) => {
      const before = await s.balance();
      const debit = s.debit(1);
      const calls = {
        balance: { requestId: s.id('req'), playerId: s.target.playerId, currency: s.target.currency, ...s.named },
        debit,
        credit: s.credit(1),
        rollback: s.rollback(s.debit(1)),
      };
      for (const [operation, call] of Object.entries(calls) as [keyof typeof calls, object][]) {
        const body = JSON.stringify(call);
        const now = Math.floor(Date.now() / 1000);
        expectCode(await s.raw(operation, body, {}), 'INVALID_SIGNATURE', `unsigned ${operation}`);
        const wrong = { [TIMESTAMP_HEADER]: String(now), [SIGNATURE_HEADER]: signatureOf(`${s.target.secret}-not`, now, body) };
        expectCode(await s.raw(operation, body, wrong), 'INVALID_SIGNATURE', `${operation} signed with another secret`);
        const otherTime = { [TIMESTAMP_HEADER]: String(now), [SIGNATURE_HEADER]: signatureOf(s.target.secret, now - 1, body) };
        expectCode(await s.raw(operation, body, otherTime), 'INVALID_SIGNATURE', `${operation} signed for another timestamp`);
      }
      expectBalance(await s.balance(), before, 'after the refused calls');
    },
  ],
  [
    `refuses a call signed more than ${SIGNATURE_TOLERANCE_SECONDS} s ago (a replay) or ahead with INVALID_SIGNATURE, and moves nothing`,
    async (s) => {
      const before = await s.balance();
      for (const [when, offset] of [
        ['ago', -1],
        ['ahead', 1],
      ] as const) {
        const body = JSON.stringify(s.debit(1));
        const then = Math.floor(Date.now() / 1000) + offset * (SIGNATURE_TOLERANCE_SECONDS + 60);
        const headers = { [TIMESTAMP_HEADER]: String(then), [SIGNATURE_HEADER]: signatureOf(s.target.secret, then, body) };
        expectCode(await s.raw('debit', body, headers), 'INVALID_SIGNATURE', `debit signed ${SIGNATURE_TOLERANCE_SECONDS + 60} s ${when}`);
      }
      expectBalance(await s.balance(), before, 'after the refused debits');
    },
  ],
  [
    'checks the signature over the raw body exactly as sent, not over its JSON read again',
    async (s) => {
      const call = { requestId: s.id('req'), playerId: s.target.playerId, currency: s.target.currency, ...s.named };
      const spaced = JSON.stringify(call, null, 2);
      const now = Math.floor(Date.now() / 1000);
      const asSent = { [TIMESTAMP_HEADER]: String(now), [SIGNATURE_HEADER]: signatureOf(s.target.secret, now, spaced) };
      expectOk(await s.raw('balance', spaced, asSent), 'a body with spaces, signed as sent');
      const other = { ...call, requestId: s.id('req') };
      const compact = { [TIMESTAMP_HEADER]: String(now), [SIGNATURE_HEADER]: signatureOf(s.target.secret, now, JSON.stringify(other)) };
      expectCode(
        await s.raw('balance', JSON.stringify(other, null, 2), compact),
        'INVALID_SIGNATURE',
        'a body with spaces, signed without',
      );
    },
  ],
  [
    'debits and credits, answering the balance after',
    async (s) => {
      const before = await s.balance();
      expectBalance(expectOk(await s.call('debit', s.debit(3)), 'debit'), before - 3, 'after debit of 3');
      expectBalance(expectOk(await s.call('credit', s.credit(3)), 'credit'), before, 'after credit of 3');
    },
  ],
  [
    `accepts ids as the tables make them: up to 128 of letters, digits and ${ID_PUNCTUATION.split('').join(' ')}`,
    async (s) => {
      const before = await s.balance();
      const ids = (kind: string) => ({ requestId: punctuatedId('REQ', 128), transactionId: punctuatedId(kind, 128) });
      const debit = { ...s.debit(2), ...ids('STAKE'), betIds: [punctuatedId('BET', 128), punctuatedId('BET', 40)] };
      expectOk(await s.call('debit', debit), 'debit');
      expectBalance(await s.balance(), before - 2, 'after the debit of 2');
      expectOk(await s.call('credit', { ...s.credit(2), ...ids('PAYOUT'), betIds: debit.betIds }), 'credit');
      expectBalance(await s.balance(), before, 'after the credit of 2');
    },
  ],
  [
    'answers an exact replay (same requestId, same body) with the first answer, moving nothing again',
    async (s) => {
      const before = await s.balance();
      const debit = s.debit(2);
      const first = await s.call('debit', debit);
      expectSame(await s.call('debit', debit), first, 'the replay');
      expectBalance(await s.balance(), before - 2, 'after a debit and its replay');
      await s.call('credit', s.credit(2));
    },
  ],
  [
    'refuses a requestId sent again with another body with INVALID_REQUEST, and moves nothing',
    async (s) => {
      const before = await s.balance();
      const debit = s.debit(2);
      expectOk(await s.call('debit', debit), 'debit');
      const another = { ...s.debit(2), requestId: debit.requestId };
      expectCode(await s.call('debit', another), 'INVALID_REQUEST', 'another debit under the first one’s requestId');
      expectCode(
        await s.call('credit', { ...s.credit(2), requestId: debit.requestId }),
        'INVALID_REQUEST',
        'a credit under the debit’s requestId',
      );
      expectBalance(await s.balance(), before - 2, 'after the refused calls');
      await s.call('credit', s.credit(2));
    },
  ],
  [
    'treats a transactionId sent again (a new requestId) with the same content as the same movement, answered as the first time',
    async (s) => {
      const before = await s.balance();
      const debit = s.debit(2);
      const first = await s.call('debit', debit);
      expectOk(first, 'debit');
      expectOk(await s.call('debit', s.debit(1)), 'another debit, between');
      expectSame(await s.call('debit', { ...debit, requestId: s.id('req') }), first, 'the same debit again');
      expectBalance(await s.balance(), before - 3, 'after the same debit twice and another');
      await s.call('credit', s.credit(3));
    },
  ],
  [
    'refuses a transactionId sent again with another amount, operation, round or bets with DUPLICATE_TRANSACTION, and moves nothing',
    async (s) => {
      const before = await s.balance();
      const debit = s.debit(2);
      expectOk(await s.call('debit', debit), 'debit');
      const again = (change: Partial<typeof debit>) => ({ ...debit, requestId: s.id('req'), ...change });
      expectCode(await s.call('debit', again({ amount: 3 })), 'DUPLICATE_TRANSACTION', 'the debit with another amount');
      expectCode(await s.call('credit', s.asCredit(again({}))), 'DUPLICATE_TRANSACTION', 'a credit with the debit’s id');
      expectCode(await s.call('debit', again({ roundId: `${s.round}-2` })), 'DUPLICATE_TRANSACTION', 'the debit in another round');
      expectCode(await s.call('debit', again({ betIds: [s.id('bet')] })), 'DUPLICATE_TRANSACTION', 'the debit for other bets');
      expectBalance(await s.balance(), before - 2, 'after the duplicates');
      await s.call('credit', s.credit(2));
    },
  ],
  [
    'rolls a debit back once, however often the rollback is sent and under whatever rollback id',
    async (s) => {
      const before = await s.balance();
      const debit = s.debit(4);
      expectOk(await s.call('debit', debit), 'debit');
      const rollback = s.rollback(debit);
      expectBalance(expectOk(await s.call('rollback', rollback), 'rollback'), before, 'after the rollback');
      expectOk(await s.call('rollback', { ...rollback, requestId: s.id('req') }), 'the rollback again');
      expectOk(await s.call('rollback', s.rollback(debit)), 'the debit rolled back under another rollback id');
      expectBalance(await s.balance(), before, 'after the rollback three times');
    },
  ],
  [
    'answers a rollback of a debit it never had with UNKNOWN_TRANSACTION, and refuses that debit if it arrives after',
    async (s) => {
      const before = await s.balance();
      const debit = s.debit(1);
      expectCode(await s.call('rollback', s.rollback(debit)), 'UNKNOWN_TRANSACTION', 'rollback of an unknown debit');
      expectCode(await s.call('debit', debit), 'TRANSACTION_ROLLED_BACK', 'the debit arriving after its rollback');
      expectBalance(await s.balance(), before, 'after the late debit');
    },
  ],
  [
    'refuses a debit past the balance with INSUFFICIENT_FUNDS, and moves nothing, not even when that debit is rolled back',
    async (s) => {
      const before = await s.balance();
      const debit = s.debit(before + 1);
      expectCode(await s.call('debit', debit), 'INSUFFICIENT_FUNDS', 'debit of the balance plus 1');
      expectBalance(await s.balance(), before, 'after the refused debit');
      const rollback = await s.call('rollback', s.rollback(debit));
      if (rollback.status === 'ERROR') expectCode(rollback, 'UNKNOWN_TRANSACTION', 'the refused debit’s rollback');
      expectBalance(await s.balance(), before, 'after the refused debit’s rollback');
    },
  ],
  [
    'credits 0, closing a round that won nothing, without moving the balance',
    async (s) => {
      const before = await s.balance();
      expectBalance(expectOk(await s.call('credit', s.credit(0, true)), 'credit of 0'), before, 'after a credit of 0');
    },
  ],
];

/** Version 2: a debit of 2 in the check's round, then the round's result credit of 2 (`roundClosed: true`): the round closed, the balance as it was. */
async function closeRound(s: Session) {
  const before = await s.balance();
  const debit = s.debit(2);
  expectOk(await s.call('debit', debit), 'the round’s debit');
  const result = s.credit(2, true);
  const answer = await s.call('credit', result);
  expectBalance(expectOk(answer, 'the round’s result (roundClosed: true)'), before, 'after the round’s debit and result');
  return { before, debit, result, answer };
}

/** Version 2's own rules: answers naming their request, the round fields, and a round closed by its result. */
const ROUND_CHECKS: readonly (readonly [string, Check])[] = [
  [
    'names the request it answers (requestId) in every answer, refusals included, under its signature',
    async (s) => {
      const debit = s.debit(1);
      const asked = [
        ['balance', { requestId: s.id('req'), playerId: s.target.playerId, currency: s.target.currency, ...s.named }],
        ['debit', debit],
        ['credit', s.asCredit({ ...debit, requestId: s.id('req'), transactionId: s.id('tx') }, true)],
        // A refusal, whatever the wallet refuses it for (its round closed, past the balance): nothing moves.
        ['debit', s.debit(Number.MAX_SAFE_INTEGER)],
      ] as const;
      for (const [operation, call] of asked) {
        const body = JSON.stringify(call);
        const answer = await s.raw(operation, body, signedHeaders(s.target.secret, body, Math.floor(Date.now() / 1000)));
        if (answer.requestId !== call.requestId)
          throw new CheckFailed(`a ${operation} was answered naming ${JSON.stringify(answer.requestId)}, not ${call.requestId}`);
      }
    },
  ],
  [
    'refuses a version 2 movement without roundClosed, a credit without creditKind, or a round ended but by its result, with INVALID_REQUEST, and moves nothing',
    async (s) => {
      const before = await s.balance();
      const { roundClosed: _debit, ...debit } = s.debit(1);
      const { roundClosed: _credit, ...credit } = s.credit(1);
      const { creditKind: _kind, ...kindless } = s.credit(1);
      const { roundClosed: _rollback, ...rollback } = s.rollback(s.debit(1));
      const invalid = [
        ['debit', debit, 'a debit without roundClosed'],
        ['credit', credit, 'a credit without roundClosed'],
        ['credit', kindless, 'a credit without creditKind'],
        ['rollback', rollback, 'a rollback without roundClosed'],
        ['debit', { ...s.debit(1), roundClosed: true }, 'a debit with roundClosed: true'],
        ['credit', { ...s.credit(1, true), creditKind: 'TAKE_DOWN' }, 'a take-down’s credit with roundClosed: true'],
      ] as const;
      for (const [operation, call, what] of invalid) expectCode(await s.send(operation, call), 'INVALID_REQUEST', what);
      expectBalance(await s.balance(), before, 'after the refused calls');
    },
  ],
  [
    'closes a round with its result (roundClosed: true), answering that credit sent again (same requestId, or a new one) as the first time',
    async (s) => {
      const { before, result, answer } = await closeRound(s);
      expectSame(await s.call('credit', result), answer, 'the result’s exact replay');
      expectSame(await s.call('credit', { ...result, requestId: s.id('req') }), answer, 'the result’s transactionId under a new requestId');
      expectBalance(await s.balance(), before, 'after the result three times');
    },
  ],
  ...(['debit', 'credit', 'rollback'] as const).map(
    (operation) =>
      [
        `refuses a ${operation} of a round closed by its result with ROUND_CLOSED, and moves nothing`,
        async (s: Session) => {
          const { before, debit } = await closeRound(s);
          const late = { debit: s.debit(1), credit: s.credit(1), rollback: s.rollback(debit) }[operation];
          expectCode(await s.send(operation, late), 'ROUND_CLOSED', `a ${operation} of the closed round`);
          expectBalance(await s.balance(), before, `after the ${operation} of the closed round`);
        },
      ] as const,
  ),
];

/**
 * Version 2's sessions: a token the wallet never issued is refused at authenticate and on a debit
 * or a balance, and a live one of the test player (given by the operator: only the partner's site
 * issues one) taken; a credit or a rollback is taken whatever its token, its session maybe ended.
 */
const SESSION_CHECKS: readonly (readonly [string, Check])[] = [
  [
    'refuses to authenticate a session token it never issued with INVALID_TOKEN, naming the request',
    async (s) => {
      const call = s.authenticate(s.madeUpToken());
      const answer = await s.call('authenticate', call);
      expectCode(answer, 'INVALID_TOKEN', 'authenticate of a session token it never issued');
      // The client trusts a refusal that names no request (its body may have been unreadable): this one's was not.
      expectNamed(answer, call, 'the refused authenticate');
    },
  ],
  [
    'authenticates the test player’s live session token (--session-token): OK, naming the player, their currency and balance',
    async (s) => {
      const sessionToken = s.liveToken;
      const before = await s.balance();
      const answer = await s.call('authenticate', s.authenticate(sessionToken));
      expectBalance(expectAuthenticated(answer, s.target, 'authenticate of the live session token'), before, 'answered by authenticate');
      expectBalance(await s.balance(), before, 'after authenticate');
    },
  ],
  [
    'refuses a debit or a balance whose session token is not a live session of the player with INVALID_TOKEN, and moves nothing',
    async (s) => {
      const before = await s.balance();
      const sessionToken = s.madeUpToken();
      expectCode(
        await s.call('debit', { ...s.debit(1), sessionToken }),
        'INVALID_TOKEN',
        'a debit carrying a session token it never issued',
      );
      expectCode(
        await s.call('balance', { ...s.balanceCall(), sessionToken }),
        'INVALID_TOKEN',
        'a balance carrying a session token it never issued',
      );
      // Asked as for a player who came in by no session: the refused debit must have taken nothing.
      expectBalance(await s.balance(), before, 'after the refused debit');
    },
  ],
  [
    'takes a balance, a debit and its credit carrying the test player’s live session token (--session-token)',
    async (s) => {
      const sessionToken = s.liveToken;
      const before = await s.balance();
      const balance = expectOk(await s.call('balance', { ...s.balanceCall(), sessionToken }), 'a balance in the live session');
      expectBalance(balance, before, 'answered in the live session');
      expectOk(await s.call('debit', { ...s.debit(1), sessionToken }), 'a debit of 1 in the live session');
      expectBalance(await s.balance(), before - 1, 'after the debit of 1');
      expectOk(await s.call('credit', { ...s.credit(1), sessionToken }), 'its credit of 1 in the live session');
      expectBalance(await s.balance(), before, 'after the credit of 1');
    },
  ],
  [
    'takes a rollback and a credit whose session token it never issued (their session may have ended), never refusing one for its session',
    async (s) => {
      const before = await s.balance();
      const sessionToken = s.madeUpToken();
      // Each gives back a debit of the check's own, as the tables' would: the books end as they began.
      const debit = s.debit(2);
      expectOk(await s.call('debit', debit), 'a debit of 2');
      expectOk(await s.call('rollback', { ...s.rollback(debit), sessionToken }), 'its rollback, carrying a session token it never issued');
      expectBalance(await s.balance(), before, 'after the debit and its rollback');
      expectOk(await s.call('debit', s.debit(2)), 'another debit of 2');
      expectOk(await s.call('credit', { ...s.credit(2), sessionToken }), 'a credit of 2, carrying a session token it never issued');
      expectBalance(await s.balance(), before, 'after the debit and the credit');
    },
  ],
  [
    'takes a credit carrying the round details link (roundDetailsUrl), as any credit',
    async (s) => {
      const before = await s.balance();
      expectOk(await s.call('debit', s.debit(2)), 'a debit of 2');
      const roundDetailsUrl = `https://tables.casino.example/rounds/${s.debit(1).roundId}?player=${s.target.playerId}&sig=${'A'.repeat(43)}`;
      expectOk(await s.call('credit', { ...s.credit(2), roundDetailsUrl }), 'a credit of 2 carrying roundDetailsUrl');
      expectBalance(await s.balance(), before, 'after the debit and the credit');
    },
  ],
];

/** Last: a wallet that takes an amount not whole may be left with a balance no later check could read. */
const AMOUNT_CHECK: readonly [string, Check] = [
  'refuses an amount that is not whole minor units (1.5, -1, "2") or a debit of 0 with INVALID_REQUEST, and moves nothing',
  async (s) => {
    const before = await s.balance();
    for (const amount of [1.5, -1, '2']) {
      expectCode(await s.send('debit', { ...s.debit(1), amount }), 'INVALID_REQUEST', `a debit of ${JSON.stringify(amount)}`);
      expectCode(await s.send('credit', { ...s.credit(1), amount }), 'INVALID_REQUEST', `a credit of ${JSON.stringify(amount)}`);
    }
    expectCode(await s.call('debit', s.debit(0)), 'INVALID_REQUEST', 'a debit of 0');
    expectBalance(await s.balance(), before, 'after the refused calls');
  },
];

const checksOf = (version: WalletContractVersion) => [
  ...CHECKS,
  ...(version >= 2 ? [...ROUND_CHECKS, ...SESSION_CHECKS] : []),
  AMOUNT_CHECK,
];

/** The checks' names, in order, for a wallet on `version` of the contract. */
export const checkNames = (version: WalletContractVersion = 1): string[] => checksOf(version).map(([name]) => name);
/** The version 1 checks' names, in order. */
export const CHECK_NAMES = checkNames(1);
