import type { Decision } from '../resolution';

/**
 * The vocabulary of the craps rules layer (Macau CRAPS regulation, 2010; docs/RULES.md).
 * The services layer depends on these names; extend freely, rename only with the callers.
 */

export type Die = 1 | 2 | 3 | 4 | 5 | 6;
export type Dice = readonly [Die, Die];

/** A roll is either two dice or void (a die left the layout, did not pass the middle...). */
export type Roll = { readonly kind: 'DICE'; readonly dice: Dice } | { readonly kind: 'VOID' };

export type PointNumber = 4 | 5 | 6 | 8 | 9 | 10;

export type CrapsPhase = 'COME_OUT' | 'POINT';

export type CrapsBetType =
  | 'PASS_LINE'
  | 'PASS_ODDS'
  | 'DONT_PASS'
  | 'DONT_PASS_ODDS'
  | 'COME'
  | 'COME_ODDS'
  | 'DONT_COME'
  | 'DONT_COME_ODDS'
  | 'ANY_CRAPS'
  | 'ANY_SEVEN'
  | 'ELEVEN'
  | 'ACE_DEUCE'
  | 'ACES'
  | 'BOXCARS'
  | 'HORN'
  | 'FIELD'
  | 'BIG'
  | 'SMALL'
  | 'HARD_4'
  | 'HARD_6'
  | 'HARD_8'
  | 'HARD_10'
  | 'BIG_4'
  | 'BIG_5'
  | 'BIG_6'
  | 'BIG_8'
  | 'BIG_9'
  | 'BIG_10';

export interface CrapsTableState {
  readonly phase: CrapsPhase;
  /** The Pass Line point while `phase` is POINT, otherwise null. */
  readonly point: PointNumber | null;
  /** Rolls recorded so far at this table, void rolls included. */
  readonly rollCount: number;
  /**
   * The player holding the dice (art. 2), or null before anyone has them. Optional so that
   * states stored before the shooter was tracked still read. `settleRoll` never changes it:
   * it only reports a seven-out, and `nextShooter` says who takes the dice (art. 4).
   */
  readonly shooter?: string | null;
  /** The shooter's seat when they took the dice (null: betting without one): where the dice go on from if they leave. */
  readonly shooterSeat?: number | null;
}

/** A bet on the layout, as the rules see it: no ids of storage, no timestamps. */
export interface CrapsBet {
  readonly id: string;
  readonly playerId: string;
  readonly type: CrapsBetType;
  /** Stake in minor units. */
  readonly amount: number;
  /** COME / DONT_COME: the come point once the bet has moved to it; odds on them: that number. */
  readonly number?: PointNumber | null;
  /** Odds bets: the id of the line or come bet they back. */
  readonly baseBetId?: string | null;
}

/**
 * What one roll did to one bet. WIN returns the stake plus `winnings`; LOSE keeps the stake;
 * PUSH returns the stake; MOVED (a come bet travelling to its number) and STAYS leave it up.
 */
export type BetResolution = Decision | { readonly outcome: 'MOVED'; readonly number: PointNumber } | { readonly outcome: 'STAYS' };
