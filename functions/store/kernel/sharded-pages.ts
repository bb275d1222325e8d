import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './db';
import { toRecord } from './items';

/**
 * A page through items the `book` index spreads over several partitions (a partner's wallet
 * calls, a partner's activity), in the order of their `bookSk` across all of them: each
 * partition is read from the same place, at most `first` items each, and their pages merged.
 */

/** One partition's page: its items in `bookSk` order, and whether it has more than it gave. */
export interface ShardPage<T> {
  readonly items: readonly T[];
  readonly more: boolean;
}

/**
 * The first `first` items of the partitions' pages, in the order `keyOf` gives (the item's
 * `bookSk`), and whether more may follow. A partition that has more than it gave (its `first`,
 * or DynamoDB's 1 MB a page) bounds the page: no item past its last one is given, since its next
 * ones may come before them. Keys compare as the index does, byte by byte (ASCII keys: code units
 * order them as bytes do), never by collation. Pure.
 */
export function mergedShardPage<T>(
  shards: readonly ShardPage<T>[],
  first: number,
  keyOf: (item: T) => string,
): { readonly items: T[]; readonly more: boolean } {
  const bounds = shards.filter((shard) => shard.more && shard.items.length > 0).map((shard) => keyOf(shard.items.at(-1)!));
  const bound = bounds.length ? bounds.reduce((least, key) => (key < least ? key : least)) : undefined;
  const merged = shards
    .flatMap((shard) => shard.items)
    .map((item) => ({ item, key: keyOf(item) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .filter(({ key }) => bound === undefined || key <= bound)
    .map(({ item }) => item);
  return { items: merged.slice(0, first), more: merged.length > first || shards.some((shard) => shard.more) };
}

/** An item of a `book` partition, with its place there. */
export interface BookEntry<T> {
  readonly record: T;
  readonly bookSk: string;
}

/**
 * Up to `first` items of the `book` partitions `partitions` whose `bookSk` is from `from` to `to`
 * (both inclusive), merged in `bookSk` order (mergedShardPage), each with its `bookSk`.
 */
export async function shardedBookPage<T>(
  db: Db,
  partitions: readonly string[],
  { from, to, first }: { readonly from: string; readonly to: string; readonly first: number },
): Promise<{ readonly items: BookEntry<T>[]; readonly more: boolean }> {
  const shards = await Promise.all(
    partitions.map(async (pk) => {
      const page = await db.doc.send(
        new QueryCommand({
          TableName: db.tableName,
          IndexName: 'book',
          KeyConditionExpression: 'bookPk = :pk AND bookSk BETWEEN :from AND :to',
          ExpressionAttributeValues: { ':pk': pk, ':from': from, ':to': to },
          Limit: first,
        }),
      );
      const items = (page.Items ?? []).map((item) => ({ record: toRecord<T>(item), bookSk: item.bookSk as string }));
      return { items, more: page.LastEvaluatedKey !== undefined };
    }),
  );
  return mergedShardPage(shards, first, (entry) => entry.bookSk);
}
