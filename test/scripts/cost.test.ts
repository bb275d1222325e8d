/**
 * `npm run cost`, as cloud ops run it: its refusals, and the three sizes docs/DEPLOY.md ("Cost")
 * shows, each run again here and compared with what the guide prints, so the two cannot drift.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { costCommand } from '../../scripts/cost/command';
import { runCommand, runScriptProcess } from '../support/script-command';

/** Runs the command in a process of its own, as `npm run --silent cost -- ...` does: its exit code and outputs. */
const costProcess = (...args: string[]) => runScriptProcess('scripts/cost.ts', args);

/** The command on its arguments, in this process: what it prints and its exit code, as the process would. */
const cost = (...args: string[]) => runCommand(costCommand, args);

/** The Cost section's examples: each `npm run --silent cost -- <args>` and the ```text block after it. */
function examplesInTheGuide(): { args: string[]; printed: string }[] {
  const guide = readFileSync(new URL('../../docs/DEPLOY.md', import.meta.url), 'utf8');
  const section = guide.slice(guide.indexOf('\n## Cost\n'), guide.indexOf('\n## ', guide.indexOf('\n## Cost\n') + 1));
  const examples = [...section.matchAll(/```sh\nnpm run --silent cost -- (.+)\n```\n\n```text\n([\s\S]*?)```\n/g)];
  return examples.map(([, args, printed]) => ({ args: args!.split(' '), printed: printed! }));
}

const refused = async (args: string[], message: RegExp) => {
  const { status, stdout, stderr } = await cost(...args);
  expect(status, args.join(' ')).toBe(2);
  expect(stdout).toBe('');
  expect(stderr).toMatch(message);
  // A refusal says why, in a line or two: no stack trace.
  expect(stderr).not.toMatch(/\n\s+at /);
};

describe('npm run cost', () => {
  it('prints exactly what docs/DEPLOY.md shows for each of its three sizes', async () => {
    const examples = examplesInTheGuide();
    expect(examples.map(({ args }) => args[args.indexOf('--bets-per-day') + 1])).toEqual(['20000', '1000000', '50000000']);
    for (const { args, printed } of examples) {
      const { status, stdout, stderr } = await cost(...args);
      expect(stderr).toBe('');
      expect(status).toBe(0);
      expect(stdout).toBe(printed);
    }
  });

  it("reads the stage's settings from cdk.json, and a stage not there gets the defaults", async () => {
    const dev = await cost('--bets-per-day', '0', '--players', '0', '--tables', '0', '--stage', 'dev');
    expect(dev.status).toBe(0);
    expect(dev.stdout).toMatch(/^ {2}dailyBackupRetentionDays +7$/m);
    expect(dev.stdout).toMatch(/cdk\.json's stages\.dev/);
    const qa = await cost('--bets-per-day', '10', '--players', '1', '--tables', '1', '--stage', 'qa');
    expect(qa.status).toBe(0);
    expect(qa.stdout).toMatch(/not in cdk\.json's stages: the defaults/);
    expect(qa.stdout).toMatch(/^ {2}logRetentionDays +90$/m);
  });

  it('refuses a missing, negative or fractional count, and a stage name synth would refuse, with exit code 2', async () => {
    const all = { '--bets-per-day': '1000', '--players': '10', '--tables': '2', '--stage': 'prod' };
    const without = (name: keyof typeof all) => Object.entries(all).flatMap(([key, value]) => (key === name ? [] : [key, value]));
    const withValue = (name: keyof typeof all, value: string) =>
      Object.entries(all).flatMap(([key, given]) => [key, key === name ? value : given]);
    await refused(without('--bets-per-day'), /--bets-per-day is missing\nusage: npm run --silent cost/);
    await refused(without('--players'), /--players is missing/);
    await refused(without('--tables'), /--tables is missing/);
    await refused(without('--stage'), /--stage is missing/);
    await refused(withValue('--bets-per-day', '-5'), /--bets-per-day must be a whole number, 0 or more, got "-5"/);
    await refused(withValue('--players', '2.5'), /--players must be a whole number, 0 or more, got "2\.5"/);
    await refused(withValue('--tables', 'many'), /--tables must be a whole number/);
    await refused(withValue('--tables', '0'), /Bets and players need a table/);
    await refused(withValue('--players', '0'), /Bets need players/);
    await refused(withValue('--stage', 'Prod!'), /stage must be 1 to 20 lowercase letters/);
    await refused([...Object.entries(all).flat(), '--currency', 'MOP'], /Unknown option '--currency'/);
  });

  it('runs as a command of its own: the statement on stdout and exit code 0; a refusal on stderr and exit code 2', async () => {
    const [pilot] = examplesInTheGuide();
    const ran = await costProcess(...pilot!.args);
    expect(ran).toEqual({ status: 0, stdout: pilot!.printed, stderr: '' });
    const refusal = await costProcess('--players', '10', '--tables', '2', '--stage', 'prod');
    expect(refusal.status).toBe(2);
    expect(refusal.stdout).toBe('');
    expect(refusal.stderr).toMatch(/^--bets-per-day is missing\nusage: npm run --silent cost/);
    expect(refusal.stderr).not.toMatch(/\n\s+at /);
  });
});
