/** docs/FAIRNESS.md's worked example is what the tables' generator computes, so that a verifier built from the page agrees with the tables. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commitmentOf, rawOutput } from '../../functions/fairness/fair-random';
import { fairDice, fairShoe } from '../../functions/fairness/fair-dealing';
import { formatCard } from '../../functions/rules/baccarat/cards';
import { dealtShoeOf } from '../../functions/fairness/rng-shoe';

const page = readFileSync(new URL('../../docs/FAIRNESS.md', import.meta.url), 'utf8');
/** The value in the worked example's row that starts with `label`. */
const row = (label: string): string => {
  // Cells padded to the column's width, as prettier lays a table out.
  const match = new RegExp(`^\\| ${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} *\\| \`([^\`]+)\` *\\|$`, 'm').exec(page);
  if (!match) throw new Error(`docs/FAIRNESS.md has no row "${label}"`);
  return match[1]!;
};

describe("docs/FAIRNESS.md's worked example", () => {
  const seed = row('seed');
  const salt = row('salt');

  it('commits to the seed and salt as the code does', () => {
    expect(commitmentOf(seed, salt)).toBe(row('commitment'));
  });

  it("shows the seed's raw output, dice, shoe and its dealing as the code draws them", () => {
    const raw = rawOutput(seed, 'dice');
    expect(Array.from({ length: 8 }, raw).join(' ')).toBe(row('raw output, `dice`, block 0'));
    expect(fairDice(seed).join(' ')).toBe(row('dice'));
    const shoe = fairShoe(seed, 8).map(formatCard);
    expect(shoe.slice(0, 12).join(' ')).toBe(row('8-deck shoe, first 12 cards'));
    expect(shoe.slice(-4).join(' ')).toBe(row('8-deck shoe, last 4 cards'));
    const dealt = dealtShoeOf(seed, 8);
    expect(dealt.burn.map(formatCard).join(' ')).toBe(row('8-deck shoe, burn'));
    expect(dealt.rounds[0]!.map(formatCard).join(' ')).toBe(row('8-deck shoe, round 1'));
    expect(dealt.rounds[1]!.map(formatCard).join(' ')).toBe(row('8-deck shoe, round 2'));
    expect(String(dealt.rounds.length)).toBe(row('8-deck shoe, rounds'));
  });
});
