import type { DealRecord } from '../../store/kernel/records';
import { getRevealedSeed } from '../../store/rng/seeds';
import type { ServiceDependencies } from '../kernel/services';

/** How a roll or deal the server dealt can be checked, as the API shows it (docs/FAIRNESS.md). */
export interface OutcomeFairnessView {
  readonly commitment: string;
  readonly seed: string | null;
  readonly salt: string | null;
}

/**
 * A deal the server dealt: its shoe's commitment, and the shoe's seed once revealed (read from the
 * seed item, once per shoe per request: `revealed` holds what this request read).
 */
export async function dealFairness(
  deps: ServiceDependencies,
  deal: DealRecord,
  revealed: Map<string, Promise<{ seed: string; salt: string } | undefined>>,
): Promise<OutcomeFairnessView | null> {
  const commitment = deal.fairness?.commitment;
  if (commitment === undefined) return null;
  const key = `${deal.tableId} ${commitment}`;
  let reveal = revealed.get(key);
  if (!reveal) {
    reveal = getRevealedSeed(deps.db, deal.tableId, commitment).then((seed) => seed && { seed: seed.seed, salt: seed.salt });
    revealed.set(key, reveal);
  }
  const seed = await reveal;
  return { commitment, seed: seed?.seed ?? null, salt: seed?.salt ?? null };
}
