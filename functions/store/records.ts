import type { BetResolution, CrapsBet, CrapsTableState, Dice } from '../rules/craps/types';

/** What the store keeps, item kind by item kind (keys are in keys.ts). */

export type Game = 'CRAPS' | 'BACCARAT';
export type TableStatus = 'OPEN' | 'CLOSED';
export type BetStatus = 'OPEN' | 'WON' | 'LOST' | 'PUSHED' | 'TAKEN_DOWN';

export interface TableRecord {
  readonly id: string;
  readonly game: Game;
  readonly status: TableStatus;
  readonly currency: string;
  readonly minimumBet: number;
  readonly maximumBet: number;
  /** The rules layer's table options, stored as it returned them. */
  readonly options: unknown;
  readonly state: CrapsTableState;
  /**
   * Optimistic lock: every bet placed and every roll bumps it, so a roll's settlement plan is
   * computed from exactly the bets on the layout, and a bet is validated against the state it lands in.
   */
  readonly version: number;
  /** Set while a roll's plan is being applied; no bet may be placed until it is cleared. */
  readonly settlingRoll?: number;
  readonly createdAt: string;
}

/** A bet as the rules see it, plus where it stands and what it returned. */
export interface BetRecord extends CrapsBet {
  readonly tableId: string;
  readonly status: BetStatus;
  readonly winnings: number;
  readonly returned: number;
  readonly placedAt: string;
  readonly settledAt?: string;
  readonly settledByRoll?: number;
  /** Sequence of the last roll applied to this open bet (moves only); guards replays. */
  readonly lastRoll?: number;
}

/** One bet's part of a roll's settlement, decided when the roll is recorded and applied after. */
export interface PlannedSettlement {
  readonly betId: string;
  readonly playerId: string;
  readonly resolution: Exclude<BetResolution, { outcome: 'STAYS' }>;
  /** Credited to the player's balance: stake + winnings, stake, or 0. */
  readonly returned: number;
}

export interface RollRecord {
  readonly tableId: string;
  readonly sequence: number;
  readonly dice: Dice | null;
  readonly stateBefore: CrapsTableState;
  readonly stateAfter: CrapsTableState;
  readonly plan: readonly PlannedSettlement[];
  readonly rolledAt: string;
  /** Set once every planned settlement has been applied. */
  readonly settledAt?: string;
}

export interface AccountRecord {
  readonly id: string;
  readonly currency: string;
  readonly balance: number;
  readonly createdAt: string;
}
