/** docs/FAIRNESS.md's worked examples are what the tables' generator computes, so that a verifier built from the page agrees with the tables. */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commitmentOf, fairRandom, rawOutput } from '../../functions/fairness/fair-random';
import { fairDice, fairShoe } from '../../functions/fairness/fair-dealing';
import { formatCard } from '../../functions/rules/baccarat/cards';
import { freshShoe } from '../../functions/rules/baccarat/shoe';
import { dealtShoeOf } from '../../functions/fairness/rng-shoe';

const page = readFileSync(new URL('../../docs/FAIRNESS.md', import.meta.url), 'utf8');
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The page's text under the heading that starts with `heading`, up to the next heading. */
const section = (heading: string): string => {
  const match = new RegExp(`^#+ ${escaped(heading)}.*\\n([\\s\\S]*?)(?=^#+ )`, 'm').exec(page);
  if (!match) throw new Error(`docs/FAIRNESS.md has no section "${heading}"`);
  return match[1]!;
};
/** The value in the row of `text`'s table that starts with `label`. */
const row = (text: string, label: string): string => {
  // Cells padded to the column's width, as the formatter (oxfmt) lays a table out.
  const match = new RegExp(`^\\| ${escaped(label)} *\\| \`([^\`]+)\` *\\|$`, 'm').exec(text);
  if (!match) throw new Error(`docs/FAIRNESS.md has no row "${label}"`);
  return match[1]!;
};

/** The rows of an example's table each value names, recomputed from the code. */
function expectShoeRows(text: string, seed: string, decks: number): void {
  const shoe = fairShoe(seed, decks).map(formatCard);
  const name = `${decks}-deck shoe`;
  expect(row(text, `${name}, first 12 cards`)).toBe(shoe.slice(0, 12).join(' '));
  expect(row(text, `${name}, last 4 cards`)).toBe(shoe.slice(-4).join(' '));
  const dealt = dealtShoeOf(seed, decks);
  expect(row(text, `${name}, burn`)).toBe(dealt.burn.map(formatCard).join(' '));
  expect(row(text, `${name}, round 1`)).toBe(dealt.rounds[0]!.map(formatCard).join(' '));
  expect(row(text, `${name}, round 2`)).toBe(dealt.rounds[1]!.map(formatCard).join(' '));
  expect(row(text, `${name}, rounds`)).toBe(String(dealt.rounds.length));
}

describe("docs/FAIRNESS.md's worked example", () => {
  const example = section('A worked example');
  const seed = row(example, 'seed');
  const salt = row(example, 'salt');

  it('commits to the seed and salt as the code does', () => {
    expect(commitmentOf(seed, salt)).toBe(row(example, 'commitment'));
  });

  it("shows the seed's raw output, dice, shoe and its dealing as the code draws them", () => {
    const raw = rawOutput(seed, 'dice');
    expect(Array.from({ length: 8 }, raw).join(' ')).toBe(row(example, 'raw output, `dice`, block 0'));
    expect(fairDice(seed).join(' ')).toBe(row(example, 'dice'));
    expectShoeRows(example, seed, 8);
  });
});

describe("docs/FAIRNESS.md's second worked example", () => {
  const example = section('A second worked example');
  const seed = row(example, 'seed');
  const salt = row(example, 'salt');
  /** The draws table: raw number, value, position, bound, limit, j (or "thrown away"). */
  const draws = [...example.matchAll(/^\| (\d+) +\| (\d+) +\| (\d+) +\| (\d+) +\| (\d+) +\| ([^|]+?) +\|$/gm)].map((match) => ({
    index: Number(match[1]),
    value: Number(match[2]),
    position: Number(match[3]),
    bound: Number(match[4]),
    limit: Number(match[5]),
    j: /^\d+$/.test(match[6]!) ? Number(match[6]) : null,
  }));

  it('shows its commitment, raw output, shoe and dealing as the code computes them: a burn of four cards', () => {
    expect(commitmentOf(seed, salt)).toBe(row(example, 'commitment'));
    const raw = rawOutput(seed, 'shoe');
    expect(Array.from({ length: 8 }, raw).join(' ')).toBe(row(example, 'raw output, `shoe`, block 0'));
    expectShoeRows(example, seed, 8);
    expect(dealtShoeOf(seed, 8).burn).toHaveLength(4);
  });

  it("shows the shuffle's first draws as the code draws them, a raw number thrown away among them", () => {
    expect(draws.map((draw) => draw.index)).toEqual([0, 1, 2, 3, 4, 5]);
    const raw = rawOutput(seed, 'shoe');
    // The tables' own generator, asked for the same bounds in the same order, gives the same j's.
    const below = fairRandom(seed, 'shoe');
    let position = 8 * 52 - 1;
    for (const draw of draws) {
      expect(draw.value).toBe(raw());
      expect(draw.position).toBe(position);
      expect(draw.bound).toBe(position + 1);
      expect(draw.limit).toBe(2 ** 32 - (2 ** 32 % draw.bound));
      if (draw.j === null) {
        expect(draw.value).toBeGreaterThanOrEqual(draw.limit);
        continue;
      }
      expect(draw.value).toBeLessThan(draw.limit);
      expect(draw.j).toBe(draw.value % draw.bound);
      expect(below(draw.bound)).toBe(draw.j);
      position--;
    }
    expect(draws.filter((draw) => draw.j === null)).toHaveLength(1);
    // Had the number thrown away been kept, the shoe would be another.
    expect(fairShoe(seed, 8).map(formatCard)).not.toEqual(shuffledKeepingEverything(seed, 8));
  });

  it('is printed by scripts/fairness-examples.ts as the page shows it', () => {
    const printed = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/fairness-examples.ts'], { encoding: 'utf8' });
    const rowsOf = (text: string) =>
      text
        .split('\n')
        .filter((line) => /^\| [^ -]/.test(line))
        .map((line) =>
          line
            .split('|')
            .map((cell) => cell.trim())
            .join('|'),
        );
    for (const heading of ['A worked example', 'A second worked example'])
      expect(rowsOf(section(heading))).toEqual(rowsOf(printed.split(`### ${heading}\n`)[1]!.split('\n### ')[0]!));
  });
});

/** The shoe a verifier would get that took every raw number, none thrown away (x mod (i + 1)). */
function shuffledKeepingEverything(seed: string, decks: number): string[] {
  const raw = rawOutput(seed, 'shoe');
  const order = freshShoe(decks).map(formatCard);
  for (let i = order.length - 1; i > 0; i--) {
    const j = raw() % (i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

describe("docs/FAIRNESS.md's Python", () => {
  const python = spawnSync('python3', ['--version']).status === 0;
  const code = /^```python\n([\s\S]*?)^```$/m.exec(page)![1]!;

  it.skipIf(!python)('gives the values of both examples, and deals the shoes the tables deal for any seed and number of decks', () => {
    const seeds = [row(section('A worked example'), 'seed'), row(section('A second worked example'), 'seed')];
    for (let k = 0; k < 20; k++) seeds.push(commitmentOf(`${k}`.padStart(64, '0'), '0'.repeat(32)));
    const cases = seeds.map((seed, index) => ({ seed, decks: index < 2 ? 8 : 6 + (index % 7) }));
    const harness = `${code}\nimport json, sys\nfor case in json.loads(sys.argv[1]):\n    burn, rounds = deal_shoe(shoe(case["seed"], case["decks"]))\n    print(json.dumps({"dice": dice(case["seed"]), "burn": burn, "rounds": rounds}))\n`;
    const run = spawnSync('python3', ['-c', harness, JSON.stringify(cases)], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    const answers = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(answers).toEqual(
      cases.map(({ seed, decks }) => {
        const dealt = dealtShoeOf(seed, decks);
        return { dice: fairDice(seed), burn: dealt.burn.map(formatCard), rounds: dealt.rounds.map((round) => round.map(formatCard)) };
      }),
    );
  });
});
