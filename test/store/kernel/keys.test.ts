/**
 * A bet's id carries its table and its key, and its key its gate shard: two digits below 100,
 * three from 100 to 511 (a table has at most 512 shards), so that the id alone finds the item.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_BET_SHARDS, MIN_BET_SHARDS, betId, newBetKey, parseBetId, shardOf, shardOfBetKey } from '../../../functions/store/kernel/keys';

describe('a bet key', () => {
  it("names its player's shard at any table size, and parses back to it", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 40 }),
        fc.integer({ min: MIN_BET_SHARDS, max: MAX_BET_SHARDS }),
        fc.uuid(),
        (player, shards, id) => {
          const key = newBetKey(player, shards, id);
          expect(shardOfBetKey(key)).toBe(shardOf(player, shards));
          expect(shardOf(player, shards)).toBeLessThan(shards);
          expect(parseBetId(betId('table-1', key))).toEqual({ tableId: 'table-1', betKey: key });
        },
      ),
    );
  });

  it('keeps the two-digit form of the shards below 100, as bets stored before 512 shards have it', () => {
    expect(shardOfBetKey('07-abc')).toBe(7);
    expect(shardOfBetKey('63-abc')).toBe(63);
    expect(shardOfBetKey('311-abc')).toBe(311);
    expect(shardOfBetKey('511-abc')).toBe(511);
  });

  it('is refused past the largest shard, in a non-canonical form, or without its dash', () => {
    for (const key of ['512-abc', '999-abc', '007-abc', '7-abc', '1234-abc', '07abc', '-07-abc', 'ab-cd', ''])
      expect(() => shardOfBetKey(key), key).toThrow(/not a bet key/);
    expect(parseBetId('table-1.512-abc')).toBeUndefined();
  });
});
