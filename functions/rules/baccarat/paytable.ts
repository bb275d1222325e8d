import type { Fraction } from '../fraction';
import { oddsText } from '../money';
import type { PaytableEntry } from '../paytable';
import type { JackpotCombination } from './jackpot';
import { PARADISE_STRAIGHT_POOL_BASIS_POINTS, prizeRuleOf, type JackpotPrizeRule } from './jackpot-prize';
import type { BaccaratTableOptions } from './options';
import { baccaratReport } from './report/baccarat-report';
import { PAYOUTS } from './settle-bet';
import { BACCARAT_BET_TYPES, type BaccaratBetType, type CommissionOption } from './types';

/** A jackpot combination of the table's modality: its exact chance per round and how its prize is paid (art. 17.5 to 17.11). */
export interface JackpotPaytableEntry {
  readonly combination: JackpotCombination;
  readonly probability: Fraction;
  readonly rule: JackpotPrizeRule;
  /** The fixed amount, where the prize has one. */
  readonly fixedAmount: number | null;
  /** Where the prize is the higher of the fixed amount and a share of the pool: that share, in basis points. */
  readonly poolShareBasisPoints: number | null;
}

/** The Banker bet's prize under each commission option (art. 18). */
const BANKER_PAYS: Readonly<Record<CommissionOption, string>> = {
  STANDARD: `${oddsText(PAYOUTS.BANKER)} less 5% commission`,
  SIX_PAYS_HALF: `${oddsText(PAYOUTS.BANKER)}; ${oddsText(PAYOUTS.BANKER_SIX_HALF)} on a Banker win with 6`,
  DRAGON_PUSH: `${oddsText(PAYOUTS.BANKER)}; pushes on a Banker win with a three-card 7`,
};

const PAYS: Readonly<Record<Exclude<BaccaratBetType, 'BANKER' | 'JACKPOT'>, string>> = {
  PLAYER: oddsText(PAYOUTS.PLAYER),
  TIE: oddsText(PAYOUTS.TIE),
  PLAYER_PAIR: oddsText(PAYOUTS.PAIR),
  BANKER_PAIR: oddsText(PAYOUTS.PAIR),
  DRAGON_7: oddsText(PAYOUTS.DRAGON_7),
};

/**
 * Every baccarat bet the table offers (the jackpot bet only where it runs one), with its prize
 * and exact figures for the table's decks and commission option; and the jackpot's combinations.
 */
export function baccaratPaytable(options: BaccaratTableOptions): { entries: PaytableEntry[]; jackpot: JackpotPaytableEntry[] | null } {
  const { jackpot } = options;
  const report = baccaratReport({ decks: options.decks, commission: options.commission, jackpot: jackpot !== null });
  const entries = BACCARAT_BET_TYPES.filter((type) => type !== 'JACKPOT' || jackpot).map((type): PaytableEntry => {
    if (type === 'JACKPOT') {
      return {
        type,
        number: null,
        pays: "a share of the round's jackpot prize (see the jackpot's combinations)",
        worksOnComeOut: null,
        figures: null,
      };
    }
    const figures = report.bets.find((bet) => bet.bet === type)!;
    return {
      type,
      number: null,
      pays: type === 'BANKER' ? BANKER_PAYS[options.commission] : PAYS[type],
      worksOnComeOut: null,
      figures: { win: figures.win, lose: figures.lose, push: figures.push, houseEdge: figures.houseEdge },
    };
  });
  return {
    entries,
    jackpot:
      jackpot &&
      report.jackpot![jackpot.modality].map(({ combination, probability }) => ({
        combination,
        probability,
        rule: prizeRuleOf(jackpot.modality, combination),
        fixedAmount: jackpot.fixedAmounts[combination] ?? null,
        poolShareBasisPoints: poolShareOf(prizeRuleOf(jackpot.modality, combination), jackpot.poolPercentBasisPoints),
      })),
  };
}

/** The pool share of a "higher of" prize: the article's (art. 17.6), or the operator's (art. 17.10). */
function poolShareOf(rule: JackpotPrizeRule, operatorBasisPoints: number | null): number | null {
  if (rule.kind !== 'FIXED_OR_POOL_PERCENT') return null;
  return rule.percentSetBy === 'ARTICLE' ? PARADISE_STRAIGHT_POOL_BASIS_POINTS : operatorBasisPoints;
}
