import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { recordJournal, type JournalRecord } from '../money/ledger';
import type { Db } from '../kernel/db';
import { outcomeKey, poolKey } from '../kernel/keys';
import { awardJackpotShare } from './bet-decisions';
import { creditAccount, releaseExposure } from '../money/transaction-actions';
import { toItem, toRecord } from '../kernel/items';
import type { DealRecord, JackpotPayoutRecord } from './outcome-records';
import type { JackpotPoolRecord } from './jackpot-pool-record';
import { isRetryable } from '../kernel/transaction-cancellation';
import { createTogether, transact, type Created } from '../kernel/transact';

import { putWalletCall, type WalletCallRecord } from '../wallet/wallet-calls';
import { roundListingOf } from '../wallet/wallet-rounds';
import type { TransactAction } from '../kernel/transact-action';
/** A new pool, and the journal of its seed (house money), together; EXISTS if a pool has its id, RACED if a transaction in flight held it (nothing written). */
export function createJackpotPool(db: Db, pool: JackpotPoolRecord, seedJournal?: JournalRecord): Promise<Created> {
  return createTogether(db, 'pool', {
    pool: { Put: { TableName: db.tableName, Item: toItem(poolKey(pool.id), pool), ConditionExpression: 'attribute_not_exists(pk)' } },
    seedJournal: seedJournal && recordJournal(db, seedJournal),
  });
}

export async function getJackpotPool(db: Db, poolId: string): Promise<JackpotPoolRecord | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: poolKey(poolId), ConsistentRead: true }));
  return Item ? toRecord<JackpotPoolRecord>(Item) : undefined;
}

/** A bettor's prize journal, among the round's. */
const prizeOf = (journals: readonly JournalRecord[], playerId: string): JournalRecord => {
  const prize = journals.find(
    (journal) =>
      journal.kind === 'JACKPOT_PRIZE' && journal.legs.some((leg) => leg.account.kind === 'PLAYER' && leg.account.id === playerId),
  );
  if (!prize) throw new Error(`the jackpot round pays ${playerId} without a journal of it`);
  return prize;
};

export type JackpotApplication = 'APPLIED' | 'POOL_CHANGED' | 'ALREADY_APPLIED';

/**
 * A round's jackpot in one transaction: the pool moves from the version its payout was computed
 * on to `payout.poolAfter` (contributions in, prize out, any reseed), each player is credited
 * once for the shares they hold (and each bet that holds one shows it), the payout is written
 * onto the deal, which it may be only once, and the money's journals are written with it. At
 * most 14 shares (one per seat): a bet each, and per player a credit and a journal, beside the
 * deal, the pool and the pool's journal: at most 45 items.
 */
export async function commitJackpotRound(
  db: Db,
  deal: DealRecord,
  pool: JackpotPoolRecord,
  payout: JackpotPayoutRecord,
  journals: readonly JournalRecord[],
  /** When the round's jackpot is paid: its journals' time. */
  at: string,
  /** Seamless bettors' prizes, by player: calls to their wallets instead of credits to accounts of ours. */
  walletCredits: ReadonlyMap<string, WalletCallRecord> = new Map(),
): Promise<JackpotApplication> {
  const { bettors, shareBets, reserves, seamless } = deal.jackpot!;
  let sent;
  try {
    sent = await transact(db, {
      deal: {
        Update: {
          TableName: db.tableName,
          Key: outcomeKey(deal.tableId, deal.sequence),
          UpdateExpression: 'SET jackpot.payout = :payout',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(jackpot.payout)',
          ExpressionAttributeValues: { ':payout': payout },
        },
      },
      pool: {
        Update: {
          TableName: db.tableName,
          Key: poolKey(pool.id),
          UpdateExpression: 'SET amount = :after, version = :next',
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: { ':after': payout.poolAfter, ':version': pool.version, ':next': pool.version + 1 },
        },
      },
      journals: journals.map((journal) => recordJournal(db, journal)),
      // Each player's shares staked from their account in one credit, with the journal of their
      // prize, letting go of the reserves their jackpot bets held (rules/money.ts); without a prize,
      // the reserves only. Shares staked from a seamless wallet are paid there, by a wallet call.
      accounts: [...sharesOf(bettors, reserves, seamless)].flatMap(([playerId, { shares, inWallet, released }]) => [
        ...(walletCredits.has(playerId) ? prizeCallActions(db, walletCredits.get(playerId)!) : []),
        ...(payout.share > 0 && shares > inWallet
          ? [creditAccount(db, playerId, (shares - inWallet) * payout.share, prizeOf(journals, playerId), { released })]
          : released > 0
            ? [releaseExposure(db, playerId, released)]
            : []),
      ]),
      shareBets: payout.share > 0 ? shareBets.map((betId) => awardJackpotShare(db, betId, deal.sequence, payout.share, at)) : [],
    });
  } catch (error) {
    if (isRetryable(error)) return 'POOL_CHANGED';
    throw error;
  }
  if (sent.written) return 'APPLIED';
  if (sent.refused.has('deal')) return 'ALREADY_APPLIED';
  if (sent.refused.has('pool')) return 'POOL_CHANGED';
  throw new Error(`the jackpot of ${deal.tableId} round ${deal.sequence} was refused for ${[...sent.refused].join(', ')}`);
}

/**
 * How many shares each player holds (a player on two seats may hold two), how many of them were
 * staked from a seamless wallet, and the reserves their share bets hold.
 */
function sharesOf(
  bettors: readonly string[],
  reserves: readonly number[] = [],
  seamless: readonly boolean[] = [],
): Map<string, { shares: number; inWallet: number; released: number }> {
  const shares = new Map<string, { shares: number; inWallet: number; released: number }>();
  bettors.forEach((playerId, index) => {
    const held = shares.get(playerId) ?? { shares: 0, inWallet: 0, released: 0 };
    shares.set(playerId, {
      shares: held.shares + 1,
      inWallet: held.inWallet + (seamless[index] ? 1 : 0),
      released: held.released + (reserves[index] ?? 0),
    });
  });
  return shares;
}

/** A prize's credit, and for version 2 its listing in the round: written before the round's closing credit may be sent (it waits for the round's settlement). */
function prizeCallActions(db: Db, credit: WalletCallRecord): TransactAction[] {
  const listing = roundListingOf(db, credit, { whileOpen: false });
  return listing ? [putWalletCall(db, credit), listing] : [putWalletCall(db, credit)];
}
