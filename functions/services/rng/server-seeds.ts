import { newServerSeed } from '../../fairness/fair-random';
import { dealtShoeOf } from '../../fairness/rng-shoe';
import { formatCard } from '../../rules/baccarat/cards';
import type { SeedRecord, SeedReveal, TableFairness } from '../../store/rng/rng-records';

/**
 * The seeds of a table the server deals and what it publishes of them (docs/FAIRNESS.md): a new
 * seed per craps roll, per baccarat shoe, its commitment on the table before any bet it draws for,
 * the seed revealed with the outcome that ends its use.
 */

/**
 * A new seed for the table (for `shoe` of `decks` decks, at baccarat), and the table's commitment
 * to it as of `at`. A shoe's burn, fixed by its seed, is kept with it: secret until the seed is
 * revealed, then published with it.
 */
export function committedSeed(
  tableId: string,
  at: string,
  { shoe, decks, lastReveal }: { readonly shoe?: number; readonly decks?: number; readonly lastReveal?: SeedReveal } = {},
): { readonly seed: SeedRecord; readonly fairness: TableFairness } {
  const { seed, salt, commitment } = newServerSeed();
  const burn = decks === undefined ? undefined : dealtShoeOf(seed, decks).burn.map(formatCard);
  return {
    seed: { tableId, commitment, seed, salt, ...(shoe !== undefined ? { shoe } : {}), ...(burn ? { burn } : {}), createdAt: at },
    fairness: { commitment, ...(shoe !== undefined ? { shoe } : {}), publishedAt: at, ...(lastReveal ? { lastReveal } : {}) },
  };
}

/** What revealing `seed` as of `at` publishes. */
export const revealOf = (seed: SeedRecord, at: string): SeedReveal => ({
  commitment: seed.commitment,
  seed: seed.seed,
  salt: seed.salt,
  ...(seed.shoe !== undefined ? { shoe: seed.shoe } : {}),
  ...(seed.burn ? { burn: seed.burn } : {}),
  revealedAt: at,
});
