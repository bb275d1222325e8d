import { GetCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Db } from './db';
import { idempotencyKey, openBetKey, ownerPk } from './keys';
import { debitAccount, lockTableVersion, type TransactAction } from './transaction-actions';
import { toItem } from './items';
import type { BetRecord, TableRecord } from './records';
import { cancellationReasons, conditionFailedAt, isRetryable } from './transaction-cancellation';

/** How long a client's idempotency key is remembered: far beyond DynamoDB's own 10-minute token. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

export interface BetPlacement {
  readonly table: TableRecord;
  readonly betKey: string;
  readonly bet: BetRecord;
  readonly idempotencyKey?: string;
}

export type PlacementOutcome =
  | { readonly placed: true }
  | { readonly placed: false; readonly reason: 'TABLE_CHANGED' | 'ACCOUNT_REFUSED' }
  | { readonly placed: false; readonly reason: 'DUPLICATE_REQUEST'; readonly existingBetId: string };

const ITEM = { table: 0, account: 1, bet: 2, idempotency: 3 } as const;

/**
 * One transaction places a bet: the table is still at the version the bet was validated against
 * (betting open, no outcome being settled), the stake leaves the balance only if the balance covers it, the bet
 * lands on the layout, and the client's idempotency key (if any) is claimed. All or nothing.
 */
function betPlacementTransaction(db: Db, placement: BetPlacement, nowEpochSeconds: number): TransactWriteCommandInput {
  const { table, bet } = placement;
  const TransactItems: TransactAction[] = [
    lockTableVersion(db, table),
    debitAccount(db, bet.playerId, bet.amount, table.currency),
    {
      Put: {
        TableName: db.tableName,
        Item: toItem(openBetKey(table.id, placement.betKey), bet, {
          ownerPk: ownerPk(bet.playerId),
          ownerSk: `${bet.placedAt}#${bet.id}`,
        }),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
  if (placement.idempotencyKey !== undefined) {
    TransactItems.push({
      Put: {
        TableName: db.tableName,
        Item: {
          ...idempotencyKey(bet.playerId, placement.idempotencyKey),
          betId: bet.id,
          expiresAt: nowEpochSeconds + IDEMPOTENCY_TTL_SECONDS,
        },
        // A key whose record expired but has not been swept by TTL yet is free again.
        ConditionExpression: 'attribute_not_exists(pk) OR expiresAt < :now',
        ExpressionAttributeValues: { ':now': nowEpochSeconds },
      },
    });
  }
  return { TransactItems };
}

export async function commitBetPlacement(db: Db, placement: BetPlacement, nowEpochSeconds: number): Promise<PlacementOutcome> {
  try {
    await db.doc.send(new TransactWriteCommand(betPlacementTransaction(db, placement, nowEpochSeconds)));
    return { placed: true };
  } catch (error) {
    const reasons = cancellationReasons(error);
    if (isRetryable(error)) return { placed: false, reason: 'TABLE_CHANGED' };
    if (!reasons) throw error;
    if (placement.idempotencyKey !== undefined && conditionFailedAt(reasons, ITEM.idempotency)) {
      const existingBetId = await betIdForIdempotencyKey(db, placement.bet.playerId, placement.idempotencyKey, nowEpochSeconds);
      if (existingBetId) return { placed: false, reason: 'DUPLICATE_REQUEST', existingBetId };
    }
    if (conditionFailedAt(reasons, ITEM.table)) return { placed: false, reason: 'TABLE_CHANGED' };
    if (conditionFailedAt(reasons, ITEM.account)) return { placed: false, reason: 'ACCOUNT_REFUSED' };
    throw error;
  }
}

export async function betIdForIdempotencyKey(db: Db, playerId: string, key: string, nowEpochSeconds: number): Promise<string | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: idempotencyKey(playerId, key), ConsistentRead: true }));
  // TTL deletion is lazy: an expired record may still be read, and must not count.
  if (!Item || (typeof Item.expiresAt === 'number' && Item.expiresAt < nowEpochSeconds)) return undefined;
  return Item.betId as string;
}
