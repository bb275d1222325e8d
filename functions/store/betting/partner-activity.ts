import type { Db } from '../kernel/db';
import { ACTIVITY_SHARDS, activityPk } from '../kernel/keys';
import { shardedBookPage, type BookEntry } from '../kernel/sharded-pages';
import type { BetRecord } from './bet-records';

/**
 * Up to `first` of a partner's bets whose place in its activity feed (`<changedAt>#<betId>`,
 * keys.ts activitySk) is from `from` to `to`, in that order across the feed's partitions, and
 * whether more may follow. Read from the `book` index: eventually consistent.
 */
export const partnerActivityPage = (
  db: Db,
  partner: string,
  range: { readonly from: string; readonly to: string; readonly first: number },
): Promise<{ readonly items: BookEntry<BetRecord>[]; readonly more: boolean }> =>
  shardedBookPage<BetRecord>(
    db,
    Array.from({ length: ACTIVITY_SHARDS }, (_, shard) => activityPk(partner, shard)),
    range,
  );
