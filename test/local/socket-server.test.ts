/**
 * Nothing a client sends to the local server's WebSocket stops `npm start`: a frame or message
 * past API Gateway's limits, a frame the protocol forbids, text that is not UTF-8, a connection
 * cut anywhere. Each is closed with the status code RFC 6455 gives it (as API Gateway closes them
 * in AWS), no token needed, and afterwards the server still answers HTTP and opens new
 * connections. The server runs in a process of its own: what would kill it must not kill the run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, beforeEach, describe, expect, it, inject } from 'vitest';
import WebSocket from 'ws';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { createDevAuthorizer, type DevAuthorizer } from '../../local/dev-authorizer';
import { localCredentials, localRegion } from '../../local/dynamodb-local';
import { OPCODE, frame, handshakeRequest, openRawSocket, tcpTo } from '../support/raw-websocket';

interface ServerProcess {
  readonly child: ChildProcess;
  readonly url: string;
  readonly wsUrl: string;
  readonly tableName: string;
}

let server: ServerProcess | undefined;
let authorizer: DevAuthorizer;

async function startServerProcess(): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/local-server-process.ts'], {
    env: { ...process.env, DYNAMODB_ENDPOINT: inject('dynamoEndpoint'), SIGNING_KEY_FILE: inject('signingKeyFile') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const started = await new Promise<{ url: string; tableName: string }>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line)));
    child.once('exit', (code) => reject(new Error(`the server process exited (${code}) before listening`)));
  });
  return { child, ...started, wsUrl: `${started.url.replace(/^http/, 'ws')}/graphql` };
}

// A test that kills the server must not make the next ones fail for it: each starts one if none runs.
beforeEach(async () => {
  authorizer ??= await createDevAuthorizer(inject('signingKeyFile'));
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) server = await startServerProcess();
});
afterAll(() => {
  server?.child.kill('SIGTERM');
});

/** What must hold after anything a client did: the process runs, answers HTTP, and acknowledges a new subscriber. */
async function expectStillServing(): Promise<void> {
  const { child, url, wsUrl } = server!;
  const token = await authorizer.issueToken('socket-survivor');
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: '{ __typename }' }),
  });
  expect(await response.json()).toEqual({ data: { __typename: 'Query' } });

  const socket = new WebSocket(wsUrl, 'graphql-transport-ws');
  const acknowledged = await new Promise<unknown>((resolve, reject) => {
    socket.once('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } })));
    socket.once('message', (data: Buffer) => resolve(JSON.parse(data.toString('utf8'))));
    socket.once('error', reject);
  });
  socket.close();
  expect(acknowledged).toMatchObject({ type: 'connection_ack' });
  expect(child.exitCode).toBeNull();
}

/** The close code the server answers these frames with, on a connection opened without a token. */
async function closeCodeFor(...frames: Buffer[]): Promise<number | undefined> {
  const socket = await openRawSocket(server!.wsUrl);
  for (const bytes of frames) socket.write(bytes);
  return socket.closed();
}

const text = (length: number) => 'x'.repeat(length);
/** API Gateway's limits (docs/LIVE.md), which the local server applies as well. */
const MAX_FRAME_BYTES = 32 * 1024;
const MAX_MESSAGE_BYTES = 128 * 1024;

describe("frames past API Gateway's limits", () => {
  it('a frame over 32 KiB closes the connection with 1009 (message too big)', async () => {
    expect(await closeCodeFor(frame(text(MAX_FRAME_BYTES + 1)))).toBe(1009);
    await expectStillServing();
  });

  it('a frame over 128 KiB closes it with 1009', async () => {
    expect(await closeCodeFor(frame(text(MAX_MESSAGE_BYTES + 1)))).toBe(1009);
    await expectStillServing();
  });

  it('a frame announcing 2^63 - 1 bytes closes it with 1009, without waiting for them', async () => {
    expect(await closeCodeFor(frame('', { declaredLength: 2n ** 63n - 1n }))).toBe(1009);
    await expectStillServing();
  });

  it('a message over 128 KiB, in frames of 32 KiB, closes it with 1009', async () => {
    const fragments = Array.from({ length: 5 }, (_, index) =>
      frame(text(MAX_FRAME_BYTES), { opcode: index === 0 ? OPCODE.text : OPCODE.continuation, fin: index === 4 }),
    );
    expect(await closeCodeFor(...fragments)).toBe(1009);
    await expectStillServing();
  });

  it('a message of 128 KiB in frames of 32 KiB is read (and, not being graphql-ws, closed with 4400)', async () => {
    const fragments = Array.from({ length: 4 }, (_, index) =>
      frame(text(MAX_FRAME_BYTES), { opcode: index === 0 ? OPCODE.text : OPCODE.continuation, fin: index === 3 }),
    );
    expect(await closeCodeFor(...fragments)).toBe(4400);
    await expectStillServing();
  });
});

describe('frames the protocol forbids close the connection with 1002 (protocol error)', () => {
  const cases: [string, Buffer[]][] = [
    ['an unknown opcode', [frame('{}', { opcode: 0x3 })]],
    ['a reserved bit set (no extension was agreed)', [frame('{}', { rsv: 0b100 })]],
    ['an unmasked frame (a client must mask every frame)', [frame('{}', { masked: false })]],
    ['a continuation with no message to continue', [frame('{}', { opcode: OPCODE.continuation })]],
    ['a new message before the last one ended', [frame('{', { fin: false }), frame('}')]],
    ['a ping longer than 125 bytes', [frame(text(126), { opcode: OPCODE.ping })]],
    ['a fragmented ping', [frame('a', { opcode: OPCODE.ping, fin: false })]],
  ];
  it.each(cases)('%s', async (_, frames) => {
    expect(await closeCodeFor(...frames)).toBe(1002);
    await expectStillServing();
  });
});

describe('text that is not UTF-8 closes the connection with 1007 (invalid payload)', () => {
  it('in one frame', async () => {
    expect(await closeCodeFor(frame(Buffer.from([0x7b, 0xff, 0xfe, 0x7d])))).toBe(1007);
    await expectStillServing();
  });

  it('in a close frame’s reason', async () => {
    expect(await closeCodeFor(frame(Buffer.from([0x03, 0xe8, 0xc3, 0x28]), { opcode: OPCODE.close }))).toBe(1007);
    await expectStillServing();
  });
});

describe('a connection cut anywhere', () => {
  it('in the middle of a frame', async () => {
    const socket = await openRawSocket(server!.wsUrl);
    socket.write(frame(text(1000)).subarray(0, 500));
    socket.socket.destroy();
    await socket.closed();
    await expectStillServing();
  });

  it('reset (TCP RST) in the middle of a frame', async () => {
    const socket = await openRawSocket(server!.wsUrl);
    socket.write(frame(text(1000)).subarray(0, 500));
    socket.socket.resetAndDestroy();
    await socket.closed();
    await expectStillServing();
  });

  it('in the middle of the handshake request', async () => {
    const socket = await tcpTo(server!.wsUrl);
    socket.write(handshakeRequest(server!.wsUrl).slice(0, 60), () => socket.destroy());
    await new Promise((resolve) => socket.once('close', resolve));
    await expectStillServing();
  });

  const abandoned = (headers: Record<string, string | undefined>) => async () => {
    const socket = await tcpTo(server!.wsUrl);
    socket.on('error', () => undefined);
    // The whole request, then a reset while the server works out its answer ($connect).
    socket.write(handshakeRequest(server!.wsUrl, headers), () => socket.resetAndDestroy());
    await new Promise((resolve) => socket.once('close', resolve));
    await expectStillServing();
  };
  it('reset after the handshake request, before the server answers it', abandoned({}));
  it('reset after a handshake request the server refuses (no graphql-transport-ws)', abandoned({ 'sec-websocket-protocol': undefined }));
  it('reset after a handshake request with no key', abandoned({ 'sec-websocket-key': undefined }));
});

describe('a handshake that is not one', () => {
  const answerTo = async (request: string) => {
    const socket = await tcpTo(server!.wsUrl);
    socket.on('error', () => undefined);
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.write(request);
    await new Promise((resolve) => socket.once('close', resolve));
    return answer.split('\r\n')[0];
  };

  it('with no key is answered 400, and leaves no connection behind', async () => {
    expect(await answerTo(handshakeRequest(server!.wsUrl, { 'sec-websocket-key': undefined }))).toMatch(/^HTTP\/1\.1 400/);
    await expectStillServing();
    await expect.poll(() => openConnections()).toBe(0);
  });

  it('to a target that is no URL is dropped', async () => {
    const request = handshakeRequest(server!.wsUrl).replace('GET /graphql', 'GET http://[');
    expect(await answerTo(request)).not.toMatch(/^HTTP\/1\.1 101/);
    await expectStillServing();
  });
});

/** Connections the socket handler holds in the server's table ($connect written, no $disconnect yet). */
async function openConnections(): Promise<number> {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: inject('dynamoEndpoint'), region: localRegion, credentials: localCredentials }),
  );
  const page = await client.send(
    new ScanCommand({
      TableName: server!.tableName,
      FilterExpression: 'begins_with(pk, :connection) AND sk = :item',
      ExpressionAttributeValues: { ':connection': 'LIVE#CONN#', ':item': 'CONNECTION' },
      ConsistentRead: true,
    }),
  );
  client.destroy();
  return page.Count ?? 0;
}
