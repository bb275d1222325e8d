/**
 * A partner's seamless wallet, as the contract asks it to behave (docs/WALLET.md): a real HTTP
 * server with balances of its own, that checks every call's signature, answers an exact replay
 * with its first answer, refuses a transaction id sent again with other content, gives back a
 * debit on its rollback (and refuses a debit that arrives after its rollback), and signs what it
 * answers. It can be told to fail as real wallets fail: time out, answer 5xx, answer slowly, or
 * drop the connection, before or after it has moved the money. The tests and the conformance
 * check run against it; it is what a partner's wallet is measured by.
 *
 * On version 2 of the contract it keeps rounds as a strict wallet does: a round's result credit
 * (`roundClosed: true`) closes the player's round, and any later call of it that is not a replay
 * is refused with ROUND_CLOSED, moving nothing. The tables must never send one (a rollback
 * refused so leaves the stake taken): the tests read `refusedForClosedRound` to prove they don't.
 * It also issues session tokens (`openSession`), answers `authenticate` with them, and refuses a
 * debit or balance whose token is not its player's live session (INVALID_TOKEN); a credit or a
 * rollback is taken whatever became of its session.
 *
 * It follows a rotation of the shared secret as docs/WALLET.md ("Rotating the secret") asks: once
 * it holds the next secret (`takeNextSecret`), it takes calls signed with either and signs its
 * answers with the next; it drops the old one when told (`forgetOldSecret`), once the house signs
 * its calls with the new one and the overlap is over.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkSignature, SIGNATURE_HEADER, signedHeaders, TIMESTAMP_HEADER } from '../functions/wallet/wallet-signature';
import {
  parseCall,
  WALLET_OPERATIONS,
  type AuthenticateCall,
  type CreditCall,
  type DebitCall,
  type RollbackCall,
  type WalletAnswer,
  type WalletContractVersion,
  type WalletErrorCode,
  type WalletOperation,
} from '../functions/wallet/wallet-protocol';

export interface WalletPlayer {
  readonly currency: string;
  balance: number;
  /** Refuses debits (PLAYER_BLOCKED): a self-excluded player, say. Credits and rollbacks still land. */
  blocked?: boolean;
  /** The most a debit may take (LIMIT_REACHED beyond): a player's own limit, say. */
  debitLimit?: number;
  /** ISO 3166-1 alpha-2: what `authenticate` answers. */
  country?: string;
}

/** How the wallet fails the next calls: before it moves the money, or after (the caller cannot tell which). */
export interface WalletFault {
  readonly kind: 'TIMEOUT' | 'SERVER_ERROR' | 'SLOW' | 'DROP';
  readonly when: 'BEFORE' | 'AFTER';
  /** Only calls of this operation; every operation when absent. */
  readonly operation?: WalletOperation;
  /** How many calls it fails (1 when absent). */
  readonly times?: number;
  /**
   * SLOW: how long the answer waits. TIMEOUT: how long the wallet holds the call before dropping
   * it; without it, the call is held until its caller gives up on it (its own timeout), the faults
   * are cleared or the wallet is closed: whatever the machine's load, the caller's timeout fires.
   */
  readonly delayMs?: number;
}

/** One movement as the wallet recorded it: what it was, and the answer it gave. */
interface Movement {
  readonly operation: 'debit' | 'credit' | 'rollback';
  readonly playerId: string;
  /** What makes a repeat of the same movement the same: operation, player, currency, amount, round, bets. */
  readonly content: string;
  readonly amount: number;
  readonly answer: WalletAnswer;
  rolledBack?: boolean;
}

export interface ReferenceWallet {
  readonly url: string;
  readonly players: Map<string, WalletPlayer>;
  /** What the wallet has moved, by transaction id: what a partner's books reconcile against ours with. */
  readonly movements: ReadonlyMap<string, Readonly<Movement>>;
  /**
   * Answers a call in this process as its server answers one (its faults aside): for a test's wallet
   * that wraps this one, without a second round trip over HTTP. The answer is not signed (the
   * wrapper signs its own).
   */
  answer(
    operation: WalletOperation,
    body: string,
    signed: { readonly timestamp: string | undefined; readonly signature: string | undefined },
  ): WalletAnswer;
  /** Fails the next calls as `fault` says. */
  injectFault(fault: WalletFault): void;
  /** Forgets every fault not yet spent, and drops the calls a TIMEOUT holds: the wallet answers again. */
  clearFaults(): void;
  /** How many calls held by a TIMEOUT their caller gave up on (closed the connection, unanswered). */
  readonly abandoned: number;
  /** Every call received, in order, whatever was answered (a dropped or timed-out one too). */
  readonly received: readonly { readonly operation: string; readonly body: string }[];
  /** Version 2: the rounds closed by their result credit, as `<playerId> <roundId>`. */
  readonly closedRounds: ReadonlySet<string>;
  /** Version 2: every call refused with ROUND_CLOSED, in order: the tables must never cause one. */
  readonly refusedForClosedRound: readonly { readonly operation: string; readonly body: string }[];
  /**
   * A rotation's next secret, as the partner fetches it (or is handed it): calls signed with it
   * are taken beside the old one's, and answers signed with it, unless `signAnswers` is false.
   */
  takeNextSecret(secret: string, options?: { readonly signAnswers?: boolean }): void;
  /** The rotation is over for the wallet: the newest secret it took is its only one. */
  forgetOldSecret(): void;
  /** Signs its answers with this secret from now (a server of the wallet left behind a rotation); the wallet's own when undefined. */
  signAnswersWith(secret: string | undefined): void;
  /** The secrets the wallet takes calls signed with, oldest first: its own, then each next it took since it last forgot the old ones. */
  readonly secrets: readonly string[];
  /** Every call refused INVALID_SIGNATURE, in order. */
  readonly refusedSignatures: readonly { readonly operation: string; readonly body: string }[];
  /** Version 2: a new session token for the player, as the partner's site issues one when the player signs in. */
  openSession(playerId: string): string;
  /** The session ends (the player signed out): its token is refused from now on, but by credits and rollbacks. */
  endSession(token: string): void;
  close(): Promise<void>;
}

export async function startReferenceWallet(options: {
  readonly secret: string;
  readonly players?: Record<string, WalletPlayer>;
  readonly port?: number;
  /** Seconds since the epoch: the clock stale signatures are judged by. */
  readonly now?: () => number;
  /** The contract version the wallet's partner is on (1 when absent): version 2 bodies, and rounds kept. */
  readonly version?: WalletContractVersion;
}): Promise<ReferenceWallet> {
  /** The secrets calls may be signed with, oldest first: its own, and each rotation's next it took since it last dropped the old ones. */
  let secrets = [options.secret];
  /** What its answers are signed with: its own secret, a rotation's next once it signs with it. */
  let answerSecret = options.secret;
  let answersSignedWith: string | undefined;
  const refusedSignatures: { operation: string; body: string }[] = [];
  const version = options.version ?? 1;
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const players = new Map(Object.entries(options.players ?? {}));
  const movements = new Map<string, Movement>();
  /** Debits given back before they arrived: a late debit of one of these ids is refused. */
  const rolledBackUnseen = new Set<string>();
  const answersByRequest = new Map<string, { bodyHash: string; answer: WalletAnswer }>();
  const faults: (WalletFault & { left: number })[] = [];
  const received: { operation: string; body: string }[] = [];
  /** Version 2: a (player, round) whose result credit was taken; no call of it may follow. */
  const closedRounds = new Set<string>();
  const refusedForClosedRound: { operation: string; body: string }[] = [];
  const roundOf = (call: DebitCall) => `${call.playerId} ${call.roundId}`;
  /** Version 2: the session tokens issued, with their player and whether the session ended. */
  const sessions = new Map<string, { readonly playerId: string; ended: boolean }>();
  const held = new Set<ServerResponse>();
  let abandoned = 0;
  /** Lets a held call go, unanswered: its connection is dropped. */
  const drop = (response: ServerResponse) => {
    held.delete(response);
    response.socket?.destroy();
  };

  const refused = (code: WalletErrorCode, message: string): WalletAnswer => ({ status: 'ERROR', code, message });
  const ok = (player: WalletPlayer) => ({ status: 'OK' as const, balance: player.balance, currency: player.currency });

  /** The answer to a movement call, moving the money if it is the first of its transaction id. */
  function move(
    operation: 'debit' | 'credit' | 'rollback',
    call: DebitCall | CreditCall | RollbackCall,
    player: WalletPlayer,
  ): WalletAnswer {
    const content = JSON.stringify([operation, call.playerId, call.currency, call.amount, call.roundId, [...call.betIds].sort()]);
    const earlier = movements.get(call.transactionId);
    if (earlier) {
      return earlier.content === content
        ? earlier.answer
        : refused('DUPLICATE_TRANSACTION', 'that transaction id was a movement of other content');
    }
    // Only a replay (answered above) gets past a closed round: a call sent after its result is refused whole.
    if (version === 2 && closedRounds.has(roundOf(call))) return refused('ROUND_CLOSED', "the player's round was closed by its result");
    if (operation === 'debit') {
      if (rolledBackUnseen.has(call.transactionId))
        return refused('TRANSACTION_ROLLED_BACK', 'that debit was rolled back before it arrived');
      if (player.blocked) return refused('PLAYER_BLOCKED', 'the player may not bet');
      if (player.debitLimit !== undefined && call.amount > player.debitLimit)
        return refused('LIMIT_REACHED', "the debit passes the player's limit");
      if (call.amount > player.balance) return refused('INSUFFICIENT_FUNDS', 'the balance does not cover the debit');
      player.balance -= call.amount;
    } else if (operation === 'credit') {
      player.balance += call.amount;
      if (version === 2 && call.roundClosed) closedRounds.add(roundOf(call));
    } else {
      const debit = movements.get((call as RollbackCall).rolledBackTransactionId);
      if (debit && debit.operation !== 'debit') return refused('INVALID_REQUEST', 'only a debit is rolled back');
      if (!debit) {
        rolledBackUnseen.add((call as RollbackCall).rolledBackTransactionId);
        const answer = refused('UNKNOWN_TRANSACTION', 'no such debit: nothing to give back, and it will be refused if it comes');
        movements.set(call.transactionId, { operation, playerId: call.playerId, content, amount: 0, answer });
        return answer;
      }
      if (!debit.rolledBack) {
        debit.rolledBack = true;
        if (debit.answer.status === 'OK') player.balance += debit.amount;
      }
    }
    const answer = ok(player);
    movements.set(call.transactionId, { operation, playerId: call.playerId, content, amount: call.amount, answer });
    return answer;
  }

  function answerTo(operation: WalletOperation, body: string): WalletAnswer {
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return refused('INVALID_REQUEST', 'the body is not JSON');
    }
    const parsed = parseCall(operation, json, version);
    if ('invalid' in parsed) {
      const requestId = (json as { requestId?: unknown } | null)?.requestId;
      const refusal = refused('INVALID_REQUEST', parsed.invalid);
      return typeof requestId === 'string' ? named(refusal, requestId) : refusal;
    }
    const { call } = parsed;
    const bodyHash = createHash('sha256').update(body).digest('hex');
    const replayed = answersByRequest.get(call.requestId);
    if (replayed) {
      return named(
        replayed.bodyHash === bodyHash ? replayed.answer : refused('INVALID_REQUEST', 'that requestId was sent with another body'),
        call.requestId,
      );
    }
    if (operation === 'authenticate') {
      const answer = authenticated(call as AuthenticateCall);
      answersByRequest.set(call.requestId, { bodyHash, answer });
      return named(answer, call.requestId);
    }
    const player = players.get((call as DebitCall).playerId);
    let answer: WalletAnswer;
    if (!player) answer = refused('UNKNOWN_PLAYER', 'no such player');
    else if (outOfSession(operation, call as DebitCall)) answer = refused('INVALID_TOKEN', "the token is not the player's live session");
    else if (player.currency !== (call as DebitCall).currency)
      answer = refused('CURRENCY_MISMATCH', "the player's wallet holds another currency");
    else answer = operation === 'balance' ? ok(player) : move(operation as 'debit', call as DebitCall, player);
    if (answer.status === 'ERROR' && answer.code === 'ROUND_CLOSED') refusedForClosedRound.push({ operation, body });
    answersByRequest.set(call.requestId, { bodyHash, answer });
    return named(answer, call.requestId);
  }

  /** A token's player, their currency, country and balance; a token not issued, or ended, refused. */
  function authenticated(call: AuthenticateCall): WalletAnswer {
    const session = sessions.get(call.sessionToken);
    if (!session || session.ended) return refused('INVALID_TOKEN', 'no such live session');
    const player = players.get(session.playerId);
    if (!player) return refused('UNKNOWN_PLAYER', 'no such player');
    if (player.blocked) return refused('PLAYER_BLOCKED', 'the player may not play');
    return { ...ok(player), playerId: session.playerId, ...(player.country ? { country: player.country } : {}) };
  }

  /** A debit or balance naming a session that is not the player's live one: a credit or rollback is taken whatever its session. */
  function outOfSession(operation: WalletOperation, call: DebitCall): boolean {
    if (call.sessionToken === undefined || (operation !== 'debit' && operation !== 'balance')) return false;
    const session = sessions.get(call.sessionToken);
    return !session || session.ended || session.playerId !== call.playerId;
  }

  /** Version 2: an answer names the request it answers (a replayed movement's first answer, this request's id). */
  const named = (answer: WalletAnswer, requestId: string): WalletAnswer => (version >= 2 ? { ...answer, requestId } : answer);

  /** The fault the next call of `operation` meets, if any: each fault counts down the calls it fails. */
  function faultFor(operation: WalletOperation): WalletFault | undefined {
    const index = faults.findIndex((fault) => fault.operation === undefined || fault.operation === operation);
    if (index < 0) return undefined;
    const fault = faults[index]!;
    if (--fault.left === 0) faults.splice(index, 1);
    return fault;
  }

  /** The answer to a call as received: refused unless signed with one of the wallet's secrets. */
  function signedAnswerTo(
    operation: WalletOperation,
    body: string,
    signed: { readonly timestamp: string | undefined; readonly signature: string | undefined },
  ): WalletAnswer {
    // During a rotation, a call signed with either secret is the house's.
    const checks = secrets.map((key) => checkSignature(key, body, signed, now()));
    const signature = checks.includes('VALID') ? 'VALID' : checks[0]!;
    if (signature !== 'VALID') refusedSignatures.push({ operation, body });
    return signature === 'VALID'
      ? answerTo(operation, body)
      : refused('INVALID_SIGNATURE', signature === 'STALE' ? 'the timestamp is too far from now' : 'the signature is missing or wrong');
  }

  async function serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const operation = (request.url ?? '').replace(/^\//, '') as WalletOperation;
    received.push({ operation, body });
    if (request.method !== 'POST' || !WALLET_OPERATIONS.includes(operation)) {
      response.writeHead(404).end();
      return;
    }
    const fault = faultFor(operation);
    if (fault?.when === 'BEFORE' && (await failed(fault, response))) return;
    const header = (name: string) => (typeof request.headers[name] === 'string' ? (request.headers[name] as string) : undefined);
    const answer = signedAnswerTo(operation, body, { timestamp: header(TIMESTAMP_HEADER), signature: header(SIGNATURE_HEADER) });
    if (fault?.when === 'AFTER' && (await failed(fault, response))) return;
    const text = JSON.stringify(answer);
    response
      .writeHead(200, { 'content-type': 'application/json', ...signedHeaders(answersSignedWith ?? answerSecret, text, now()) })
      .end(text);
  }

  /** Fails the call as `fault` says; false for a slow answer, which is then given. */
  async function failed(fault: WalletFault, response: ServerResponse): Promise<boolean> {
    switch (fault.kind) {
      case 'SLOW':
        await new Promise((resolve) => setTimeout(resolve, fault.delayMs ?? 1_000));
        return false;
      case 'SERVER_ERROR':
        response.writeHead(503, { 'content-type': 'text/plain' }).end('wallet unavailable');
        return true;
      case 'DROP':
        response.socket?.destroy();
        return true;
      case 'TIMEOUT':
        held.add(response);
        // Closed while still held: the caller gave up (a call this wallet dropped is no longer held).
        response.once('close', () => {
          if (held.delete(response)) abandoned++;
        });
        if (fault.delayMs !== undefined) setTimeout(() => drop(response), fault.delayMs).unref();
        return true;
    }
  }

  const server: Server = createServer((request, response) => {
    serve(request, response).catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    players,
    movements,
    received,
    closedRounds,
    refusedForClosedRound,
    takeNextSecret: (given, { signAnswers = true } = {}) => {
      if (!secrets.includes(given)) secrets = [...secrets, given];
      if (signAnswers) answerSecret = given;
    },
    forgetOldSecret: () => {
      secrets = secrets.slice(-1);
      answerSecret = secrets[0]!;
    },
    signAnswersWith: (given) => {
      answersSignedWith = given;
    },
    get secrets() {
      return secrets;
    },
    refusedSignatures,
    openSession: (playerId) => {
      const token = `session-${randomUUID()}`;
      sessions.set(token, { playerId, ended: false });
      return token;
    },
    endSession: (token) => {
      const session = sessions.get(token);
      if (session) session.ended = true;
    },
    answer: (operation, body, signed) => {
      received.push({ operation, body });
      // A copy, as a client would read it from the wire: what the wallet keeps of its answers stays its own.
      return JSON.parse(JSON.stringify(signedAnswerTo(operation, body, signed))) as WalletAnswer;
    },
    injectFault: (fault) => faults.push({ ...fault, left: fault.times ?? 1 }),
    clearFaults: () => {
      faults.splice(0);
      for (const response of held) drop(response);
    },
    get abandoned() {
      return abandoned;
    },
    close: async () => {
      for (const response of held) drop(response);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
