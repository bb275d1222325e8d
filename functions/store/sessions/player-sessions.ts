import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../kernel/db';
import { toItem, toRecord } from '../kernel/items';
import { launchCodeKey, playerSessionKey } from '../kernel/keys';
import { isConditionalCheckFailed, writtenUnlessConditionFails } from '../kernel/transaction-cancellation';

/**
 * A player's session, opened by their partner's launch (docs/LAUNCH.md): one player, one
 * currency, one language. Player tokens are issued for it while it lives: until the partner ends
 * it, or it goes unused longer than its idle limit.
 */
export interface PlayerSessionRecord {
  readonly sessionId: string;
  readonly partner: string;
  /** The player as the API names them (`<partner>/<subject>`). */
  readonly playerId: string;
  readonly currency: string;
  readonly language: string;
  readonly country?: string;
  /** The table the player was launched to; absent: the lobby. */
  readonly tableId?: string;
  readonly platform: 'DESKTOP' | 'MOBILE';
  /** Where the client's Home and Cashier buttons go. */
  readonly lobbyUrl?: string;
  readonly cashierUrl?: string;
  readonly startedAt: string;
  /** When the player last played (the launch, the code's exchange, a bet seen at a token's refresh): its idle limit counts from here. */
  readonly lastUsedAt: string;
  readonly endedAt?: string;
  /** PARTNER (the partner ended it) or IDLE. */
  readonly endedBy?: 'PARTNER' | 'IDLE';
}

/** A launch's one-time code, kept by its hash (the code itself is only in the launch URL). */
export interface LaunchCodeRecord {
  readonly sessionId: string;
  readonly expiresAt: string;
  readonly usedAt?: string;
}

/** How long an ended session and a used code are kept (DynamoDB's TTL): far past any token of theirs. */
const KEPT_SECONDS = 30 * 24 * 60 * 60;
const ttl = (at: string) => Math.floor(Date.parse(at) / 1_000) + KEPT_SECONDS;

/** The session and its code, written together: a code never names a session that is not there. */
export async function createPlayerSession(db: Db, session: PlayerSessionRecord, codeHash: string, code: LaunchCodeRecord): Promise<void> {
  await db.doc.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: db.tableName,
            Item: toItem(playerSessionKey(session.sessionId), session),
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Put: {
            TableName: db.tableName,
            Item: toItem(launchCodeKey(codeHash), code, { expiresAt: ttl(code.expiresAt), codeExpiresAt: code.expiresAt }),
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ],
    }),
  );
}

export async function getPlayerSession(db: Db, sessionId: string): Promise<PlayerSessionRecord | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: playerSessionKey(sessionId), ConsistentRead: true }));
  return Item ? toRecord<PlayerSessionRecord>(Item) : undefined;
}

/**
 * Uses the code once: the session it opens, or undefined when there is no such code, it was used,
 * or it expired by `at` (the three are told apart to no one: a code is worth nothing after).
 */
export async function useLaunchCode(db: Db, codeHash: string, at: string): Promise<string | undefined> {
  try {
    const { Attributes } = await db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: launchCodeKey(codeHash),
        UpdateExpression: 'SET usedAt = :at',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(usedAt) AND codeExpiresAt > :at',
        ExpressionAttributeValues: { ':at': at },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return (Attributes as LaunchCodeRecord | undefined)?.sessionId;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return undefined;
    throw error;
  }
}

/** The player last played at `at`: moved on only (never back), and only while the session is open; false when it was not moved. */
export function touchPlayerSession(db: Db, sessionId: string, at: string): Promise<boolean> {
  return writtenUnlessConditionFails(
    db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: playerSessionKey(sessionId),
        UpdateExpression: 'SET lastUsedAt = :at',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(endedAt) AND lastUsedAt <= :at',
        ExpressionAttributeValues: { ':at': at },
      }),
    ),
  );
}

/** Ends a session that has not ended; false when there is none, or it had. */
export function endPlayerSessionRecord(db: Db, sessionId: string, partner: string, at: string, by: 'PARTNER' | 'IDLE'): Promise<boolean> {
  return writtenUnlessConditionFails(
    db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: playerSessionKey(sessionId),
        UpdateExpression: 'SET endedAt = :at, endedBy = :by, expiresAt = :ttl',
        ConditionExpression: 'attribute_exists(pk) AND partner = :partner AND attribute_not_exists(endedAt)',
        ExpressionAttributeValues: { ':at': at, ':by': by, ':partner': partner, ':ttl': ttl(at) },
      }),
    ),
  );
}
