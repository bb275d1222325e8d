/**
 * The reference seamless wallet (local/reference-wallet.ts) over real HTTP: it passes every
 * conformance check; the client (functions/wallet/wallet-client.ts) reads each of its faults as
 * what it is; on version 2 it keeps rounds as a strict wallet does; and the conformance check
 * fails a wallet that is not idempotent.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startReferenceWallet, type ReferenceWallet } from '../../local/reference-wallet';
import { callWallet, sendWalletCall } from '../../functions/wallet/wallet-client';
import { signedHeaders } from '../../functions/wallet/wallet-signature';
import { CHECK_NAMES, checkWallet } from '../../scripts/wallet-conformance';
import { MIN_TIMEOUT_MS } from '../../functions/services/wallet/partner-wallets';
import { PATIENCE_MS, WALLET_PATIENCE_MS } from '../support/patience';

const SECRET = 'partner-secret';
let wallet: ReferenceWallet;
beforeAll(async () => {
  wallet = await startReferenceWallet({
    secret: SECRET,
    players: {
      checker: { currency: 'MOP', balance: 1_000 },
      ana: { currency: 'MOP', balance: 500 },
      blocked: { currency: 'MOP', balance: 500, blocked: true },
      capped: { currency: 'MOP', balance: 500, debitLimit: 100 },
    },
  });
});
afterAll(() => wallet.close());

/** Far above the wallet's answers' time, however loaded the machine: only a call the wallet holds times out. */
const endpoint = () => ({ baseUrl: wallet.url, secret: SECRET, timeoutMs: WALLET_PATIENCE_MS });
let next = 0;
const debitOf = (playerId: string, amount: number) => ({
  requestId: `req-${++next}`,
  playerId,
  currency: 'MOP',
  transactionId: `tx-${next}`,
  amount,
  tableId: 't1',
  roundId: 't1.1',
  betIds: [`bet-${next}`],
});

describe('the reference wallet', () => {
  it('passes every conformance check, and leaves the test player as it found them', async () => {
    const results = await checkWallet({ ...endpoint(), playerId: 'checker', currency: 'MOP' });
    expect(results.filter((result) => !result.passed)).toEqual([]);
    expect(results.map((result) => result.name)).toEqual(CHECK_NAMES);
    expect(wallet.players.get('checker')!.balance).toBe(1_000);
  });

  it("refuses a blocked player's debit and one past the player's limit with their codes, moving nothing", async () => {
    const refusedCode = async (player: string, amount: number) => {
      const result = await callWallet(endpoint(), 'debit', debitOf(player, amount));
      return result.kind === 'ANSWERED' && result.answer.status === 'ERROR' ? result.answer.code : result;
    };
    expect(await refusedCode('blocked', 10)).toBe('PLAYER_BLOCKED');
    expect(await refusedCode('capped', 101)).toBe('LIMIT_REACHED');
    expect(await refusedCode('nobody', 1)).toBe('UNKNOWN_PLAYER');
    expect([wallet.players.get('blocked')!.balance, wallet.players.get('capped')!.balance]).toEqual([500, 500]);
  });
});

describe('a version 2 wallet (it keeps rounds)', () => {
  let strict: ReferenceWallet;
  beforeEach(async () => {
    strict = await startReferenceWallet({
      secret: SECRET,
      version: 2,
      players: { ana: { currency: 'MOP', balance: 500 }, bea: { currency: 'MOP', balance: 500 } },
    });
  });
  afterEach(() => strict.close());

  // A version 2 caller: it trusts only an answer naming the request it answers.
  const at = () => ({ ...endpoint(), baseUrl: strict.url, contract: 2 as const });
  /** A version 2 movement of `playerId`'s round `roundId`: it never ends the round but as a result credit says so. */
  const movementOf = (playerId: string, amount: number, roundId = 't1.1') => ({
    ...debitOf(playerId, amount),
    roundId,
    partner: 'acme',
    roundClosed: false,
  });
  const resultOf = (playerId: string, amount: number, roundId = 't1.1') => ({
    ...movementOf(playerId, amount, roundId),
    creditKind: 'ROUND_RESULT' as const,
    roundClosed: true,
  });
  const answered = async (result: Promise<Awaited<ReturnType<typeof callWallet>>>) => {
    const outcome = await result;
    return outcome.kind === 'ANSWERED' ? outcome.answer : outcome;
  };
  const balance = (playerId: string) => strict.players.get(playerId)!.balance;

  it("closes a player's round on its result credit, and only on that", async () => {
    const debit = movementOf('ana', 50);
    expect(await answered(callWallet(at(), 'debit', debit))).toMatchObject({ status: 'OK', balance: 450 });
    // A take-down's credit pays without ending the round.
    await callWallet(at(), 'credit', { ...movementOf('ana', 10), creditKind: 'TAKE_DOWN' });
    expect(strict.closedRounds.size).toBe(0);
    expect(await answered(callWallet(at(), 'credit', resultOf('ana', 100)))).toMatchObject({ status: 'OK', balance: 560 });
    expect([...strict.closedRounds]).toEqual(['ana t1.1']);
    expect(strict.refusedForClosedRound).toEqual([]);
  });

  it('refuses a debit, a credit and a rollback of a closed round with ROUND_CLOSED, moving nothing, and lists each', async () => {
    const debit = movementOf('ana', 50);
    await callWallet(at(), 'debit', debit);
    await callWallet(at(), 'credit', resultOf('ana', 0));
    const late = {
      debit: movementOf('ana', 20),
      credit: { ...movementOf('ana', 30), creditKind: 'ROUND_RESULT' as const },
      rollback: { ...movementOf('ana', 50), rolledBackTransactionId: debit.transactionId },
    };
    for (const operation of ['debit', 'credit', 'rollback'] as const) {
      expect(await answered(callWallet(at(), operation, late[operation]))).toMatchObject({ status: 'ERROR', code: 'ROUND_CLOSED' });
      expect(strict.movements.has(late[operation].transactionId)).toBe(false);
    }
    // Nothing taken, nothing paid, and the debit the rollback would have given back stays taken: the player lost 50.
    expect(balance('ana')).toBe(450);
    expect(strict.movements.get(debit.transactionId)!.rolledBack).toBeUndefined();
    expect(strict.refusedForClosedRound).toEqual(
      (['debit', 'credit', 'rollback'] as const).map((operation) => ({ operation, body: JSON.stringify(late[operation]) })),
    );
  });

  it('answers an exact replay of the closing credit with its first answer, by its requestId or its transactionId', async () => {
    const result = resultOf('ana', 100);
    const first = await answered(callWallet(at(), 'credit', result));
    expect(first).toMatchObject({ status: 'OK', balance: 600 });
    expect(await answered(callWallet(at(), 'credit', result))).toEqual(first);
    // The same movement under a new request: the first answer, naming this request.
    const again = { ...result, requestId: `req-${++next}` };
    expect(await answered(callWallet(at(), 'credit', again))).toEqual({ ...first, requestId: again.requestId });
    expect(balance('ana')).toBe(600);
    expect(strict.refusedForClosedRound).toEqual([]);
  });

  it("keeps the player's other rounds and other players' same round open", async () => {
    await callWallet(at(), 'credit', resultOf('ana', 0, 't1.1'));
    expect(await answered(callWallet(at(), 'debit', movementOf('ana', 10, 't1.2')))).toMatchObject({ status: 'OK', balance: 490 });
    expect(await answered(callWallet(at(), 'debit', movementOf('bea', 10, 't1.1')))).toMatchObject({ status: 'OK', balance: 490 });
    expect(await answered(callWallet(at(), 'credit', resultOf('bea', 25, 't1.1')))).toMatchObject({ status: 'OK', balance: 515 });
    expect([...strict.closedRounds].sort()).toEqual(['ana t1.1', 'bea t1.1']);
    expect(strict.refusedForClosedRound).toEqual([]);
  });

  it('refuses a movement without roundClosed, or a credit without creditKind, as INVALID_REQUEST, moving nothing', async () => {
    const invalidBodies = {
      debit: debitOf('ana', 10),
      credit: { ...movementOf('ana', 10) },
    } as const;
    for (const operation of ['debit', 'credit'] as const) {
      const body = invalidBodies[operation];
      expect(await answered(sendWalletCall(at(), operation, JSON.stringify(body)))).toMatchObject({
        status: 'ERROR',
        code: 'INVALID_REQUEST',
      });
      expect(strict.movements.has(body.transactionId)).toBe(false);
    }
    expect(balance('ana')).toBe(500);
  });
});

describe('a version 1 wallet (the default)', () => {
  it('keeps no rounds: a debit after a credit that says it closed the round is taken', async () => {
    const before = wallet.players.get('ana')!.balance;
    const round = `t1.${++next}`;
    await callWallet(endpoint(), 'credit', { ...debitOf('ana', 0), roundId: round, roundClosed: true, creditKind: 'ROUND_RESULT' });
    const debit = { ...debitOf('ana', 10), roundId: round };
    expect(await callWallet(endpoint(), 'debit', debit)).toMatchObject({
      kind: 'ANSWERED',
      answer: { status: 'OK', balance: before - 10 },
    });
    expect([wallet.closedRounds.size, wallet.refusedForClosedRound.length]).toEqual([0, 0]);
    await callWallet(endpoint(), 'rollback', { ...debitOf('ana', 10), roundId: round, rolledBackTransactionId: debit.transactionId });
    expect(wallet.players.get('ana')!.balance).toBe(before);
  });
});

describe('a call to a failing wallet', () => {
  it.each([
    // Held unanswered until the caller gives up: its timeout fires however loaded the machine is.
    ['times out', { kind: 'TIMEOUT' }, 'TIMEOUT'],
    ['answers 5xx', { kind: 'SERVER_ERROR' }, 'SERVER_ERROR'],
    ['has its connection dropped', { kind: 'DROP' }, 'NO_ANSWER'],
  ] as const)('%s: the caller knows only that it has no answer, whether the money moved before or not', async (_, fault, kind) => {
    for (const when of ['BEFORE', 'AFTER'] as const) {
      const before = wallet.players.get('ana')!.balance;
      const abandoned = wallet.abandoned;
      wallet.injectFault({ ...fault, when, operation: 'debit' });
      const debit = debitOf('ana', 7);
      // The caller waits for a held call the shortest time a partner may set: nothing else is waited out.
      expect(
        (await callWallet({ ...endpoint(), timeoutMs: fault.kind === 'TIMEOUT' ? MIN_TIMEOUT_MS : WALLET_PATIENCE_MS }, 'debit', debit))
          .kind,
      ).toBe(kind);
      // The wallet saw the caller give up on the call it held (and holds nothing more).
      if (fault.kind === 'TIMEOUT') await vi.waitFor(() => expect(wallet.abandoned).toBe(abandoned + 1), { timeout: PATIENCE_MS });
      // Before: nothing moved. After: the wallet took the stake, and only a rollback gives it back.
      expect(wallet.players.get('ana')!.balance).toBe(when === 'BEFORE' ? before : before - 7);
      expect(wallet.movements.has(debit.transactionId)).toBe(when === 'AFTER');
      await callWallet(endpoint(), 'rollback', { ...debitOf('ana', 7), rolledBackTransactionId: debit.transactionId });
      expect(wallet.players.get('ana')!.balance).toBe(before);
    }
  });

  it('answers in the end when only slow', async () => {
    wallet.injectFault({ kind: 'SLOW', when: 'BEFORE', delayMs: 200, operation: 'balance' });
    const result = await callWallet(endpoint(), 'balance', {
      requestId: `req-${++next}`,
      playerId: 'ana',
      currency: 'MOP',
    });
    expect(result).toEqual({ kind: 'ANSWERED', answer: { status: 'OK', balance: 500, currency: 'MOP' } });
  });

  it('is not trusted when its answer is not signed with the shared secret', async () => {
    const result = await callWallet({ ...endpoint(), secret: 'another-secret' }, 'balance', {
      requestId: `req-${++next}`,
      playerId: 'ana',
      currency: 'MOP',
    });
    // The wallet refused the call (INVALID_SIGNATURE), signing that with its own secret: neither is trusted.
    expect(result).toEqual({ kind: 'UNTRUSTED_ANSWER', reason: "the answer's signature is wrong" });
  });

  it('is not trusted, by a version 2 caller, when its answer does not name the request it answers', async () => {
    // This wallet is on version 1: its answers name no request, which version 2 requires.
    const result = await callWallet({ ...endpoint(), contract: 2 }, 'balance', {
      requestId: `req-${++next}`,
      playerId: 'ana',
      currency: 'MOP',
    });
    expect(result).toEqual({ kind: 'UNTRUSTED_ANSWER', reason: 'the answer names another request' });
  });
});

describe('the conformance check', () => {
  it('fails a wallet that moves money at every call (no replays, no duplicates, no rollback records), naming each check it fails', async () => {
    const naive = await startNaiveWallet(1_000);
    try {
      const results = await checkWallet({
        baseUrl: naive.url,
        secret: SECRET,
        playerId: 'checker',
        currency: 'MOP',
        timeoutMs: WALLET_PATIENCE_MS,
      });
      const failed = results.filter((result) => !result.passed).map((result) => result.name);
      expect(failed).toEqual([
        CHECK_NAMES.find((name) => name.startsWith('refuses a call signed more than'))!,
        CHECK_NAMES.find((name) => name.startsWith('answers an exact replay'))!,
        CHECK_NAMES.find((name) => name.startsWith('refuses a requestId sent again with another body'))!,
        CHECK_NAMES.find((name) => name.startsWith('treats a transactionId sent again'))!,
        CHECK_NAMES.find((name) => name.startsWith('refuses a transactionId sent again'))!,
        CHECK_NAMES.find((name) => name.startsWith('rolls a debit back once'))!,
        CHECK_NAMES.find((name) => name.startsWith('answers a rollback of a debit it never had'))!,
        CHECK_NAMES.find((name) => name.startsWith('refuses an amount that is not whole minor units'))!,
      ]);
      for (const result of results.filter((result) => !result.passed)) expect(result.detail).toBeTruthy();
    } finally {
      await naive.close();
    }
  });
});

/**
 * A wallet as a first attempt might write it: it checks the signature but not its age, and moves
 * the money of every call it gets, remembering nothing.
 */
async function startNaiveWallet(balance: number) {
  const debits = new Map<string, number>();
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const call = JSON.parse(body) as { amount?: number; transactionId?: string; rolledBackTransactionId?: string };
    const signature = request.headers['x-wallet-signature'];
    const expected = signedHeaders(SECRET, body, Number(request.headers['x-wallet-timestamp']))['x-wallet-signature'];
    let answer: object;
    if (signature !== expected) answer = { status: 'ERROR', code: 'INVALID_SIGNATURE', message: 'bad signature' };
    else if (request.url === '/debit' && call.amount! > balance) answer = { status: 'ERROR', code: 'INSUFFICIENT_FUNDS', message: 'no' };
    else {
      if (request.url === '/debit') {
        balance -= call.amount!;
        debits.set(call.transactionId!, call.amount!);
      }
      if (request.url === '/credit') balance += call.amount!;
      if (request.url === '/rollback') balance += debits.get(call.rolledBackTransactionId!) ?? 0;
      answer = { status: 'OK', balance, currency: 'MOP' };
    }
    const text = JSON.stringify(answer);
    response
      .writeHead(200, { 'content-type': 'application/json', ...signedHeaders(SECRET, text, Math.floor(Date.now() / 1000)) })
      .end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
