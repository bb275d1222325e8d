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

/** API Gateway's message limit (128 KB): a longer message closes the connection, as there. */
const MAX_MESSAGE_BYTES = 128 * 1024;

/** The open sockets by connection id: what the handler sends through locally. */
export class LocalConnections implements ConnectionSender {
  private readonly sockets = new Map<string, WebSocket>();

  add(connectionId: string, socket: WebSocket): void {
    this.sockets.set(connectionId, socket);
  }

  remove(connectionId: string): void {
    this.sockets.delete(connectionId);
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

/** Serves WebSocket upgrades of `path` through `handler`. */
export function attachWebSockets(server: Server, path: string, handler: SocketHandler, connections: LocalConnections): void {
  const sockets = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
    handleProtocols: (offered) => (offered.has(SUBPROTOCOL) ? SUBPROTOCOL : false),
  });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (new URL(request.url ?? '/', 'http://localhost').pathname !== path) return socket.destroy();
    const connectionId = randomBytes(12).toString('base64url');
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers[name] = value;
    void handler({ requestContext: { routeKey: '$connect', connectionId }, headers }).then((answer) => {
      if (answer.statusCode !== 200) {
        socket.end(`HTTP/1.1 ${answer.statusCode ?? 500} Refused\r\nConnection: close\r\n\r\n`);
        return;
      }
      sockets.handleUpgrade(request, socket, head, (ws) => {
        connections.add(connectionId, ws);
        // One message at a time, in order, as API Gateway invokes $default per message (and the protocol needs init before subscribe).
        let queue = Promise.resolve();
        ws.on('message', (data: Buffer) => {
          queue = queue.then(() =>
            handler({ requestContext: { routeKey: '$default', connectionId }, body: data.toString('utf8') }).then(() => undefined),
          );
        });
        ws.on('close', () => {
          connections.remove(connectionId);
          queue = queue.then(() => handler({ requestContext: { routeKey: '$disconnect', connectionId } }).then(() => undefined));
        });
      });
    });
  });
}
