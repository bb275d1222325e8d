/** `npm run rng-sample`, as a test lab runs it: raw outcomes, one per line, from the tables' own generator. */
import { describe, expect, it } from 'vitest';
import { RANKS } from '../../functions/rules/baccarat/cards';
import { rngSampleCommand } from '../../scripts/rng-sample';
import { runCommand, runScriptProcess } from '../support/script-command';

/** Runs the script in a process of its own, as `npm run --silent rng-sample -- ...` does. */
const runProcess = (...args: string[]) => runScriptProcess('scripts/rng-sample.ts', args);
/** Runs its command in this process, as its command line does. */
const run = (...args: string[]) => runCommand(rngSampleCommand, args);
const linesOf = (stdout: string) => stdout.split('\n').slice(0, -1);

describe('npm run rng-sample', () => {
  it('writes rounds of two dice, one per line', async () => {
    const { status, stdout } = await runProcess('--dice', '1000');
    expect(status).toBe(0);
    const lines = linesOf(stdout);
    expect(lines).toHaveLength(1_000);
    for (const line of lines) expect(line).toMatch(/^[1-6] [1-6]$/);
    expect(new Set(lines).size).toBeGreaterThan(30); // all 36 rolls are likely to show in 1,000; fewer than 31 means no shuffling at all
  });

  it('writes shoes of the decks asked for, one per line, every card of them once per deck', async () => {
    const { status, stdout } = await run('--shoes', '3', '--decks', '6');
    expect(status).toBe(0);
    const shoes = linesOf(stdout).map((line) => line.split(' '));
    expect(shoes).toHaveLength(3);
    const cardsOfDecks = (decks: number) =>
      ['S', 'H', 'D', 'C']
        .flatMap((suit) => RANKS.map((rank) => `${rank}${suit}`))
        .flatMap((card) => Array(decks).fill(card))
        .sort();
    for (const shoe of shoes) expect([...shoe].sort()).toEqual(cardsOfDecks(6));
    expect(shoes[0]).not.toEqual(shoes[1]);
  });

  it('writes the raw 32-bit output before any scaling', async () => {
    const { status, stdout } = await run('--raw', '100');
    expect(status).toBe(0);
    const values = linesOf(stdout).map(Number);
    expect(values).toHaveLength(100);
    for (const value of values) expect(Number.isInteger(value) && value >= 0 && value < 2 ** 32).toBe(true);
  });

  it('refuses anything but one of --dice, --shoes and --raw with a count, and decks a shoe cannot hold', async () => {
    for (const args of [[], ['--dice', '0'], ['--dice', '5', '--raw', '5'], ['--shoes', '1', '--decks', '13'], ['--dice', 'many']]) {
      const { status, stderr, stdout } = await run(...args);
      expect(status, args.join(' ')).toBe(2);
      expect(stdout).toBe('');
      expect(stderr.length).toBeGreaterThan(0);
    }
    expect((await run()).stderr).toMatch(/usage: npm run --silent rng-sample/);
  });
});
