/**
 * How widely a stage's store spreads what many writers share (docs/DATA-MODEL.md, "Partition
 * counts"): a stage's setting, the same in every function of the stage (infra: `storePartitions`;
 * the functions' STORE_PARTITIONS, `book=4,live=4,tableBets=4,wallet=4`, each key optional), read
 * once when a process starts.
 * - A small stage (a pilot, the tests) reads and writes fewer all-but-empty partitions for each
 *   audit, report, live event, round and sweep of wallet calls; a busy one needs the defaults, so
 *   that no partition takes a ceiling's worth of writes.
 * - The book's, live topics' and wallet calls' readers read every partition of the count and writers
 *   pick one of them: those may be raised on a stage holding data (the new partitions hold the old),
 *   never lowered.
 * - A table keeps the bet shards it opened with (keys.ts): `tableBets` only chooses a new table's.
 */
export interface StorePartitions {
  /** The ledger's `book` index: partitions per currency (audits, daily reports read them all). */
  readonly book: number;
  /** A live topic's subscriptions: partitions per table, pool or lobby topic (each event reads them all). */
  readonly live: number;
  /** The bet shards of a table opened without a count (`openTable`'s `betShards`). */
  readonly tableBets: number;
  /** Seamless partners' wallet calls: the partitions of the calls due (each sweep reads them all) and of a partner's calls (each report). */
  readonly wallet: number;
}

/** What a stage gets unless its setting says otherwise: the counts the busiest tables are measured at (BENCHMARKS.md). */
export const DEFAULT_PARTITIONS: StorePartitions = { book: 64, live: 16, tableBets: 64, wallet: 16 };

/**
 * Each count's bounds: never below 4, so that no partition is written by every journal, viewer or
 * bet of a table; the book, live topics and wallet calls never above their defaults, the counts the
 * read budgets (graphql/request-limits.ts) and the fan-out are sized for; a table's shards as
 * `openTable` allows.
 */
export const PARTITION_BOUNDS: Readonly<Record<keyof StorePartitions, { readonly min: number; readonly max: number }>> = {
  book: { min: 4, max: 64 },
  live: { min: 4, max: 16 },
  tableBets: { min: 4, max: 512 },
  wallet: { min: 4, max: 16 },
};

/** The counts a setting names (`key=count`, comma-separated; absent keys keep their defaults); throws on anything else. */
export function partitionsFrom(setting: string | undefined): StorePartitions {
  const counts: Record<string, number> = { ...DEFAULT_PARTITIONS };
  for (const entry of (setting ?? '').split(',').filter((part) => part.trim() !== '')) {
    const [key, value, ...rest] = entry.split('=').map((part) => part.trim());
    const bounds = PARTITION_BOUNDS[key as keyof StorePartitions] as (typeof PARTITION_BOUNDS)['book'] | undefined;
    const count = Number(value);
    if (!bounds || rest.length > 0 || !/^\d+$/.test(value ?? '') || count < bounds.min || count > bounds.max) {
      throw new Error(`STORE_PARTITIONS: ${JSON.stringify(entry)} is not one of ${partitionSettingShape()}`);
    }
    counts[key as keyof StorePartitions] = count;
  }
  return counts as unknown as StorePartitions;
}

/** The setting that names `partitions` (the stack gives its functions this). */
export const partitionSetting = (partitions: StorePartitions): string =>
  Object.keys(PARTITION_BOUNDS)
    .map((key) => `${key}=${partitions[key as keyof StorePartitions]}`)
    .join(',');

/** The setting's form, for its error messages (here and in infra). */
export const partitionSettingShape = (): string =>
  Object.entries(PARTITION_BOUNDS)
    .map(([key, { min, max }]) => `${key}=<${min} to ${max}>`)
    .join(', ');

/** This process's counts: every function of a stage gets the same STORE_PARTITIONS from the stack. */
export const STORE_PARTITIONS: StorePartitions = partitionsFrom(process.env.STORE_PARTITIONS);
