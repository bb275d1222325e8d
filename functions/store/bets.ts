import { GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Db } from './db';
import { OPEN_BET_PREFIX, openBetKey, ownerPk, parseBetId, settledBetKey } from './keys';
import { toRecord } from './items';
import type { BetRecord } from './records';
import { tableDefinition } from './table-definition';

/** Every bet on a table's layout, read strongly consistent: an outcome is settled against exactly these. */
export async function listOpenBets(db: Db, tableId: string): Promise<BetRecord[]> {
  const { pk } = openBetKey(tableId, '');
  return queryAll(db, {
    TableName: db.tableName,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': OPEN_BET_PREFIX },
    ConsistentRead: true,
  });
}

/** A bet wherever it is now: on the layout, or decided. */
export async function getBet(db: Db, id: string): Promise<BetRecord | undefined> {
  const parsed = parseBetId(id);
  if (!parsed) return undefined;
  for (const key of [openBetKey(parsed.tableId, parsed.betKey), settledBetKey(parsed.tableId, parsed.betKey)]) {
    const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: key, ConsistentRead: true }));
    if (Item) return toRecord<BetRecord>(Item);
  }
  return undefined;
}

/** A player's most recent bets, newest first (index: eventually consistent, for display only). */
export async function listPlayerBets(db: Db, playerId: string, limit: number): Promise<BetRecord[]> {
  const { Items = [] } = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      IndexName: tableDefinition.globalSecondaryIndexes[0].indexName,
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
