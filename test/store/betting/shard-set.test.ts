/**
 * The shards that held bets when betting closed, as the table item keeps them (shard-set.ts): a
 * hex bitmap that gives back exactly the shards written, and the shards a settlement reads.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { shardSetText, shardsOfSet, shardsToSettle } from '../../../functions/store/betting/shard-set';
import { MAX_BET_SHARDS, MIN_BET_SHARDS } from '../../../functions/store/kernel/keys';

describe('a shard set', () => {
  it('is four shards a hex digit, lowest first', () => {
    expect(shardSetText([], 4)).toBe('0');
    expect(shardSetText([0, 3], 4)).toBe('9');
    expect(shardSetText([1, 4, 511], 512)).toBe(`21${'0'.repeat(125)}8`);
  });

  it('gives back exactly the shards written, in order, at every table size', () => {
    const table = fc.integer({ min: MIN_BET_SHARDS, max: MAX_BET_SHARDS });
    fc.assert(
      fc.property(
        table.chain((betShards) => fc.tuple(fc.constant(betShards), fc.uniqueArray(fc.nat(betShards - 1), { maxLength: betShards }))),
        ([betShards, shards]) => {
          const text = shardSetText(shards, betShards);
          expect(text).toHaveLength(Math.ceil(betShards / 4));
          expect(shardsOfSet(text)).toEqual([...shards].sort((a, b) => a - b));
        },
      ),
    );
  });

  it('refuses a shard the table does not have, and text that is not hex', () => {
    expect(() => shardSetText([4], 4)).toThrow(RangeError);
    expect(() => shardSetText([-1], 4)).toThrow(RangeError);
    expect(() => shardsOfSet('0g')).toThrow(RangeError);
  });
});

describe('the shards a settlement reads', () => {
  it('are those that held bets when betting closed; every shard of a table closed before they were kept', () => {
    expect(shardsToSettle({ betShards: 8, shardsWithBets: shardSetText([2, 7], 8) })).toEqual([2, 7]);
    expect(shardsToSettle({ betShards: 8, shardsWithBets: shardSetText([], 8) })).toEqual([]);
    expect(shardsToSettle({ betShards: 4 })).toEqual([0, 1, 2, 3]);
  });
});
