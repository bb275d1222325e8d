import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../kernel/db';
import { toRecord } from '../kernel/items';
import { walletRoundKey } from '../kernel/keys';
import { allOf, anyOf } from '../kernel/conditions';
import type { TransactAction } from '../kernel/transact-action';
import { writtenUnlessConditionFails } from '../kernel/transaction-cancellation';
import { transact } from '../kernel/transact';
import { retryWhileRaced } from '../kernel/retry';
import { callOf, createWalletCall, putWalletCall, type WalletCallRecord } from './wallet-calls';

/**
 * A player's round as a version 2 wallet keeps it (docs/WALLET.md, "Rounds"): the calls made in it
 * before its closing credit (debits, take-downs' credits, prizes: a rollback is its debit's), and
 * once the closing credit may be sent, when. The closing credit is sent only once every call
 * listed here is done, and closing is conditional on the list not having grown since it was read;
 * a call is listed only while the round is not closed. So no call of a round follows its closing.
 * One item per player and round: only that player's own calls ever meet on it.
 */
export interface WalletRoundRecord {
  readonly playerId: string;
  readonly roundId: string;
  /** The round's calls other than its closing credit, by transaction id. */
  readonly calls?: ReadonlySet<string>;
  /** Grows with every call listed: what closing is conditional on. */
  readonly version?: number;
  /** When the closing credit was cleared to be sent, and which it is. */
  readonly closedAt?: string;
  readonly closedBy?: string;
}

/** A round's item is kept this long (DynamoDB's TTL), far past any retry of its calls (24 hours). */
const KEPT_SECONDS = 30 * 24 * 60 * 60;

const NOT_CLOSED = 'attribute_not_exists(closedAt)';
const UNCHANGED_SINCE_READ = 'version = :seen';
const NEVER_LISTED = 'attribute_not_exists(version)';
const CLOSED_BY_THIS_CALL = 'closedBy = :closing';

const expiresAt = (at: string): number => Math.floor(Date.parse(at) / 1_000) + KEPT_SECONDS;

/**
 * Lists `transactionId` among the player's calls of `roundId`, for the transaction that writes
 * the call. `whileOpen`: refused once the round is closed (a debit, a take-down: their round is
 * over for the player); a prize is listed whatever (it is written before the round may close).
 */
export function listRoundCall(
  db: Db,
  {
    playerId,
    roundId,
    transactionId,
    at,
    whileOpen,
  }: { playerId: string; roundId: string; transactionId: string; at: string; whileOpen: boolean },
): TransactAction & { Update: NonNullable<TransactAction['Update']> } {
  return {
    Update: {
      TableName: db.tableName,
      Key: walletRoundKey(playerId, roundId),
      UpdateExpression: 'ADD calls :call, version :one SET playerId = :player, roundId = :round, expiresAt = :expires',
      ...(whileOpen ? { ConditionExpression: NOT_CLOSED } : {}),
      ExpressionAttributeValues: {
        ':call': new Set([transactionId]),
        ':one': 1,
        ':player': playerId,
        ':round': roundId,
        ':expires': expiresAt(at),
      },
    },
  };
}

/**
 * Closes the round for `closing`, its closing credit, as read at `seen` (its version; undefined: no
 * call was listed): refused if a call was listed since, or another call closed it.
 * Closing again for the same credit (a retry) is accepted.
 */
export function closeRoundCommand(
  db: Db,
  { playerId, roundId, closing, seen, at }: { playerId: string; roundId: string; closing: string; seen: number | undefined; at: string },
) {
  return {
    TableName: db.tableName,
    Key: walletRoundKey(playerId, roundId),
    UpdateExpression:
      'SET closedAt = if_not_exists(closedAt, :at), closedBy = :closing, playerId = :player, roundId = :round, expiresAt = :expires',
    ConditionExpression: anyOf(allOf(NOT_CLOSED, seen === undefined ? NEVER_LISTED : UNCHANGED_SINCE_READ), CLOSED_BY_THIS_CALL),
    ExpressionAttributeValues: {
      ':at': at,
      ':closing': closing,
      ':player': playerId,
      ':round': roundId,
      ':expires': expiresAt(at),
      ...(seen === undefined ? {} : { ':seen': seen }),
    },
  };
}

/** Sends closeRoundCommand; false if the round changed since it was read (or another call closed it). */
export async function closeWalletRound(db: Db, close: Parameters<typeof closeRoundCommand>[1]): Promise<boolean> {
  return writtenUnlessConditionFails(db.doc.send(new UpdateCommand(closeRoundCommand(db, close))));
}

export async function getWalletRound(db: Db, playerId: string, roundId: string): Promise<WalletRoundRecord | undefined> {
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: walletRoundKey(playerId, roundId), ConsistentRead: true }),
  );
  return Item ? toRecord<WalletRoundRecord>(Item) : undefined;
}

/** Whether a call is listed in its round when written (one more item in its transaction): a version 2 call that does not end the round. */
export const listedInRound = (call: WalletCallRecord): boolean => call.contract === 2 && !call.closesRound;

/**
 * The listing a call needs in the transaction that writes it: a version 2 call that does not end
 * its round is listed among the round's calls; a version 1 call, or the closing credit, is not.
 */
export function roundListingOf(db: Db, call: WalletCallRecord, { whileOpen }: { whileOpen: boolean }): TransactAction | undefined {
  if (!listedInRound(call)) return undefined;
  return listRoundCall(db, {
    playerId: call.playerId,
    roundId: callOf(call).roundId,
    transactionId: call.transactionId,
    at: call.createdAt,
    whileOpen,
  });
}

/**
 * Writes a new debit (just before it is sent), listed in its round for version 2: false, nothing
 * written, if the round is closed for the player already. The player's own chips may race on
 * their round: each waits its turn.
 */
export async function createDebitInRound(db: Db, debit: WalletCallRecord): Promise<boolean> {
  const round = roundListingOf(db, debit, { whileOpen: true });
  if (!round) {
    await createWalletCall(db, debit);
    return true;
  }
  const sent = await retryWhileRaced(() => transact(db, { debit: putWalletCall(db, debit), round }), PATIENT_RACES);
  if (sent.written) return true;
  if (sent.refused.has('round')) return false;
  throw new Error(`the debit ${debit.transactionId} was refused for ${[...sent.refused].join(', ')}`);
}

/** Races a player's own debits may lose on their round's item before one gives up: their chips all land, one after the other. */
const PATIENT_RACES = 200;
