import type { TableRecord } from '../../store/tables/table-records';

/** What every table records whatever its game (the fields the game's own opening does not set). */
export type TableCommon = Omit<TableRecord, 'game' | 'options' | 'state' | 'limitProfiles'>;
