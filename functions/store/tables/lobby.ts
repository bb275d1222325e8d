import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet } from '../kernel/batch-get';
import type { Db } from '../kernel/db';
import { lobbyEntryKey, tableKey, type ItemKey } from '../kernel/keys';
import { toItem, toRecord } from '../kernel/items';
import { tableOfItem } from './table-item';
import type { Game, TableRecord, TableStatus } from './table-records';
import type { TransactAction } from '../kernel/transact-action';

/**
 * The lobby: one small entry per table, in a partition per status, sorted by game and opening
 * time, so that a page of open tables (of one game, or all) is one query and one batch read of
 * the tables. It is written with the table (opened, closed) and by nothing else.
 */
export interface LobbyEntry {
  readonly tableId: string;
  readonly game: Game;
  readonly createdAt: string;
}

const entryKey = (status: TableStatus, table: Pick<TableRecord, 'id' | 'game' | 'createdAt'>): ItemKey =>
  lobbyEntryKey(status, table.game, table.createdAt, table.id);

const entryOf = (table: Pick<TableRecord, 'id' | 'game' | 'createdAt'>): LobbyEntry => ({
  tableId: table.id,
  game: table.game,
  createdAt: table.createdAt,
});

/** The table's entry among the open tables, written with the table. */
export const openTableEntry = (db: Db, table: TableRecord): TransactAction => ({
  Put: { TableName: db.tableName, Item: toItem(entryKey('OPEN', table), entryOf(table)) },
});

/** The open table's entry, written again (for tables opened before the lobby existed). */
export async function ensureLobbyEntry(db: Db, table: TableRecord): Promise<void> {
  await db.doc.send(new PutCommand(openTableEntry(db, table).Put!));
}

/** The table moves from the open tables to the closed ones, in the transaction that closes it. */
export const closedTableEntries = (db: Db, table: TableRecord): TransactAction[] => [
  { Delete: { TableName: db.tableName, Key: entryKey('OPEN', table) } },
  { Put: { TableName: db.tableName, Item: toItem(entryKey('CLOSED', table), entryOf(table)) } },
];

/** A page of the lobby's entries after `after` (the sort key of the last one seen), oldest first. */
export async function lobbyEntries(
  db: Db,
  query: { readonly status: TableStatus; readonly game?: Game; readonly after?: string; readonly limit: number },
): Promise<{ entries: (LobbyEntry & { readonly sk: string })[]; more: boolean }> {
  // The partition is the status's: every game's entries share it.
  const { pk } = lobbyEntryKey(query.status, '', '', '');
  const { Items = [], LastEvaluatedKey } = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: query.game ? 'pk = :pk AND begins_with(sk, :game)' : 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk, ...(query.game ? { ':game': `${query.game}#` } : {}) },
      ...(query.after ? { ExclusiveStartKey: { pk, sk: query.after } } : {}),
      Limit: query.limit,
    }),
  );
  return {
    entries: Items.map((item) => ({ ...toRecord<LobbyEntry>(item), sk: item.sk as string })),
    more: LastEvaluatedKey !== undefined,
  };
}

/** Tables by id (eventually consistent: a lobby's view), in the order asked; missing ones left out. */
export async function getTables(db: Db, ids: readonly string[]): Promise<TableRecord[]> {
  const found = new Map(
    (await batchGet<Record<string, unknown>>(db, ids.map(tableKey), { consistent: false })).map((item) => [
      item.id as string,
      tableOfItem(item),
    ]),
  );
  return ids.flatMap((id) => found.get(id) ?? []);
}
