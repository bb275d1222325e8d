/**
 * The local HTTP server: each request becomes an API Gateway HTTP API (v2) event, goes through
 * the dev authorizer as it would through API Gateway's JWT authorizer, and is answered by the
 * very same Lambda handler that runs in AWS. It also serves the offline explorer on `GET /`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import type { JWTPayload } from 'jose';
import type { DevAuthorizer } from './dev-authorizer';
import { explorerAsset } from './explorer/assets';
import { clientFile } from './table-page';
import { attachWebSockets } from './socket-server';
import type { LocalLive } from './live';
import { SESSION_PATHS } from '../functions/launch/session-paths';
// GraphQL for the house's own player tokens (a partner's launch: docs/LAUNCH.md), behind their own authorizer, as in AWS.
import { PLAY_GRAPHQL_PATH } from '../functions/graphql/context';

export type LambdaHandlerFn = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyResultV2 | void>;

export interface ExplorerConfig {
  readonly defaultQuery: string;
  readonly headers: Record<string, string>;
  /** Headers the explorer sends instead for the operations of these names (the demo's dealer actions). */
  readonly operationHeaders?: Record<string, Record<string, string>>;
  /** The variables editor's content, as JSON text (the demo's next sequences). */
  readonly variables?: string;
  /** How long the tokens in these headers stay valid: the explorer reads its config again well before. */
  readonly tokenLifetimeSeconds?: number;
}

export interface LocalServerOptions {
  readonly handler: LambdaHandlerFn;
  readonly authorizer: DevAuthorizer;
  /** 0 picks a free port. */
  readonly port?: number;
  /** The interface to listen on: 127.0.0.1 (this machine only) unless told otherwise. */
  readonly host?: string;
  /**
   * Browser origins allowed to call the API (CORS): by default any http://localhost or
   * http://127.0.0.1 origin, whatever its port (a front end's dev server); '*' allows any.
   */
  readonly corsOrigins?: readonly string[];
  /**
   * What the explorer and the table page are given (a token, a first query), for whom `as` names
   * (the config's `?as=`; the server's own choice of player when absent).
   */
  readonly explorerConfig?: (as?: string) => Promise<ExplorerConfig>;
  /** Subscriptions over WebSocket on the GraphQL path (local/live.ts). */
  readonly live?: LocalLive;
  /**
   * The session routes (a partner's launch, the player token's exchange, the JWKS, the hosted
   * client's pages: launch/routes.ts), taken without a token.
   */
  readonly sessionRoutes?: LambdaHandlerFn;
}

export interface LocalServer {
  readonly url: string;
  close(): Promise<void>;
}

const GRAPHQL_PATH = '/graphql';

export async function startLocalServer(options: LocalServerOptions): Promise<LocalServer> {
  const server = createServer((request, response) => {
    const cors = corsHeaders(options, request.headers.origin);
    for (const [name, value] of Object.entries(cors)) response.setHeader(name, value);
    // A preflight is answered here, before any token is asked for (browsers send none with it).
    if (request.method === 'OPTIONS') return send(response, cors['access-control-allow-origin'] ? 204 : 403, {}, '');
    route(options, request, response).catch((error: unknown) => {
      console.error(error);
      send(response, 500, { 'content-type': 'application/json' }, JSON.stringify({ message: 'Internal Server Error' }));
    });
  });
  if (options.live) attachWebSockets(server, GRAPHQL_PATH, options.live.handler, options.live.connections);
  // API Gateway keeps a client's connection open far longer than Node's 5 s: with Node's, a burst
  // of clients on a busy machine meets connections closed under a request already sent (ECONNRESET).
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  await listen(server, options.port ?? 0, options.host ?? '127.0.0.1');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://${options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1'}:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        options.live?.connections.closeAll();
        server.closeAllConnections();
      }),
  };
}

async function route(options: LocalServerOptions, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname === GRAPHQL_PATH) return invokeHandler(options, request, response, url);
  if (url.pathname === PLAY_GRAPHQL_PATH) return invokeHandler(options, request, response, url, undefined, 'PLAYER_TOKENS');
  if (options.sessionRoutes && SESSION_PATHS.test(url.pathname))
    return invokeHandler(options, request, response, url, options.sessionRoutes);
  if (request.method === 'GET' && url.pathname === '/explorer/config.json') {
    const as = url.searchParams.get('as') ?? undefined;
    const config = options.explorerConfig ? await options.explorerConfig(as) : { defaultQuery: '{ __typename }', headers: {} };
    return send(response, 200, { 'content-type': 'application/json', 'cache-control': 'no-store' }, JSON.stringify(config));
  }
  // The hosted client's script and styles, which CloudFront serves from S3 in AWS.
  const file = request.method === 'GET' ? await clientFile(url.pathname) : undefined;
  if (file) return send(response, file.status, file.headers, file.body);
  const asset = request.method === 'GET' ? explorerAsset(url.pathname) : undefined;
  if (asset) return send(response, 200, { 'content-type': asset.contentType }, asset.body);
  send(response, 404, { 'content-type': 'application/json' }, JSON.stringify({ message: 'Not Found' }));
}

async function invokeHandler(
  options: LocalServerOptions,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  /** A route without the authorizer (the session routes check their own callers). */
  unauthorized?: LambdaHandlerFn,
  /** Whose tokens the route's authorizer takes: the identity provider's, or the house's own player tokens. */
  issuer: 'PROVIDER' | 'PLAYER_TOKENS' = 'PROVIDER',
): Promise<void> {
  const body = await readBody(request).catch(() => undefined);
  // As API Gateway does past its payload limit (the function answers 413 past its own, smaller one).
  if (body === undefined)
    return send(response, 413, { 'content-type': 'application/json' }, JSON.stringify({ message: 'Request Entity Too Large' }));
  const headers = flattenHeaders(request);
  const handler = unauthorized ?? options.handler;
  const claims = unauthorized
    ? {}
    : issuer === 'PLAYER_TOKENS'
      ? await options.authorizer.verifyPlayerToken(headers.authorization)
      : await options.authorizer.verify(headers.authorization);
  // As API Gateway's JWT authorizer: no valid token, no call to the function.
  if (!claims)
    return send(
      response,
      401,
      { 'content-type': 'application/json', 'www-authenticate': 'Bearer' },
      JSON.stringify({ message: 'Unauthorized' }),
    );

  const event = toApiGatewayEvent(request, url, headers, body, claims);
  const result = await handler(event, lambdaContext(event.requestContext.requestId));
  if (!result || typeof result === 'string') return send(response, 200, { 'content-type': 'application/json' }, result ?? '');
  const responseHeaders: Record<string, string> = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) responseHeaders[name] = String(value);
  const payload = result.body === undefined ? '' : result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body;
  send(response, result.statusCode ?? 200, responseHeaders, payload);
}

/** The event API Gateway HTTP API sends a Lambda integration (payload format 2.0). */
function toApiGatewayEvent(
  request: IncomingMessage,
  url: URL,
  headers: Record<string, string>,
  body: string,
  claims: JWTPayload,
): APIGatewayProxyEventV2 {
  const method = request.method ?? 'GET';
  const now = new Date();
  const stringClaims: Record<string, string> = {};
  // API Gateway flattens claims to strings; a list becomes "[a b]".
  for (const [name, value] of Object.entries(claims)) {
    stringClaims[name] = typeof value === 'string' ? value : Array.isArray(value) ? `[${value.join(' ')}]` : JSON.stringify(value);
  }
  return {
    version: '2.0',
    routeKey: `${method} ${url.pathname}`,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    ...(url.search ? { queryStringParameters: Object.fromEntries(url.searchParams) } : {}),
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method,
        path: url.pathname,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: `${method} ${url.pathname}`,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
      authorizer: { jwt: { claims: stringClaims, scopes: null } },
    } as APIGatewayProxyEventV2['requestContext'],
    body,
    isBase64Encoded: false,
  };
}

function lambdaContext(requestId: string): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: 'casino-tables-graphql-local',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:local:000000000000:function:casino-tables-graphql-local',
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: 'local',
    logStreamName: 'local',
    getRemainingTimeInMillis: () => 30_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** API Gateway lower-cases header names and joins repeated ones with commas. */
function flattenHeaders(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  return headers;
}

const MAX_BODY_BYTES = 1024 * 1024;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // Past the limit the rest is read and dropped, so that the 413 can still be answered.
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    request.on('end', () =>
      size > MAX_BODY_BYTES ? reject(new Error('request body too large')) : resolve(Buffer.concat(chunks).toString('utf8')),
    );
    request.on('error', reject);
  });
}

const LOCAL_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1)(:\d{1,5})?$/;

/** The CORS headers for a request from `origin`: none for an origin not allowed (the browser then refuses the answer). */
function corsHeaders(options: LocalServerOptions, origin: string | undefined): Record<string, string> {
  if (!origin) return {};
  const allowed = options.corsOrigins
    ? options.corsOrigins.includes('*') || options.corsOrigins.includes(origin)
    : LOCAL_ORIGIN.test(origin);
  if (!allowed) return {};
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-methods': 'POST, GET, OPTIONS',
    'access-control-allow-headers': 'authorization, content-type, apollo-require-preflight',
    'access-control-max-age': '600',
    vary: 'Origin',
  };
}

function send(response: ServerResponse, status: number, headers: Record<string, string>, body: string | Buffer): void {
  if (response.headersSent) return;
  response.writeHead(status, headers);
  response.end(body);
}

/** How long an idle client connection is kept open. */
const KEEP_ALIVE_MS = 60_000;

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    // Room for the connections of a burst of clients at once (Node's default queue holds 511).
    server.listen({ port, host, backlog: 4096 }, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
