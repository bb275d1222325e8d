/**
 * `npm run wallet-check`, as a partner runs it: the conformance checks against a wallet at a URL,
 * the secret from the environment, a line per check and an exit code a CI job can read; the
 * session checks that need a live token of the test player skipped without one. And each rule of
 * the contract (docs/WALLET.md), on both versions, failing its own check, and only that one, for a
 * wallet that breaks it: the reference wallet behind a proxy that plants one fault.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceWallet, type ReferenceWallet, type WalletPlayer } from '../../local/reference-wallet';
import {
  CREDIT_KINDS,
  type WalletAnswer,
  type WalletContractVersion,
  type WalletErrorCode,
  type WalletOperation,
} from '../../functions/wallet/wallet-protocol';
import {
  checkSignature,
  SIGNATURE_HEADER,
  signedHeaders,
  TIMESTAMP_HEADER,
  type SignatureCheck,
} from '../../functions/wallet/wallet-signature';
import { CHECK_NAMES, checkNames, checkWallet } from '../../scripts/wallet-conformance';
import { walletCheckCommand } from '../../scripts/wallet-check';
import { WALLET_PATIENCE_MS } from '../support/patience';
import { runCommand, runScriptProcess } from '../support/script-command';

const SECRET = 'partner-secret';
const PLAYERS = () => ({ 'test-1': { currency: 'MOP', balance: 100 } });

let wallet: ReferenceWallet;
let strict: ReferenceWallet;
beforeAll(async () => {
  wallet = await startReferenceWallet({ secret: SECRET, players: PLAYERS() });
  strict = await startReferenceWallet({ secret: SECRET, players: PLAYERS(), version: 2 });
});
afterAll(async () => {
  await wallet.close();
  await strict.close();
});

/**
 * Runs the script in a process of its own (the wallet stays in this one), as `npm run --silent
 * wallet-check -- ...` does; waiting for each answer far longer than its default 3 s, which the
 * wallet, in this loaded process, can take.
 */
const walletCheckProcess = (args: string[], secret: string) =>
  runScriptProcess('scripts/wallet-check.ts', [...args, '--timeout-ms', String(WALLET_PATIENCE_MS)], { WALLET_SECRET: secret });
/** Runs its command in this process, as its command line does, with the same patience. */
const walletCheck = (args: string[], secret?: string) =>
  runCommand(walletCheckCommand, [...args, '--timeout-ms', String(WALLET_PATIENCE_MS)], secret ? { WALLET_SECRET: secret } : {});

describe('npm run wallet-check', () => {
  it.each([
    { version: 1, contract: () => [] },
    // A live session of the test player, as the partner's site opens one when they sign in: every session check runs.
    { version: 2, contract: () => ['--contract', '2', '--session-token', strict.openSession('test-1')] },
  ] as const)(
    'passes a conforming wallet on version $version: a line per check, exit code 0, the test player left as found',
    async ({ version, contract }) => {
      const reference = version === 2 ? strict : wallet;
      const run = await walletCheck(['--url', reference.url, '--player', 'test-1', '--currency', 'MOP', ...contract()], SECRET);
      expect(run.stderr).toBe('');
      const names = checkNames(version);
      for (const name of names) expect(run.stdout).toContain(`pass  ${name}`);
      expect(run.stdout).toContain(`${names.length} of ${names.length} checks passed\n`);
      expect(run.status).toBe(0);
      expect(reference.players.get('test-1')!.balance).toBe(100);
    },
  );

  it('skips the session checks that need a live token without --session-token, saying so: exit code 0 if the others pass', async () => {
    const run = await walletCheckProcess(['--url', strict.url, '--player', 'test-1', '--currency', 'MOP', '--contract', '2'], SECRET);
    const needingToken = checkNames(2).filter((name) => name.includes('live session token'));
    expect(needingToken).toHaveLength(2);
    for (const name of needingToken) expect(run.stdout).toContain(`skip  ${name}\n      needs a live session token of the test player`);
    const ran = checkNames(2).length - needingToken.length;
    expect(run.stdout).toContain(`${ran} of ${ran} checks passed, 2 skipped (they need --session-token)`);
    expect(run.status).toBe(0);
  });

  it('checks the round and session rules on version 2 only', () => {
    expect(checkNames(1)).toEqual(CHECK_NAMES);
    const added = checkNames(2).filter((name) => !CHECK_NAMES.includes(name));
    expect(checkNames(2).filter((name) => CHECK_NAMES.includes(name))).toEqual(CHECK_NAMES);
    expect(added).toHaveLength(12);
    for (const name of added) expect(name).toMatch(/round|version 2|request it answers|session/);
  });

  it('fails every check, saying why, when the secret is not the wallet’s: exit code 1', async () => {
    const run = await walletCheck(['--url', wallet.url, '--player', 'test-1', '--currency', 'MOP'], 'not-the-secret');
    expect(run.stdout).toContain(`0 of ${CHECK_NAMES.length} checks passed`);
    expect(run.stdout).toMatch(/FAIL {2}answers balance, signed with the shared secret\n {6}balance: no trusted answer/);
    expect(run.status).toBe(1);
  });

  it.each([
    { missing: 'the secret', args: [], secret: undefined },
    { missing: 'a known contract version', args: ['--contract', '3'], secret: SECRET },
    { missing: 'version 2 for its session token', args: ['--session-token', 'session-1'], secret: SECRET },
    { missing: 'a session token shaped as one', args: ['--contract', '2', '--session-token', 'session 1'], secret: SECRET },
  ])('says how to run it, with exit code 2, without $missing', async ({ args, secret }) => {
    const run = await walletCheck(['--url', wallet.url, '--player', 'test-1', '--currency', 'MOP', ...args], secret);
    expect(run.stderr).toMatch(
      /usage: WALLET_SECRET=<secret> npm run --silent wallet-check .* \[--contract <1\|2>\] \[--session-token <token> \(contract 2\)\]/,
    );
    expect(run.status).toBe(2);
  });
});

// A planted fault: the reference wallet behind a proxy that breaks one rule of the contract.

type Body = Record<string, unknown>;

/** A call as the proxy received it. */
interface Received {
  readonly operation: WalletOperation;
  readonly text: string;
  /** The body read as JSON ({} when it is not). */
  readonly body: Body;
  readonly signature: SignatureCheck;
  readonly headers: { readonly timestamp: string | undefined; readonly signature: string | undefined };
}

/** What the faulty wallet may do with a call: pass it on as it came, pass another body on, or answer itself. */
interface Proxy {
  readonly reference: ReferenceWallet;
  readonly player: WalletPlayer;
  /** Version 2: the test player's live session, the token the check is given. */
  readonly sessionToken: string;
  forward(): Promise<WalletAnswer>;
  /** `body` passed on instead, signed afresh: what the faulty wallet made of the call. */
  resigned(body: Body): Promise<WalletAnswer>;
  /** OK, with the test player's balance as it is now. */
  ok(): WalletAnswer;
}
type Fault = (call: Received, proxy: Proxy) => Promise<WalletAnswer>;

const now = () => Math.floor(Date.now() / 1000);
const fresh = () => `planted-${randomUUID()}`;
const refused = (code: WalletErrorCode): WalletAnswer => ({ status: 'ERROR', code, message: 'planted' });
const isMovement = (call: Received) => ['debit', 'credit', 'rollback'].includes(call.operation);
const content = (call: Received) => {
  const { playerId, currency, amount, roundId, betIds } = call.body;
  return JSON.stringify([call.operation, playerId, currency, amount, roundId, [...((betIds as string[]) ?? [])].sort()]);
};
const roundOf = (body: Body) => `${String(body.playerId)} ${String(body.roundId)}`;
/** What a transaction id was first sent as: a fault that tells a transaction id sent again keeps this. */
const firstSent = () => {
  const first = new Map<string, Received>();
  return (call: Received) => {
    const earlier = first.get(String(call.body.transactionId));
    if (!earlier && isMovement(call)) first.set(String(call.body.transactionId), call);
    return earlier && earlier.body.requestId !== call.body.requestId ? earlier : undefined;
  };
};
/** Version 2: a call carrying a session token that is not the test player's live session (one the wallet never issued). */
const outOfSession = (call: Received, proxy: Proxy) =>
  call.body.sessionToken !== undefined && call.body.sessionToken !== proxy.sessionToken;
/** Version 2: a movement of a round the reference wallet closed that it has not answered before (not a replay). */
const lateInClosedRound = (call: Received, proxy: Proxy, operation: WalletOperation) =>
  call.operation === operation &&
  proxy.reference.closedRounds.has(roundOf(call.body)) &&
  !proxy.reference.movements.has(String(call.body.transactionId));

async function startPlantedWallet(version: WalletContractVersion, fault: Fault, { namesRequests = true } = {}) {
  const reference = await startReferenceWallet({ secret: SECRET, players: PLAYERS(), version });
  const player = reference.players.get('test-1')!;
  const sessionToken = reference.openSession('test-1');
  // Passed on in this process, as the reference wallet's server would answer it: one round trip a call, the check's to the proxy.
  const send = async (operation: WalletOperation, text: string, signed: Received['headers']) => reference.answer(operation, text, signed);
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const operation = (request.url ?? '').slice(1) as WalletOperation;
    const header = (name: string) => (typeof request.headers[name] === 'string' ? (request.headers[name] as string) : undefined);
    const headers = { timestamp: header(TIMESTAMP_HEADER), signature: header(SIGNATURE_HEADER) };
    let body: Body = {};
    try {
      body = JSON.parse(text) as Body;
    } catch {
      // Not JSON: passed on, the reference wallet refuses it.
    }
    const call = { operation, text, body, signature: checkSignature(SECRET, text, headers, now()), headers };
    const answer = await fault(call, {
      reference,
      player,
      sessionToken,
      forward: () => send(operation, text, headers),
      resigned: (changed) => {
        const signed = signedHeaders(SECRET, JSON.stringify(changed), now());
        return send(operation, JSON.stringify(changed), { timestamp: signed[TIMESTAMP_HEADER], signature: signed[SIGNATURE_HEADER] });
      },
      ok: () => ({ status: 'OK', balance: player.balance, currency: player.currency }),
    });
    // Version 2: the faulty wallet still names the request it answers (its one fault is elsewhere), unless that is its fault:
    // in every answer, or in one the fault answers with requestId: undefined.
    const named = version >= 2 && typeof body.requestId === 'string' ? { ...answer, requestId: body.requestId } : answer;
    const unnamed = !namesRequests || ('requestId' in answer && answer.requestId === undefined);
    const answered = JSON.stringify(unnamed ? { ...answer, requestId: undefined } : named);
    response.writeHead(200, { 'content-type': 'application/json', ...signedHeaders(SECRET, answered, now()) }).end(answered);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    player,
    sessionToken,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await reference.close();
    },
  };
}

/** Each planted fault, the rule it breaks (a part of its check's name), and on which versions. */
const PLANTED: readonly {
  readonly wallet: string;
  readonly fails: string;
  readonly versions: readonly WalletContractVersion[];
  readonly fault: () => Fault;
  /** Version 2: false for the wallet whose fault is to name no request in its answers. */
  readonly namesRequests?: boolean;
}[] = [
  {
    wallet: 'pays a credit that carries no signature',
    fails: 'without a signature, or with a wrong one',
    versions: [1, 2],
    fault: () => (call, proxy) =>
      call.operation === 'credit' && call.signature === 'MISSING' ? proxy.resigned(call.body) : proxy.forward(),
  },
  {
    wallet: 'takes a wrongly signed debit',
    fails: 'without a signature, or with a wrong one',
    versions: [1, 2],
    fault: () => (call, proxy) => (call.operation === 'debit' && call.signature === 'WRONG' ? proxy.resigned(call.body) : proxy.forward()),
  },
  ...(['ago', 'ahead'] as const).map((when) => ({
    wallet: `takes a call signed more than 300 s ${when}`,
    fails: 'signed more than 300 s ago (a replay) or ahead',
    versions: [1, 2] as const,
    fault: (): Fault => (call, proxy) =>
      call.signature === 'STALE' && Number(call.headers.timestamp) < now() === (when === 'ago')
        ? proxy.resigned(call.body)
        : proxy.forward(),
  })),
  {
    wallet: 'checks the signature over the body read and written again, not the raw body',
    fails: 'over the raw body exactly as sent',
    versions: [1, 2],
    fault: () => (call, proxy) => {
      const rewritten = JSON.stringify(call.body);
      if (rewritten === call.text || !call.headers.signature) return proxy.forward();
      return checkSignature(SECRET, rewritten, call.headers, now()) === 'VALID'
        ? proxy.resigned(call.body)
        : Promise.resolve(refused('INVALID_SIGNATURE'));
    },
  },
  {
    wallet: 'answers a debit with the balance before it',
    fails: 'debits and credits, answering the balance after',
    versions: [1, 2],
    fault: () => async (call, proxy) => {
      const answer = await proxy.forward();
      return call.operation === 'debit' && answer.status === 'OK'
        ? { ...answer, balance: answer.balance + Number(call.body.amount) }
        : answer;
    },
  },
  {
    wallet: 'refuses ids holding a #',
    fails: 'accepts ids as the tables make them',
    versions: [1, 2],
    fault: () => (call, proxy) =>
      ['requestId', 'transactionId', 'betIds'].some((field) => JSON.stringify(call.body[field] ?? '').includes('#'))
        ? Promise.resolve(refused('INVALID_REQUEST'))
        : proxy.forward(),
  },
  {
    wallet: 'takes a fractional amount, rounded (1.5 as 2)',
    fails: 'not whole minor units',
    versions: [1, 2],
    fault: () => (call, proxy) => {
      const { amount } = call.body;
      return typeof amount === 'number' && !Number.isInteger(amount)
        ? proxy.resigned({ ...call.body, amount: Math.round(amount) })
        : proxy.forward();
    },
  },
  {
    wallet: 'takes an amount sent as a string ("2" as 2)',
    fails: 'not whole minor units',
    versions: [1, 2],
    fault: () => (call, proxy) =>
      typeof call.body.amount === 'string' ? proxy.resigned({ ...call.body, amount: Number(call.body.amount) }) : proxy.forward(),
  },
  {
    wallet: 'answers a debit of 0 OK',
    fails: 'not whole minor units',
    versions: [1, 2],
    fault: () => (call, proxy) => (call.operation === 'debit' && call.body.amount === 0 ? Promise.resolve(proxy.ok()) : proxy.forward()),
  },
  {
    wallet: 'moves an exact replay of a debit again',
    fails: 'answers an exact replay',
    versions: [1, 2],
    fault: () => {
      const seen = new Set<string>();
      return (call, proxy) => {
        if (call.operation !== 'debit' || call.signature !== 'VALID' || !seen.has(`${call.operation} ${call.text}`)) {
          seen.add(`${call.operation} ${call.text}`);
          return proxy.forward();
        }
        return proxy.resigned({ ...call.body, requestId: fresh(), transactionId: fresh() });
      };
    },
  },
  {
    wallet: 'takes a requestId sent again with another body as a new call (not idempotent on requestId)',
    fails: 'refuses a requestId sent again with another body',
    versions: [1, 2],
    fault: () => {
      const bodies = new Map<string, string>();
      return (call, proxy) => {
        const requestId = String(call.body.requestId);
        const first = bodies.get(requestId);
        if (first === undefined) bodies.set(requestId, call.text);
        return first !== undefined && first !== call.text && call.signature === 'VALID'
          ? proxy.resigned({ ...call.body, requestId: fresh() })
          : proxy.forward();
      };
    },
  },
  {
    wallet: 'moves a debit’s transactionId sent again (a new requestId, the same content) again',
    fails: 'with the same content as the same movement',
    versions: [1, 2],
    fault: () => {
      const earlierOf = firstSent();
      return (call, proxy) => {
        const earlier = earlierOf(call);
        return call.operation === 'debit' && earlier && content(earlier) === content(call)
          ? proxy.resigned({ ...call.body, transactionId: fresh() })
          : proxy.forward();
      };
    },
  },
  {
    wallet: 'answers a transactionId sent again with the balance now, not its first answer',
    fails: 'with the same content as the same movement',
    versions: [1, 2],
    fault: () => {
      const earlierOf = firstSent();
      return async (call, proxy) => {
        const earlier = earlierOf(call);
        const answer = await proxy.forward();
        return earlier && answer.status === 'OK' ? proxy.ok() : answer;
      };
    },
  },
  {
    wallet: 'takes a transactionId sent again in another round or for other bets as the same movement',
    fails: 'with another amount, operation, round or bets with DUPLICATE_TRANSACTION',
    versions: [1, 2],
    fault: () => {
      const earlierOf = firstSent();
      return (call, proxy) => {
        const earlier = earlierOf(call);
        return earlier ? proxy.resigned({ ...call.body, roundId: earlier.body.roundId, betIds: earlier.body.betIds }) : proxy.forward();
      };
    },
  },
  {
    wallet: 'gives a debit back again under another rollback id',
    fails: 'rolls a debit back once',
    versions: [1, 2],
    fault: () => async (call, proxy) => {
      const debit = proxy.reference.movements.get(String(call.body.rolledBackTransactionId));
      const again = call.operation === 'rollback' && debit?.rolledBack && !proxy.reference.movements.has(String(call.body.transactionId));
      const answer = await proxy.forward();
      if (!again || answer.status !== 'OK') return answer;
      proxy.player.balance += debit.amount;
      return proxy.ok();
    },
  },
  {
    wallet: 'forgets a rollback of a debit it never had: the debit arriving after is taken',
    fails: 'answers a rollback of a debit it never had',
    versions: [1, 2],
    fault: () => {
      const rolledBack = new Set<string>();
      return async (call, proxy) => {
        if (call.operation === 'debit' && rolledBack.has(String(call.body.transactionId)))
          return proxy.resigned({ ...call.body, transactionId: fresh() });
        const answer = await proxy.forward();
        if (call.operation === 'rollback' && answer.status === 'ERROR' && answer.code === 'UNKNOWN_TRANSACTION')
          rolledBack.add(String(call.body.rolledBackTransactionId));
        return answer;
      };
    },
  },
  {
    wallet: 'lets a debit past the balance through',
    fails: 'refuses a debit past the balance',
    versions: [1, 2],
    fault: () => async (call, proxy) => {
      const answer = await proxy.forward();
      if (call.operation !== 'debit' || answer.status !== 'ERROR' || answer.code !== 'INSUFFICIENT_FUNDS') return answer;
      proxy.player.balance -= Number(call.body.amount);
      return proxy.ok();
    },
  },
  {
    wallet: 'gives a debit it refused back on its rollback',
    fails: 'refuses a debit past the balance',
    versions: [1, 2],
    fault: () => {
      const refusedDebits = new Map<string, number>();
      return async (call, proxy) => {
        const answer = await proxy.forward();
        if (call.operation === 'debit' && answer.status === 'ERROR')
          refusedDebits.set(String(call.body.transactionId), Number(call.body.amount));
        const given = call.operation === 'rollback' ? refusedDebits.get(String(call.body.rolledBackTransactionId)) : undefined;
        if (given === undefined) return answer;
        proxy.player.balance += given;
        return proxy.ok();
      };
    },
  },
  {
    wallet: 'refuses a credit carrying roundDetailsUrl (a field it does not know)',
    fails: 'takes a credit carrying the round details link',
    versions: [2],
    fault: () => (call, proxy) =>
      call.operation === 'credit' && call.body.roundDetailsUrl !== undefined
        ? Promise.resolve(refused('INVALID_REQUEST'))
        : proxy.forward(),
  },
  {
    wallet: 'refuses a credit of 0',
    fails: 'credits 0',
    versions: [1, 2],
    fault: () => (call, proxy) =>
      call.operation === 'credit' && call.body.amount === 0 ? Promise.resolve(refused('INVALID_REQUEST')) : proxy.forward(),
  },
  {
    wallet: 'reads version 2 bodies as version 1: no round fields needed',
    fails: 'refuses a version 2 movement without roundClosed',
    versions: [2],
    fault: () => (call, proxy) => {
      if (!isMovement(call) || call.signature !== 'VALID') return proxy.forward();
      const kind = (CREDIT_KINDS as readonly unknown[]).includes(call.body.creditKind) ? call.body.creditKind : 'ROUND_RESULT';
      const closes = call.operation === 'credit' && call.body.roundClosed === true && kind === 'ROUND_RESULT';
      return proxy.resigned({ ...call.body, roundClosed: closes, ...(call.operation === 'credit' ? { creditKind: kind } : {}) });
    },
  },
  {
    wallet: 'names no request in its answers',
    fails: 'names the request it answers',
    versions: [2],
    namesRequests: false,
    fault: () => (_call, proxy) => proxy.forward(),
  },
  {
    wallet: 'refuses every call of a closed round, its result’s replay too',
    fails: 'closes a round with its result',
    versions: [2],
    fault: () => (call, proxy) =>
      isMovement(call) && proxy.reference.closedRounds.has(roundOf(call.body)) ? Promise.resolve(refused('ROUND_CLOSED')) : proxy.forward(),
  },
  ...(['debit', 'credit', 'rollback'] as const).map((operation) => ({
    wallet: `takes a ${operation} of a round closed by its result`,
    fails: `refuses a ${operation} of a round closed by its result`,
    versions: [2] as const,
    fault: (): Fault => (call, proxy) =>
      lateInClosedRound(call, proxy, operation) ? proxy.resigned({ ...call.body, roundId: fresh() }) : proxy.forward(),
  })),
  {
    wallet: 'authenticates a session token it never issued, as the test player’s',
    fails: 'refuses to authenticate a session token it never issued',
    versions: [2],
    fault: () => async (call, proxy) => {
      const answer = await proxy.forward();
      return call.operation === 'authenticate' && answer.status === 'ERROR' ? { ...proxy.ok(), playerId: 'test-1' } : answer;
    },
  },
  {
    wallet: 'names no request in its refusal of an authenticate',
    fails: 'refuses to authenticate a session token it never issued',
    versions: [2],
    fault: () => async (call, proxy) => {
      const answer = await proxy.forward();
      return call.operation === 'authenticate' && answer.status === 'ERROR' ? { ...answer, requestId: undefined } : answer;
    },
  },
  ...(
    [
      ['another player', { playerId: 'test-2' }],
      ['another currency', { currency: 'HKD' }],
    ] as const
  ).map(([what, change]) => ({
    wallet: `authenticates a live session token naming ${what}`,
    fails: 'authenticates the test player’s live session token',
    versions: [2] as const,
    fault: (): Fault => async (call, proxy) => {
      const answer = await proxy.forward();
      return call.operation === 'authenticate' && answer.status === 'OK' ? { ...answer, ...change } : answer;
    },
  })),
  ...(['debit', 'balance'] as const).map((operation) => ({
    wallet: `takes a ${operation} carrying a session token it never issued, as one carrying none`,
    fails: 'refuses a debit or a balance whose session token is not a live session',
    versions: [2] as const,
    fault: (): Fault => (call, proxy) => {
      if (call.operation !== operation || !outOfSession(call, proxy)) return proxy.forward();
      const { sessionToken: _token, ...tokenless } = call.body;
      return proxy.resigned(tokenless);
    },
  })),
  {
    wallet: 'refuses every debit carrying a session token, the live one too',
    fails: 'takes a balance, a debit and its credit carrying the test player’s live session token',
    versions: [2],
    fault: () => (call, proxy) =>
      call.operation === 'debit' && call.body.sessionToken !== undefined ? Promise.resolve(refused('INVALID_TOKEN')) : proxy.forward(),
  },
  ...(['rollback', 'credit'] as const).map((operation) => ({
    wallet: `refuses a ${operation} whose session token is not a live session`,
    fails: 'takes a rollback and a credit whose session token it never issued',
    versions: [2] as const,
    fault: (): Fault => (call, proxy) =>
      call.operation === operation && outOfSession(call, proxy) ? Promise.resolve(refused('INVALID_TOKEN')) : proxy.forward(),
  })),
];

/** The one check whose name holds `part`. */
function checkNamed(part: string, version: WalletContractVersion): string {
  const named = checkNames(version).filter((name) => name.includes(part));
  expect(named).toHaveLength(1);
  return named[0]!;
}

describe('the conformance check, against a wallet breaking one rule', () => {
  it('names every rule a planted fault breaks, on each version', () => {
    const tested = (version: WalletContractVersion) =>
      PLANTED.filter((planted) => planted.versions.includes(version)).map((planted) => checkNamed(planted.fails, version));
    // Every check but the first, whose fault (an answer not signed) fails them all: the wrong secret above.
    for (const version of [1, 2] as const) expect(new Set(tested(version))).toEqual(new Set(checkNames(version).slice(1)));
  });

  it.each([1, 2] as const)('passes it all through a proxy that plants nothing (version %s)', async (version) => {
    const planted = await startPlantedWallet(version, (_call, proxy) => proxy.forward());
    try {
      const results = await checkWallet({
        baseUrl: planted.url,
        secret: SECRET,
        playerId: 'test-1',
        currency: 'MOP',
        timeoutMs: WALLET_PATIENCE_MS,
        version,
        sessionToken: planted.sessionToken,
      });
      // None failed, and none skipped (a skipped check has not passed): the live session token runs them all.
      expect(results.filter((result) => !result.passed)).toEqual([]);
      expect(planted.player.balance).toBe(100);
    } finally {
      await planted.close();
    }
  });

  it.each(PLANTED.flatMap((planted) => planted.versions.map((version) => ({ ...planted, version }))))(
    'version $version: a wallet that $wallet fails “$fails” alone, and is left with the balance it had',
    async ({ version, fails, fault, namesRequests }) => {
      const planted = await startPlantedWallet(version, fault(), { namesRequests: namesRequests ?? true });
      try {
        const results = await checkWallet({
          baseUrl: planted.url,
          secret: SECRET,
          playerId: 'test-1',
          currency: 'MOP',
          timeoutMs: WALLET_PATIENCE_MS,
          version,
          sessionToken: planted.sessionToken,
        });
        const failed = results.filter((result) => !result.passed);
        // A wallet whose answers name no request has no answer trusted (the tables refuse them): its own check fails among others.
        if (namesRequests === false) expect(failed.map((result) => result.name)).toContain(checkNamed(fails, version));
        else
          expect(
            failed.map((result) => result.name),
            JSON.stringify(failed, null, 1),
          ).toEqual([checkNamed(fails, version)]);
        expect(failed.find((result) => result.name === checkNamed(fails, version))!.detail).toBeTruthy();
        expect(planted.player.balance).toBe(100);
      } finally {
        await planted.close();
      }
    },
  );
});
