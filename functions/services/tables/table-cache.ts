import type { TableRecord } from '../../store/kernel/records';
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

/** Forgets the copy: the next bet reads the table afresh. */
export function forgetTable(deps: ServiceDependencies, tableId: string): void {
  copies.delete(`${deps.db.tableName}\u0000${tableId}`);
}
