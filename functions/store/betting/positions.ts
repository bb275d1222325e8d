import type { Db } from '../kernel/db';
import { positionKey, layoutPrefix } from '../kernel/keys';
import type { TransactAction } from '../kernel/transact-action';

/**
 * A player's position at a table: the lock under which a bet is validated against the player's
 * own bets (per-spot maximums, odds, the per-player limits). Every bet the player places or takes
 * down at the table moves its version on, so two of one player's requests validated against the
 * same bets cannot both land. It sits in the player's shard and in the `layout` index just
 * before the player's open bets, so the one query that reads the bets reads it too.
 * (Settlement leaves it alone: a bet is validated against the player's bets as they stand once
 * any outcome being paid is paid, which is what paying it changes.)
 */
export interface PositionRecord {
  readonly kind: 'POSITION';
  readonly tableId: string;
  readonly playerId: string;
  readonly version: number;
}

export const isPosition = (item: object): item is PositionRecord => (item as { kind?: unknown }).kind === 'POSITION';

/** A position as stored in the player's shard, with its keys (the shard's, and the layout index's). */
export function positionItem(tableId: string, shard: number, playerId: string, version: number): Record<string, unknown> {
  const position: PositionRecord = { kind: 'POSITION', tableId, playerId, version };
  return { ...position, ...positionKey(tableId, shard, playerId), layoutSk: layoutPrefix(playerId) };
}

/** The position, in the player's shard, moves on from `version` (0: the player never bet at the table). */
export function movePosition(db: Db, tableId: string, shard: number, playerId: string, version: number): TransactAction {
  return {
    Update: {
      TableName: db.tableName,
      Key: positionKey(tableId, shard, playerId),
      UpdateExpression: 'SET kind = :kind, tableId = :table, playerId = :player, layoutSk = :layout, version = :next',
      ConditionExpression: version === 0 ? 'attribute_not_exists(pk)' : 'version = :version',
      ExpressionAttributeValues: {
        ':kind': 'POSITION',
        ':table': tableId,
        ':player': playerId,
        ':layout': layoutPrefix(playerId),
        ':next': version + 1,
        ...(version === 0 ? {} : { ':version': version }),
      },
    },
  };
}
