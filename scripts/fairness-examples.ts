/**
 * Prints docs/FAIRNESS.md's worked examples, computed by the tables' own code (functions/fairness):
 *
 *   npx tsx scripts/fairness-examples.ts
 *
 * test/docs/fairness.test.ts recomputes every value the page shows from the same code, so the page
 * cannot drift from it. The second example's seed is the first, counting up from 0, whose 8-deck
 * shoe throws a raw number away within its first block (`--search` finds it again).
 */
import { parseArgs } from 'node:util';
import { commitmentOf, rawOutput } from '../functions/fairness/fair-random';
import { fairDice, fairShoe } from '../functions/fairness/fair-dealing';
import { dealtShoeOf } from '../functions/fairness/rng-shoe';
import { formatCard, type Card } from '../functions/rules/baccarat/cards';

const TWO_32 = 2 ** 32;
const cards = (list: readonly Card[]) => list.map(formatCard).join(' ');
const row = (label: string, value: string) => `| ${label} | \`${value}\` |`;

/** The raw numbers a shoe's Fisher-Yates takes, in order, each with the position it is drawn for and what became of it. */
export function shuffleDraws(seed: string, decks: number, count: number) {
  const next = rawOutput(seed, 'shoe');
  const draws: { index: number; value: number; position: number; bound: number; limit: number; j: number | null }[] = [];
  for (let position = decks * 52 - 1; position > 0 && draws.length < count; position--) {
    const bound = position + 1;
    const limit = TWO_32 - (TWO_32 % bound);
    for (;;) {
      const value = next();
      const kept = value < limit;
      draws.push({ index: draws.length, value, position, bound, limit, j: kept ? value % bound : null });
      if (kept) break;
    }
  }
  return draws;
}

function example(seed: string, salt: string, decks: number, { dice = false, draws = 0 } = {}): string[] {
  const shoe = fairShoe(seed, decks);
  const dealt = dealtShoeOf(seed, decks);
  const raw = rawOutput(seed, dice ? 'dice' : 'shoe');
  const lines = ['|  |  |', '| --- | --- |', row('seed', seed), row('salt', salt), row('commitment', commitmentOf(seed, salt))];
  lines.push(row(`raw output, \`${dice ? 'dice' : 'shoe'}\`, block 0`, Array.from({ length: 8 }, raw).join(' ')));
  if (dice) lines.push(row('dice', fairDice(seed).join(' ')));
  const name = `${decks}-deck shoe`;
  lines.push(row(`${name}, first 12 cards`, cards(shoe.slice(0, 12))), row(`${name}, last 4 cards`, cards(shoe.slice(-4))));
  lines.push(row(`${name}, burn`, cards(dealt.burn)));
  lines.push(row(`${name}, round 1`, cards(dealt.rounds[0]!)), row(`${name}, round 2`, cards(dealt.rounds[1]!)));
  lines.push(row(`${name}, rounds`, String(dealt.rounds.length)));
  if (draws > 0) {
    lines.push('', '| raw number | value | for position _i_ | _i_ + 1 | limit | _j_ |', '| --- | --- | --- | --- | --- | --- |');
    for (const draw of shuffleDraws(seed, decks, draws))
      lines.push(
        `| ${draw.index} | ${draw.value} | ${draw.position} | ${draw.bound} | ${draw.limit} | ${draw.j ?? 'thrown away: ≥ limit'} |`,
      );
  }
  return lines;
}

/** The first seed, counting up from 0, whose `decks`-deck shoe throws a raw number away within its first block. */
function search(decks: number): string {
  for (let k = 0; ; k++) {
    const seed = k.toString(16).padStart(64, '0');
    if (shuffleDraws(seed, decks, 8).some((draw) => draw.j === null)) return seed;
  }
}

const { values } = parseArgs({ options: { search: { type: 'boolean' } } });
const second = values.search ? search(8) : '000000000000000000000000000000000000000000000000000000000004cb49';
process.stdout.write(
  [
    '### A worked example',
    '',
    ...example('000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f', 'f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff', 8, { dice: true }),
    '',
    '### A second worked example',
    '',
    ...example(second, '00112233445566778899aabbccddeeff', 8, { draws: 6 }),
    '',
  ].join('\n'),
);
