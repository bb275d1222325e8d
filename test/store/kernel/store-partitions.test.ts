/**
 * A stage's partition counts (functions/store/kernel/store-partitions.ts): what STORE_PARTITIONS
 * names, the defaults for what it leaves out, and a refusal, naming the entry, for anything else.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_PARTITIONS, PARTITION_BOUNDS, partitionSetting, partitionsFrom } from '../../../functions/store/kernel/store-partitions';

describe("a stage's partition counts", () => {
  it('are the defaults (64 book, 16 live, 64 bet shards a new table, 16 wallet) where nothing is set', () => {
    expect(DEFAULT_PARTITIONS).toEqual({ book: 64, live: 16, tableBets: 64, wallet: 16 });
    expect(partitionsFrom(undefined)).toEqual(DEFAULT_PARTITIONS);
    expect(partitionsFrom('')).toEqual(DEFAULT_PARTITIONS);
  });

  it('take each count the setting names, in any order, the rest their defaults', () => {
    expect(partitionsFrom('live=4, book=8')).toEqual({ book: 8, live: 4, tableBets: 64, wallet: 16 });
    expect(partitionsFrom('tableBets=512')).toEqual({ book: 64, live: 16, tableBets: 512, wallet: 16 });
    expect(partitionsFrom('wallet=4')).toEqual({ book: 64, live: 16, tableBets: 64, wallet: 4 });
  });

  it('are named back by the setting they were read from', () => {
    const small = { book: 4, live: 4, tableBets: 4, wallet: 4 };
    expect(partitionSetting(small)).toBe('book=4,live=4,tableBets=4,wallet=4');
    expect(partitionsFrom(partitionSetting(small))).toEqual(small);
    expect(partitionsFrom(partitionSetting(DEFAULT_PARTITIONS))).toEqual(DEFAULT_PARTITIONS);
  });

  it.each([
    ['book=3', 'below 4: one partition would take every journal'],
    ['book=65', "past the book's default, which the read budgets are sized for"],
    ['live=17', "past the live topics' default"],
    ['tableBets=513', 'past what openTable allows'],
    ['wallet=17', "past the wallet calls' default, which the read budgets are sized for"],
    ['book=4.5', 'not a whole number'],
    ['book=', 'no count'],
    ['book=4=4', 'two counts'],
    ['shards=4', 'not a count the store has'],
  ])('refuse %s (%s), naming the entry and the form', (setting) => {
    expect(() => partitionsFrom(setting)).toThrow(`STORE_PARTITIONS: ${JSON.stringify(setting)} is not one of book=<4 to 64>`);
  });

  it('bound every count from 4, so that no partition is written by every journal, viewer or bet', () => {
    for (const bounds of Object.values(PARTITION_BOUNDS)) expect(bounds.min).toBe(4);
    for (const [key, count] of Object.entries(DEFAULT_PARTITIONS)) {
      expect(count).toBeLessThanOrEqual(PARTITION_BOUNDS[key as keyof typeof PARTITION_BOUNDS].max);
    }
  });
});
