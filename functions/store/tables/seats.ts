import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../kernel/db';
import { seatKey, tableKey } from '../kernel/keys';
import { toRecord } from '../kernel/items';
import type { SeatRecord } from './table-records';
import type { TransactAction } from '../kernel/transact-action';

/**
 * One player per seat. A seat is claimed by the bet that first names it, and stays its player's
 * while they have open bets on it; another player takes it over only once they have none (the
 * service checks, and the takeover is conditional on the seat not having been claimed again since).
 */

export async function getSeat(db: Db, tableId: string, seat: number): Promise<SeatRecord | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: seatKey(tableId, seat), ConsistentRead: true }));
  return Item ? toRecord<SeatRecord>(Item) : undefined;
}

/** The seats someone sits at, in order: one query of the table's seat items (a table has at most 20). */
export async function takenSeats(db: Db, tableId: string): Promise<number[]> {
  const { Items } = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :seat)',
      ExpressionAttributeValues: { ':pk': tableKey(tableId).pk, ':seat': 'SEAT#' },
      ProjectionExpression: 'seat',
    }),
  );
  return (Items ?? []).map((item) => item.seat as number).sort((a, b) => a - b);
}

/**
 * The bet's player sits on the seat: it is free or already theirs, or, with `takingOver`, still
 * the seat that player last claimed (`claims` unchanged), whose bets there are all decided.
 */
export function claimSeat(db: Db, tableId: string, seat: number, playerId: string, takingOver?: SeatRecord): TransactAction {
  return {
    Update: {
      TableName: db.tableName,
      Key: seatKey(tableId, seat),
      UpdateExpression: 'SET tableId = :table, seat = :seat, playerId = :player, claims = if_not_exists(claims, :zero) + :one',
      ConditionExpression: takingOver ? 'playerId = :previous AND claims = :claims' : 'attribute_not_exists(pk) OR playerId = :player',
      ExpressionAttributeValues: {
        ':table': tableId,
        ':seat': seat,
        ':player': playerId,
        ':zero': 0,
        ':one': 1,
        ...(takingOver ? { ':previous': takingOver.playerId, ':claims': takingOver.claims } : {}),
      },
    },
  };
}
