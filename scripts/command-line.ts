/**
 * A script's command apart from the process it runs in: given its arguments and environment, it
 * writes its output and returns its exit code. Its file runs it as the command line
 * (`runAsCommandLine`); a test runs it in its own process, its output captured, and keeps one run
 * of each script as a real command line (a process costs a third of a second, at dozens a run).
 */
import { once } from 'node:events';
import { existsSync, realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export interface CommandIo {
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Standard output; awaited where the output is long (a pipe's reader may be slower than the writer). */
  out(text: string): Promise<void>;
  /** Standard error. */
  err(text: string): void;
}

/** 0: done; 1: what was checked does not hold; 2: could not run (each script says what its codes mean). */
export type ExitCode = 0 | 1 | 2;

export type Command = (io: CommandIo) => Promise<ExitCode>;

/**
 * `body` as a command whose thrown errors mean it could not run: exit code 2, the reason alone on
 * stderr after `prefix` (a message for the one who ran it, never a stack).
 */
export const couldNotRunOnThrow =
  (prefix: string, body: Command): Command =>
  async (io) => {
    try {
      return await body(io);
    } catch (error) {
      io.err(`${prefix}${error instanceof Error ? error.message : String(error)}\n`);
      return 2;
    }
  };

/**
 * Runs `command` with this process's arguments and environment when `moduleUrl` is the file
 * Node was started with (`npm run <script>`), not when it is imported; then exits with its code,
 * not waiting for the connections it left open to time out.
 */
export async function runAsCommandLine(moduleUrl: string, command: Command): Promise<void> {
  if (!startedAs(moduleUrl)) return;
  const code = await command({
    args: process.argv.slice(2),
    env: process.env,
    out: async (text) => {
      if (!process.stdout.write(text)) await once(process.stdout, 'drain');
    },
    err: (text) => void process.stderr.write(text),
  });
  await new Promise((resolve) => process.stdout.write('', resolve));
  process.exit(code);
}

/** Whether Node was started with this module's file (through a symbolic link too: Node names a module by its real path). */
function startedAs(moduleUrl: string): boolean {
  const started = process.argv[1];
  return started !== undefined && existsSync(started) && pathToFileURL(realpathSync(started)).href === moduleUrl;
}
