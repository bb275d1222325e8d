/**
 * Figure 7: one table's events delivered to 1,000 subscribers, through the parts that deliver them
 * in AWS: real WebSocket clients speaking graphql-ws to the real socket handler behind the local
 * server's WebSocket, the table's DynamoDB Local stream read by the local poller, the stream
 * consumer (publishChanges) and the fan-out (deliverToShards) sending through the sockets, as
 * `npm start` runs them (local/live.ts). The dealer's actions go through the bench's GraphQL
 * server as in the other figures. Each event's delivery time, for each subscriber: when the
 * subscriber read it, less when the write that caused it was answered. Floor: the same messages
 * (the very text the subscribers received, in the same groups) sent by a plain `ws` server to as
 * many plain `ws` clients, each group timed from the start of its sends.
 */
import type { AddressInfo } from 'node:net';
import { UpdateTableCommand } from '@aws-sdk/client-dynamodb';
import WebSocket, { WebSocketServer } from 'ws';
import { closeBetting, operatorToken, refusal, refusalOf, type BenchEnvironment } from '../harness/bench-environment';
import { againstFloor, againstTarget, measured, type FigureRow } from '../harness/results';
import { percentile } from '../harness/statistics';
import { startLocalLive } from '../../local/live';
import { startLocalServer, type LocalServer } from '../../local/server';
import { createDevAuthorizer, type DevAuthorizer } from '../../local/dev-authorizer';
import { ensureTable } from '../../local/table-setup';
import { localCredentials, localRegion } from '../../local/dynamodb-local';
import { SUBPROTOCOL, type SocketHandler } from '../../functions/live/socket-protocol';
import { SEND_CONCURRENCY } from '../../functions/live/delivery';
import { LIVE_SHARDS } from '../../functions/store/kernel/keys';
import { createDb } from '../../functions/store/kernel/db';
import { systemDependencies } from '../../functions/services/kernel/services';

export interface LiveDeliveryOptions {
  /** WebSocket subscribers of the one table, each a player of their own on a connection of their own. */
  readonly subscribers: number;
  /** Table events to deliver, at least: rounds are played until they add up to this many. */
  readonly events: number;
}

/** How long the local stream poller waits between reads of a quiet shard (local/stream-poller.ts's default, which startLocalLive keeps). */
const POLL_INTERVAL_MS = 50;
/** An event a subscriber has not read this long after its write was answered is counted lost. */
const LOST_AFTER_MS = 15_000;
/** Subscribers connecting at once: the socket handler writes each connection's items as API Gateway's Lambda would. */
const CONNECTING_AT_ONCE = 50;

const TABLE_EVENTS = `subscription ($t: ID!) {
  tableEvents(tableId: $t) { kind sequence result { dice total winner natural } bettingClosesAt serverTime table { nextSequence bettingOpen status } }
}`;
const SUBSCRIPTION_ID = 'table';
/** Player 5S 5D against Banker KH 9C: the Banker's natural 9, a round that needs no third card. */
const SUBMIT_DEAL = `mutation ($tableId: ID!, $sequence: Int!) {
  submitDeal(input: { tableId: $tableId, cards: ["5S", "KH", "5D", "9C"], sequence: $sequence }) { settlementComplete userErrors { code message } }
}`;

/** A baccarat table with nobody betting: each round is "no more bets" and a deal, with nothing to settle. */
async function openBaccaratTable(env: BenchEnvironment): Promise<string> {
  const answer = await env.graphql(
    await operatorToken(env),
    'mutation { openTable(input: { game: BACCARAT, minimumBet: 100, maximumBet: 1000000 }) { table { id } userErrors { code message } } }',
  );
  if (refusal(answer)) throw new Error(`openTable failed: ${JSON.stringify(refusalOf(answer))}`);
  return answer.data!.openTable.table.id as string;
}

/**
 * A dealer's write and the events it should make: "no more bets" makes BETTING_CLOSED; a deal at
 * a table nobody bet at is recorded, paid (nothing to pay) and betting reopened in one write.
 */
interface DealerWrite {
  readonly expected: readonly string[];
  /** performance.now() when the write was answered. */
  readonly answeredAt: number;
}

/** What identifies a table event among the run's: its kind, the outcome it concerns and the table's next sequence after it. */
const eventKey = (kind: string, sequence: number | null, nextSequence: number) => `${kind}:${sequence ?? '-'}@${nextSequence}`;

/** One event as a subscriber read it: which one, when (performance.now()), and the message's text as it came. */
interface Receipt {
  readonly key: string;
  readonly at: number;
  readonly text: string;
}

/**
 * A WebSocket client's reading of graphql-ws `next` messages of a table subscription, the same
 * in the measure and the floor: the clock is read first, then the message parsed to know which
 * event it is (what any front end must do before showing it).
 */
class EventReader {
  readonly receipts: Receipt[] = [];
  private waiting: { keys: Set<string>; resolve: () => void } | undefined;

  read(data: WebSocket.RawData): void {
    const at = performance.now();
    const text = data.toString();
    const message = JSON.parse(text) as { type: string; payload?: { data?: { tableEvents?: TableEventFields } } };
    const event = message.type === 'next' ? message.payload?.data?.tableEvents : undefined;
    if (!event) return;
    const key = eventKey(event.kind, event.sequence, event.table.nextSequence);
    this.receipts.push({ key, at, text });
    if (this.waiting?.keys.delete(key) && this.waiting.keys.size === 0) this.waiting.resolve();
  }

  /** Forgets what was read so far (a warm-up's events). */
  forget(): void {
    this.receipts.length = 0;
  }

  /** Resolves once every one of `keys` has been read (now or before). */
  readAll(keys: readonly string[]): Promise<void> {
    const missing = new Set(keys.filter((key) => !this.receipts.some((receipt) => receipt.key === key)));
    if (missing.size === 0) return Promise.resolve();
    return new Promise((resolve) => (this.waiting = { keys: missing, resolve }));
  }
}

interface TableEventFields {
  readonly kind: string;
  readonly sequence: number | null;
  readonly table: { readonly nextSequence: number };
}

export async function liveDelivery(env: BenchEnvironment, options: LiveDeliveryOptions): Promise<{ rows: FigureRow[]; notes: string[] }> {
  // Opened before the stream is on, so that its opening is not among the events measured.
  const tableId = await openBaccaratTable(env);
  const live = await serveLive(env);
  const bare = await serveBare();
  const viewers: { socket: WebSocket; reader: EventReader }[] = [];
  const bareClients: { socket: WebSocket; reader: EventReader }[] = [];
  try {
    for (let first = 0; first < options.subscribers; first += CONNECTING_AT_ONCE) {
      const count = Math.min(CONNECTING_AT_ONCE, options.subscribers - first);
      viewers.push(...(await Promise.all(Array.from({ length: count }, (_, i) => live.subscribe(`bench-viewer-${first + i}`, tableId)))));
      bareClients.push(...(await Promise.all(Array.from({ length: count }, () => bare.connect()))));
    }

    const dealer = await operatorToken(env);
    /** "No more bets", then the deal: each write answered, then its events awaited, then sent again by the floor. */
    const playRound = async (each: (write: DealerWrite) => Promise<void>) => {
      const sequence = await closeBetting(env, tableId);
      await each({ expected: [eventKey('BETTING_CLOSED', null, sequence)], answeredAt: performance.now() });
      const deal = await env.graphql(dealer, SUBMIT_DEAL, { tableId, sequence });
      if (refusal(deal)) throw new Error(`submitDeal failed: ${JSON.stringify(refusalOf(deal))}`);
      await each({
        expected: [
          eventKey('OUTCOME_RECORDED', sequence, sequence + 1),
          eventKey('ROUND_SETTLED', sequence, sequence + 1),
          eventKey('BETTING_OPENED', null, sequence + 1),
        ],
        answeredAt: performance.now(),
      });
    };
    const writes: DealerWrite[] = [];
    const bareDelays: number[] = [];
    let lostInFloor = 0;
    const deliverAndFloor = async (write: DealerWrite) => {
      // The next write waits for this one's events (or their deadline), as a dealer's next action comes seconds later.
      await allRead(viewers, write.expected, write.answeredAt);
      // The floor sends the very messages the first subscriber read, right after, on the machine as it is now.
      const messages = write.expected.map((key) => viewers[0]!.reader.receipts.find((receipt) => receipt.key === key)?.text);
      if (messages.some((text) => text === undefined)) return;
      const floor = await bare.broadcast(messages as string[], bareClients, write.expected);
      bareDelays.push(...floor.delays);
      lostInFloor += floor.lost;
    };
    // A first round not counted: the first event builds the live schema and compiles the paths, as a fresh fan-out instance would.
    await playRound(deliverAndFloor);
    for (const { reader } of [...viewers, ...bareClients]) reader.forget();
    bareDelays.length = 0;
    lostInFloor = 0;
    while (writes.reduce((events, write) => events + write.expected.length, 0) < options.events) {
      await playRound(async (write) => {
        writes.push(write);
        await deliverAndFloor(write);
      });
    }

    const tally = tallyDeliveries(viewers, writes);
    if (tally.delays.length === 0 || bareDelays.length === 0) throw new Error('no event reached any subscriber');
    const events = writes.reduce((count, write) => count + write.expected.length, 0);
    const sent = `${events} events x ${viewers.length.toLocaleString('en-US')} subscribers`;
    const rows: FigureRow[] = [
      againstFloor(
        `delivery p50, one table's event to ${viewers.length.toLocaleString('en-US')} subscribers`,
        percentile(tally.delays, 50),
        percentile(bareDelays, 50),
        'ms',
        undefined,
        sent,
      ),
      againstFloor(
        `delivery p99`,
        percentile(tally.delays, 99),
        percentile(bareDelays, 99),
        'ms',
        undefined,
        `max ${Math.max(...tally.delays).toFixed(0)} ms`,
      ),
      measured(
        `delivery to each event's first subscriber, p50`,
        percentile(tally.firstReads, 50),
        'ms',
        `its last subscriber: p50 ${percentile(tally.lastReads, 50).toFixed(0)} ms; the stream read, consumer and subscription reads come before the first send`,
      ),
      againstTarget(
        `events lost`,
        tally.lost,
        `of ${(events * viewers.length).toLocaleString('en-US')}`,
        { max: 0 },
        `not read within ${LOST_AFTER_MS / 1000} s of their write; the floor's: ${lostInFloor}`,
      ),
      againstTarget(
        `events out of order`,
        tally.outOfOrder,
        `of ${(events * viewers.length).toLocaleString('en-US')}`,
        { max: 0 },
        `read after an event written later; also read twice: ${tally.duplicates}, not expected: ${tally.unexpected}`,
      ),
    ];
    const notes = [
      `${viewers.length.toLocaleString('en-US')} WebSocket clients (\`ws\`, graphql-transport-ws), each a player of its own, subscribe to one baccarat table's \`tableEvents\` through the local server's WebSocket and the real socket handler (their connection and subscription items written to the bench's DynamoDB Local, spread over the topic's ${LIVE_SHARDS} shards). The dealer then plays rounds over HTTP until ${options.events} events are made: "no more bets" (BETTING_CLOSED), then a deal (Banker's natural 9) at a table nobody bet at (OUTCOME_RECORDED, ROUND_SETTLED and BETTING_OPENED from one write). Each write waits for its events to reach every subscriber (or ${LOST_AFTER_MS / 1000} s), as a dealer's next action comes seconds later. One round before them is not counted: its first event builds the live schema, as in a fresh fan-out instance.`,
      `Delivery time: when a subscriber read the event (performance.now() as the message arrives, before parsing it), less when the HTTP answer of the write that made it arrived; all in this process. It contains DynamoDB Local's stream read by the local poller (which waits ${POLL_INTERVAL_MS} ms between reads of a quiet shard, so up to ${POLL_INTERVAL_MS} ms of it is waiting for the next read; in AWS, DynamoDB Streams to Lambda has its own delay, and API Gateway's @connections posts theirs), the stream consumer, each shard's subscriptions query, the event run through the subscription's GraphQL document for each subscriber, and the sends (${LIVE_SHARDS} shards, ${SEND_CONCURRENCY} connections each at once).`,
      `Floor: right after each write's events were delivered, the same messages (the text the first subscriber read, so the same sizes and count) are sent by a plain \`ws\` server to ${bareClients.length.toLocaleString('en-US')} plain \`ws\` clients, one message to every client then the next; timed from the start of the group's sends to each client's reading, by the same reader. The clients, both servers, DynamoDB Local and the GraphQL server share this machine's cores.`,
    ];
    return { rows, notes };
  } finally {
    for (const { socket } of [...viewers, ...bareClients]) socket.close();
    await bare.close();
    await live.close();
  }
}

/** Waits until every viewer has read `keys`, or until LOST_AFTER_MS after `answeredAt`. */
async function allRead(viewers: readonly { reader: EventReader }[], keys: readonly string[], answeredAt: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>(
    (resolve) => (timer = setTimeout(resolve, Math.max(0, answeredAt + LOST_AFTER_MS - performance.now()))),
  );
  await Promise.race([Promise.all(viewers.map(({ reader }) => reader.readAll(keys))), deadline]);
  clearTimeout(timer);
}

/** Delivery times, lost and out-of-order events, from what each viewer read against what the writes should have made. */
function tallyDeliveries(viewers: readonly { reader: EventReader }[], writes: readonly DealerWrite[]) {
  const written = new Map<string, { order: number; answeredAt: number }>();
  for (const write of writes) for (const key of write.expected) written.set(key, { order: written.size, answeredAt: write.answeredAt });
  const delays: number[] = [];
  const firstByEvent = new Map<string, number>();
  const lastByEvent = new Map<string, number>();
  let inTime = 0;
  let outOfOrder = 0;
  let duplicates = 0;
  let unexpected = 0;
  for (const { reader } of viewers) {
    const seen = new Set<string>();
    let latest = -1;
    for (const { key, at } of reader.receipts) {
      const event = written.get(key);
      if (!event) {
        unexpected++;
        continue;
      }
      if (seen.has(key)) {
        duplicates++;
        continue;
      }
      seen.add(key);
      if (event.order < latest) outOfOrder++;
      latest = Math.max(latest, event.order);
      const delay = at - event.answeredAt;
      // Read past its deadline: counted lost, as a subscriber would have given up on it.
      if (delay > LOST_AFTER_MS) continue;
      delays.push(delay);
      inTime++;
      firstByEvent.set(key, Math.min(firstByEvent.get(key) ?? Infinity, delay));
      lastByEvent.set(key, Math.max(lastByEvent.get(key) ?? -Infinity, delay));
    }
  }
  const lost = viewers.length * written.size - inTime;
  return { delays, lost, outOfOrder, duplicates, unexpected, firstReads: [...firstByEvent.values()], lastReads: [...lastByEvent.values()] };
}

/**
 * Subscriptions served as `npm start` serves them, on the bench's DynamoDB Local and table: its
 * stream turned on for the figure (and off after), the stream poller feeding the consumer and
 * fan-out, and the socket handler behind a local server's WebSocket. A server of its own, since
 * the bench environment's serves HTTP only; its tokens come from a dev authorizer of its own.
 */
async function serveLive(env: BenchEnvironment) {
  await ensureTable(env.bare, env.tableName, { stream: true });
  const db = createDb({
    tableName: env.tableName,
    endpoint: env.dynamoEndpoint,
    region: localRegion,
    credentials: localCredentials,
    // Its transactions (each subscription's) meet the handler's under the same model.
    conflictModel: env.conflictModel,
  });
  const authorizer: DevAuthorizer = await createDevAuthorizer();
  const logError = (error: unknown) => env.unexpectedErrors.push(error);
  // The socket handler's calls are counted, so that closing waits until every subscriber that
  // connected has been seen to go and forgotten ($disconnect) before the stream is stopped.
  const handling = new Set<Promise<unknown>>();
  let connected = 0;
  let disconnected = 0;
  const live = await startLocalLive({ deps: systemDependencies(db), authorizer, endpoint: env.dynamoEndpoint, logError });
  const counted: SocketHandler = (event) => {
    const call = live.handler(event).then((answer) => {
      if (event.requestContext.routeKey === '$connect' && answer.statusCode === 200) connected++;
      if (event.requestContext.routeKey === '$disconnect') disconnected++;
      return answer;
    });
    handling.add(call);
    return call.finally(() => handling.delete(call));
  };
  let server: LocalServer;
  try {
    server = await startLocalServer({ handler: async () => ({ statusCode: 404 }), authorizer, live: { ...live, handler: counted } });
  } catch (error) {
    await live.stop();
    db.doc.destroy();
    throw error;
  }
  const wsUrl = `${server.url.replace(/^http/, 'ws')}/graphql`;
  return {
    /** A player's connection, initialised and subscribed to the table's events; resolves once the server has taken the subscription. */
    async subscribe(playerId: string, tableId: string) {
      const token = await authorizer.issueToken(playerId);
      const socket = new WebSocket(wsUrl, SUBPROTOCOL);
      const reader = new EventReader();
      const subscribed = new Promise<void>((resolve, reject) => {
        socket.once('error', reject);
        socket.once('close', (code) => reject(new Error(`subscriber ${playerId} closed with ${code}`)));
        socket.on('message', (data) => {
          const { type, payload } = JSON.parse(data.toString()) as { type: string; payload?: unknown };
          if (type === 'connection_ack') {
            socket.send(
              JSON.stringify({ id: SUBSCRIPTION_ID, type: 'subscribe', payload: { query: TABLE_EVENTS, variables: { t: tableId } } }),
            );
            // $default messages are handled one at a time, in order: the pong comes once the subscription is stored.
            socket.send(JSON.stringify({ type: 'ping' }));
          } else if (type === 'pong') {
            socket.removeAllListeners('message').removeAllListeners('close').removeAllListeners('error');
            socket.on('message', (message) => reader.read(message));
            socket.on('error', () => undefined);
            resolve();
          } else if (type === 'error') reject(new Error(`subscription refused: ${JSON.stringify(payload)}`));
        });
        socket.once('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } })));
      });
      await subscribed.catch((error: unknown) => {
        socket.terminate();
        throw error;
      });
      return { socket, reader };
    },
    async close() {
      const deadline = performance.now() + 30_000;
      while ((disconnected < connected || handling.size > 0) && performance.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await server.close();
      await live.stop();
      db.doc.destroy();
      await env.bare.send(new UpdateTableCommand({ TableName: env.tableName, StreamSpecification: { StreamEnabled: false } }));
    },
  };
}

/** The floor's server: plain `ws`, no protocol, no storage; it sends pre-serialized text to every client. */
async function serveBare() {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accepted: WebSocket[] = [];
  server.on('connection', (socket) => {
    socket.on('error', () => undefined);
    accepted.push(socket);
  });
  return {
    async connect() {
      const socket = new WebSocket(url);
      const reader = new EventReader();
      // Open once the server's answer to the upgrade came back: by then the server holds the socket.
      await new Promise<void>((resolve, reject) => socket.once('open', resolve).once('error', reject));
      socket.on('message', (data) => reader.read(data));
      return { socket, reader };
    },
    /** Sends each message to every client, in turn; delay of each reading from the start of the sends. */
    async broadcast(messages: readonly string[], clients: readonly { reader: EventReader }[], keys: readonly string[]) {
      const before = clients.map(({ reader }) => reader.receipts.length);
      const startedAt = performance.now();
      for (const text of messages) for (const socket of accepted) socket.send(text);
      await allRead(clients, keys, startedAt);
      const delays = clients.flatMap(({ reader }, i) => reader.receipts.slice(before[i]).map((receipt) => receipt.at - startedAt));
      return { delays, lost: clients.length * messages.length - delays.length };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
