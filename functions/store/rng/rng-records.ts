/** What the server keeps to deal a table on its own (docs/FAIRNESS.md): its seeds, their commitments and reveals, its round loop's claim. */

/** A table's public commitment, and the last seed it revealed. */
export interface TableFairness {
  /** SHA-256 of the salt and the secret seed the next roll (craps) or the shoe in play (baccarat) is drawn from. */
  readonly commitment: string;
  /** Baccarat: the shoe it is for. */
  readonly shoe?: number;
  /** When it was published: before any bet it draws for. */
  readonly publishedAt: string;
  /** The last seed revealed: the last roll's (craps), the last shoe's (baccarat); absent before the first. */
  readonly lastReveal?: SeedReveal;
}

/** A seed revealed once what it drew is over (docs/FAIRNESS.md): anyone checks it against its commitment. */
export interface SeedReveal {
  readonly commitment: string;
  readonly seed: string;
  readonly salt: string;
  /** Baccarat: the shoe it dealt. */
  readonly shoe?: number;
  /** Baccarat: the shoe's burn, its cards as dealt ("10H"), published with the seed (absent on shoes revealed before it was). */
  readonly burn?: string[];
  readonly revealedAt: string;
}

/**
 * A server seed of a table the server deals, kept apart from the table (never streamed to live
 * subscribers, never read by the API until `revealedAt` is set).
 */
export interface SeedRecord {
  readonly tableId: string;
  readonly commitment: string;
  readonly seed: string;
  readonly salt: string;
  /** Baccarat: the shoe it deals. */
  readonly shoe?: number;
  readonly createdAt: string;
  /** Set in the transaction that records the last outcome it drew: from then on it is public. */
  readonly revealedAt?: string;
  /** Baccarat: the shoe's burn, its cards as dealt ("10H"), fixed by the seed and written with it: secret until `revealedAt` (absent on seeds written before burns were kept). */
  readonly burn?: string[];
}

/** The round loop's claim on a table the server deals (services/rounds/rng-loop.ts). */
export interface RngLoopRecord {
  readonly tableId: string;
  /** The message now due to step the table: any other is stale and dropped. */
  readonly token: string;
  /** When that message steps the table. */
  readonly dueAt: string;
}
