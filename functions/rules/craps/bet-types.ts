import type { CrapsBetType, PointNumber } from './types';

/**
 * The layout's vocabulary (art. 5.1): the point numbers, every bet type, and which line bet
 * each additional ("odds") bet is added to.
 */

export const POINT_NUMBERS: readonly PointNumber[] = [4, 5, 6, 8, 9, 10];

export const CRAPS_BET_TYPES: readonly CrapsBetType[] = [
  'PASS_LINE',
  'PASS_ODDS',
  'DONT_PASS',
  'DONT_PASS_ODDS',
  'COME',
  'COME_ODDS',
  'DONT_COME',
  'DONT_COME_ODDS',
  'ANY_CRAPS',
  'ANY_SEVEN',
  'ELEVEN',
  'ACE_DEUCE',
  'ACES',
  'BOXCARS',
  'HORN',
  'FIELD',
  'BIG',
  'SMALL',
  'HARD_4',
  'HARD_6',
  'HARD_8',
  'HARD_10',
  'BIG_4',
  'BIG_5',
  'BIG_6',
  'BIG_8',
  'BIG_9',
  'BIG_10',
];

/** art. 5.2: Pass Line, Don't Pass, Come, Don't Come and the additional bets on them. */
export type LineBetType = 'PASS_LINE' | 'DONT_PASS' | 'COME' | 'DONT_COME';
export type OddsBetType = 'PASS_ODDS' | 'DONT_PASS_ODDS' | 'COME_ODDS' | 'DONT_COME_ODDS';

/** Each additional bet and the bet it is added to (art. 5.2(2), (4), (5), (6)). */
export const ODDS_BASE: Readonly<Record<OddsBetType, LineBetType>> = {
  PASS_ODDS: 'PASS_LINE',
  DONT_PASS_ODDS: 'DONT_PASS',
  COME_ODDS: 'COME',
  DONT_COME_ODDS: 'DONT_COME',
};

export const isCrapsBetType = (value: unknown): value is CrapsBetType =>
  typeof value === 'string' && (CRAPS_BET_TYPES as readonly string[]).includes(value);

export const isOddsBet = (type: CrapsBetType): type is OddsBetType => type in ODDS_BASE;

export const isPointNumber = (n: unknown): n is PointNumber => n === 4 || n === 5 || n === 6 || n === 8 || n === 9 || n === 10;

/** "Lay" odds win on the seven: they back a don't bet. */
export const isLayOdds = (type: OddsBetType): boolean => type === 'DONT_PASS_ODDS' || type === 'DONT_COME_ODDS';
