import type { TableRecord } from '../../store/tables/table-records';
import { getTableSession } from '../../store/tables/tables';
import type { ServiceDependencies } from '../kernel/services';

/**
 * The table as a bet sees it: a copy at most CACHE_MS old, kept by this process (a Lambda
 * instance). Every bet of a table needs the table's state, and only dealer actions change it, a
 * few times a minute: reading it for each bet would make the table item the hottest read there
 * is. A stale copy is safe for a bet: its gate checks the round in the bet's own transaction, and
 * the round moves whenever the state a bet is validated against moves (an outcome recorded);
 * whatever a stale copy refuses is asked again of a fresh read (see placeBet).
 */
export const CACHE_MS = 1_000;
const MAX_TABLES = 1_000;

const copies = new Map<string, { readonly table: TableRecord; readonly readAt: number }>();

export async function cachedTable(deps: ServiceDependencies, tableId: string): Promise<TableRecord | undefined> {
  const key = `${deps.db.tableName}\u0000${tableId}`;
  const copy = copies.get(key);
  if (copy && performance.now() - copy.readAt < CACHE_MS) return copy.table;
  const table = await getTableSession(deps.db, tableId, { consistent: false });
  if (table) {
    if (copies.size >= MAX_TABLES) copies.delete(copies.keys().next().value!);
    copies.set(key, { table, readAt: performance.now() });
  } else copies.delete(key);
  return table;
}

/**
 * A table's shard count never changes once it is open, so what this process read of it holds for
 * good: a player's bets are read beside the table (both needed by a bet), not after it, once this
 * process has read the table once.
 */
const shardCounts = new Map<string, number>();

export function rememberBetShards(deps: ServiceDependencies, table: TableRecord): void {
  const key = `${deps.db.tableName}\u0000${table.id}`;
  if (shardCounts.has(key)) return;
  if (shardCounts.size >= MAX_TABLES) shardCounts.delete(shardCounts.keys().next().value!);
  shardCounts.set(key, table.betShards);
}

/** The table's shard count, if this process has read the table; undefined otherwise. */
export const knownBetShards = (deps: ServiceDependencies, tableId: string): number | undefined =>
  shardCounts.get(`${deps.db.tableName}\u0000${tableId}`);

/** Forgets the copy: the next bet reads the table afresh. */
export function forgetTable(deps: ServiceDependencies, tableId: string): void {
  copies.delete(`${deps.db.tableName}\u0000${tableId}`);
}
