/** What the page calls the API's enum values, in its language (i18n/). */
import type { BaccaratWinner, BetStatus, BetType } from '../generated/graphql';
import { t } from './i18n/language';

/** PASS_LINE → "Pass Line" (in English), HARD_4 → "硬4" (in Traditional Chinese): the bet in the page's language. */
export const betTypeName = (type: BetType): string => t(`bet.${type}`);

export const betStatusName = (status: BetStatus): string => t(`status.${status}`);

export const winnerName = (winner: BaccaratWinner): string => t(`winner.${winner}`);

/** The odds bet types and the bet each one backs (its baseBetId). */
export const ODDS_BASE: Partial<Record<BetType, BetType>> = {
  PASS_ODDS: 'PASS_LINE',
  DONT_PASS_ODDS: 'DONT_PASS',
  COME_ODDS: 'COME',
  DONT_COME_ODDS: 'DONT_COME',
};
