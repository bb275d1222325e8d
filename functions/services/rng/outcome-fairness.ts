import type { DealRecord } from '../../store/rounds/outcome-records';
import { getRevealedSeed } from '../../store/rng/seeds';
import type { ServiceDependencies } from '../kernel/services';

/** How a roll or deal the server dealt can be checked, as the API shows it (docs/FAIRNESS.md). */
export interface OutcomeFairnessView {
  readonly commitment: string;
  readonly seed: string | null;
  readonly salt: string | null;
  /** A deal's: its shoe's burn, with the seed (null until then, and for a shoe revealed before burns were published). */
  readonly burn?: string[] | null;
}

/** What a shoe's seed item shows once revealed: the seed, its salt and the shoe's burn. */
export interface ShoeReveal {
  readonly seed: string;
  readonly salt: string;
  readonly burn?: string[];
}

/**
 * A deal the server dealt: its shoe's commitment, and the shoe's seed and burn once revealed (read
 * from the seed item, once per shoe per request: `revealed` holds what this request read).
 */
export async function dealFairness(
  deps: ServiceDependencies,
  deal: DealRecord,
  revealed: Map<string, Promise<ShoeReveal | undefined>>,
): Promise<OutcomeFairnessView | null> {
  const commitment = deal.fairness?.commitment;
  if (commitment === undefined) return null;
  const key = `${deal.tableId} ${commitment}`;
  let reveal = revealed.get(key);
  if (!reveal) {
    reveal = getRevealedSeed(deps.db, deal.tableId, commitment).then(
      (seed) => seed && { seed: seed.seed, salt: seed.salt, ...(seed.burn ? { burn: seed.burn } : {}) },
    );
    revealed.set(key, reveal);
  }
  const seed = await reveal;
  return { commitment, seed: seed?.seed ?? null, salt: seed?.salt ?? null, burn: seed?.burn ?? null };
}
