import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { CloseCode, MessageType } from 'graphql-ws';
import { callerFromClaims } from '../graphql/context';
import { answeredError, formatError, logToCloudWatch, type AnsweredError, type ErrorLogger } from '../graphql/errors';
import type { ServiceDependencies } from '../services/kernel/services';
import { listeningFor, shardsOfTopic } from '../services/live/live-access';
import {
  acknowledgeConnection,
  addSubscription,
  closeConnection,
  getConnection,
  openConnection,
  removeSubscription,
} from '../store/live/live-connections';
import type { ConnectionSender } from './connection-sender';
import { liveSchema } from './live-schema';
import { readSubscription } from './live-operation';
import { callerOf, storedCaller } from './stored-caller';
import { TOKEN_EXPIRED, tokenExpired } from './token-expiry';

/**
 * The graphql-ws protocol (https://github.com/enisdenjo/graphql-ws/blob/master/PROTOCOL.md) on
 * API Gateway's WebSocket routes, with its state in DynamoDB instead of in a socket's memory:
 * $connect opens the connection's item, each message is one $default call, $disconnect forgets it.
 * The local server calls this same handler with the same events.
 */

/** A WebSocket route's event, as API Gateway sends it to a Lambda (the fields read here). */
export interface SocketEvent {
  /** requestId: API Gateway's, for the log lines (the local server sends none). */
  readonly requestContext: { readonly routeKey: string; readonly connectionId: string; readonly requestId?: string };
  readonly headers?: Record<string, string | undefined>;
  readonly body?: string;
  readonly isBase64Encoded?: boolean;
}

export type SocketHandler = (event: SocketEvent) => Promise<APIGatewayProxyStructuredResultV2>;

/** Verifies a bearer token (`Bearer <jwt>`) as the HTTP API's JWT authorizer does: its claims, or null. */
export type TokenVerifier = (authorization: string | undefined) => Promise<Record<string, unknown> | null>;

export interface SocketDependencies {
  readonly deps: ServiceDependencies;
  readonly verifyToken: TokenVerifier;
  readonly sender: ConnectionSender;
  readonly logError?: ErrorLogger;
}

export const SUBPROTOCOL = 'graphql-transport-ws';
/** Subscriptions one connection may hold at once: a table page needs three or four. */
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 20;
/** A graphql-ws operation id: what clients make them of (counters, UUIDs). */
const SUBSCRIPTION_ID = /^[A-Za-z0-9_.:-]{1,64}$/;

const ok = { statusCode: 200 };

export function createSocketHandler({ deps, verifyToken, sender, logError = logToCloudWatch }: SocketDependencies): SocketHandler {
  const errorOf = formatError(logError);
  const refuse = (connectionId: string, id: string, errors: readonly AnsweredError[]) =>
    sender.send(connectionId, { id, type: MessageType.Error, payload: errors });

  async function onMessage(connectionId: string, body: string): Promise<void> {
    const message = parseMessage(body);
    if (!message) return sender.close(connectionId, CloseCode.BadRequest, 'Invalid message received');
    switch (message.type) {
      case MessageType.ConnectionInit: {
        const payload = (message.payload ?? {}) as Record<string, unknown>;
        const authorization = payload.authorization ?? payload.Authorization;
        const claims = typeof authorization === 'string' ? await verifyToken(authorization) : null;
        const identity = claims ? callerFromClaims(claims) : { caller: null };
        if (!claims || !identity.caller) return sender.close(connectionId, CloseCode.Forbidden, 'Forbidden');
        if (!(await acknowledgeConnection(deps.db, connectionId, storedCaller(identity.caller), Number(claims.exp)))) {
          return sender.close(connectionId, CloseCode.TooManyInitialisationRequests, 'Too many initialisation requests');
        }
        await sender.send(connectionId, { type: MessageType.ConnectionAck, payload: { serverTime: deps.now() } });
        return;
      }
      case MessageType.Ping:
        await sender.send(connectionId, { type: MessageType.Pong });
        return;
      case MessageType.Pong:
        return;
      case MessageType.Subscribe:
        return subscribe(connectionId, message.id, message.payload);
      case MessageType.Complete:
        return removeSubscription(deps.db, connectionId, message.id);
      default:
        return sender.close(connectionId, CloseCode.BadRequest, 'Invalid message received');
    }
  }

  async function subscribe(connectionId: string, id: string, payload: unknown): Promise<void> {
    const connection = await getConnection(deps.db, connectionId);
    if (!connection?.caller || connection.tokenExpiresAt === undefined)
      return sender.close(connectionId, CloseCode.Unauthorized, 'Unauthorized');
    if (tokenExpired(connection.tokenExpiresAt, deps.now())) return void (await refuse(connectionId, id, [TOKEN_EXPIRED]));
    const read = readSubscription(liveSchema(), payload);
    if ('errors' in read) return void (await refuse(connectionId, id, read.errors));
    const { operation } = read;
    let topic: string;
    try {
      topic = await listeningFor(deps, callerOf(connection.caller), operation.field, operation.args);
    } catch (error) {
      return void (await refuse(connectionId, id, [errorOf({ message: 'refused' }, error)]));
    }
    const added = await addSubscription(
      deps.db,
      {
        connectionId,
        id,
        field: operation.field,
        topic,
        query: operation.query,
        variables: operation.variables,
        operationName: operation.operationName,
        caller: connection.caller,
        tokenExpiresAt: connection.tokenExpiresAt,
      },
      shardsOfTopic(topic),
      MAX_SUBSCRIPTIONS_PER_CONNECTION,
    );
    if (added === 'DUPLICATE')
      return sender.close(connectionId, CloseCode.SubscriberAlreadyExists, 'Subscriber for this id already exists');
    if (added === 'TOO_MANY') {
      await refuse(connectionId, id, [
        answeredError(
          'TOO_MANY_SUBSCRIPTIONS',
          `A connection may hold at most ${MAX_SUBSCRIPTIONS_PER_CONNECTION} subscriptions at once: complete one first.`,
        ),
      ]);
    }
    if (added === 'GONE') return sender.close(connectionId, CloseCode.Unauthorized, 'Unauthorized');
  }

  /** A message the protocol knows, with a well-formed id where it needs one; undefined for anything else. */
  function parseMessage(body: string): { type: string; id: string; payload?: unknown } | undefined {
    let message: unknown;
    try {
      message = JSON.parse(body);
    } catch {
      return undefined;
    }
    if (!message || typeof message !== 'object' || Array.isArray(message)) return undefined;
    const { type, id, payload } = message as Record<string, unknown>;
    if (typeof type !== 'string') return undefined;
    const needsId = type === MessageType.Subscribe || type === MessageType.Complete;
    if (needsId && (typeof id !== 'string' || !SUBSCRIPTION_ID.test(id))) return undefined;
    return { type, id: typeof id === 'string' ? id : '', payload };
  }

  return async (event) => {
    const { routeKey, connectionId } = event.requestContext;
    try {
      if (routeKey === '$connect') {
        const offered = (event.headers?.['sec-websocket-protocol'] ?? event.headers?.['Sec-WebSocket-Protocol'] ?? '').split(',');
        if (!offered.map((name) => name.trim()).includes(SUBPROTOCOL)) return { statusCode: 400, body: `Speak ${SUBPROTOCOL}` };
        await openConnection(deps.db, connectionId, deps.now());
        return { statusCode: 200, headers: { 'Sec-WebSocket-Protocol': SUBPROTOCOL } };
      }
      if (routeKey === '$disconnect') {
        await closeConnection(deps.db, connectionId);
        return ok;
      }
      const body = event.body === undefined ? '' : event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
      await onMessage(connectionId, body);
      return ok;
    } catch (error) {
      logError(error);
      return { statusCode: 500 };
    }
  };
}
