import type { Decision } from '../resolution';
import type { Card } from './cards';

/**
 * The vocabulary of the baccarat rules layer (Macau BACCARAT rules, 2009 amendment of art. 13,
 * 17, 18, 19; docs/RULES.md). The services layer depends on these names.
 */

/** Art. 13.1: Player, Banker, Tie; art. 13.1(4): the pairs, Dragon 7 and the progressive jackpot. */
export type BaccaratBetType = 'PLAYER' | 'BANKER' | 'TIE' | 'PLAYER_PAIR' | 'BANKER_PAIR' | 'DRAGON_7' | 'JACKPOT';

export const BACCARAT_BET_TYPES: readonly BaccaratBetType[] = [
  'PLAYER',
  'BANKER',
  'TIE',
  'PLAYER_PAIR',
  'BANKER_PAIR',
  'DRAGON_7',
  'JACKPOT',
];

/** Art. 18: one of three ways of charging the Banker bet, one per table (authorised under art. 19). */
export type CommissionOption = 'STANDARD' | 'SIX_PAYS_HALF' | 'DRAGON_PUSH';

export const COMMISSION_OPTIONS: readonly CommissionOption[] = ['STANDARD', 'SIX_PAYS_HALF', 'DRAGON_PUSH'];

export type Winner = 'PLAYER' | 'BANKER' | 'TIE';

export interface HandResult {
  /** The hand's cards in the order it received them (two or three). */
  readonly cards: readonly Card[];
  readonly total: number;
  /** 8 or 9 on the first two cards. */
  readonly natural: boolean;
  /** The first two cards are of the same rank (art. 13.1(4)(1): J+J is a pair, J+Q is not). */
  readonly pair: boolean;
}

/** Everything a bet can be settled on, decided once per round by resolveDeal. */
export interface RoundResult {
  /** The round's cards in dealt order: Player, Banker, Player, Banker, then third cards. */
  readonly cards: readonly Card[];
  readonly player: HandResult;
  readonly banker: HandResult;
  readonly winner: Winner;
  /** Either hand had a natural, so both stood on two cards. */
  readonly natural: boolean;
  /** Art. 13.1(4)(2): the Banker won with a total of 7 after receiving a third card (a tie is not). */
  readonly dragon7: boolean;
}

/** A bet as the rules see it. `seated` matters only for the jackpot (art. 13.3: seated players only). */
export interface BaccaratBet {
  readonly type: BaccaratBetType;
  /** Stake in minor units. */
  readonly amount: number;
  readonly seated?: boolean;
  /** The seat it is placed from, where there is one: a seat takes one jackpot bet a round. */
  readonly seat?: number | null;
}

/** WIN returns the stake plus `winnings`; LOSE keeps the stake; PUSH returns the stake (../resolution.ts). */
export type BetResolution = Decision;
