/**
 * A table item read back (store/tables/table-item.ts): a table stored before a setting existed
 * is read as it was played, so that no reader needs a default of its own. Pure.
 */
import { describe, expect, it } from 'vitest';
import { tableOfItem } from '../../../functions/store/tables/table-item';

const stored = (extra: Record<string, unknown>) => ({ pk: 'TABLE#t', sk: 'TABLE', id: 't', status: 'OPEN', ...extra });

describe('a table item', () => {
  it('stored before gate shards were a setting, has 64; one opened since, its own', () => {
    expect(tableOfItem(stored({ game: 'BACCARAT', options: {} })).betShards).toBe(64);
    expect(tableOfItem(stored({ game: 'BACCARAT', options: {}, betShards: 8 })).betShards).toBe(8);
  });

  it('at craps, stored before odds could pass the table maximum, holds them to it; one opened since, as opened', () => {
    expect(tableOfItem(stored({ game: 'CRAPS', options: { field12Pays: 2 } })).options).toEqual({
      field12Pays: 2,
      oddsCappedByTableMaximum: true,
    });
    expect(tableOfItem(stored({ game: 'CRAPS', options: { oddsCappedByTableMaximum: false } })).options).toEqual({
      oddsCappedByTableMaximum: false,
    });
  });

  it('leaves its keys behind', () => {
    expect(tableOfItem(stored({ game: 'BACCARAT', options: {} }))).not.toHaveProperty('pk');
  });
});
