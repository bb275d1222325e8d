/** A table as the store keeps it, with its seats and the limit profiles its players are assigned (keys are in kernel/keys.ts). */
import type { CrapsTableOptions, CrapsTableState, Dice } from '../../rules/craps';
import type { BaccaratTableOptions, BaccaratTableState, Winner } from '../../rules/baccarat';
import type { PendingDeal } from '../../rules/baccarat/game';
import type { PendingRoll } from '../../rules/craps/game';
import type { GameName } from '../../rules/games';
import type { TableFairness } from '../rng/rng-records';

/** The games a table may play: those registered in rules/games.ts. */
export type Game = GameName;

export type TableStatus = 'OPEN' | 'CLOSED';

interface TableBase {
  readonly id: string;
  /** What the lobby calls the table; absent for tables opened before tables had names. */
  readonly name?: string;
  /** The partners whose players see the table in the lobby and bet at it; absent, every partner's. */
  readonly partners?: readonly string[];
  /** The table's last results, newest first (the lobby's "last results", without reading the outcomes). */
  readonly recentResults?: readonly RecentResult[];
  /** Craps: how often each total came, over the session and for the last shooter who threw. */
  readonly rollStatistics?: RollStatistics;
  readonly status: TableStatus;
  readonly currency: string;
  readonly minimumBet: number;
  readonly maximumBet: number;
  /** How many betting-gate shards the table's bets are spread over (keys.ts); tables stored before it was a setting are read with 64 (table-item.ts). */
  readonly betShards: number;
  /**
   * Optimistic lock of the dealer's actions (closing betting, recording an outcome, the shooter,
   * the shoe): they change the table item one at a time. Bets never write the table item: they
   * pass through the betting gate of their shard (GateRecord), which carries the round.
   */
  readonly version: number;
  /**
   * The outcome recorded and not yet fully paid: its settlement job runs apart, and bets for the
   * next round are validated against the layout as it stands once the job is done.
   */
  readonly settling?: PendingOutcome;
  /** "No more bets": set once every gate shard is closed, cleared when the outcome is recorded. */
  readonly bettingClosed?: boolean;
  /**
   * Set and cleared with bettingClosed: the gate shards that held bets when they closed
   * (store/betting/shard-set.ts), the only layouts the round's settlement reads.
   */
  readonly shardsWithBets?: string;
  /** The betting clock: how long betting stays open each round, in seconds; absent, until the dealer closes it. */
  readonly bettingWindowSeconds?: number;
  /** When betting last opened: the table opened, or its last outcome was recorded (the clock runs from here). */
  readonly bettingOpenedAt?: string;
  /** What one player may have on this table's layout: so that one player cannot fill a table. */
  readonly playerLimits: PlayerLimits;
  readonly createdAt: string;
  /** Who opened the table (the operator's token subject). */
  readonly openedBy?: string;
  /** The client's key the table was opened with, if any (services/kernel/creation-keys.ts). */
  readonly creationKey?: { readonly key: string; readonly fingerprint: string };
  /** Who last closed betting, and when (copied onto the outcome recorded next). */
  readonly bettingClosedBy?: ActorStamp;
  /** Dealers an operator assigned to the table (assignDealers), beside those whose tokens name it. */
  readonly dealers?: readonly string[];
  readonly dealersAssignedBy?: ActorStamp;
  /** Craps: who last handed the dice on by hand (setShooter), and when. */
  readonly shooterSetBy?: ActorStamp;
  /** Baccarat: who put the shoe in use in (startNewShoe), and when; unset for the table's first shoe. */
  readonly shoeStartedBy?: ActorStamp;
  /** Who closed the table for good, and when. */
  readonly closedBy?: ActorStamp;
  /** The server deals the table's outcomes on its own clock (docs/FAIRNESS.md); absent: a dealer records them. */
  readonly dealing?: 'RNG';
  /** At a table the server deals: what it has committed to for the round (craps) or the shoe (baccarat) in play. */
  readonly fairness?: TableFairness;
  /** At a table the server deals: who paused its round loop, and when; absent while it runs. */
  readonly dealingPausedBy?: ActorStamp;
}

/** How a table is dealt: by a dealer (submitRoll, submitDeal), or by the server (docs/FAIRNESS.md). */
export type Dealing = 'LIVE' | 'RNG';

/** Rolls of two dice, and how many came to each total: `totals[0]` counts the 2s, `totals[10]` the 12s. */
export interface RollTally {
  readonly rolls: number;
  readonly totals: readonly number[];
}

export interface RollStatistics {
  readonly session: RollTally;
  /** Who threw the last roll counted, and their rolls since they took the dice; null once a seven-out ended the turn. */
  readonly shooter: string | null;
  readonly shooterTally: RollTally;
}

/** One outcome, as a lobby shows it: the dice of a roll, or how a baccarat round ended. */
export type RecentResult =
  | { readonly sequence: number; readonly dice: Dice }
  | {
      readonly sequence: number;
      readonly winner: Winner;
      readonly playerPair: boolean;
      readonly bankerPair: boolean;
      readonly natural: boolean;
    };

/** Who did something, and when: the token's subject, and the server's time. */
export interface ActorStamp {
  readonly by: string;
  readonly at: string;
}

export interface PlayerLimits {
  /** Open bets one player may have at the table at once. */
  readonly maxOpenBets: number;
  /** What one player may stake in one round (the bets placed for one outcome), in minor units. */
  readonly maxStakePerRound: number;
}

/** A recorded outcome whose settlement is still running, as the rules need it to project a player's bets. */
export type PendingOutcome =
  | ({ readonly sequence: number } & (PendingRoll | PendingDeal))
  | { readonly sequence: number; readonly kind: 'VOID'; readonly wholeLayout?: boolean };

export interface CrapsTableRecord extends TableBase {
  readonly game: 'CRAPS';
  readonly options: CrapsTableOptions;
  readonly state: CrapsTableState;
  readonly limitProfiles?: readonly LimitProfile<CrapsTableOptions>[];
}

/**
 * One of a table's other sets of limits, by name: the table's options as the rules made them with
 * this profile's stakes (so every check of a bet reads them as it reads the table's own).
 */
export interface LimitProfile<O> {
  readonly name: string;
  readonly options: O;
  readonly playerLimits: PlayerLimits;
}

/** The limit profile a player, or every player of a partner, bets by (assignLimitProfile). */
export interface LimitAssignmentRecord {
  readonly playerId?: string;
  readonly partner?: string;
  /** Null once an operator removed it. */
  readonly profile: string | null;
  readonly assignedBy: ActorStamp;
}

export interface BaccaratTableRecord extends TableBase {
  readonly game: 'BACCARAT';
  readonly options: BaccaratTableOptions;
  readonly state: BaccaratTableState;
  /** Refuse a card the shoe cannot hold any more, given the cards dealt from it so far. */
  readonly shoeTracking: boolean;
  /** Where the table's jackpot bets go, when it runs a jackpot (options.jackpot). */
  readonly jackpotPool: TableJackpotPool | null;
  readonly limitProfiles?: readonly LimitProfile<BaccaratTableOptions>[];
}

export interface TableJackpotPool {
  /** The progressive pool the table's jackpot bets feed and are paid from (several tables may share one). */
  readonly poolId: string;
  /** Share of each jackpot bet added to the pool, in basis points (1/100 of a percent) [interpretation, docs/RULES.md]. */
  readonly contributionBasisPoints: number;
}

export type TableRecord = CrapsTableRecord | BaccaratTableRecord;
export type TableState = TableRecord['state'];

/** Who sits on a seat (one player per seat), and how many times they claimed it (a takeover's lock). */
export interface SeatRecord {
  readonly tableId: string;
  readonly seat: number;
  readonly playerId: string;
  readonly claims: number;
}
