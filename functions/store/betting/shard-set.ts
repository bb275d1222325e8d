import type { TableRecord } from '../tables/table-records';

/**
 * The gate shards that held bets when betting closed, as the table item keeps them
 * (TableRecord.shardsWithBets): settling the round reads those shards' layouts only, so a quiet
 * table of many shards costs a query per shard with bets, not one per shard.
 * - Written as a bitmap in hex, four shards a digit, lowest first: 128 characters at 512 shards,
 *   so the table item every request reads stays small.
 */
export function shardSetText(shards: Iterable<number>, betShards: number): string {
  const digits = new Array<number>(Math.ceil(betShards / 4)).fill(0);
  for (const shard of shards) {
    if (!Number.isInteger(shard) || shard < 0 || shard >= betShards) throw new RangeError(`shard ${shard} is not one of ${betShards}`);
    digits[shard >> 2]! |= 1 << (shard & 3);
  }
  return digits.map((digit) => digit.toString(16)).join('');
}

/** The shards a shardSetText names, in order. */
export function shardsOfSet(text: string): number[] {
  if (!/^[0-9a-f]*$/.test(text)) throw new RangeError('a shard set is hex digits');
  const shards: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const digit = parseInt(text[i]!, 16);
    for (let bit = 0; bit < 4; bit++) if (digit & (1 << bit)) shards.push(4 * i + bit);
  }
  return shards;
}

/** Every gate shard of a table of `betShards` shards, in order. */
export const everyShard = (betShards: number): number[] => Array.from({ length: betShards }, (_, shard) => shard);

/**
 * The shards whose layouts settling the table's round reads: those that held bets when betting
 * closed (no bet lands after), or, on a table closed before they were kept, every shard.
 */
export const shardsToSettle = (table: Pick<TableRecord, 'betShards' | 'shardsWithBets'>): number[] =>
  table.shardsWithBets === undefined ? everyShard(table.betShards) : shardsOfSet(table.shardsWithBets);
