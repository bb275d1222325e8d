/**
 * A shoe dealt by a table with no dealer (functions/fairness/rng-shoe.ts; docs/RULES.md): the
 * burn its first card calls for, rounds by the tableau, and the last round the first to start at
 * or past the cut card, 14 cards from the end.
 */
import { describe, expect, it } from 'vitest';
import { CUT_CARD_RESERVE, burnCount, dealShoe, dealtShoeOf } from '../../functions/fairness/rng-shoe';
import { newServerSeed } from '../../functions/fairness/fair-random';
import { fairShoe } from '../../functions/fairness/fair-dealing';
import { resolveDeal } from '../../functions/rules/baccarat/resolve-deal';
import { formatCard, RANKS } from '../../functions/rules/baccarat/cards';

describe("a shoe's burn", () => {
  it('is its first card and as many more as that card counts: an ace 1, 2 to 9 their number, a ten or a face 10', () => {
    expect(RANKS.map((rank) => burnCount(rank))).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 11, 11, 11]);
  });
});

describe('a shoe dealt with no dealer', () => {
  const shoes = Array.from({ length: 200 }, () => {
    const seed = newServerSeed().seed;
    return { seed, shoe: fairShoe(seed, 8), dealt: dealtShoeOf(seed, 8) };
  });

  it('burns first, then deals every card in order, each round by the tableau, none left out or dealt twice', () => {
    for (const { shoe, dealt } of shoes) {
      expect(dealt.burn).toEqual(shoe.slice(0, burnCount(shoe[0]!.rank)));
      const used = [...dealt.burn, ...dealt.rounds.flat()];
      expect(used.map(formatCard)).toEqual(shoe.slice(0, used.length).map(formatCard));
      for (const round of dealt.rounds) expect(() => resolveDeal(round)).not.toThrow();
    }
  });

  it('ends with the first round to start at or past the cut card, every earlier round having started before it', () => {
    for (const { shoe, dealt } of shoes) {
      const cut = shoe.length - CUT_CARD_RESERVE;
      let start = dealt.burn.length;
      const starts = dealt.rounds.map((round) => {
        const at = start;
        start += round.length;
        return at;
      });
      expect(starts.slice(0, -1).every((at) => at < cut)).toBe(true);
      expect(starts.at(-1)!).toBeGreaterThanOrEqual(cut);
      expect(start).toBeLessThanOrEqual(shoe.length);
    }
  });

  it('is the same shoe every time its seed is dealt again', () => {
    const { seed, dealt } = shoes[0]!;
    expect(dealtShoeOf(seed, 8)).toEqual(dealt);
    expect(dealShoe(fairShoe(seed, 8))).toEqual(dealt);
  });
});
