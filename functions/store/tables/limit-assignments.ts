import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../kernel/db';
import { limitAssignmentKey, partnerOfPlayer } from '../kernel/keys';
import { toItem, toRecord } from '../kernel/items';
import type { LimitAssignmentRecord } from './table-records';

export type LimitTarget = { readonly playerId: string } | { readonly partner: string };

/** The assignments a player bets by: their own and their partner's (either may be missing), read strongly consistent. */
export async function getLimitAssignments(
  db: Db,
  playerId: string,
): Promise<{ readonly own?: LimitAssignmentRecord; readonly partner?: LimitAssignmentRecord }> {
  const partner = partnerOfPlayer(playerId);
  const [own, theirs] = await Promise.all([
    getLimitAssignment(db, { playerId }),
    partner === undefined ? undefined : getLimitAssignment(db, { partner }),
  ]);
  return { ...(own ? { own } : {}), ...(theirs ? { partner: theirs } : {}) };
}

export async function getLimitAssignment(db: Db, target: LimitTarget): Promise<LimitAssignmentRecord | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: limitAssignmentKey(target), ConsistentRead: true }));
  return Item ? toRecord<LimitAssignmentRecord>(Item) : undefined;
}

/** Sets the assignment, or its removal (profile null, kept for who removed it): the last one wins, as an operator's decision. */
export async function putLimitAssignment(db: Db, record: LimitAssignmentRecord): Promise<void> {
  const target = record.playerId !== undefined ? { playerId: record.playerId } : { partner: record.partner! };
  await db.doc.send(new PutCommand({ TableName: db.tableName, Item: toItem(limitAssignmentKey(target), record) }));
}
