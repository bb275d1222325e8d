import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../kernel/db';
import { PROTECTION_CHANGE_PREFIX, accountKey, restrictionKey } from '../kernel/keys';
import { toRecord } from '../kernel/items';
import { protectionChangeAction, versionedPutAction } from './protection-actions';
import type { ProtectionChangeRecord, RestrictionRecord } from './protection-records';
import type { TransactAction } from '../kernel/transact-action';
import { transact } from '../kernel/transact';
import { isRetryable } from '../kernel/transaction-cancellation';
import { UNRESTRICTED } from '../money/transaction-actions';

/**
 * A player's restrictions (docs/PLAYER-PROTECTION.md): one item, which every bet and deposit of
 * theirs checks in its own transaction, so that none lands once a restriction is written, however
 * the two race. Changes are written under the item's version, each with its audit record.
 */

/** The far end of a permanent self-exclusion. */
export const PERMANENT_UNTIL = '9999-12-31T23:59:59.999Z';

/**
 * A bet's or deposit's check that the player may play at `now`: no item, or no restriction
 * running and no block. Pure. A refusal hands the item back (what the player is told).
 */
export function unrestrictedAction(db: Db, playerId: string, now: string): TransactAction {
  return {
    ConditionCheck: {
      TableName: db.tableName,
      Key: restrictionKey(playerId),
      ConditionExpression: `attribute_not_exists(pk) OR (${UNRESTRICTED})`,
      ExpressionAttributeValues: { ':now': now },
    },
  };
}

export async function getRestriction(db: Db, playerId: string): Promise<RestrictionRecord | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: restrictionKey(playerId), ConsistentRead: true }));
  return Item ? toRecord<RestrictionRecord>(Item) : undefined;
}

/**
 * The restriction as it becomes, written if it is still at `version` (absent: not written yet),
 * with its audit record and, if the player has an account (`hasAccount`, as read), its copy there,
 * in one transaction: false if another change came first, or an account was opened meanwhile.
 */
export async function writeRestriction(
  db: Db,
  next: RestrictionRecord,
  version: number | undefined,
  change: ProtectionChangeRecord,
  hasAccount: boolean,
): Promise<boolean> {
  try {
    const sent = await transact(db, {
      account: hasAccount
        ? {
            Update: {
              TableName: db.tableName,
              Key: accountKey(next.playerId),
              UpdateExpression: `SET restrictedUntil = :until${next.blocked ? ', blocked = :blocked' : ' REMOVE blocked'}`,
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeValues: { ':until': next.restrictedUntil ?? '', ...(next.blocked ? { ':blocked': true } : {}) },
            },
          }
        : { ConditionCheck: { TableName: db.tableName, Key: accountKey(next.playerId), ConditionExpression: 'attribute_not_exists(pk)' } },
      restriction: versionedPutAction(db, restrictionKey(next.playerId), next, version),
      change: protectionChangeAction(db, change),
    });
    return sent.written;
  } catch (error) {
    if (isRetryable(error)) return false;
    throw error;
  }
}

/** The player's protection changes, newest first, at most `limit`. */
export async function listProtectionChanges(db: Db, playerId: string, limit: number): Promise<ProtectionChangeRecord[]> {
  const { Items = [] } = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': restrictionKey(playerId).pk, ':prefix': PROTECTION_CHANGE_PREFIX },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return Items.map((item) => toRecord<ProtectionChangeRecord>(item));
}
