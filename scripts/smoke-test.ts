/**
 * The smoke test of a deployed stage (docs/DEPLOY.md, "Smoke test"): one real round of craps
 * through the stage's HTTP and WebSocket APIs, with two tokens of its identity provider.
 *
 *   SMOKE_OPERATOR_TOKEN=<a house operator's token> SMOKE_PLAYER_TOKEN=<a player's token> \
 *     npm run --silent smoke -- --url <GraphqlUrl> --ws <WebSocketUrl>
 *
 * It checks that an anonymous call is refused, opens a table, funds the player with a deposit,
 * watches the table over a subscription while the player bets and the operator rolls 12 (the Pass
 * Line loses), closes the table and withdraws what is left of the deposit, even after a failed
 * step. Each step prints ok or FAIL; the exit code is 0 only if all passed. The round stays in the
 * stage's records: a deposit of 1,000 minor units, a lost bet of 100, a withdrawal of 900, under
 * references smoke-<time>-in and -out; the player's balance ends as it began.
 */
import { parseArgs } from 'node:util';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { runAsCommandLine, type Command } from './command-line';

export interface SmokeOptions {
  readonly url: string;
  readonly wsUrl: string;
  readonly operatorToken: string;
  readonly playerToken: string;
  /** The player's account id as the API knows it: the player token's subject (`<partner>/<sub>` for a partner's). */
  readonly playerId: string;
  /** How long an event may take to be heard (default 15 s: a deployed stage delivers in well under one). */
  readonly eventTimeoutMs?: number;
  /**
   * A pause once the subscription is taken, before the round starts (default 1 s): in AWS each
   * WebSocket message is its own Lambda call, which need not end in the order they were sent.
   */
  readonly settleMs?: number;
}

const STAKE = 100;
const DEPOSIT = 1_000;
const EVENT_TIMEOUT_MS = 15_000;
const SETTLE_MS = 1_000;

/** Runs every step, printing each; answers whether all passed. */
export async function runSmokeTest(options: SmokeOptions, print: (line: string) => void = console.log): Promise<boolean> {
  const { eventTimeoutMs = EVENT_TIMEOUT_MS, settleMs = SETTLE_MS } = options;
  const stamp = new Date()
    .toISOString()
    .replace(/[^0-9]/g, '')
    .slice(0, 14);
  let passed = true;
  const step = async <T>(name: string, run: () => Promise<T>): Promise<T | undefined> => {
    try {
      const result = await run();
      print(`ok    ${name}`);
      return result;
    } catch (error) {
      passed = false;
      print(`FAIL  ${name}: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  };
  const call = (token: string | null, query: string, variables?: Record<string, unknown>) =>
    fetch(options.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
  const data = async (token: string, query: string, variables?: Record<string, unknown>) => {
    const response = await call(token, query, variables);
    const body = (await response.json().catch(() => ({}))) as { data?: Record<string, any>; errors?: { extensions?: { code?: string } }[] };
    if (body.errors?.length) throw new Error(`answered ${body.errors.map((e) => e.extensions?.code).join(', ')}`);
    if (!response.ok || !body.data) throw new Error(`HTTP ${response.status}`);
    // A mutation refused as data (a rule, not enough money) names its code in its payload's userErrors.
    const refused = Object.values(body.data).flatMap((payload) => (payload?.userErrors ?? []) as { code: string }[]);
    if (refused.length) throw new Error(`answered ${refused.map((error) => error.code).join(', ')}`);
    return body.data;
  };
  const operator = (query: string, variables?: Record<string, unknown>) => data(options.operatorToken, query, variables);
  const player = (query: string, variables?: Record<string, unknown>) => data(options.playerToken, query, variables);

  await step('an anonymous request is refused', async () => {
    const response = await call(null, '{ serverTime }');
    // API Gateway's authorizer answers 401; behind it, the API answers UNAUTHENTICATED.
    if (response.status === 401) return;
    const body = (await response.json()) as { errors?: { extensions?: { code?: string } }[] };
    if (body.errors?.[0]?.extensions?.code !== 'UNAUTHENTICATED') throw new Error(`HTTP ${response.status}, not refused`);
  });
  await step("the operator's token is accepted, and the server's clock is right", async () => {
    const { serverTime } = await operator('{ serverTime }');
    const skew = Math.abs(Date.parse(serverTime) - Date.now());
    if (skew > 5 * 60_000) throw new Error(`the server's clock is ${Math.round(skew / 1000)} s off this machine's`);
  });
  const tableId = await step('the operator opens a craps table', async () => {
    const { openTable } = await operator(
      `mutation ($name: String!) { openTable(input: { game: CRAPS, name: $name, minimumBet: ${STAKE}, maximumBet: 100000 }) { table { id } userErrors { code message } } }`,
      { name: `smoke ${stamp}` },
    );
    return openTable.table.id as string;
  });
  if (!tableId) return false;
  // What the player holds before: the round is judged by what it changes, and leaves it as it was.
  const before = await step('the player is funded by a deposit', async () => {
    const { account } = await operator(`query ($id: ID!) { account(id: $id) { balance } }`, { id: options.playerId });
    if (!account)
      await operator(`mutation ($id: ID!) { openAccount(input: { playerId: $id }) { account { id } userErrors { code message } } }`, {
        id: options.playerId,
      });
    await operator(
      `mutation ($id: ID!, $ref: String!) { deposit(input: { playerId: $id, amount: ${DEPOSIT}, reference: $ref }) { account { balance } userErrors { code message } } }`,
      { id: options.playerId, ref: `smoke-${stamp}-in` },
    );
    return (account?.balance ?? 0) as number;
  });
  if (before === undefined) return false;

  const socket = createClient({
    url: options.wsUrl,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${options.operatorToken}` },
    retryAttempts: 0,
  });
  const kinds: string[] = [];
  let subscribed = false;
  const heard = (kind: string) =>
    new Promise<void>((resolve, reject) => {
      if (!subscribed) return reject(new Error('there is no subscription to hear it on'));
      const started = Date.now();
      const poll = setInterval(() => {
        if (kinds.includes(kind)) {
          clearInterval(poll);
          resolve();
        } else if (Date.now() - started > eventTimeoutMs) {
          clearInterval(poll);
          reject(new Error(`no ${kind} event within ${eventTimeoutMs / 1000} s (heard: ${kinds.join(', ') || 'nothing'})`));
        }
      }, 100);
    });
  try {
    await step('the operator subscribes to the table over WebSocket', async () => {
      await new Promise<void>((resolve, reject) => {
        // graphql-ws acknowledges no subscribe: a ping sent right after it is answered once the
        // server has handled it, where a connection's messages are handled in order (API Gateway
        // invokes the socket function a message at a time; so does the local server).
        socket.on('opened', (opened) => pingAfterSubscribe(opened as WebSocket));
        socket.on('pong', (received) => {
          if (!received || subscribed) return;
          subscribed = true;
          setTimeout(resolve, settleMs);
        });
        socket.on('closed', (event) => reject(new Error(`the socket closed (${(event as { code?: number }).code ?? 'no code'})`)));
        socket.subscribe<{ tableEvents: { kind: string } }>(
          { query: `subscription ($id: ID!) { tableEvents(tableId: $id) { kind sequence } }`, variables: { id: tableId } },
          {
            next: ({ data: event }) => event && kinds.push(event.tableEvents.kind),
            error: (error) => reject(new Error(`the subscription was refused: ${JSON.stringify(error)}`)),
            complete: () => undefined,
          },
        );
      });
    });
    await step(`the player bets ${STAKE} on the Pass Line`, () =>
      player(
        `mutation ($t: ID!) { placeBet(input: { tableId: $t, type: PASS_LINE, amount: ${STAKE} }) { bet { id } userErrors { code message } } }`,
        { t: tableId },
      ),
    );
    const sequence = await step('the operator closes betting, and the subscription hears it', async () => {
      const { closeBetting } = await operator(
        `mutation ($t: ID!) { closeBetting(input: { tableId: $t }) { table { nextSequence } userErrors { code message } } }`,
        { t: tableId },
      );
      await heard('BETTING_CLOSED');
      return closeBetting.table.nextSequence as number;
    });
    await step('the operator rolls 12, the round is settled, and the subscription hears it', async () => {
      const { submitRoll } = await operator(
        `mutation ($t: ID!, $s: Int!) { submitRoll(input: { tableId: $t, dice: [6, 6], sequence: $s }) { settlementComplete userErrors { code message } } }`,
        { t: tableId, s: sequence },
      );
      if (!submitRoll.settlementComplete) throw new Error('the roll was recorded but not yet paid');
      await heard('OUTCOME_RECORDED');
    });
    await step(`the player lost the stake: ${DEPOSIT - STAKE} of the deposit left`, async () => {
      const { me } = await player('{ me { balance } }');
      if (me.balance !== before + DEPOSIT - STAKE) throw new Error(`the balance is ${me.balance}, ${before} before the deposit`);
    });
  } finally {
    await socket.dispose();
    // Whatever failed, the table closes (voiding a bet left on it) and what the deposit left goes
    // back out, so that the next run starts where this one did.
    await step('the operator closes the table', () =>
      operator(
        `mutation ($t: ID!) { closeTable(input: { tableId: $t, reason: "smoke test" }) { table { id } userErrors { code message } } }`,
        { t: tableId },
      ),
    );
    await step('what is left of the deposit is withdrawn', async () => {
      const { me } = await player('{ me { balance } }');
      const left = Math.min(DEPOSIT, me.balance - before);
      if (left > 0) {
        await operator(
          `mutation ($id: ID!, $amount: Money!, $ref: String!) { withdraw(input: { playerId: $id, amount: $amount, reference: $ref }) { account { balance } userErrors { code message } } }`,
          { id: options.playerId, amount: left, ref: `smoke-${stamp}-out` },
        );
      }
    });
  }
  return passed;
}

/** Sends a ping right after the socket's subscribe message, on the same socket: its pong says the subscribe was handled. */
function pingAfterSubscribe(socket: WebSocket): void {
  const send = socket.send.bind(socket) as (data: string) => void;
  (socket as unknown as { send: (data: string) => void }).send = (data: string) => {
    send(data);
    if ((JSON.parse(data) as { type?: string }).type === 'subscribe') send(JSON.stringify({ type: 'ping' }));
  };
}

/** The subject a token carries, as its account id: `<partner>/<sub>` for a partner's player (README, "Tokens"). */
export function playerIdOfToken(token: string): string {
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub?: string; partner?: string };
  if (!claims.sub) throw new Error('the player token has no sub claim');
  return claims.partner ? `${claims.partner}/${claims.sub}` : claims.sub;
}

export const smokeTestCommand: Command = async ({ args, env, out, err }) => {
  const { values } = parseArgs({
    args: [...args],
    options: { url: { type: 'string' }, ws: { type: 'string' }, 'event-timeout-s': { type: 'string' }, 'settle-ms': { type: 'string' } },
  });
  const operatorToken = env.SMOKE_OPERATOR_TOKEN;
  const playerToken = env.SMOKE_PLAYER_TOKEN;
  if (!values.url || !values.ws || !operatorToken || !playerToken) {
    err(
      'usage: SMOKE_OPERATOR_TOKEN=... SMOKE_PLAYER_TOKEN=... npm run --silent smoke -- --url <GraphqlUrl> --ws <WebSocketUrl> [--event-timeout-s 15] [--settle-ms 1000]\n',
    );
    return 2;
  }
  const passed = await runSmokeTest(
    {
      url: values.url,
      wsUrl: values.ws,
      operatorToken,
      playerToken,
      playerId: playerIdOfToken(playerToken),
      ...(values['event-timeout-s'] ? { eventTimeoutMs: Number(values['event-timeout-s']) * 1_000 } : {}),
      ...(values['settle-ms'] ? { settleMs: Number(values['settle-ms']) } : {}),
    },
    (line) => void out(`${line}\n`),
  );
  await out(passed ? 'smoke test passed\n' : 'smoke test FAILED\n');
  return passed ? 0 : 1;
};

await runAsCommandLine(import.meta.url, smokeTestCommand);
