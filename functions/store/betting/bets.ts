import { GetCommand, QueryCommand, TransactGetCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../kernel/db';
import { batchGet } from '../kernel/batch-get';
import { betKey, layoutPrefix, ownerPk, parseBetId, shardOf, shardPk } from '../kernel/keys';
import { toRecord } from '../kernel/items';
import type { BetRecord } from './bet-records';
import { isPosition, type PositionRecord } from './positions';
import { everyShard } from './shard-set';
import { tableDefinition } from '../kernel/table-definition';

const LAYOUT_INDEX = tableDefinition.localSecondaryIndexes[0].indexName;
const OWNER_INDEX = tableDefinition.globalSecondaryIndexes[0].indexName;

/**
 * Every open bet of a table of `shards` shards (keys.ts, betShardsOf), read strongly consistent
 * from the `layout` index of every shard at once. Decided bets are not read.
 */
export const listOpenBets = (db: Db, tableId: string, shards: number): Promise<BetRecord[]> => openBetsIn(db, tableId, everyShard(shards));

/** The open bets in some of a table's shards, read as listOpenBets reads them: an outcome is settled against exactly these. */
export async function openBetsIn(db: Db, tableId: string, shards: readonly number[]): Promise<BetRecord[]> {
  const layouts = await Promise.all(shards.map((shard) => layoutOfShard(db, shardPk(tableId, shard))));
  return layouts.flat().filter((item): item is BetRecord => !isPosition(item));
}

/** One player at a table of `shards` shards: their open bets and their position (the lock their bets move), in one query. */
export async function getPlayerLayout(
  db: Db,
  tableId: string,
  playerId: string,
  shards: number,
): Promise<{ bets: BetRecord[]; positionVersion: number }> {
  const items = await layoutOfShard(db, shardPk(tableId, shardOf(playerId, shards)), layoutPrefix(playerId));
  const position = items.find(isPosition);
  return { bets: items.filter((item): item is BetRecord => !isPosition(item)), positionVersion: position?.version ?? 0 };
}

/** One player's open bets at a table. */
export const listPlayerOpenBets = async (db: Db, tableId: string, playerId: string, shards: number): Promise<BetRecord[]> =>
  (await getPlayerLayout(db, tableId, playerId, shards)).bets;

function layoutOfShard(db: Db, pk: string, prefix?: string): Promise<(BetRecord | PositionRecord)[]> {
  return queryAll<BetRecord | PositionRecord>(db, {
    TableName: db.tableName,
    IndexName: LAYOUT_INDEX,
    KeyConditionExpression: prefix === undefined ? 'pk = :pk' : 'pk = :pk AND begins_with(layoutSk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ...(prefix === undefined ? {} : { ':prefix': prefix }) },
    ConsistentRead: true,
  });
}

/** A bet wherever it is in its life, open or decided: one read, its id says where. */
export async function getBet(db: Db, id: string): Promise<BetRecord | undefined> {
  const parsed = parseBetId(id);
  if (!parsed) return undefined;
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: betKey(parsed.tableId, parsed.betKey), ConsistentRead: true }),
  );
  return Item ? toRecord<BetRecord>(Item) : undefined;
}

/** Bets by id, in the order asked (missing ones left out), 100 per request. */
export async function getBets(db: Db, ids: readonly string[]): Promise<BetRecord[]> {
  const keys = ids
    .map(parseBetId)
    .filter((parsed) => parsed !== undefined)
    .map(({ tableId, betKey: key }) => betKey(tableId, key));
  const found = new Map((await batchGet<BetRecord>(db, keys, { consistent: true })).map((bet) => [bet.id, bet]));
  return ids.map((id) => found.get(id)).filter((bet) => bet !== undefined);
}

/**
 * Bets by id as of one moment (a transactional read, 100 at most): no transaction is seen half
 * applied, as BatchGetItem, which reads each item on its own, could see one.
 */
export async function getBetsTogether(db: Db, ids: readonly string[]): Promise<BetRecord[]> {
  if (ids.length > 100) throw new Error(`getBetsTogether reads at most 100 bets, not ${ids.length}`);
  const keys = ids.map((id) => parseBetId(id)).map((parsed) => betKey(parsed!.tableId, parsed!.betKey));
  const { Responses = [] } = await db.doc.send(
    new TransactGetCommand({ TransactItems: keys.map((Key) => ({ Get: { TableName: db.tableName, Key: { ...Key } } })) }),
  );
  return Responses.flatMap((response) => (response.Item ? [toRecord<BetRecord>(response.Item)] : []));
}

/** A player's most recent bets, newest first (index: eventually consistent, for display only). */
export async function listPlayerBets(db: Db, playerId: string, limit: number): Promise<BetRecord[]> {
  const { Items = [] } = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      IndexName: OWNER_INDEX,
      KeyConditionExpression: 'ownerPk = :owner',
      ExpressionAttributeValues: { ':owner': ownerPk(playerId) },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return Items.map((item) => toRecord<BetRecord>(item));
}

export async function queryAll<T>(db: Db, input: QueryCommandInput): Promise<T[]> {
  const records: T[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(new QueryCommand({ ...input, ExclusiveStartKey }));
    for (const item of page.Items ?? []) records.push(toRecord<T>(item));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return records;
}
