import type { AccountRecord } from '../../store/money/account-records';
import type { BetRecord } from '../../store/betting/bet-records';
import type { SeatRecord } from '../../store/tables/table-records';
import type { BetPlacement, PlacementOutcome } from '../../store/betting/placement';
import { betIdForIdempotencyKey, commitBetPlacement } from '../../store/betting/placement';
import { getBet, getPlayerLayout, listPlayerOpenBets } from '../../store/betting/bets';
import { getSeat } from '../../store/tables/seats';
import { getAccount } from '../../store/money/accounts';
import type { Db } from '../../store/kernel/db';
import { getWalletCall, type WalletCallRecord } from '../../store/wallet/wallet-calls';

/**
 * What placing a bet reads and writes, and no more: a port, with DynamoDB's adapter behind it
 * (the store's betting, seats and accounts modules), so that the use case's decisions (which bet,
 * judged against what, sent again when) read apart from how the items are kept.
 */
export interface PlacementStore {
  /** A player's open bets at a table of `shards` shards and the version of their position, in one read. */
  playerLayout(tableId: string, playerId: string, shards: number): Promise<{ bets: BetRecord[]; positionVersion: number }>;
  /** Another player's open bets at the table (a seat taken over). */
  playerOpenBets(tableId: string, playerId: string, shards: number): Promise<BetRecord[]>;
  seat(tableId: string, seat: number): Promise<SeatRecord | undefined>;
  /** The placement's one transaction (store/betting/placement.ts). */
  commit(placement: BetPlacement, nowEpochSeconds: number): Promise<PlacementOutcome>;
  /** The bet a client's key placed, if it did and the key has not expired. */
  betIdForKey(playerId: string, key: string, nowEpochSeconds: number): Promise<string | undefined>;
  bet(id: string): Promise<BetRecord | undefined>;
  /** The player's account, to say why the stake was refused. */
  account(playerId: string): Promise<AccountRecord | undefined>;
  /** A seamless bet's debit as it stands (confirmed with its bet, or not). */
  walletCall(transactionId: string): Promise<WalletCallRecord | undefined>;
}

/** DynamoDB's side of the port, over the request's client. */
export const placementStoreOn = (db: Db): PlacementStore => ({
  playerLayout: (tableId, playerId, shards) => getPlayerLayout(db, tableId, playerId, shards),
  playerOpenBets: (tableId, playerId, shards) => listPlayerOpenBets(db, tableId, playerId, shards),
  seat: (tableId, seat) => getSeat(db, tableId, seat),
  commit: (placement, nowEpochSeconds) => commitBetPlacement(db, placement, nowEpochSeconds),
  betIdForKey: (playerId, key, nowEpochSeconds) => betIdForIdempotencyKey(db, playerId, key, nowEpochSeconds),
  bet: (id) => getBet(db, id),
  account: (playerId) => getAccount(db, playerId),
  walletCall: (transactionId) => getWalletCall(db, transactionId),
});
