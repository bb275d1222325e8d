import { splitJackpotPrize } from '../../rules/baccarat';
import { poolContribution } from '../../rules/money';
import { getJackpotPool, commitJackpotRound } from '../../store/rounds/jackpot-pools';
import type { DealRecord, JackpotPayoutRecord, JackpotRound } from '../../store/rounds/outcome-records';
import type { JackpotPoolRecord } from '../../store/rounds/jackpot-pool-record';
import { backoff } from '../../store/kernel/retry';
import { ServiceError } from '../kernel/service-error';
import { jackpotJournals, type ShareHolder } from '../money/journals';
import type { ServiceDependencies } from '../kernel/services';
import type { WalletCallRecord } from '../../store/wallet/wallet-calls';
import { creditOf, prizeTransactionId, VERSION_1_TERMS, type WalletTerms } from '../wallet/wallet-calls';
import { walletTermsOf } from '../wallet/wallet-terms';
import { queueWalletCalls } from '../wallet/deliver-wallet-call';
import { textParam } from '../../rules/error-params';

/** Times the pool's transaction is tried, each after reading the pool again, before the runner gives up (CONFLICT). */
export const MAX_POOL_ATTEMPTS = 10;

/**
 * Pays a round's jackpot (art. 17.5-12): the round's contributions go into the pool first, then
 * the highest combination's prize is split equally among the round's jackpot bettors by the
 * rules layer; a remainder that cannot be split stays in the pool, a fixed prize the pool cannot
 * cover is paid in full with the house topping the pool up, and a whole-pool prize restarts the
 * pool from its seed (both house money, journalled as reseeds) [interpretation, docs/RULES.md]. Each bettor's
 * share is the settlement of their first jackpot bet of the round. The pool is read and
 * written under its own version, so rounds of several tables sharing it never overwrite each other.
 */
export async function applyJackpotRound(deps: ServiceDependencies, deal: DealRecord): Promise<void> {
  const round = deal.jackpot!;

  for (let attempt = 0; attempt < MAX_POOL_ATTEMPTS; attempt++) {
    const pool = await getJackpotPool(deps.db, round.poolId);
    const at = deps.now();
    if (!pool) throw new Error(`jackpot pool ${round.poolId} is not stored`);
    // A pool holds at most MAX_POOL: what the round's bets contribute past it stays with the house.
    const contributions = poolContribution(pool.amount, round.contributions);
    const payout = jackpotPayout(
      pool,
      contributions,
      round.combination === null
        ? null
        : splitJackpotPrize(pool.prizes, round.combination, pool.amount + contributions, round.bettors.length),
    );
    const journals = jackpotJournals(deal.tableId, deal.sequence, pool.id, pool.currency, shareHolders(round), payout, contributions, at);
    const seamless = shareHolders(round).filter((holder) => holder.seamless);
    const terms =
      payout.share === 0
        ? VERSION_1_TERMS
        : await walletTermsOf(
            deps,
            seamless.map((holder) => holder.playerId),
          );
    const credits = prizeCredits(deal, payout, pool.currency, at, terms);
    const applied = await commitJackpotRound(deps.db, deal, pool, payout, journals, at, credits);
    if (applied === 'APPLIED')
      await queueWalletCalls(
        deps,
        [...credits.values()].map((credit) => credit.transactionId),
      );
    if (applied === 'APPLIED' && payout.paid > 0) deps.metrics.jackpotPrizesPaid({ count: round.bettors.length, amount: payout.paid });
    if (applied !== 'POOL_CHANGED') return;
    // Another table's round moved the shared pool first: let it finish before reading again.
    await backoff(attempt, 10, 1_000);
  }
  throw new ServiceError(
    'CONFLICT',
    'Jackpot pool "{poolId}" is busy; the round\'s jackpot will be paid by the next request at this table.',
    undefined,
    [textParam('poolId', round.poolId)],
  );
}

function jackpotPayout(
  pool: JackpotPoolRecord,
  contributions: number,
  split: ReturnType<typeof splitJackpotPrize> | null,
): JackpotPayoutRecord {
  const poolBefore = pool.amount + contributions;
  if (!split) return { poolBefore, prize: 0, share: 0, paid: 0, remainder: 0, reseeded: 0, poolAfter: poolBefore };
  const paid = Number(split.paid);
  const kept = poolBefore - paid;
  // House money into the pool: what a fixed prize needed beyond it, and the seed after a whole-pool prize.
  const reseeded = Number(split.topUp) + (split.wholePool ? pool.seed : 0);
  return {
    poolBefore,
    prize: Number(split.prize),
    share: Number(split.share),
    paid,
    remainder: Number(split.remainder),
    reseeded,
    poolAfter: kept + reseeded,
  };
}

/** The round's bettors, each with the bet that carries their share. */
export function shareHolders(round: JackpotRound): ShareHolder[] {
  return round.bettors.map((playerId, index) => ({
    playerId,
    betId: round.shareBets[index]!,
    ...(round.seamless?.[index] ? { seamless: true } : {}),
  }));
}

/** The credits that pay seamless bettors' prizes in their wallets (docs/WALLET.md), by player. */
function prizeCredits(
  deal: DealRecord,
  payout: JackpotPayoutRecord,
  currency: string,
  at: string,
  { contractOf, sessionOf, roundDetailsOf }: WalletTerms,
): Map<string, WalletCallRecord> {
  const credits = new Map<string, WalletCallRecord>();
  if (payout.share === 0) return credits;
  const holders = shareHolders(deal.jackpot!).filter((holder) => holder.seamless);
  for (const playerId of new Set(holders.map((holder) => holder.playerId))) {
    const betIds = holders.filter((holder) => holder.playerId === playerId).map((holder) => holder.betId);
    credits.set(
      playerId,
      creditOf(
        prizeTransactionId(deal.tableId, deal.sequence, playerId),
        playerId,
        {
          amount: betIds.length * payout.share,
          currency,
          tableId: deal.tableId,
          sequence: deal.sequence,
          betIds,
          kind: 'JACKPOT_PRIZE',
          sessionToken: sessionOf(playerId),
          roundDetailsUrl: roundDetailsOf(deal.tableId, deal.sequence, playerId),
        },
        at,
        contractOf(playerId),
      ),
    );
  }
  return credits;
}
