/** A table's outcomes as the store keeps them (a roll, a deal, a voided round), with a deal's jackpot round. */
import type { CrapsTableState, Dice } from '../../rules/craps';
import type { JackpotCombination, Winner } from '../../rules/baccarat';
import type { ActorStamp, Game } from '../tables/table-records';

interface OutcomeBase {
  readonly tableId: string;
  /** The table's currency: what the outcome's payments are journalled in. */
  readonly currency: string;
  /** 1 for the table's first outcome, then 2, 3... */
  readonly sequence: number;
  /** The outcome's plan: where it is stored, how many bets it decides or moves, in how many chunks. */
  readonly planned: {
    readonly planId: string;
    readonly entries: number;
    readonly chunks: number;
    /** How many parts its settlement is paid in, by workers of their own (absent before parts: one). */
    readonly parts?: number;
  };
  readonly recordedAt: string;
  /** The dealer who recorded it. */
  readonly recordedBy?: string;
  /** Who closed betting for it, and when. */
  readonly bettingClosedBy?: ActorStamp;
  /** Set once the whole plan (and any jackpot) has been applied. */
  readonly settledAt?: string;
  /**
   * Dealt by the server: the commitment it was drawn under; for a roll also its seed and salt,
   * revealed as it is recorded (a deal's shoe is revealed once the shoe is over: the seed item).
   */
  readonly fairness?: { readonly commitment: string; readonly seed?: string; readonly salt?: string };
}

export interface RollRecord extends OutcomeBase {
  readonly kind: 'ROLL';
  /** Null for a void roll. */
  readonly dice: Dice | null;
  readonly stateBefore: CrapsTableState;
  readonly stateAfter: CrapsTableState;
}

export interface DealRecord extends OutcomeBase {
  readonly kind: 'DEAL';
  /** The shoe the round was dealt from (1 for the table's first), and the round's place in it (1, 2, ...); absent on older rounds. */
  readonly shoe?: number;
  readonly shoePosition?: number;
  /** The round's cards in dealt order, as codes ("AS", "10H"). */
  readonly cards: readonly string[];
  readonly winner: Winner;
  readonly playerTotal: number;
  readonly bankerTotal: number;
  readonly natural: boolean;
  readonly playerPair: boolean;
  readonly bankerPair: boolean;
  readonly dragon7: boolean;
  readonly jackpot: JackpotRound | null;
}

/** A round's dealings with the jackpot pool, applied in one transaction after the bets. */
export interface JackpotRound {
  readonly poolId: string;
  /** Sum of this round's jackpot bets' contributions to the pool. */
  readonly contributions: number;
  readonly combination: JackpotCombination | null;
  /** The player of each share of the round's prize: one share per jackpot bet (one per seat), so a player on two seats appears twice. */
  readonly bettors: readonly string[];
  /** The jackpot bet of each share (in `bettors`' order): it shows WON with its share once the jackpot is applied. */
  readonly shareBets: readonly string[];
  /** The reserve each share's bet holds (in `bettors`' order; 0 for bets placed before reserves): released by the jackpot's transaction. */
  readonly reserves?: readonly number[];
  /** Whether each share's bet was staked from a seamless wallet (in `bettors`' order; absent when none was): its prize is paid there. */
  readonly seamless?: readonly boolean[];
  /** Set when applied: what the pool paid and kept. */
  readonly payout?: JackpotPayoutRecord;
}

export interface JackpotPayoutRecord {
  readonly poolBefore: number;
  readonly prize: number;
  readonly share: number;
  readonly paid: number;
  readonly remainder: number;
  /** House money added to restart the pool after a whole-pool prize. */
  readonly reseeded: number;
  readonly poolAfter: number;
}

/**
 * A round voided before its outcome (a misdeal, a camera fault, a die off the table that cannot be
 * rolled again): every stake placed for it comes back; bets from earlier rounds stay.
 */
export interface VoidRecord extends OutcomeBase {
  readonly kind: 'VOID';
  readonly game: Game;
  /** Why, in the dealer's or operator's words. */
  readonly reason: string;
  /** The table is closing: every bet on the layout comes back, not only the round's. */
  readonly wholeLayout?: boolean;
}

export type OutcomeRecord = RollRecord | DealRecord | VoidRecord;
