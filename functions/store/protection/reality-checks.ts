import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../kernel/db';
import { accountKey, realityCheckDueKey, realityCheckDuePk, REALITY_CHECK_SHARDS } from '../kernel/keys';
import { transact } from '../kernel/transact';
import { isRetryable, writtenUnlessConditionFails } from '../kernel/transaction-cancellation';

/**
 * Reality checks (docs/PLAYER-PROTECTION.md): on the player's account, the interval, when the next
 * check falls due and the session it reports on (its start, what was staked and paid back since);
 * beside it, a marker of the check due, in one of a few partitions by when it falls due, which the
 * sweeper reads to tell the player on time. A stake is refused once the check is due, until the
 * player acknowledges it.
 */

/** What a stake adds to its account's write: refused once a check is due; counted in the session. Pure. */
export const REALITY_CHECK_CONDITION = '(attribute_not_exists(rcDueAt) OR rcDueAt > :now)';

/** A check turned on (every `minutes`, the session starting `at`) or off (null), its marker moved with it. */
export async function writeRealityCheck(
  db: Db,
  playerId: string,
  setting: { readonly minutes: number; readonly at: string; readonly dueAt: string } | null,
  previousDueAt: string | undefined,
): Promise<boolean> {
  return sendMove(db, playerId, previousDueAt, setting?.dueAt, {
    Update: {
      TableName: db.tableName,
      Key: accountKey(playerId),
      UpdateExpression: setting
        ? 'SET rcEvery = :every, rcDueAt = :due, sessionAt = :at, sessionStaked = :zero, sessionReturned = :zero REMOVE rcToldAt, rcAckedAt'
        : 'REMOVE rcEvery, rcDueAt, rcToldAt, rcAckedAt',
      ConditionExpression: `attribute_exists(pk) AND ${previousDueAt === undefined ? 'attribute_not_exists(rcDueAt)' : 'rcDueAt = :previous'}`,
      ExpressionAttributeValues: {
        ...(setting ? { ':every': setting.minutes, ':due': setting.dueAt, ':at': setting.at, ':zero': 0 } : {}),
        ...(previousDueAt !== undefined ? { ':previous': previousDueAt } : {}),
      },
    },
  });
}

/**
 * The check due at `dueAt` acknowledged: the next falls due at `nextDueAt`, the session going on.
 * The account keeps which check was acknowledged last, so that the same acknowledgement sent again
 * is answered as done, and no other moment is.
 */
export function acknowledgeCheck(db: Db, playerId: string, dueAt: string, nextDueAt: string): Promise<boolean> {
  return sendMove(db, playerId, dueAt, nextDueAt, {
    Update: {
      TableName: db.tableName,
      Key: accountKey(playerId),
      UpdateExpression: 'SET rcDueAt = :next, rcAckedAt = :due REMOVE rcToldAt',
      ConditionExpression: 'rcDueAt = :due',
      ExpressionAttributeValues: { ':next': nextDueAt, ':due': dueAt },
    },
  });
}

async function sendMove(
  db: Db,
  playerId: string,
  fromDueAt: string | undefined,
  toDueAt: string | undefined,
  account: Parameters<typeof transact>[1][string],
): Promise<boolean> {
  try {
    const sent = await transact(db, {
      account,
      oldMarker:
        fromDueAt === undefined ? undefined : { Delete: { TableName: db.tableName, Key: realityCheckDueKey(playerId, fromDueAt) } },
      newMarker:
        toDueAt === undefined
          ? undefined
          : { Put: { TableName: db.tableName, Item: { ...realityCheckDueKey(playerId, toDueAt), playerId, dueAt: toDueAt } } },
    });
    return sent.written;
  } catch (error) {
    if (isRetryable(error)) return false;
    throw error;
  }
}

/** The check due at `dueAt` is told to the player (their account says so: the live event's cue), once; its marker says so too. */
export async function markTold(db: Db, playerId: string, dueAt: string): Promise<boolean> {
  await writtenUnlessConditionFails(
    db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: realityCheckDueKey(playerId, dueAt),
        UpdateExpression: 'SET told = :told',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':told': true },
      }),
    ),
  );
  return writtenUnlessConditionFails(
    db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: accountKey(playerId),
        UpdateExpression: 'SET rcToldAt = :due',
        ConditionExpression: 'rcDueAt = :due AND (attribute_not_exists(rcToldAt) OR rcToldAt <> :due)',
        ExpressionAttributeValues: { ':due': dueAt },
      }),
    ),
  );
}

/** Every check due by `now`, from the markers (a query of each partition). */
export async function dueChecks(db: Db, now: string): Promise<{ playerId: string; dueAt: string }[]> {
  const shards = await Promise.all(
    Array.from({ length: REALITY_CHECK_SHARDS }, (_, shard) =>
      db.doc.send(
        new QueryCommand({
          TableName: db.tableName,
          KeyConditionExpression: 'pk = :pk AND sk <= :now',
          // Told already, waiting for the player to acknowledge: not told again.
          FilterExpression: 'attribute_not_exists(told)',
          ExpressionAttributeValues: { ':pk': realityCheckDuePk(shard), ':now': `${now}~` },
        }),
      ),
    ),
  );
  return shards.flatMap(({ Items = [] }) => Items.map((item) => ({ playerId: item.playerId as string, dueAt: item.dueAt as string })));
}
