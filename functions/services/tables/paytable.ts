import type { JackpotPaytableEntry } from '../../rules/baccarat/paytable';
import { gameOf } from '../../rules/games';
import type { PaytableEntry } from '../../rules/paytable';
import type { TableRecord } from '../../store/tables/table-records';

export type PaytableBetEntry = PaytableEntry & { readonly minimum: number; readonly maximum: number };

export interface TablePaytable {
  readonly entries: readonly PaytableBetEntry[];
  readonly jackpot: readonly JackpotPaytableEntry[] | null;
}

/** Paytables computed in this process, by the options they were computed for: a handful of variants serve every table. */
const computed = new Map<string, Promise<TablePaytable>>();
const KEPT = 64;

/**
 * What a table pays, computed by its game's rules for its exact options (decks, commission, Field
 * 12, the come-out flags, the jackpot's prize table), with each bet type's limits. The exact
 * reports take tens of milliseconds (a tenth of a second with a jackpot's combinations), and a
 * front end asks at every page load: each variant is computed once per process.
 */
export function tablePaytable(table: TableRecord): Promise<TablePaytable> {
  const key = JSON.stringify([table.game, table.options]);
  const known = computed.get(key);
  if (known) return known;
  const limits: Readonly<Record<string, { minimum: number; maximum: number }>> = table.options.limits;
  const paytable = gameOf(table.game)
    .paytable(table.options)
    .then(({ entries, jackpot }) => ({ entries: entries.map((entry) => ({ ...entry, ...limits[entry.type]! })), jackpot }));
  if (computed.size >= KEPT) computed.delete(computed.keys().next().value!);
  computed.set(key, paytable);
  // A failure is not kept: the next reader computes it again.
  paytable.catch(() => computed.delete(key));
  return paytable;
}
