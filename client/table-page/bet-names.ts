/** What the page calls the API's enum values. */
import type { BaccaratWinner, BetStatus, BetType } from '../generated/graphql';

const SPECIAL: Partial<Record<BetType, string>> = {
  DONT_PASS: "Don't Pass",
  DONT_PASS_ODDS: "Don't Pass Odds",
  DONT_COME: "Don't Come",
  DONT_COME_ODDS: "Don't Come Odds",
  ACE_DEUCE: 'Ace-Deuce',
  DRAGON_7: 'Dragon 7',
};

/** PASS_LINE → "Pass Line", HARD_4 → "Hard 4". */
export function betTypeName(type: BetType): string {
  return (
    SPECIAL[type] ??
    type
      .split('_')
      .map((word) => word.charAt(0) + word.slice(1).toLowerCase())
      .join(' ')
  );
}

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
