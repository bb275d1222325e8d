import { odds, type PayoutOdds } from '../money';
import { LOSE, PUSH, win } from '../resolution';
import { RuleViolation } from '../rule-violation';
import { betTypeParam, moneyParam } from '../error-params';
import type { BaccaratTableOptions } from './options';
import { BACCARAT_BET_TYPES, type BaccaratBet, type BetResolution, type RoundResult } from './types';

/**
 * Baccarat payouts (art. 17) and the Banker commission options (art. 18). Every payout goes through
 * money.ts's winnings(), which rounds down in the house's favour: the only rounding rule.
 */
export const PAYOUTS = {
  PLAYER: odds(1, 1), // art. 17.1
  BANKER: odds(1, 1), // art. 17.1 (before the commission option)
  BANKER_LESS_5_PERCENT: odds(19, 20), // art. 18.1: 1:1 less 5% of the winnings
  BANKER_SIX_HALF: odds(1, 2), // art. 18.2: a Banker win on 6 pays 50% of the stake
  TIE: odds(8, 1), // art. 17.2
  PAIR: odds(11, 1), // art. 17.3
  DRAGON_7: odds(40, 1), // art. 17.4
} as const satisfies Record<string, PayoutOdds>;

/**
 * Refuses a bet the table does not take: unknown type; a stake that is not a positive multiple of
 * the bet type's minimum or exceeds its maximum (docs/RULES.md, "Money", as craps art. 5.6); a jackpot
 * bet at a table without a jackpot, or from a player who is not seated (art. 13.3).
 */
export function validateBet(options: BaccaratTableOptions, bet: BaccaratBet): void {
  if (!BACCARAT_BET_TYPES.includes(bet.type)) {
    throw new RuleViolation('UNKNOWN_BET_TYPE', 'not a baccarat bet type (art. 13.1)');
  }
  const { minimum, maximum } = options.limits[bet.type];
  const kind = [betTypeParam('betType', bet.type)];
  if (!Number.isSafeInteger(bet.amount) || bet.amount <= 0) {
    throw new RuleViolation('INVALID_STAKE', 'the {betType} stake must be a positive whole number of minor units', kind);
  }
  if (bet.amount % minimum !== 0) {
    throw new RuleViolation(
      'STAKE_NOT_MULTIPLE_OF_MINIMUM',
      'the {betType} stake must be a multiple of the table minimum {minimum} (the value of bets must be a multiple of the fixed minimums)',
      [...kind, moneyParam('minimum', minimum)],
    );
  }
  if (bet.amount > maximum) {
    throw new RuleViolation('STAKE_ABOVE_MAXIMUM', 'the {betType} stake may not exceed the table maximum {maximum}', [
      ...kind,
      moneyParam('maximum', maximum),
    ]);
  }
  if (bet.type === 'JACKPOT') {
    if (options.jackpot === null) {
      throw new RuleViolation('JACKPOT_NOT_OFFERED', 'this table runs no progressive jackpot (art. 13.1(4)(3))');
    }
    if (bet.seated !== true) {
      throw new RuleViolation('JACKPOT_SEATED_PLAYERS_ONLY', 'jackpot bets are reserved for seated players (art. 13.3)');
    }
  }
}

/**
 * A new bet's stake with what the player already holds on its spot this round: at most the bet
 * type's maximum (docs/RULES.md, "Money", as craps art. 5.6 bounds a spot). A spot is the bet
 * type, whichever seats the player bets from [interpretation: a table maximum is the most one
 * player risks on one outcome a round, so ten chips on BANKER count as one stake]. Jackpot bets,
 * one per seat (art. 13.3), are each bounded on their own.
 */
export function assertSpotWithinMaximum(options: BaccaratTableOptions, bet: BaccaratBet, own: readonly BaccaratBet[]): void {
  if (bet.type === 'JACKPOT') return;
  const already = own.filter((open) => open.type === bet.type).reduce((total, open) => total + open.amount, 0);
  const { maximum } = options.limits[bet.type];
  if (already > 0 && already + bet.amount > maximum) {
    throw new RuleViolation(
      'STAKE_ABOVE_MAXIMUM',
      'the stake, with {already} already on {betType} this round, is above the {betType} maximum {maximum}',
      [betTypeParam('betType', bet.type), moneyParam('already', already), moneyParam('maximum', maximum)],
    );
  }
}

/**
 * One player's bets for a round, checked together: each by validateBet, and a jackpot bet only
 * alongside a Player, Banker or Tie bet (art. 13.3: jackpot bets "são adicionais às apostas" of
 * art. 13.1(1)-(3)) [interpretation: read as "placed in addition to", as docs/RULES.md states it].
 */
export function validatePlayerBets(options: BaccaratTableOptions, bets: readonly BaccaratBet[]): void {
  for (const bet of bets) validateBet(options, bet);
  const hasMainBet = bets.some((bet) => bet.type === 'PLAYER' || bet.type === 'BANKER' || bet.type === 'TIE');
  if (bets.some((bet) => bet.type === 'JACKPOT') && !hasMainBet) {
    throw new RuleViolation('JACKPOT_NEEDS_MAIN_BET', 'a jackpot bet is placed in addition to a Player, Banker or Tie bet (art. 13.3)');
  }
  // Art. 13.3: the jackpot is the seated players' bet, one per seat and round [interpretation]:
  // each jackpot bet is one share of a prize, so a player on two seats may hold two.
  const seats = bets.filter((bet) => bet.type === 'JACKPOT' && bet.seat != null).map((bet) => bet.seat);
  if (new Set(seats).size !== seats.length) {
    throw new RuleViolation('JACKPOT_ONE_PER_SEAT', 'a seat takes one jackpot bet a round (art. 13.3)');
  }
}

/**
 * What `result` does to `bet` under the table's commission option.
 *   PLAYER: wins 1:1 on a Player win, pushes on a tie (docs/RULES.md [interpretation]: universal practice).
 *   BANKER: on a Banker win, STANDARD pays 1:1 less 5% (art. 18.1); SIX_PAYS_HALF pays 1:1, or 1:2
 *     when the Banker wins with 6 (art. 18.2); DRAGON_PUSH pays 1:1, but pushes on a Dragon 7
 *     (art. 18.3). Pushes on a tie.
 *   TIE 8:1; PLAYER_PAIR, BANKER_PAIR 11:1 (that hand's first two cards share a rank); DRAGON_7 40:1.
 *   Under DRAGON_PUSH a Dragon 7 makes Player and Tie bets lose (art. 18.3): a Banker win already does.
 *   JACKPOT: the stake buys the round's jackpot chance and is never returned (LOSE); the prize, when
 *     the round makes a combination, is paid from the pool by splitJackpotPrize (art. 17.5-11).
 */
export function settleBet(options: BaccaratTableOptions, bet: BaccaratBet, result: RoundResult): BetResolution {
  const stake = bet.amount;
  switch (bet.type) {
    case 'PLAYER':
      return result.winner === 'PLAYER' ? win(stake, PAYOUTS.PLAYER) : result.winner === 'TIE' ? PUSH : LOSE;
    case 'BANKER':
      if (result.winner === 'TIE') return PUSH;
      if (result.winner === 'PLAYER') return LOSE;
      return bankerWin(options, stake, result);
    case 'TIE':
      return result.winner === 'TIE' ? win(stake, PAYOUTS.TIE) : LOSE;
    case 'PLAYER_PAIR':
      return result.player.pair ? win(stake, PAYOUTS.PAIR) : LOSE;
    case 'BANKER_PAIR':
      return result.banker.pair ? win(stake, PAYOUTS.PAIR) : LOSE;
    case 'DRAGON_7':
      return result.dragon7 ? win(stake, PAYOUTS.DRAGON_7) : LOSE;
    case 'JACKPOT':
      return LOSE;
    default:
      throw new RuleViolation('UNKNOWN_BET_TYPE', 'not a baccarat bet type (art. 13.1)');
  }
}

function bankerWin(options: BaccaratTableOptions, stake: number, result: RoundResult): BetResolution {
  switch (options.commission) {
    case 'STANDARD':
      return win(stake, PAYOUTS.BANKER_LESS_5_PERCENT); // art. 18.1
    case 'SIX_PAYS_HALF':
      return win(stake, result.banker.total === 6 ? PAYOUTS.BANKER_SIX_HALF : PAYOUTS.BANKER); // art. 18.2
    case 'DRAGON_PUSH':
      return result.dragon7 ? PUSH : win(stake, PAYOUTS.BANKER); // art. 18.3
  }
}
