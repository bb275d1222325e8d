/**
 * A WebSocket client at the level of bytes (RFC 6455), for tests that send what no well-behaved
 * client library would: frames of any opcode, length, mask and bits, cut anywhere. It reads the
 * server's frames back to tell how the server closed the connection.
 */
import { connect, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';

export interface FrameOptions {
  readonly opcode?: number;
  /** Whether this frame ends its message (a fragment's is false). */
  readonly fin?: boolean;
  /** The three reserved bits (RSV1-3), as a number 0-7: an extension's, none negotiated here. */
  readonly rsv?: number;
  /** Clients must mask every frame (RFC 6455 §5.3). */
  readonly masked?: boolean;
  /** The length written in the header, when it should not be the payload's. */
  readonly declaredLength?: bigint;
}

export const OPCODE = { continuation: 0x0, text: 0x1, binary: 0x2, close: 0x8, ping: 0x9, pong: 0xa } as const;

/** One frame's bytes, as a client sends it. */
export function frame(payload: Buffer | string, options: FrameOptions = {}): Buffer {
  const { opcode = OPCODE.text, fin = true, rsv = 0, masked = true } = options;
  const data = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload;
  const length = options.declaredLength ?? BigInt(data.length);
  const first = (fin ? 0x80 : 0) | ((rsv & 0x7) << 4) | (opcode & 0xf);
  const maskBit = masked ? 0x80 : 0;
  let header: Buffer;
  if (length < 126n) header = Buffer.from([first, maskBit | Number(length)]);
  else if (length < 0x10000n) {
    header = Buffer.alloc(4);
    header.writeUInt8(first, 0);
    header.writeUInt8(maskBit | 126, 1);
    header.writeUInt16BE(Number(length), 2);
  } else {
    header = Buffer.alloc(10);
    header.writeUInt8(first, 0);
    header.writeUInt8(maskBit | 127, 1);
    header.writeBigUInt64BE(length, 2);
  }
  if (!masked) return Buffer.concat([header, data]);
  const mask = randomBytes(4);
  const body = Buffer.from(data.map((byte, index) => byte ^ mask[index % 4]!));
  return Buffer.concat([header, mask, body]);
}

export interface RawSocket {
  readonly socket: Socket;
  /** The status line and headers the server answered the handshake with. */
  readonly response: string;
  write(bytes: Buffer): void;
  /**
   * How the server ended the connection: the code of its close frame (answered, as a client
   * must), or undefined if it dropped the connection without one.
   */
  closed(): Promise<number | undefined>;
}

/** The opening handshake's request (RFC 6455 §4.1), with these headers changed or left out (undefined). */
export function handshakeRequest(wsUrl: string, headers: Record<string, string | undefined> = {}): string {
  const url = new URL(wsUrl);
  const all: Record<string, string | undefined> = {
    host: url.host,
    upgrade: 'websocket',
    connection: 'Upgrade',
    'sec-websocket-key': randomBytes(16).toString('base64'),
    'sec-websocket-version': '13',
    'sec-websocket-protocol': 'graphql-transport-ws',
    ...headers,
  };
  const lines = Object.entries(all).flatMap(([name, value]) => (value === undefined ? [] : [`${name}: ${value}`]));
  return `GET ${url.pathname} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`;
}

/** A TCP connection to the server of `wsUrl`, opened but nothing sent. */
export function tcpTo(wsUrl: string): Promise<Socket> {
  const url = new URL(wsUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Opens a WebSocket by hand and resolves once the server has answered 101. */
export async function openRawSocket(wsUrl: string): Promise<RawSocket> {
  const socket = await tcpTo(wsUrl);
  socket.on('error', () => undefined); // the server may reset a connection it refuses
  socket.write(handshakeRequest(wsUrl));
  let received = Buffer.alloc(0);
  const response = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      socket.off('data', onData);
      const head = received.subarray(0, end).toString('latin1');
      received = received.subarray(end + 4);
      if (!head.startsWith('HTTP/1.1 101')) reject(new Error(`handshake refused: ${head.split('\r\n')[0]}`));
      else resolve(head);
    };
    socket.on('data', onData);
    socket.once('close', () => reject(new Error('closed during the handshake')));
  });

  const closed = new Promise<number | undefined>((resolve) => {
    let code: number | undefined;
    const read = () => {
      // The server's frames: unmasked, so header then payload.
      while (received.length >= 2) {
        const opcode = received[0]! & 0x0f;
        let length = received[1]! & 0x7f;
        let offset = 2;
        if (length === 126) {
          if (received.length < 4) return;
          length = received.readUInt16BE(2);
          offset = 4;
        } else if (length === 127) {
          if (received.length < 10) return;
          length = Number(received.readBigUInt64BE(2));
          offset = 10;
        }
        if (received.length < offset + length) return;
        const payload = received.subarray(offset, offset + length);
        received = received.subarray(offset + length);
        if (opcode === OPCODE.close && code === undefined) {
          code = payload.length >= 2 ? payload.readUInt16BE(0) : 1005;
          // Answer the close, as a client must, so that the server closes the connection at once.
          if (!socket.destroyed) socket.end(frame(payload.subarray(0, 2), { opcode: OPCODE.close }));
        }
      }
    };
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      read();
    });
    read();
    socket.once('close', () => resolve(code));
  });

  return { socket, response, write: (bytes) => socket.write(bytes), closed: () => closed };
}
