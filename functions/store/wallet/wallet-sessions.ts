import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../kernel/db';
import { toItem, toRecord } from '../kernel/items';
import { walletSessionKey } from '../kernel/keys';
import { batchGet } from '../kernel/batch-get';

/**
 * A seamless player's session at their partner (wallet contract version 2, docs/WALLET.md,
 * "Sessions"): the partner's token, as the wallet's `authenticate` took it, and what it answered.
 * A player has one session at a time: a new one replaces it. Every call written for the player
 * while it stands carries its token.
 */
export interface WalletSessionRecord {
  readonly playerId: string;
  readonly partner: string;
  /** The partner's token: never answered back through the API. */
  readonly sessionToken: string;
  readonly currency: string;
  /** ISO 3166-1 alpha-2, when the wallet said. */
  readonly country?: string;
  /** The balance `authenticate` answered, and when. */
  readonly balance: number;
  readonly startedAt: string;
}

/** Kept, not expired: once a player came in by a session, their bets always name one (the wallet refuses an ended one). */
export async function putWalletSession(db: Db, session: WalletSessionRecord): Promise<void> {
  await db.doc.send(new PutCommand({ TableName: db.tableName, Item: toItem(walletSessionKey(session.playerId), session) }));
}

/** The player's session, read strongly: a bet right after its start carries its token. */
export async function getWalletSession(db: Db, playerId: string): Promise<WalletSessionRecord | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: walletSessionKey(playerId), ConsistentRead: true }));
  return Item ? toRecord<WalletSessionRecord>(Item) : undefined;
}

/** The sessions of `playerIds` that have one (a settlement's, a prize's players). */
export async function getWalletSessions(db: Db, playerIds: Iterable<string>): Promise<WalletSessionRecord[]> {
  return batchGet<WalletSessionRecord>(db, [...new Set(playerIds)].map(walletSessionKey), { consistent: false });
}
