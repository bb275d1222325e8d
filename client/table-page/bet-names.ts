/** What the page calls the API's enum values. */
import type { BaccaratWinner, BetStatus, BetType } from '../generated/graphql';
import { betTypeName as englishBetName } from '../../functions/rules/bet-names';

/** PASS_LINE → "Pass Line", HARD_4 → "Hard 4": the API's English names of its bets (functions/rules/bet-names.ts). */
export const betTypeName = (type: BetType): string => englishBetName(type);

const STATUS: Record<BetStatus, string> = {
  OPEN: 'Open',
  WON: 'Won',
  LOST: 'Lost',
  PUSHED: 'Pushed',
  VOIDED: 'Voided',
  TAKEN_DOWN: 'Taken down',
};

export const betStatusName = (status: BetStatus): string => STATUS[status];

const WINNER: Record<BaccaratWinner, string> = { BANKER: 'Banker', PLAYER: 'Player', TIE: 'Tie' };

export const winnerName = (winner: BaccaratWinner): string => WINNER[winner];

/** The odds bet types and the bet each one backs (its baseBetId). */
export const ODDS_BASE: Partial<Record<BetType, BetType>> = {
  PASS_ODDS: 'PASS_LINE',
  DONT_PASS_ODDS: 'DONT_PASS',
  COME_ODDS: 'COME',
  DONT_COME_ODDS: 'DONT_COME',
};
