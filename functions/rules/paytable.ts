import type { Fraction } from './fraction';

/**
 * What a table pays, bet by bet, with the exact chances and house edge of the table's own
 * options: what a front end draws a layout from. Both games' rules give one (craps/paytable.ts,
 * baccarat/paytable.ts), in this shape.
 */
export interface PaytableEntry {
  readonly type: string;
  /** The number the figures are for, where they depend on it (Hard 6, odds on 4...); null otherwise. */
  readonly number: number | null;
  /** The prize as the regulation states it. */
  readonly pays: string;
  /** Craps: whether a come-out roll decides the bet; null where it cannot be on the layout then (line odds), and at baccarat. */
  readonly worksOnComeOut: boolean | null;
  /** Per bet resolved; null where they depend on more than the table (a jackpot bet: on the pool). */
  readonly figures: ExactFigures | null;
}

export interface ExactFigures {
  readonly win: Fraction;
  readonly lose: Fraction;
  readonly push: Fraction;
  /** The player's expected loss per unit staked, pushes counted as resolutions. */
  readonly houseEdge: Fraction;
}
