import type { Card } from '../rules/baccarat/cards';
import { freshShoe } from '../rules/baccarat/shoe';
import { shuffled } from '../rules/seeded-random';
import type { Dice, Die } from '../rules/craps/types';
import { fairRandom } from './fair-random';

/**
 * What a table with no dealer deals, from a server seed (fair-random.ts; docs/FAIRNESS.md gives
 * the same steps for a verifier in any language).
 */

/** A craps round's two dice: each 1 + a fair whole number below 6, from the round's own seed ('dice'). */
export function fairDice(seed: string): Dice {
  const below = fairRandom(seed, 'dice');
  return [(below(6) + 1) as Die, (below(6) + 1) as Die];
}

/**
 * A baccarat shoe of `decks` decks from the shoe's seed ('shoe'): the fresh shoe in its set order
 * (deck after deck; in each, spades, hearts, diamonds, clubs; in each suit, A, 2... 10, J, Q, K),
 * then Fisher-Yates from the last position down: for i = n - 1 down to 1, swap position i with
 * position j, j a fair whole number below i + 1.
 */
export function fairShoe(seed: string, decks: number): Card[] {
  return shuffled(freshShoe(decks), fairRandom(seed, 'shoe'));
}
