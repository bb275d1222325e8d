import type { TableRecord } from './table-records';
import { toRecord } from '../kernel/items';
import { gameOf, type GameTypes, type TableGame } from '../../rules/games';

/** Tables stored before a table's gate shards were a setting have this many. */
const SHARDS_BEFORE_THE_SETTING = 64;

/**
 * A table item read back as its record, with what older items lack filled in as they were
 * played: 64 gate shards, and the options the game says it played by (rules/game.ts, storedOptions). Every path a table is read by goes through here (a table read, the lobby, the stream),
 * so that no reader needs a default of its own.
 */
export function tableOfItem(item: Record<string, unknown>): TableRecord {
  const stored = toRecord<TableRecord & { betShards?: number }>(item);
  const options = (gameOf(stored.game) as TableGame<GameTypes>).storedOptions(stored.options);
  return { ...stored, betShards: stored.betShards ?? SHARDS_BEFORE_THE_SETTING, options } as TableRecord;
}
