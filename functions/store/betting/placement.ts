import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../kernel/db';
import {
  activityPk,
  activityShardOf,
  activitySk,
  betKey,
  DEMO_PARTNER,
  idempotencyKey,
  layoutSk,
  ownerPk,
  partnerOfPlayer,
  shardOfBetKey,
} from '../kernel/keys';
import { transact, type NamedActions } from '../kernel/transact';
import { debitAccount } from '../money/transaction-actions';
import { movePosition } from './positions';
import { admitBet, gateRefusal } from './gates';
import { claimSeat } from '../tables/seats';
import { recordJournal, type JournalRecord } from '../money/ledger';
import { toItem } from '../kernel/items';
import type { BetRecord } from './bet-records';
import type { SeatRecord, TableRecord } from '../tables/table-records';
import { isRetryable } from '../kernel/transaction-cancellation';
import { moveWalletCall, type WalletCallRecord } from '../wallet/wallet-calls';
import { unrestrictedAction } from '../protection/restrictions';

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
  /**
   * A seamless bet: the stake's debit, confirmed by the partner's wallet (docs/WALLET.md), as it
   * is recorded once the bet is laid; the player's account is not touched. On condition the debit
   * is still in flight (the workers roll back one left unconfirmed too long).
   */
  readonly confirmedDebit?: WalletCallRecord;
}

export type PlacementOutcome =
  | { readonly placed: true }
  | {
      readonly placed: false;
      /**
       * RACED: a transaction of another request held one of the items (nothing changed; the same
       * placement may be sent again). ACCOUNT_REFUSED: no account, another currency, or not
       * enough money, or no room for the bet's reserve (rules/money.ts, MAX_EXPOSURE). POSITION_CHANGED: the player's bets at the table moved since they were
       * read. SEAT_CHANGED: the seat was claimed meanwhile. DEBIT_UNCONFIRMED: a seamless bet's
       * debit is no longer in flight (the workers took it for lost and rolled it back).
       * RESTRICTED: a seamless player's restriction runs (a transfer player's refuses their account: ACCOUNT_REFUSED).
       */
      readonly reason:
        | 'RACED'
        | 'BETTING_CLOSED'
        | 'SHARD_FULL'
        | 'ACCOUNT_REFUSED'
        | 'POSITION_CHANGED'
        | 'SEAT_CHANGED'
        | 'DEBIT_UNCONFIRMED'
        | 'RESTRICTED';
    }
  | { readonly placed: false; readonly reason: 'DUPLICATE_REQUEST'; readonly existingBetId: string };

/**
 * One transaction places a bet: its shard's gate takes bets for the bet's round and has room,
 * the stake leaves the balance only if it covers it (in the table's currency), the player's
 * position is as it was read with their bets (and moves on), the bet lands on the layout, the
 * stake is journalled, its seat is claimed (if any), and the client's idempotency key (if any) is claimed. All or nothing.
 * No item in it is shared by every bet of the table.
 */
export function betPlacementActions(db: Db, placement: BetPlacement, nowEpochSeconds: number) {
  const { table, bet } = placement;
  return {
    gate: admitBet(db, table.id, shardOfBetKey(placement.betKey), bet.round),
    account: placement.confirmedDebit
      ? undefined
      : debitAccount(db, bet.playerId, bet.amount, placement.journal, {
          currency: table.currency,
          reserve: bet.reserve ?? 0,
          unrestrictedAt: bet.placedAt,
        }),
    // A seamless player has no account of ours to hold their restrictions: their restriction item is checked.
    restriction: placement.confirmedDebit && unrestrictedAction(db, bet.playerId, bet.placedAt),
    debit: placement.confirmedDebit && moveWalletCall(db, placement.confirmedDebit, ['SENT']),
    position: movePosition(db, table.id, shardOfBetKey(placement.betKey), bet.playerId, placement.positionVersion),
    bet: {
      Put: { TableName: db.tableName, Item: openBetItem(table.id, placement.betKey, bet), ConditionExpression: 'attribute_not_exists(pk)' },
    },
    journal: recordJournal(db, placement.journal),
    seat: placement.seat && claimSeat(db, table.id, placement.seat.number, bet.playerId, placement.seat.takingOver),
    idempotencyKey:
      placement.idempotencyKey === undefined
        ? undefined
        : {
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
          },
  } satisfies NamedActions<string>;
}

/**
 * A bet as it lands on the layout: in its shard, in its player's index, in the layout index while
 * open, and for a partner's player in the partner's activity feed (not demo play's).
 */
export function openBetItem(tableId: string, key: string, bet: BetRecord): Record<string, unknown> {
  const partner = partnerOfPlayer(bet.playerId);
  return toItem(betKey(tableId, key), bet, {
    ownerPk: ownerPk(bet.playerId),
    ownerSk: `${bet.placedAt}#${bet.id}`,
    layoutSk: layoutSk(bet.playerId, key),
    ...(partner === undefined || partner === DEMO_PARTNER
      ? {}
      : { bookPk: activityPk(partner, activityShardOf(bet.playerId)), bookSk: activitySk(bet.placedAt, bet.id) }),
  });
}

export async function commitBetPlacement(db: Db, placement: BetPlacement, nowEpochSeconds: number): Promise<PlacementOutcome> {
  let sent;
  try {
    sent = await transact(db, betPlacementActions(db, placement, nowEpochSeconds));
  } catch (error) {
    if (isRetryable(error)) return { placed: false, reason: 'RACED' };
    throw error;
  }
  if (sent.written) return { placed: true };
  const { refused, current } = sent;
  if (placement.idempotencyKey !== undefined && refused.has('idempotencyKey')) {
    const existingBetId = await betIdForIdempotencyKey(db, placement.bet.playerId, placement.idempotencyKey, nowEpochSeconds);
    if (existingBetId) return { placed: false, reason: 'DUPLICATE_REQUEST', existingBetId };
  }
  if (refused.has('gate')) return { placed: false, reason: gateRefusal(current('gate'), placement.bet.round) };
  if (refused.has('account')) return { placed: false, reason: 'ACCOUNT_REFUSED' };
  if (refused.has('debit')) return { placed: false, reason: 'DEBIT_UNCONFIRMED' };
  if (refused.has('restriction')) return { placed: false, reason: 'RESTRICTED' };
  if (refused.has('position')) return { placed: false, reason: 'POSITION_CHANGED' };
  if (refused.has('seat')) return { placed: false, reason: 'SEAT_CHANGED' };
  throw new Error(`placing bet ${placement.bet.id} was refused for ${[...refused].join(', ')}`);
}

export async function betIdForIdempotencyKey(db: Db, playerId: string, key: string, nowEpochSeconds: number): Promise<string | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: idempotencyKey(playerId, key), ConsistentRead: true }));
  // TTL deletion is lazy: an expired record may still be read, and must not count.
  if (!Item || (typeof Item.expiresAt === 'number' && Item.expiresAt < nowEpochSeconds)) return undefined;
  return Item.betId as string;
}
