import { newServerSeed } from '../../fairness/fair-random';
import type { SeedRecord, SeedReveal, TableFairness } from '../../store/kernel/records';

/**
 * The seeds of a table the server deals and what it publishes of them (docs/FAIRNESS.md): a new
 * seed per craps roll, per baccarat shoe, its commitment on the table before any bet it draws for,
 * the seed revealed with the outcome that ends its use.
 */

/** A new seed for the table (for `shoe`, at baccarat), and the table's commitment to it as of `at`. */
export function committedSeed(
  tableId: string,
  at: string,
  { shoe, lastReveal }: { readonly shoe?: number; readonly lastReveal?: SeedReveal } = {},
): { readonly seed: SeedRecord; readonly fairness: TableFairness } {
  const { seed, salt, commitment } = newServerSeed();
  return {
    seed: { tableId, commitment, seed, salt, ...(shoe !== undefined ? { shoe } : {}), createdAt: at },
    fairness: { commitment, ...(shoe !== undefined ? { shoe } : {}), publishedAt: at, ...(lastReveal ? { lastReveal } : {}) },
  };
}

/** What revealing `seed` as of `at` publishes. */
export const revealOf = (seed: SeedRecord, at: string): SeedReveal => ({
  commitment: seed.commitment,
  seed: seed.seed,
  salt: seed.salt,
  ...(seed.shoe !== undefined ? { shoe: seed.shoe } : {}),
  revealedAt: at,
});
