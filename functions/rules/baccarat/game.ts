import type { BetDecision, PlacedBet, TableGame } from '../game';
import { stakeReturned } from '../resolution';
import { parseCard } from './cards';
import { LARGEST_BACCARAT_RETURN, makeBaccaratOptions, type BaccaratOptionsInput, type BaccaratTableOptions } from './options';
import { resolveDeal } from './resolve-deal';
import { assertSpotWithinMaximum, settleBet, validatePlayerBets } from './settle-bet';
import { BACCARAT_BET_TYPES, type BaccaratBet, type BaccaratBetType, type BetResolution, type RoundResult } from './types';
import type { BaccaratTableState } from './table-state';

/** A round recorded and not yet fully paid: its cards in dealt order, as codes ("AS", "10H"). */
export interface PendingDeal {
  readonly kind: 'DEAL';
  readonly cards: readonly string[];
}

export interface BaccaratTypes {
  readonly options: BaccaratTableOptions;
  readonly optionsInput: BaccaratOptionsInput;
  readonly state: BaccaratTableState;
  readonly betType: BaccaratBetType;
  readonly pending: PendingDeal;
  readonly resolution: BetResolution;
}

/** A bet on the layout as the baccarat rules see it: a seat's bet is a seated player's (art. 13.3). */
const asBaccaratBet = (bet: PlacedBet): BaccaratBet => ({
  type: bet.type as BaccaratBetType,
  amount: bet.amount,
  seated: bet.seat != null,
  seat: bet.seat ?? null,
});

/** Every bet on the layout: a round decides them all. */
export function decideDeal<B extends PlacedBet>(
  options: BaccaratTableOptions,
  bets: readonly B[],
  result: RoundResult,
): BetDecision<B, BetResolution>[] {
  return bets.map((bet) => {
    const rulesBet = asBaccaratBet(bet);
    const resolution = settleBet(options, rulesBet, result);
    return { bet, resolution, returned: stakeReturned(rulesBet, resolution) };
  });
}

/** Macau baccarat (Macau BACCARAT rules, 2009 amendment) as a table plays it. */
export const BACCARAT_GAME: TableGame<BaccaratTypes> = {
  betTypes: BACCARAT_BET_TYPES,
  // Jackpot bets are for seated players only (art. 13.3).
  seats: 14,
  largestReturnPerUnit: LARGEST_BACCARAT_RETURN,
  backsBets: false,
  outcomeKind: 'DEAL',
  makeOptions: makeBaccaratOptions,
  storedOptions: (stored) => stored,
  initialState: () => ({ roundCount: 0, shoe: [] }),
  outcomeCount: (state) => state.roundCount,
  withOutcomeCount: (state, count) => ({ ...state, roundCount: count }),
  validateBet(options, _state, bet, own) {
    // A bet's validity depends on the player's other bets of the round (a jackpot bet needs a main bet; a spot's total).
    validatePlayerBets(options, [...own, bet].map(asBaccaratBet));
    assertSpotWithinMaximum(options, asBaccaratBet(bet), own.map(asBaccaratBet));
    return bet;
  },
  pendingDecisions: (options, pending, bets) => decideDeal(options, bets, resolveDeal(pending.cards.map(parseCard))),
  paytable: async (options) => (await import('./paytable')).baccaratPaytable(options),
  shooter: () => null,
  shoeNumber: (state) => state.shoeNumber ?? 1,
};
