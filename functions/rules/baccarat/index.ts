/**
 * The baccarat rules layer (Macau BACCARAT rules, 2009 amendment; docs/RULES.md, Baccarat):
 * pure functions the API settles every baccarat bet through.
 */
export { RANKS, SUITS, parseCard, formatCard, isCard, pointValue, colourOf } from './cards';
export type { Rank, Suit, Card, Colour } from './cards';
export { MIN_DECKS, MAX_DECKS, DEFAULT_DECKS, CARDS_PER_DECK, assertDeckCount, freshShoe, assertShoeHolds, cardsLeftInShoe } from './shoe';
export { handTotal, isNatural, playerDraws, bankerDraws } from './tableau';
export { resolveDeal, dealRound } from './resolve-deal';
export { BACCARAT_BET_TYPES, COMMISSION_OPTIONS } from './types';
export type { BaccaratBetType, CommissionOption, Winner, HandResult, RoundResult, BaccaratBet, BetResolution } from './types';
export { makeBaccaratOptions, DEFAULT_MINIMUM, DEFAULT_MAXIMUM, LARGEST_BACCARAT_RETURN } from './options';
export type { BaccaratTableOptions, BaccaratOptionsInput, BetLimits } from './options';
export type { BaccaratTableState } from './table-state';
export { PAYOUTS, validateBet, validatePlayerBets, assertSpotWithinMaximum, settleBet } from './settle-bet';
export { stakeReturned } from '../resolution';
export { JACKPOT_MODALITIES, JACKPOT_COMBINATIONS, highestJackpotCombination } from './jackpot';
export type { JackpotModality, JackpotCombination, ModalityACombination, ModalityBCombination, ModalityCCombination } from './jackpot';
export {
  JACKPOT_PRIZE_RULES,
  PARADISE_STRAIGHT_POOL_BASIS_POINTS,
  prizeRuleOf,
  combinationsWithFixedAmount,
  assertJackpotConfig,
  assertPoolSeed,
  splitJackpotPrize,
  poolPercent,
} from './jackpot-prize';
export type { JackpotConfig, JackpotPrizeRule, JackpotPayout } from './jackpot-prize';
export { shoeRoads, ROAD_ROWS } from './roads';
export type { ShoeRoads, RoadResult, BeadPlateCell, BigRoadCell, DerivedRoadCell, ShoeCounts, RoadColour } from './roads';
export { baccaratReport } from './report/baccarat-report';
export type { BaccaratReport, BaccaratReportRequest, BetFigures } from './report/baccarat-report';
export { enumerateOutcomes, countPairDeals } from './report/outcome-enumeration';
export type { OutcomeCounts } from './report/outcome-enumeration';
export { enumerateJackpotCombinations } from './report/jackpot-enumeration';
export type { JackpotCounts } from './report/jackpot-enumeration';
