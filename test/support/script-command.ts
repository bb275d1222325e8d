import { spawn } from 'node:child_process';
import type { Command, ExitCode } from '../../scripts/command-line';
import { TEST_PATIENCE_MS } from './patience';

/** What a script's command did, as a process running it would show: its exit code and its output. */
export interface CommandRun {
  readonly status: ExitCode;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs a script's command in this process (scripts/command-line.ts), given `args` and only the
 * environment `env`, as its command line runs it; each script's test keeps one run as a process.
 */
export async function runCommand(command: Command, args: readonly string[], env: Record<string, string> = {}): Promise<CommandRun> {
  let stdout = '';
  let stderr = '';
  const status = await command({
    args,
    env,
    out: async (text) => void (stdout += text),
    err: (text) => void (stderr += text),
  });
  return { status, stdout, stderr };
}

/**
 * Runs a script as its command line does (`npm run --silent <script> -- ...` runs it with tsx), in a
 * process of its own given `args` and only `env` beside PATH and the run's TMPDIR; asynchronously,
 * since the API or wallet it calls may run in this process. Status null: the process was killed
 * (TEST_PATIENCE_MS is only a safety against one that hangs).
 */
export function runScriptProcess(
  script: string,
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { PATH: process.env.PATH, TMPDIR: process.env.TMPDIR, ...env },
    timeout: TEST_PATIENCE_MS,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, stdout, stderr })));
}
