import { seededRandom } from '../seeded-random';
import type { Dice, Die } from './types';

/**
 * Reproducible dice for simulations, tests and benchmarks; never for live outcomes (the rules take
 * the dice as input). Not part of the craps rules' index.
 */
export function seededDice(seed: number): () => Dice {
  const below = seededRandom(seed);
  const die = (): Die => (below(6) + 1) as Die;
  return () => [die(), die()];
}
