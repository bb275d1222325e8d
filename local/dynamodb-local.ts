/**
 * Starts AWS's own DynamoDB Local (the jar shipped in the npm package amplify-dynamodb-simulator,
 * run with `java` directly: no Docker, no download) on a free port, waits until it answers, and
 * stops that process (and only it) when asked or when this process exits.
 * - Node's own modules only (the check that it answers is a plain HTTP request): the test run
 *   starts it while its other setup modules load (test/support/dynamodb-local.global-setup.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { LOCAL_AUTHORIZATION } from '../functions/store/kernel/local-authorization';

export const JAVA_INSTALL_HINT = 'sudo apt-get install -y openjdk-17-jre-headless';

export interface DynamoDbLocal {
  readonly endpoint: string;
  stop(): Promise<void>;
}

export type Storage = { readonly inMemory: true } | { readonly dataDir: string };

/** Credentials DynamoDB Local accepts (it checks only that some are present). */
export const localCredentials = { accessKeyId: 'local', secretAccessKey: 'local' } as const;
export const localRegion = 'local';

/**
 * How long a start waits for DynamoDB Local to answer: only a safety against a process that hangs
 * (one that exits fails the start at once). A JVM starting on a loaded machine may take a minute;
 * nothing that merely waits its turn for a CPU comes near this.
 */
const START_PATIENCE_MS = 10 * 60_000;

/**
 * The JVM of a short run (the test suite's minutes): the C1 compiler alone and the serial
 * collector. On a machine of two cores, the C2 compiler and the parallel collector's threads take
 * CPU the tests need, and a run of minutes never earns it back: the suite's database-bound tests
 * run about a fifth faster. Not for `npm start` or the bench, which run long enough to gain from C2.
 */
const SHORT_LIVED_JVM = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];

export async function startDynamoDbLocal(
  storage: Storage,
  { timeoutMs = START_PATIENCE_MS, shortLived = false }: { timeoutMs?: number; shortLived?: boolean } = {},
): Promise<DynamoDbLocal> {
  const emulator = join(dirname(createRequire(import.meta.url).resolve('amplify-dynamodb-simulator/package.json')), 'emulator');
  const port = await freePort();
  const storageArgs = 'inMemory' in storage ? ['-inMemory'] : ['-dbPath', ensureDir(storage.dataDir)];
  const child = spawn(
    'java',
    [
      ...(shortLived ? SHORT_LIVED_JVM : []),
      `-Djava.library.path=${join(emulator, 'DynamoDBLocal_lib')}`,
      '-jar',
      join(emulator, 'DynamoDBLocal.jar'),
      ...storageArgs,
      '-sharedDb',
      // It would otherwise report its use to AWS (Cognito and Pinpoint), which a machine with no internet refuses.
      '-disableTelemetry',
      '-port',
      String(port),
    ],
    { cwd: emulator, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const stopOnExit = () => child.kill('SIGKILL');
  process.once('exit', stopOnExit);
  // Without java on the PATH the spawn fails (ENOENT): said with the command that installs it.
  let spawnError: Error | undefined;
  child.once('error', (error: NodeJS.ErrnoException) => {
    spawnError =
      error.code === 'ENOENT'
        ? new Error(`DynamoDB Local needs Java 17, and \`java\` was not found. Install it with:\n  ${JAVA_INSTALL_HINT}`)
        : error;
  });

  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });

  const endpoint = `http://127.0.0.1:${port}`;
  try {
    await waitUntilAnswering(
      endpoint,
      child,
      () => spawnError,
      () => stderr,
      timeoutMs,
    );
  } catch (error) {
    child.kill('SIGKILL');
    process.removeListener('exit', stopOnExit);
    throw error;
  }

  return {
    endpoint,
    stop: async () => {
      process.removeListener('exit', stopOnExit);
      await stopProcess(child, 'inMemory' in storage ? 'SIGKILL' : 'SIGTERM');
    },
  };
}

function ensureDir(dir: string): string {
  const absolute = resolve(dir);
  mkdirSync(absolute, { recursive: true });
  return absolute;
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

async function waitUntilAnswering(
  endpoint: string,
  child: ChildProcess,
  spawnError: () => Error | undefined,
  stderr: () => string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const failed = spawnError();
    if (failed) throw failed;
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`DynamoDB Local exited before answering (code ${child.exitCode ?? child.signalCode}):\n${stderr()}`);
    }
    if (await listsTables(endpoint)) return;
    if (Date.now() > deadline) throw new Error(`DynamoDB Local did not answer on ${endpoint} within ${timeoutMs} ms:\n${stderr()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Whether DynamoDB Local at `endpoint` answers a ListTables (a refused connection: not yet). */
function listsTables(endpoint: string): Promise<boolean> {
  return new Promise((resolveAnswer) => {
    const request = httpRequest(
      endpoint,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.0',
          'x-amz-target': 'DynamoDB_20120810.ListTables',
          authorization: LOCAL_AUTHORIZATION,
        },
      },
      (response) => {
        response.resume();
        resolveAnswer(response.statusCode === 200);
      },
    );
    request.on('error', () => resolveAnswer(false));
    request.end('{"Limit":1}');
  });
}

/** Stops `child` with `signal`: an in-memory database has nothing to write, so it need not shut down in order. */
function stopProcess(child: ChildProcess, signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolveStop) => {
    const forceKill = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(forceKill);
      resolveStop();
    });
    child.kill(signal);
  });
}
