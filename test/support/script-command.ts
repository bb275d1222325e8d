import type { Command, ExitCode } from '../../scripts/command-line';

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
