/**
 * docs/LIVE.md's Node example, taken from the page and run as a reader runs it (in a process of
 * its own, on the Node this repo supports) against a real local server: with a good token it
 * subscribes and prints the table's events; with a bad one it stops at once, saying why, instead
 * of retrying the refused connection for half a minute and printing an empty error (issue 37).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { connect, createServer, type AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDevAuthorizer } from '../../local/dev-authorizer';
import { useTestApi } from '../support/use-test-api';
import { PATIENCE_MS } from '../support/patience';

const api = useTestApi({ live: true });

const DOC_URL = 'ws://localhost:4000/graphql';
const DOC_TABLE = "'demo-craps'";

/** The page's one TypeScript example. */
function docExample(): string {
  const page = readFileSync(new URL('../../docs/LIVE.md', import.meta.url), 'utf8');
  const blocks = [...page.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]!);
  expect(blocks).toHaveLength(1);
  return blocks[0]!;
}

// The example in a directory of its own, as a reader saves it, with this repo's packages (graphql-ws, ws, tsx).
const dir = mkdtempSync(join(tmpdir(), 'live-example-'));
symlinkSync(resolve('node_modules'), join(dir, 'node_modules'), 'dir');
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

interface Run {
  readonly child: ChildProcess;
  readonly stdout: () => string;
  readonly stderr: () => string;
  /** The exit code, once the process has ended. */
  readonly exited: Promise<number | null>;
}

/** Runs the page's example with `token`, against this test's server and `tableId` instead of npm start's demo table. */
function runExample(token: string, tableId: string, url = api.wsUrl): Run {
  const source = docExample();
  expect(source).toContain(DOC_URL);
  expect(source).toContain(DOC_TABLE);
  const file = join(dir, `live-${children.length}.ts`);
  writeFileSync(file, source.replace(DOC_URL, url).replace(DOC_TABLE, JSON.stringify(tableId)));
  const child = spawn(process.execPath, ['--import', 'tsx', file], { cwd: dir, env: { ...process.env, TOKEN: token } });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

describe("docs/LIVE.md's Node example", () => {
  it("with a good token, subscribes and prints the table's events as they happen", async () => {
    const tableId = await api.openTable({ game: 'CRAPS' });
    const run = runExample(await api.token('live-example-viewer'), tableId);
    const events = () =>
      run
        .stdout()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line).tableEvents);
    // Rounds until the example, once subscribed, prints one (it cannot say when its subscription is taken).
    const deadline = Date.now() + PATIENCE_MS;
    while (!events().some((event) => event.kind === 'OUTCOME_RECORDED')) {
      expect(run.child.exitCode, run.stderr()).toBeNull();
      if (Date.now() > deadline) throw new Error(`no event printed: ${run.stdout()} ${run.stderr()}`);
      await api.seatShooter(tableId);
      await api.closeAndRoll(tableId, [3, 4]);
      await new Promise((wait) => setTimeout(wait, 500));
    }
    const outcome = events().find((event) => event.kind === 'OUTCOME_RECORDED');
    expect(outcome).toMatchObject({ result: { dice: [3, 4], total: 7 }, table: { bettingOpen: expect.any(Boolean) } });
    expect(run.stderr()).toBe('');
  });

  it('with a bad token, stops at once, saying the token was refused, without retrying', async () => {
    const tableId = await api.openTable({ game: 'CRAPS' });
    // Signed by another key than the server's: refused at connection_init (4403).
    const stranger = await (await createDevAuthorizer()).issueToken('live-example-viewer');
    // Through a proxy that counts the connections the example opens.
    let connections = 0;
    const proxy = createServer((client) => {
      connections++;
      const server = connect(Number(new URL(api.wsUrl).port), '127.0.0.1');
      client.pipe(server).pipe(client);
      client.on('error', () => server.destroy());
      server.on('error', () => client.destroy());
    });
    await new Promise<void>((listening) => proxy.listen(0, '127.0.0.1', listening));
    const proxied = api.wsUrl.replace(/:\d+\//, `:${(proxy.address() as AddressInfo).port}/`);
    const run = runExample(stranger, tableId, proxied);
    // graphql-ws retries a 4403 five times by default, then ends with an empty error: the example
    // ends at the first refusal, saying why, having opened one connection.
    expect(await run.exited, run.stderr()).toBe(1);
    expect(run.stderr()).toBe('The subscription ended: the token was refused (4403 Forbidden): get a new one\n');
    expect(run.stdout()).toBe('');
    expect(connections).toBe(1);
    proxy.close();
  });
});
