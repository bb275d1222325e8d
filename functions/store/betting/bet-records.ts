/** A bet as the store keeps it, and the shard of the betting gate it passes through. */
import type { CrapsBetType, PointNumber } from '../../rules/craps';
import type { BaccaratBetType } from '../../rules/baccarat';

export type BetType = CrapsBetType | BaccaratBetType;

export type BetStatus = 'OPEN' | 'WON' | 'LOST' | 'PUSHED' | 'TAKEN_DOWN' | 'VOIDED';

export interface BetRecord {
  readonly id: string;
  readonly tableId: string;
  readonly playerId: string;
  readonly type: BetType;
  /** Stake in minor units. */
  readonly amount: number;
  /** Craps: the come point of a come bet that moved, or the number odds work on. */
  readonly number?: PointNumber | null;
  /** Craps odds: the bet they back. */
  readonly baseBetId?: string | null;
  /** The seat the bet was placed from (baccarat jackpot bets need one; craps dice pass in seat order). */
  readonly seat?: number | null;
  /** The table's limit profile the bet was judged by; absent for the table's own limits. */
  readonly limitProfile?: string;
  readonly status: BetStatus;
  readonly winnings: number;
  readonly returned: number;
  /** The round the bet was placed for: the sequence of the first outcome it faces. */
  readonly round: number;
  readonly placedAt: string;
  readonly settledAt?: string;
  /** Sequence of the outcome (roll or deal) that decided the bet. */
  readonly settledBy?: number;
  /** Sequence of the last outcome applied to this open bet (a move, or a seamless bet marked as staying); guards replays. */
  readonly lastOutcome?: number;
  /**
   * What the bet holds of its player's account `exposure` while it is open (rules/money.ts,
   * reserveOf): taken with its stake, released as it is decided. Absent on bets placed before
   * reserves were kept, which hold and release nothing.
   */
  readonly reserve?: number;
  /**
   * The stake was debited from the player's partner's seamless wallet (docs/WALLET.md): the bet is
   * paid back there (a credit), never into an account of ours. Absent: from the player's account.
   */
  readonly seamless?: true;
}

/** One shard of a table's betting gate: bets of the players in the shard pass through it. */
export interface GateRecord {
  readonly tableId: string;
  readonly shard: number;
  /** The round the shard takes bets for; closing betting moves it on, so a bet for a closed round is refused. */
  readonly round: number;
  /** Open bets in the shard (with decided ones not yet counted out until their round's job is done). */
  readonly open: number;
  /** The last round whose decided bets were counted out of `open`. */
  readonly settledThrough: number;
}
