import { shuffled, type RandomBelow } from '../seeded-random';
import type { Card } from './cards';
import { dealRound } from './resolve-deal';
import { freshShoe } from './shoe';

/**
 * Shuffled shoes for simulations, tests and benchmarks (a table with no dealer shuffles with its
 * fair generator: functions/fairness); at a live table the rules take the dealt cards as input
 * and never shuffle. Not part of the baccarat rules' index.
 */

/** A fresh shoe of `decks` decks (freshShoe's order), Fisher-Yates shuffled with `random`: for i from the last position down to 1, swap i with random(i + 1). */
export function shuffledShoe(decks: number, random: RandomBelow): Card[] {
  return shuffled(freshShoe(decks), random);
}

/**
 * Every round of one shoe, dealt by the tableau until fewer than `cutCardReserve` cards are left.
 * Only each shoe's first round is an exact sample of a full-shoe deal; later rounds are very nearly so.
 */
export function roundsOfShoe(shoe: readonly Card[], cutCardReserve = 14): Card[][] {
  const rounds: Card[][] = [];
  let next = 0;
  const draw = (): Card => {
    const card = shoe[next];
    if (!card) throw new Error('shoe exhausted');
    next += 1;
    return card;
  };
  while (shoe.length - next >= Math.max(cutCardReserve, 6)) rounds.push(dealRound(draw));
  return rounds;
}
