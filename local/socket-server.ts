/**
 * WebSocket on the local server's port, as API Gateway's WebSocket API in AWS: each connection,
 * message and close becomes the route event ($connect, $default, $disconnect) the socket Lambda
 * handler receives there, and that same handler answers through these sockets instead of the
 * @connections API.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { WebSocketServer, type WebSocket } from 'ws';
import type { ConnectionSender } from '../functions/live/connection-sender';
import { SUBPROTOCOL, type SocketHandler } from '../functions/live/socket-protocol';
import { FrameLengths } from './frame-lengths';

/**
 * API Gateway's limits on what a client sends (its WebSocket quotas): a frame of at most 32 KB and
 * a message of at most 128 KB, in frames of 32 KB; past either it closes the connection with 1009
 * (message too big), and so does the local server.
 */
export const MAX_FRAME_BYTES = 32 * 1024;
export const MAX_MESSAGE_BYTES = 128 * 1024;
const MESSAGE_TOO_BIG = 1009;

/** The open sockets by connection id: what the handler sends through locally. */
export class LocalConnections implements ConnectionSender {
  private readonly sockets = new Map<string, WebSocket>();

  add(connectionId: string, socket: WebSocket): void {
    this.sockets.set(connectionId, socket);
  }

  remove(connectionId: string): void {
    this.sockets.delete(connectionId);
  }

  /** Whether any socket is open here: with none, no subscriber could be sent anything. */
  get anyOpen(): boolean {
    return this.sockets.size > 0;
  }

  async send(connectionId: string, message: object): Promise<boolean> {
    const socket = this.sockets.get(connectionId);
    if (!socket || socket.readyState !== socket.OPEN) return false;
    await new Promise<void>((resolve, reject) => socket.send(JSON.stringify(message), (error) => (error ? reject(error) : resolve())));
    return true;
  }

  async close(connectionId: string, code: number, reason: string): Promise<void> {
    this.sockets.get(connectionId)?.close(code, reason);
  }

  closeAll(): void {
    for (const socket of this.sockets.values()) socket.terminate();
    this.sockets.clear();
  }
}

/**
 * Serves WebSocket upgrades of `path` through `handler`. Whatever a client sends or cuts, the
 * process goes on: a frame the protocol forbids is closed by ws with RFC 6455's code for it (1002
 * protocol error, 1007 text not UTF-8, 1009 too big), a connection reset only ends that connection.
 */
export function attachWebSockets(server: Server, path: string, handler: SocketHandler, connections: LocalConnections): void {
  const sockets = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
    handleProtocols: (offered) => (offered.has(SUBPROTOCOL) ? SUBPROTOCOL : false),
  });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Node's HTTP server stops listening for the socket's errors once it is upgraded, and ws
    // starts only in handleUpgrade: a client resetting the connection meanwhile (while $connect
    // runs) would otherwise throw in the process.
    const dropOnError = () => socket.destroy();
    socket.on('error', dropOnError);
    if (pathOf(request) !== path) return socket.destroy();
    const connectionId = randomBytes(12).toString('base64url');
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers[name] = value;
    const connecting = handler({ requestContext: { routeKey: '$connect', connectionId }, headers });
    let upgraded = false;
    // A socket gone before it is upgraded (the client left while $connect ran, or ws refused the
    // handshake): the connection $connect opened is forgotten, rather than left until it expires.
    socket.once('close', () => {
      if (upgraded) return;
      connecting
        .then((answer) => (answer.statusCode === 200 ? handler({ requestContext: { routeKey: '$disconnect', connectionId } }) : undefined))
        .catch(report);
    });
    connecting
      .then((answer) => {
        if (answer.statusCode !== 200) {
          socket.end(`HTTP/1.1 ${answer.statusCode ?? 500} Refused\r\nConnection: close\r\n\r\n`);
          return;
        }
        sockets.handleUpgrade(request, socket, head, (ws) => {
          upgraded = true;
          socket.off('error', dropOnError);
          serve(ws, socket, connectionId);
        });
      })
      .catch((error: unknown) => {
        report(error);
        socket.destroy();
      });
  });

  function serve(ws: WebSocket, socket: Duplex, connectionId: string): void {
    connections.add(connectionId, ws);
    // Read before ws reads the same bytes (prepended), so that a frame past the limit is refused
    // even when its message is within ws's: no message of a connection being closed is handled.
    const frames = new FrameLengths();
    socket.prependListener('data', (chunk: Buffer) => {
      if (frames.longestIn(chunk) > MAX_FRAME_BYTES && ws.readyState === ws.OPEN) ws.close(MESSAGE_TOO_BIG, 'Message too big');
    });
    // ws has already closed the connection with the code for what the client sent wrong: nothing
    // is left to do, but an 'error' with no listener would throw in the process.
    ws.on('error', () => undefined);
    // One message at a time, in order, as API Gateway invokes $default per message (and the protocol needs init before subscribe).
    let queue = Promise.resolve();
    ws.on('message', (data: Buffer) => {
      if (ws.readyState !== ws.OPEN) return;
      queue = queue
        .then(() => handler({ requestContext: { routeKey: '$default', connectionId }, body: data.toString('utf8') }))
        .then(() => undefined, report);
    });
    ws.on('close', () => {
      connections.remove(connectionId);
      queue = queue.then(() => handler({ requestContext: { routeKey: '$disconnect', connectionId } })).then(() => undefined, report);
    });
  }
}

/** The request's path, or undefined for a request target that is no URL. */
function pathOf(request: IncomingMessage): string | undefined {
  try {
    return new URL(request.url ?? '/', 'http://localhost').pathname;
  } catch {
    return undefined;
  }
}

/** The socket handler answers every failure of its own (500, logged): what is left is the server's to tell. */
const report = (error: unknown) => console.error(error);
