import type { BetRecord } from '../../store/betting/bet-records';
import type { OutcomeRecord } from '../../store/rounds/outcome-records';
import type { PlannedSettlement } from '../../store/rounds/planned-settlement';

/**
 * What an outcome did to a bet, as the API answers it (BetSettlement): its entry in the outcome's
 * plan, beside the bet as it stands after. Its own module, below the job that pays the plan and
 * the use cases that answer with it, so that neither imports the other for it.
 */
export interface SettledBet {
  readonly bet: BetRecord;
  readonly entry: ShownEntry;
}

/** A plan's entry as the API shows it: any but a STAYS, which the plan holds only to close a seamless player's round. */
export type ShownEntry = PlannedSettlement & { readonly resolution: Exclude<PlannedSettlement['resolution'], { outcome: 'STAYS' }> };

/** The entries of a plan the API shows: what the outcome decided or moved. */
export const shownEntries = (plan: readonly PlannedSettlement[]): ShownEntry[] =>
  plan.filter((entry): entry is ShownEntry => entry.resolution.outcome !== 'STAYS');

/**
 * A round's settlements with its jackpot prize in them: each bet that carries a share shows WON
 * with the share as its winnings and its return (its stake went to the house and the pool), so
 * that a round's settlements add up to what reached the balances. The round's plan decided the
 * jackpot bets LOST before the pool paid; the pool's transaction made the winners WON.
 */
export function withJackpotShares(outcome: OutcomeRecord, settlements: readonly SettledBet[]): SettledBet[] {
  const payout = outcome.kind === 'DEAL' ? outcome.jackpot?.payout : undefined;
  if (outcome.kind !== 'DEAL' || !payout || payout.share === 0) return [...settlements];
  const winners = new Set(outcome.jackpot!.shareBets);
  const share = payout.share;
  return settlements.map((settled) =>
    winners.has(settled.entry.betId)
      ? {
          entry: { ...settled.entry, resolution: { outcome: 'WIN', winnings: share }, returned: share },
          bet: { ...settled.bet, status: 'WON', winnings: share, returned: share },
        }
      : settled,
  );
}
