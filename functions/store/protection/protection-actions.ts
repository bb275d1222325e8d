import type { Db } from '../kernel/db';
import { protectionChangeKey, type ItemKey } from '../kernel/keys';
import { toItem } from '../kernel/items';
import type { ProtectionChangeRecord } from './protection-records';
import type { TransactAction } from '../kernel/transact-action';

/**
 * The writes every change of a player's protection makes (restrictions.ts, limits.ts): its item as
 * it becomes, under the version read, and the change's audit record beside it. Pure.
 */

/** `item` at `key`, written if still at `version` (undefined: none written yet). */
export function versionedPutAction(db: Db, key: ItemKey, item: object, version: number | undefined): TransactAction {
  return {
    Put: {
      TableName: db.tableName,
      Item: toItem(key, item),
      ConditionExpression: version === undefined ? 'attribute_not_exists(pk)' : 'version = :version',
      ...(version === undefined ? {} : { ExpressionAttributeValues: { ':version': version } }),
    },
  };
}

/** The audit record of one change, written once. */
export function protectionChangeAction(db: Db, change: ProtectionChangeRecord): TransactAction {
  return {
    Put: {
      TableName: db.tableName,
      Item: toItem(protectionChangeKey(change.playerId, change.at, change.id), change),
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}
