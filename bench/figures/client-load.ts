/**
 * Figure 9: the table page on a phone. What it costs to download (its script and styles as built
 * for the stack, raw and compressed), and how long a phone takes from opening the page to a bet
 * form it can use: Chromium with Chrome DevTools' mobile emulation (a 390 x 844 touch screen at 3x,
 * the CPU slowed 4x, "Fast 3G": 562.5 ms of latency per request, 1.44 Mbit/s down, 675 kbit/s up),
 * the same latency given to the WebSocket's frames, which Chromium's emulation leaves undelayed
 * (serveFront).
 *
 * The page is served as in AWS: its HTML by the API's session routes, its script and styles as
 * CloudFront serves them from S3 (compressed, brotli for a browser that takes it), GraphQL over
 * HTTP and the WebSocket on the same origin; here, the local server with the real GraphQL handler,
 * session routes and socket handler (local/live.ts), behind a small front of the figure's own that
 * stands in for CloudFront (it serves the client's files, compressed, and passes everything else on).
 *
 * Usable: the "Place bet" button enabled and the page's connection shown live, timed by the page's
 * own clock (performance.now(), 0 at the navigation's start). Floor: a minimal page from the same
 * origin, through the same emulation, doing what any page must before a player can bet: read the
 * token where the table page reads it, open the WebSocket with graphql-ws's protocol (connection_init,
 * then connection_ack) and read the table and the player's balance in one GraphQL POST (at once),
 * then enable its button. Each sample in a fresh browser context (no cache, no open connection).
 */
import { createServer, request as httpRequest, Agent, type IncomingMessage, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchChromium } from '../../local/chromium';
import type { BenchEnvironment } from '../harness/bench-environment';
import { againstFloor, format, measured, type FigureRow } from '../harness/results';
import { interleaved, median, percentile } from '../harness/statistics';
import { buildHostedClient } from '../../client/hosted-client-build';
import { CLIENT_FILES, CLIENT_PATH } from '../../functions/launch/hosted-pages';
import { launchRoutes } from '../../functions/launch/routes';
import { createGraphQLHandler } from '../../functions/graphql/server';
import { createDb } from '../../functions/store/kernel/db';
import { systemDependencies } from '../../functions/services/kernel/services';
import { startLocalLive } from '../../local/live';
import { startLocalServer, type LocalServer } from '../../local/server';
import { createDevAuthorizer, TOKEN_LIFETIME_SECONDS } from '../../local/dev-authorizer';
import { ensureTable } from '../../local/table-setup';
import { localCredentials, localRegion } from '../../local/dynamodb-local';

export interface ClientLoadOptions {
  /** Loads of the page and of the floor each, interleaved (each going first in turn). */
  readonly samples: number;
  /** One untimed load of each first (the server's first requests, Chromium's first context). */
  readonly warmUp: boolean;
  /**
   * How many times slower than this machine the phone's CPU is (DevTools' "4x slowdown": 4).
   * Chromium slows a page by keeping a core busy beside it: 1 for a check that the figure runs.
   */
  readonly cpuSlowdown: number;
}

const PLAYER = 'bench-phone';
const FLOOR_PATH = '/bench-floor';
/** The most one load may take: only a safety against a load that hangs, far beyond what a loaded machine takes. */
const PATIENCE_MS = 5 * 60_000;

/** Chrome DevTools' "Fast 3G" preset (its numbers, as DevTools computes them). */
const FAST_3G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: (1.6 * 1000 * 1000 * 0.9) / 8,
  uploadThroughput: (750 * 1000 * 0.9) / 8,
} as const;
/** A phone of 390 x 844 CSS pixels at 3x (an iPhone 12 to 14's screen), touch, in Chrome for Android. */
const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  locale: 'en-US',
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
} as const;

/**
 * What the page's clock read at each step of a load, recorded in the page by an init script (the
 * same in the page and the floor): when the bet form became usable (a MutationObserver checks at
 * each change of the document), and the WebSocket's steps (a subclass of WebSocket, which
 * graphql-ws takes as the browser's own). HTTP steps are read from Resource Timing after.
 */
interface Load {
  readonly usable: number;
  readonly html: number;
  readonly script?: number;
  readonly styles?: number;
  /** When the token was asked for: the script ran up to its first request. */
  readonly tokenAsked: number;
  readonly token: number;
  readonly socketOpened: number;
  readonly acknowledged: number;
  /** The page's pong after its subscribes: the server holds every subscription (live-socket.ts). */
  readonly subscribed?: number;
  readonly tableRead: number;
  /** Bytes the page's requests brought (Resource Timing's transferSize, the HTML's included), the WebSocket's not. */
  readonly transferred: number;
  readonly requests: number;
}

const INSTRUMENT = `(() => {
  const times = (window.__bench = { socket: {} });
  const usable = () =>
    document.querySelector('button.place-bet:not([disabled])') && document.querySelector('.connection[data-state="live"]');
  const watch = new MutationObserver(() => {
    // A notice in place of the table (no account, the table unread): a load that will never be usable.
    const notice = document.querySelector('.notice');
    if (notice) times.error ??= 'notice: ' + notice.textContent;
    if (times.usable === undefined && usable()) {
      times.usable = performance.now();
      watch.disconnect();
    }
  });
  watch.observe(document, { subtree: true, childList: true, attributes: true });
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      const socket = times.socket;
      this.addEventListener('open', () => (socket.opened ??= performance.now()));
      this.addEventListener('message', (event) => {
        const at = performance.now();
        if (typeof event.data !== 'string') return;
        if (socket.acknowledged === undefined && event.data.includes('"connection_ack"')) socket.acknowledged = at;
        else if (socket.pong === undefined && event.data.includes('"pong"')) socket.pong = at;
      });
    }
  };
  window.addEventListener('error', (event) => (times.error ??= String(event.message)));
  window.addEventListener('unhandledrejection', (event) => (times.error ??= String(event.reason)));
})();`;

/** What the page's clock read, collected once the form is usable (evaluated in the page, as text: nothing of the bench's build goes in). */
const READ_LOAD = `(() => {
  const times = window.__bench;
  const resources = performance.getEntriesByType('resource');
  const navigation = performance.getEntriesByType('navigation')[0];
  const entry = (path) => resources.find((r) => new URL(r.name).pathname === path);
  const ended = (path) => entry(path)?.responseEnd;
  const before = resources.filter((r) => r.startTime < (times.usable ?? Infinity));
  return {
    error: times.error,
    usable: times.usable,
    html: navigation.responseEnd,
    script: ended('/client/page.js'),
    styles: ended('/client/page.css'),
    tokenAsked: entry('/explorer/config.json')?.startTime,
    token: ended('/explorer/config.json'),
    socketOpened: times.socket.opened,
    acknowledged: times.socket.acknowledged,
    subscribed: times.socket.pong,
    tableRead: ended('/graphql'),
    transferred: navigation.transferSize + before.reduce((sum, r) => sum + r.transferSize, 0),
    requests: 1 + before.length,
  };
})()`;

/** The floor: no framework, one inline script; the token read where the table page reads it, then the socket and the read at once. */
const FLOOR_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Floor</title>
    <link rel="icon" href="data:,">
  </head>
  <body>
    <p class="connection" data-state="connecting">Connecting</p>
    <form><button type="submit" class="place-bet" disabled>Place bet</button></form>
    <script type="module">
      const table = new URLSearchParams(location.search).get('table');
      const config = await (await fetch('/explorer/config.json', { cache: 'no-store' })).json();
      const authorization = config.headers.authorization;
      const acknowledged = new Promise((resolve, reject) => {
        const socket = new WebSocket('ws://' + location.host + '/graphql', 'graphql-transport-ws');
        socket.onopen = () => socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization } }));
        socket.onmessage = (event) => JSON.parse(event.data).type === 'connection_ack' && resolve();
        socket.onclose = (event) => reject(new Error('socket closed: ' + event.code));
      });
      const read = fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization },
        body: JSON.stringify({ query: 'query ($id: ID!) { table(id: $id) { id bettingOpen } me { balance } }', variables: { id: table } }),
      }).then((response) => response.json());
      const [, answer] = await Promise.all([acknowledged, read]);
      if (!answer.data?.table?.bettingOpen || !answer.data.me) throw new Error('floor read: ' + JSON.stringify(answer));
      document.querySelector('.connection').dataset.state = 'live';
      document.querySelector('.place-bet').disabled = false;
    </script>
  </body>
</html>
`;

export async function clientLoad(env: BenchEnvironment, options: ClientLoadOptions): Promise<{ rows: FigureRow[]; notes: string[] }> {
  const built = mkdtempSync(join(tmpdir(), 'casino-tables-bench-client-'));
  try {
    // The files the stack uploads, built as it builds them.
    buildHostedClient(built);
    const files = new Map(
      Object.values(CLIENT_FILES).map((name) => [`${CLIENT_PATH}${name}`, clientFile(name, readFileSync(join(built, name)))] as const),
    );
    const script = files.get(`${CLIENT_PATH}${CLIENT_FILES.script}`)!;
    const styles = files.get(`${CLIENT_PATH}${CLIENT_FILES.styles}`)!;
    const floorBytes = clientFile('floor.html', Buffer.from(FLOOR_HTML));

    const tableId = await env.openCrapsTable();
    await env.fundPlayers([PLAYER], 1_000_000);
    const site = await serveSite(env, files);
    let browser: Browser | undefined;
    try {
      browser = await launchChromium(PATIENCE_MS);
      const pageUrl = `${site.url}/tables/${tableId}`;
      const floorUrl = `${site.url}${FLOOR_PATH}?table=${encodeURIComponent(tableId)}`;
      const loads = { page: [] as Load[], floor: [] as Load[] };
      if (options.warmUp) {
        await load(browser, pageUrl, options.cpuSlowdown);
        await load(browser, floorUrl, options.cpuSlowdown);
      }
      await interleaved(options.samples, [
        async () => void loads.page.push(await load(browser!, pageUrl, options.cpuSlowdown)),
        async () => void loads.floor.push(await load(browser!, floorUrl, options.cpuSlowdown)),
      ]);

      const p50 = (of: Load[], step: (l: Load) => number | undefined) => median(of.map((l) => step(l) ?? NaN));
      const kib = (bytes: number) => bytes / 1024;
      const usable = { page: loads.page.map((l) => l.usable), floor: loads.floor.map((l) => l.usable) };
      const step = (label: string, pageStep: (l: Load) => number | undefined, floorStep?: (l: Load) => number) =>
        measured(label, p50(loads.page, pageStep), 'ms', floorStep ? `floor: ${format(p50(loads.floor, floorStep))} ms` : undefined);
      const rows: FigureRow[] = [
        againstFloor('time to a usable bet form, p50', median(usable.page), median(usable.floor), 'ms', 1.5),
        againstFloor('time to a usable bet form, p90', percentile(usable.page, 90), percentile(usable.floor, 90), 'ms'),
        step(
          'page: its HTML answered',
          (l) => l.html,
          (l) => l.html,
        ),
        step('page: page.css loaded', (l) => l.styles),
        step('page: page.js loaded', (l) => l.script),
        step(
          'page: the token asked for (/explorer/config.json sent)',
          (l) => l.tokenAsked,
          (l) => l.tokenAsked,
        ),
        step(
          'page: the token read (/explorer/config.json answered)',
          (l) => l.token,
          (l) => l.token,
        ),
        step(
          'page: WebSocket open',
          (l) => l.socketOpened,
          (l) => l.socketOpened,
        ),
        step(
          'page: connection_ack',
          (l) => l.acknowledged,
          (l) => l.acknowledged,
        ),
        step('page: subscriptions held (the pong after its subscribes; the table is then read again)', (l) => l.subscribed),
        step(
          'page: the table read (TablePage answered)',
          (l) => l.tableRead,
          (l) => l.tableRead,
        ),
        measured(
          'page: bytes its requests brought before its form was usable, WebSocket aside',
          kib(median(loads.page.map((l) => l.transferred))),
          'KiB',
          `${median(loads.page.map((l) => l.requests))} requests; floor: ${kib(median(loads.floor.map((l) => l.transferred))).toFixed(1)} KiB, ${median(loads.floor.map((l) => l.requests))} requests`,
        ),
        measured('page.js, raw', kib(script.raw.length), 'KiB'),
        measured('page.js, gzip -9', kib(script.gzip.length), 'KiB'),
        measured('page.js, brotli (as CloudFront serves it to Chromium)', kib(script.br.length), 'KiB'),
        measured('page.css, raw', kib(styles.raw.length), 'KiB'),
        measured('page.css, gzip -9', kib(styles.gzip.length), 'KiB'),
        measured('page.css, brotli', kib(styles.br.length), 'KiB'),
        measured(
          'the floor page (HTML and inline script), brotli',
          kib(floorBytes.br.length),
          'KiB',
          `raw ${kib(floorBytes.raw.length).toFixed(1)} KiB`,
        ),
      ];
      const notes = [
        `Median and p90 (nearest rank) of ${options.samples} load(s) of each, interleaved (each going first in turn), each in a fresh browser context${options.warmUp ? ', after one untimed load of each' : ''}: Chromium ${browser.version()} emulating a phone (390 x 844 at 3x, touch), its CPU slowed ${options.cpuSlowdown}x and its network at DevTools' Fast 3G (${FAST_3G.latency} ms per request, ${((FAST_3G.downloadThroughput * 8) / 1e6).toFixed(2)} Mbit/s down, ${((FAST_3G.uploadThroughput * 8) / 1e3).toFixed(0)} kbit/s up).`,
        "Usable: button.place-bet enabled and .connection[data-state=live] shown, read by a MutationObserver in the page at the change that made it so, on the page's clock (0 at the navigation's start). The page's steps (the rows after the first two) are medians on the same clock, from the navigation's start: Resource Timing's startTime and responseEnd for HTTP, the WebSocket's events for the socket.",
        `Chromium's network emulation delays requests and a WebSocket's handshake, not its frames: the figure's front (standing in for CloudFront) holds each frame ${FAST_3G.latency / 2} ms each way, so that a message on the socket and its answer cost one emulated round trip, as a request does.`,
        'The page (HTML from the session routes, then page.css and page.js, then the token, then the table read beside the socket: connection_init and its two subscribes; a ping whose pong says the server holds them, and the table read again then, after the form is usable) against a floor doing the least the same connections need: the token, then the socket (connection_init, connection_ack) and one read of the table and the balance, at once.',
        `Compressed sizes: node:zlib, gzip level 9 and brotli at its default (quality 11), of the files buildHostedClient writes for the stack; served here as CloudFront serves them (compress: true), brotli to Chromium. Transfer sizes count headers.`,
      ];
      return { rows, notes };
    } finally {
      await browser?.close();
      await site.close();
    }
  } finally {
    rmSync(built, { recursive: true, force: true });
  }
}

interface ClientFile {
  readonly contentType: string;
  readonly raw: Buffer;
  readonly gzip: Buffer;
  readonly br: Buffer;
}

function clientFile(name: string, raw: Buffer): ClientFile {
  const contentType = name.endsWith('.js')
    ? 'text/javascript; charset=utf-8'
    : name.endsWith('.css')
      ? 'text/css; charset=utf-8'
      : 'text/html; charset=utf-8';
  return {
    contentType,
    raw,
    gzip: gzipSync(raw, { level: 9 }),
    br: brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
  };
}

/** One load of `url` in a fresh context of a phone, slowed and on Fast 3G; what the page's clock read at each step. */
async function load(browser: Browser, url: string, cpuSlowdown: number): Promise<Load> {
  const context: BrowserContext = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(PATIENCE_MS);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.addInitScript(INSTRUMENT);
    const response = await page.goto(url, { waitUntil: 'commit' });
    if (response?.status() !== 200) throw new Error(`${url} answered ${response?.status()}`);
    // A function, not text: the page's policy forbids evaluating text (Playwright would eval it in the page).
    await page.waitForFunction(
      () => {
        const times = (window as unknown as { __bench: { usable?: number; error?: string } }).__bench;
        return times.usable !== undefined || times.error !== undefined;
      },
      undefined,
      { timeout: PATIENCE_MS },
    );
    // The table page's subscriptions are held after its form is usable: their pong is waited for too (the floor has none).
    await page.waitForFunction(
      () =>
        (window as unknown as { __bench: { socket: { pong?: number } } }).__bench.socket.pong !== undefined ||
        document.getElementById('table-page') === null,
      undefined,
      { timeout: PATIENCE_MS },
    );
    const read = (await page.evaluate(READ_LOAD)) as Partial<Load> & { error?: string };
    if (read.error !== undefined || read.usable === undefined) throw new Error(`${url} failed: ${read.error}`);
    for (const key of ['tokenAsked', 'token', 'socketOpened', 'acknowledged', 'tableRead'] as const)
      if (read[key] === undefined) throw new Error(`${url}: no ${key} seen`);
    return read as Load;
  } finally {
    await context.close();
  }
}

/**
 * The API as the page reaches it in AWS, on one origin: the local server (the real GraphQL handler,
 * the session routes that answer the page's HTML, subscriptions over its WebSocket, the token the
 * page reads from /explorer/config.json) behind a front standing in for CloudFront.
 */
async function serveSite(env: BenchEnvironment, files: ReadonlyMap<string, ClientFile>): Promise<{ url: string; close(): Promise<void> }> {
  // The page's socket reads DynamoDB Local's stream of the table (figure 7 turns it on too).
  await ensureTable(env.bare, env.tableName, { stream: true });
  const db = createDb({
    tableName: env.tableName,
    endpoint: env.dynamoEndpoint,
    region: localRegion,
    credentials: localCredentials,
    conflictModel: env.conflictModel,
  });
  const deps = systemDependencies(db);
  const logError = (error: unknown) => env.unexpectedErrors.push(error);
  const authorizer = await createDevAuthorizer();
  const token = await authorizer.issueToken(PLAYER);
  const handler = createGraphQLHandler(deps, logError);
  const sessionRoutes = launchRoutes(deps);
  const live = await startLocalLive({ deps, authorizer, endpoint: env.dynamoEndpoint, logError });
  let server: LocalServer | undefined;
  let front: Front | undefined;
  try {
    server = await startLocalServer({
      handler: async (event, context) => (await handler(event, context, () => undefined)) ?? undefined,
      authorizer,
      live,
      sessionRoutes: (event) => sessionRoutes(event),
      explorerConfig: async () => ({
        defaultQuery: '{ __typename }',
        headers: { authorization: `Bearer ${token}` },
        tokenLifetimeSeconds: TOKEN_LIFETIME_SECONDS,
      }),
    });
    front = await serveFront(new URL(server.url), files, FAST_3G.latency);
  } catch (error) {
    await server?.close();
    await live.stop();
    db.doc.destroy();
    throw error;
  }
  return {
    url: front.url,
    async close() {
      await front.close();
      await server.close();
      await live.stop();
      db.doc.destroy();
    },
  };
}

interface Front {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * CloudFront's part, on this machine: the client's files from the build (`/client/*`, compressed
 * as CloudFront compresses them: brotli for a browser that accepts it, else gzip, kept five
 * minutes as deployed), the floor's page, and every other request and WebSocket upgrade passed
 * on to the local server as it came (CloudFront passes the API's answers on uncompressed).
 *
 * One part of the network it plays too: Chromium's emulation delays a WebSocket's handshake but
 * none of its frames (a connection_ack comes some 50 ms after the socket opens at 562.5 ms of
 * latency), so that an exchange on the socket would cost nothing of the 3G round trip a request
 * costs. The front holds each frame `socketLatencyMs / 2` each way: a message and its answer cost
 * the socket one emulated round trip, as an HTTP request does.
 */
async function serveFront(upstream: URL, files: ReadonlyMap<string, ClientFile>, socketLatencyMs: number): Promise<Front> {
  const agent = new Agent({ keepAlive: true });
  const tunnels = new Set<Duplex>();
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://front').pathname;
    const file = request.method === 'GET' ? files.get(path) : undefined;
    if (file) {
      const accepts = String(request.headers['accept-encoding'] ?? '');
      const [encoding, body] = /\bbr\b/.test(accepts)
        ? (['br', file.br] as const)
        : /\bgzip\b/.test(accepts)
          ? (['gzip', file.gzip] as const)
          : ([undefined, file.raw] as const);
      response.writeHead(200, {
        'content-type': file.contentType,
        'content-length': body.length,
        'cache-control': 'public, max-age=300',
        vary: 'accept-encoding',
        ...(encoding ? { 'content-encoding': encoding } : {}),
      });
      return response.end(body);
    }
    if (request.method === 'GET' && path === FLOOR_PATH) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
      return response.end(FLOOR_HTML);
    }
    const onward = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers: request.headers, agent },
      (answer: IncomingMessage) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    onward.on('error', () => response.destroy());
    request.pipe(onward);
  });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const onward: Socket = connect(Number(upstream.port), upstream.hostname, () => {
      const lines = [`${request.method} ${request.url} HTTP/1.1`];
      for (let i = 0; i < request.rawHeaders.length; i += 2) lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
      onward.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) onward.write(head);
      // The handshake's answer as it comes (Chromium's emulation delays it); then each frame, each way, half the latency.
      let handshake = true;
      onward.on('data', (chunk: Buffer) => {
        if (handshake) {
          handshake = false;
          socket.write(chunk);
        } else setTimeout(() => socket.writable && socket.write(chunk), socketLatencyMs / 2);
      });
      socket.on('data', (chunk: Buffer) => setTimeout(() => onward.writable && onward.write(chunk), socketLatencyMs / 2));
    });
    for (const end of [socket, onward]) {
      tunnels.add(end);
      end.on('error', () => (socket.destroy(), onward.destroy()));
      end.on('close', () => (tunnels.delete(end), socket.destroy(), onward.destroy()));
    }
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        for (const end of tunnels) end.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}
