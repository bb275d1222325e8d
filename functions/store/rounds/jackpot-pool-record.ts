/** A progressive jackpot pool is an item of its own, apart from the tables that feed it (several may share one). */
import type { JackpotConfig } from '../../rules/baccarat';

/** A progressive jackpot pool (art. 17): grows from a share of each jackpot bet, pays prizes. */
export interface JackpotPoolRecord {
  readonly id: string;
  readonly currency: string;
  /** What the pool holds now, in minor units. */
  readonly amount: number;
  /** What the pool restarts from after a whole-pool prize (house money) [interpretation, docs/RULES.md]. */
  readonly seed: number;
  /**
   * The prize table every table feeding the pool pays by (modality, fixed amounts, approval,
   * art. 17): kept on the pool, so tables sharing its money cannot pay different prizes from it.
   */
  readonly prizes: JackpotConfig;
  readonly version: number;
  readonly createdAt: string;
  /** The operator who opened the pool. */
  readonly createdBy?: string;
  /** The client's key the pool was opened with, if any (services/kernel/creation-keys.ts). */
  readonly creationKey?: { readonly key: string; readonly fingerprint: string };
}
