import { GetCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../kernel/db';
import { betKey, idempotencyKey, layoutSk, ownerPk, shardOfBetKey } from '../kernel/keys';
import type { TransactAction } from '../kernel/transact-action';
import { debitAccount } from '../money/transaction-actions';
import { movePosition } from './positions';
import { admitBet, gateRefusal } from './gates';
import { claimSeat } from '../tables/seats';
import { recordJournal, type JournalRecord } from '../money/ledger';
import { toItem } from '../kernel/items';
import type { BetRecord, SeatRecord, TableRecord } from '../kernel/records';
import { cancellationReasons, conditionFailedAt, isRetryable } from '../kernel/transaction-cancellation';

/** How long a client's idempotency key is remembered: far beyond DynamoDB's own 10-minute token. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

export interface BetPlacement {
  readonly table: TableRecord;
  readonly betKey: string;
  /** The bet as it goes on the layout; `bet.round` is the round its gate must be taking bets for. */
  readonly bet: BetRecord;
  /** The version of the player's position at the table, as read with the bets that validated this one. */
  readonly positionVersion: number;
  /** The seat the bet claims, and the seat as it was read (a takeover, if another player's). */
  readonly seat?: { readonly number: number; readonly takingOver?: SeatRecord };
  readonly idempotencyKey?: string;
  /** The stake's journal (the ledger), written with it. */
  readonly journal: JournalRecord;
}

export type PlacementOutcome =
  | { readonly placed: true }
  | {
      readonly placed: false;
      /**
       * RACED: a transaction of another request held one of the items (nothing changed; the same
       * placement may be sent again). ACCOUNT_REFUSED: no account, another currency, or not
       * enough money, or no room for the bet's reserve (rules/money.ts, MAX_EXPOSURE). POSITION_CHANGED: the player's bets at the table moved since they were
       * read. SEAT_CHANGED: the seat was claimed meanwhile.
       */
      readonly reason: 'RACED' | 'BETTING_CLOSED' | 'SHARD_FULL' | 'ACCOUNT_REFUSED' | 'POSITION_CHANGED' | 'SEAT_CHANGED';
    }
  | { readonly placed: false; readonly reason: 'DUPLICATE_REQUEST'; readonly existingBetId: string };

/**
 * One transaction places a bet: its shard's gate takes bets for the bet's round and has room,
 * the stake leaves the balance only if it covers it (in the table's currency), the player's
 * position is as it was read with their bets (and moves on), the bet lands on the layout, the
 * stake is journalled, its seat is claimed (if any), and the client's idempotency key (if any) is claimed. All or nothing.
 * No item in it is shared by every bet of the table.
 */
export function betPlacementTransaction(db: Db, placement: BetPlacement, nowEpochSeconds: number): TransactWriteCommandInput {
  const { table, bet } = placement;
  const TransactItems: TransactAction[] = [
    admitBet(db, table.id, shardOfBetKey(placement.betKey), bet.round),
    debitAccount(db, bet.playerId, bet.amount, placement.journal, { currency: table.currency, reserve: bet.reserve ?? 0 }),
    movePosition(db, table.id, shardOfBetKey(placement.betKey), bet.playerId, placement.positionVersion),
    {
      Put: { TableName: db.tableName, Item: openBetItem(table.id, placement.betKey, bet), ConditionExpression: 'attribute_not_exists(pk)' },
    },
    recordJournal(db, placement.journal),
  ];
  if (placement.seat) TransactItems.push(claimSeat(db, table.id, placement.seat.number, bet.playerId, placement.seat.takingOver));
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

/** A bet as it lands on the layout: in its shard, in its player's index, and in the layout index while open. */
export function openBetItem(tableId: string, key: string, bet: BetRecord): Record<string, unknown> {
  return toItem(betKey(tableId, key), bet, {
    ownerPk: ownerPk(bet.playerId),
    ownerSk: `${bet.placedAt}#${bet.id}`,
    layoutSk: layoutSk(bet.playerId, key),
  });
}

const ITEM = { gate: 0, account: 1, position: 2, seat: 5 } as const;

export async function commitBetPlacement(db: Db, placement: BetPlacement, nowEpochSeconds: number): Promise<PlacementOutcome> {
  const transaction = betPlacementTransaction(db, placement, nowEpochSeconds);
  try {
    await db.doc.send(new TransactWriteCommand(transaction));
    return { placed: true };
  } catch (error) {
    if (isRetryable(error)) return { placed: false, reason: 'RACED' };
    const reasons = cancellationReasons(error);
    if (!reasons) throw error;
    const last = transaction.TransactItems!.length - 1;
    if (placement.idempotencyKey !== undefined && conditionFailedAt(reasons, last)) {
      const existingBetId = await betIdForIdempotencyKey(db, placement.bet.playerId, placement.idempotencyKey, nowEpochSeconds);
      if (existingBetId) return { placed: false, reason: 'DUPLICATE_REQUEST', existingBetId };
    }
    if (conditionFailedAt(reasons, ITEM.gate)) return { placed: false, reason: gateRefusal(reasons[ITEM.gate]!.Item, placement.bet.round) };
    if (conditionFailedAt(reasons, ITEM.account)) return { placed: false, reason: 'ACCOUNT_REFUSED' };
    if (conditionFailedAt(reasons, ITEM.position)) return { placed: false, reason: 'POSITION_CHANGED' };
    if (placement.seat && conditionFailedAt(reasons, ITEM.seat)) return { placed: false, reason: 'SEAT_CHANGED' };
    throw error;
  }
}

export async function betIdForIdempotencyKey(db: Db, playerId: string, key: string, nowEpochSeconds: number): Promise<string | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: idempotencyKey(playerId, key), ConsistentRead: true }));
  // TTL deletion is lazy: an expired record may still be read, and must not count.
  if (!Item || (typeof Item.expiresAt === 'number' && Item.expiresAt < nowEpochSeconds)) return undefined;
  return Item.betId as string;
}
