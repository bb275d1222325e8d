import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../kernel/db';
import { partnerOfPlayer, protectionRefusalsKey, refusalShardOf } from '../kernel/keys';

/**
 * The day's refusals for player protection, by reason (the daily report's), counted as they are
 * answered: one item per partner and shard a day, so that no one item takes every refusal.
 */

/** One more refusal of `code` for `playerId` on `day` (YYYY-MM-DD). */
export async function countRefusal(db: Db, day: string, playerId: string, code: string): Promise<void> {
  await db.doc.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: protectionRefusalsKey(day, partnerOfPlayer(playerId), refusalShardOf(playerId)),
      UpdateExpression: 'ADD #code :one',
      ExpressionAttributeNames: { '#code': code },
      ExpressionAttributeValues: { ':one': 1 },
    }),
  );
}

/** The day's counts by reason: a partner's players' (`partner`), or everyone's (undefined). */
export async function refusalsOfDay(db: Db, day: string, partner: string | undefined): Promise<Map<string, number>> {
  const { pk, sk } = protectionRefusalsKey(day, partner, 0);
  const counts = new Map<string, number>();
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.tableName,
        KeyConditionExpression: partner === undefined ? 'pk = :pk' : 'pk = :pk AND begins_with(sk, :partner)',
        ExpressionAttributeValues: { ':pk': pk, ...(partner === undefined ? {} : { ':partner': sk.slice(0, sk.lastIndexOf('#') + 1) }) },
        ExclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? [])
      for (const [name, value] of Object.entries(item))
        if (name !== 'pk' && name !== 'sk' && typeof value === 'number') counts.set(name, (counts.get(name) ?? 0) + value);
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return counts;
}
