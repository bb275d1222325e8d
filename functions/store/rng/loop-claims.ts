import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../kernel/db';
import { RNG_LOOP_PK, rngLoopKey } from '../kernel/keys';
import { toItem, toRecord } from '../kernel/items';
import { queryAll } from '../betting/bets';
import type { RngLoopRecord } from './rng-records';
import type { TransactAction } from '../kernel/transact-action';
import { writtenUnlessConditionFails } from '../kernel/transaction-cancellation';

/**
 * The round loop's claim on each table the server deals: which message is due to step it, and
 * when. A message whose token is not the claim's is stale (a duplicate delivery, a re-arm by the
 * sweeper) and is dropped, so that however often messages are duplicated one chain steps a table.
 */

/** The first claim, written with the table. Pure. */
export function newLoopClaimAction(db: Db, claim: RngLoopRecord): TransactAction {
  return {
    Put: { TableName: db.tableName, Item: toItem(rngLoopKey(claim.tableId), claim), ConditionExpression: 'attribute_not_exists(pk)' },
  };
}

/** Moves the claim from the token `from` to `next`: false if another step moved it first. */
export async function passLoopClaim(
  db: Db,
  tableId: string,
  from: string,
  next: { readonly token: string; readonly dueAt: string },
): Promise<boolean> {
  return writtenUnlessConditionFails(
    db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: rngLoopKey(tableId),
        UpdateExpression: 'SET #token = :token, dueAt = :due',
        ConditionExpression: '#token = :from',
        ExpressionAttributeNames: { '#token': 'token' },
        ExpressionAttributeValues: { ':token': next.token, ':due': next.dueAt, ':from': from },
      }),
    ),
  );
}

export async function getLoopClaim(db: Db, tableId: string): Promise<RngLoopRecord | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: rngLoopKey(tableId), ConsistentRead: true }));
  return Item ? toRecord<RngLoopRecord>(Item) : undefined;
}

/** Every table's claim (one small partition: a claim per table the server deals). */
export async function listLoopClaims(db: Db): Promise<RngLoopRecord[]> {
  return queryAll<RngLoopRecord>(db, {
    TableName: db.tableName,
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': RNG_LOOP_PK },
    ConsistentRead: true,
  });
}

/** The table closed: its loop ends. */
export async function deleteLoopClaim(db: Db, tableId: string): Promise<void> {
  await db.doc.send(new DeleteCommand({ TableName: db.tableName, Key: rngLoopKey(tableId) }));
}
