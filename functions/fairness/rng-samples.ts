import { formatCard } from '../rules/baccarat/cards';
import { fairDice, fairShoe } from './fair-dealing';
import { newServerSeed, rawOutput } from './fair-random';

/**
 * Raw outcomes for a test lab's statistical batteries (`npm run rng-sample`), drawn by the very
 * code a table with no dealer deals with, each from a new server seed as a table takes one per
 * round or shoe. Lines, lazily: a lab may ask for millions.
 */

/** `rolls` craps rounds, one per line: the two dice, as "3 5". */
export function* diceSample(rolls: number): Generator<string> {
  for (let i = 0; i < rolls; i++) yield fairDice(newServerSeed().seed).join(' ');
}

/** `shoes` shuffled shoes of `decks` decks, one per line: every card in dealing order, as "AS 10H KD ...". */
export function* shoeSample(shoes: number, decks: number): Generator<string> {
  for (let i = 0; i < shoes; i++) yield fairShoe(newServerSeed().seed, decks).map(formatCard).join(' ');
}

/**
 * `count` numbers of the generator's raw output, before any scaling to dice or cards: unsigned
 * 32-bit values in decimal, one per line, a new server seed for every block of 8 (one HMAC block).
 */
export function* rawSample(count: number, purpose = 'dice'): Generator<string> {
  let next = rawOutput(newServerSeed().seed, purpose);
  for (let i = 0; i < count; i++) {
    if (i > 0 && i % RAW_PER_BLOCK === 0) next = rawOutput(newServerSeed().seed, purpose);
    yield String(next());
  }
}

const RAW_PER_BLOCK = 8;
