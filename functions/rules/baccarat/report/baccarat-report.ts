import { Fraction } from '../../fraction';
import type { PayoutOdds } from '../../money';
import type { JackpotCombination, JackpotModality } from '../jackpot';
import { PAYOUTS } from '../settle-bet';
import { DEFAULT_DECKS, assertDeckCount } from '../shoe';
import { COMMISSION_OPTIONS, type BaccaratBetType, type CommissionOption } from '../types';
import { enumerateJackpotCombinations } from './jackpot-enumeration';
import { countPairDeals, enumerateOutcomes, type OutcomeCounts } from './outcome-enumeration';

/**
 * The exact odds report of a baccarat table (as a casino attaches to an application for an option,
 * art. 19): outcome counts, and for every bet under every commission option the exact chances of
 * winning, losing and pushing and the house edge (the player's expected loss per unit staked,
 * pushes included), as fractions in lowest terms; and the exact chance of every jackpot combination.
 * The house edge uses the quoted payouts; rounding a single payout down to the minor unit only
 * adds to it.
 */
export interface BetFigures {
  readonly bet: Exclude<BaccaratBetType, 'JACKPOT'>;
  readonly commission: CommissionOption;
  readonly win: Fraction;
  readonly lose: Fraction;
  readonly push: Fraction;
  readonly houseEdge: Fraction;
}

export interface BaccaratReport {
  readonly decks: number;
  readonly commissions: readonly CommissionOption[];
  readonly deals: Omit<OutcomeCounts, 'decks'> & {
    readonly playerPairs: bigint;
    readonly bankerPairs: bigint;
  };
  readonly bets: readonly BetFigures[];
  /** Present unless the caller asked to leave the (slower) jackpot enumeration out. */
  readonly jackpot?: {
    readonly [M in JackpotModality]: ReadonlyArray<{
      readonly combination: JackpotCombination;
      readonly count: bigint;
      readonly probability: Fraction;
    }>;
  };
}

export interface BaccaratReportRequest {
  readonly decks?: number;
  /** One option, or every option when omitted. */
  readonly commission?: CommissionOption;
  /** Include the jackpot combinations (default true). */
  readonly jackpot?: boolean;
}

const ratio = (payout: PayoutOdds): Fraction => Fraction.of(payout.to, payout.per);

export function baccaratReport(request: BaccaratReportRequest = {}): BaccaratReport {
  const decks = request.decks ?? DEFAULT_DECKS;
  assertDeckCount(decks);
  const commissions = request.commission ? [request.commission] : COMMISSION_OPTIONS;
  for (const commission of commissions) {
    if (!COMMISSION_OPTIONS.includes(commission)) throw new RangeError(`unknown commission option ${String(commission)}`);
  }
  const { decks: _decks, ...outcomes } = enumerateOutcomes(decks);
  const pairs = countPairDeals(decks);
  const deals = { ...outcomes, playerPairs: pairs, bankerPairs: pairs };
  const bets = commissions.flatMap((commission) => betFigures(deals, commission));
  if (request.jackpot === false) return { decks, commissions, deals, bets };

  const counts = enumerateJackpotCombinations(decks);
  const withProbability = <C extends JackpotCombination>(entries: ReadonlyArray<{ combination: C; count: bigint }>) =>
    entries.map(({ combination, count }) => ({ combination, count, probability: Fraction.of(count, counts.total) }));
  return {
    decks,
    commissions,
    deals,
    bets,
    jackpot: {
      A: withProbability(counts.combinations.A),
      B: withProbability(counts.combinations.B),
      C: withProbability(counts.combinations.C),
    },
  };
}

/** One bet's outcomes: the deals it wins at each payout, and those it pushes; it loses the rest. */
interface BetOutcomes {
  readonly wins: ReadonlyArray<{ readonly deals: bigint; readonly pays: Fraction }>;
  readonly pushes: bigint;
}

function betFigures(deals: BaccaratReport['deals'], commission: CommissionOption): BetFigures[] {
  const { bankerWins, playerWins, ties, bankerWinsOnSix, dragon7 } = deals;
  const even = ratio(PAYOUTS.PLAYER);
  const banker: BetOutcomes =
    commission === 'STANDARD'
      ? { wins: [{ deals: bankerWins, pays: ratio(PAYOUTS.BANKER_LESS_5_PERCENT) }], pushes: ties } // art. 18.1
      : commission === 'SIX_PAYS_HALF'
        ? {
            wins: [
              { deals: bankerWins - bankerWinsOnSix, pays: ratio(PAYOUTS.BANKER) },
              { deals: bankerWinsOnSix, pays: ratio(PAYOUTS.BANKER_SIX_HALF) }, // art. 18.2
            ],
            pushes: ties,
          }
        : { wins: [{ deals: bankerWins - dragon7, pays: ratio(PAYOUTS.BANKER) }], pushes: ties + dragon7 }; // art. 18.3
  const table: Array<[BetFigures['bet'], BetOutcomes]> = [
    // A Dragon 7 is a Banker win, so Player and Tie lose on it under every option (art. 18.3 included).
    ['PLAYER', { wins: [{ deals: playerWins, pays: even }], pushes: ties }],
    ['BANKER', banker],
    ['TIE', { wins: [{ deals: ties, pays: ratio(PAYOUTS.TIE) }], pushes: 0n }],
    ['PLAYER_PAIR', { wins: [{ deals: deals.playerPairs, pays: ratio(PAYOUTS.PAIR) }], pushes: 0n }],
    ['BANKER_PAIR', { wins: [{ deals: deals.bankerPairs, pays: ratio(PAYOUTS.PAIR) }], pushes: 0n }],
    ['DRAGON_7', { wins: [{ deals: dragon7, pays: ratio(PAYOUTS.DRAGON_7) }], pushes: 0n }],
  ];
  return table.map(([bet, outcomes]) => {
    const wonDeals = outcomes.wins.reduce((sum, part) => sum + part.deals, 0n);
    const win = Fraction.of(wonDeals, deals.total);
    const push = Fraction.of(outcomes.pushes, deals.total);
    const lose = Fraction.of(deals.total - wonDeals - outcomes.pushes, deals.total);
    const expectedWinnings = Fraction.sum(outcomes.wins.map((part) => Fraction.of(part.deals, deals.total).mul(part.pays)));
    return { bet, commission, win, lose, push, houseEdge: lose.sub(expectedWinnings) };
  });
}
