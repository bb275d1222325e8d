import type { CrapsBetType, CrapsTableOptions, CrapsTableState, Dice, PointNumber } from '../../rules/craps';
import type {
  BaccaratBetType,
  BaccaratTableOptions,
  BaccaratTableState,
  JackpotCombination,
  JackpotConfig,
  Winner,
} from '../../rules/baccarat';
import type { PendingDeal } from '../../rules/baccarat/game';
import type { PendingRoll } from '../../rules/craps/game';
import type { GameName } from '../../rules/games';

/** What the store keeps, item kind by item kind (keys are in keys.ts). */

/** The games a table may play: those registered in rules/games.ts. */
export type Game = GameName;
export type { BaccaratTableState };
export type TableStatus = 'OPEN' | 'CLOSED';
export type BetStatus = 'OPEN' | 'WON' | 'LOST' | 'PUSHED' | 'TAKEN_DOWN' | 'VOIDED';
export type BetType = CrapsBetType | BaccaratBetType;

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

/** A table's public commitment, and the last seed it revealed. */
export interface TableFairness {
  /** SHA-256 of the salt and the secret seed the next roll (craps) or the shoe in play (baccarat) is drawn from. */
  readonly commitment: string;
  /** Baccarat: the shoe it is for. */
  readonly shoe?: number;
  /** When it was published: before any bet it draws for. */
  readonly publishedAt: string;
  /** The last seed revealed: the last roll's (craps), the last shoe's (baccarat); absent before the first. */
  readonly lastReveal?: SeedReveal;
}

/** A seed revealed once what it drew is over (docs/FAIRNESS.md): anyone checks it against its commitment. */
export interface SeedReveal {
  readonly commitment: string;
  readonly seed: string;
  readonly salt: string;
  /** Baccarat: the shoe it dealt. */
  readonly shoe?: number;
  readonly revealedAt: string;
}

/**
 * A server seed of a table the server deals, kept apart from the table (never streamed to live
 * subscribers, never read by the API until `revealedAt` is set).
 */
export interface SeedRecord {
  readonly tableId: string;
  readonly commitment: string;
  readonly seed: string;
  readonly salt: string;
  /** Baccarat: the shoe it deals. */
  readonly shoe?: number;
  readonly createdAt: string;
  /** Set in the transaction that records the last outcome it drew: from then on it is public. */
  readonly revealedAt?: string;
}

/**
 * What keeps a player from betting and depositing for a while, or for good (docs/PLAYER-PROTECTION.md):
 * checked in the transaction of every bet and deposit of theirs.
 */
export interface RestrictionRecord {
  readonly playerId: string;
  /** A time-out: no bet or deposit before then. */
  readonly timeOutUntil?: string;
  /** A self-exclusion: no bet or deposit before then (PERMANENT_UNTIL for good). */
  readonly selfExclusionUntil?: string;
  /** The later of the two: what a bet's or deposit's condition reads. */
  readonly restrictedUntil?: string;
  /** An operator's block (a national register, say): until it is lifted. */
  readonly block?: { readonly by: string; readonly at: string; readonly reason: string };
  /** Set while `block` is: what a bet's or deposit's condition reads. */
  readonly blocked?: true;
  readonly version: number;
}

/** One limit as one side sets it: the amount in force (null: none), and a rise or removal waiting out its cooling-off. */
export interface LimitSetting {
  readonly amount: number | null;
  readonly pending?: { readonly amount: number | null; readonly effectiveAt: string };
}

/** A player's limits, by who set them (the lower of the two applies), each by "<kind>_<period>" (STAKE_DAY...). */
export interface LimitsRecord {
  readonly playerId: string;
  readonly player: Readonly<Record<string, LimitSetting>>;
  readonly operator: Readonly<Record<string, LimitSetting>>;
  readonly version: number;
}

/** One change of a player's protection, as the audit keeps it: who, when, what it was and became, from when. */
export interface ProtectionChangeRecord {
  readonly id: string;
  readonly playerId: string;
  readonly kind: 'TIME_OUT' | 'SELF_EXCLUSION' | 'BLOCK' | 'UNBLOCK' | 'LIMIT';
  /** A limit's change: which (STAKE_DAY...), and whose (PLAYER or OPERATOR). */
  readonly limit?: string;
  readonly setBy?: 'PLAYER' | 'OPERATOR';
  readonly by: string;
  readonly at: string;
  /** When it applies from (a restriction: at once). */
  readonly effectiveAt: string;
  /** What it was, and what it became (an until, or a block's reason), null where there was none. */
  readonly before: string | null;
  readonly after: string | null;
  readonly reason?: string;
}

/** The round loop's claim on a table the server deals (services/rounds/rng-loop.ts). */
export interface RngLoopRecord {
  readonly tableId: string;
  /** The message now due to step the table: any other is stale and dropped. */
  readonly token: string;
  /** When that message steps the table. */
  readonly dueAt: string;
}

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

/**
 * One bet's part of an outcome's settlement, decided when the outcome is recorded (stored in the
 * outcome's plan chunks) and applied by its settlement job.
 */
export interface PlannedSettlement {
  readonly betId: string;
  readonly playerId: string;
  /** The bet's type, carried into the ledger (reports by bet type). */
  readonly betType?: BetType;
  readonly resolution:
    | { readonly outcome: 'WIN'; readonly winnings: number }
    | { readonly outcome: 'LOSE' }
    | { readonly outcome: 'PUSH' }
    | { readonly outcome: 'MOVED'; readonly number: PointNumber }
    /** The round was voided: the stake comes back. */
    | { readonly outcome: 'VOID' }
    /**
     * A seamless bet placed for this round that the roll leaves on the layout (`closesRound`):
     * marked on the bet (lastOutcome), so that its player's closing credit is written once.
     */
    | { readonly outcome: 'STAYS' };
  /** Credited to the player's balance: stake + winnings, stake, or 0. */
  readonly returned: number;
  /**
   * The reserve the entry frees from the player's `exposure` (the bet's, once decided; 0 for a
   * bet that moves, and for a jackpot bet whose round's jackpot releases it as it pays).
   */
  readonly released?: number;
  /** The bet's stake came from a seamless wallet (BetRecord.seamless): it is paid back there. */
  readonly seamless?: true;
  /** A void of the round the bet was placed for, at a seamless wallet: its debit is rolled back (not credited). */
  readonly rollback?: true;
  /**
   * A seamless bet placed for this round that the roll moves or leaves on the layout: its player's
   * round at the wallet ends with a credit all the same, 0 when nothing else comes back (docs/WALLET.md).
   */
  readonly closesRound?: true;
}

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

/** Money in or out of an account at the cashier, recorded once per client reference. */
export interface CashMovementRecord {
  readonly playerId: string;
  readonly reference: string;
  readonly kind: 'DEPOSIT' | 'WITHDRAWAL';
  readonly amount: number;
  /** The account's currency. */
  readonly currency: string;
  readonly at: string;
  /** The operator who moved it (the token's subject). */
  readonly actor: string;
}

export interface AccountRecord {
  readonly id: string;
  readonly currency: string;
  readonly balance: number;
  /** Journals written about the account (each movement of its money writes one). */
  readonly journals?: number;
  /** The sort key of the journal that moved the balance last (balance-after.ts). */
  readonly lastJournal?: string;
  /**
   * The reserves of the player's open bets at every table (rules/money.ts, MAX_EXPOSURE): the
   * most they could still return. Not money: never journalled. Absent until the first bet.
   */
  readonly exposure?: number;
  /**
   * The player's restrictions as their restriction item holds them (RestrictionRecord): kept here
   * too, in the same transactions, so that a bet or deposit checks them in the write it makes anyway.
   */
  readonly restrictedUntil?: string;
  readonly blocked?: true;
  /** Reality checks (docs/PLAYER-PROTECTION.md): every how many minutes, the next one due, the last one told. */
  readonly rcEvery?: number;
  readonly rcDueAt?: string;
  readonly rcToldAt?: string;
  /** The session a reality check reports: its start, what was staked and paid back since. */
  readonly sessionAt?: string;
  readonly sessionStaked?: number;
  readonly sessionReturned?: number;
  /**
   * Session-time limits (store/protection/play-time.ts): present only while one is in force, the
   * end of the play time last counted; a stake after it counts the next step.
   */
  readonly playUntil?: string;
  readonly createdAt: string;
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

/** Who sits on a seat (one player per seat), and how many times they claimed it (a takeover's lock). */
export interface SeatRecord {
  readonly tableId: string;
  readonly seat: number;
  readonly playerId: string;
  readonly claims: number;
}

/** A progressive jackpot pool (art. 17): grows from a share of each jackpot bet, pays prizes. */
export interface JackpotPoolRecord {
  readonly id: string;
  readonly currency: string;
  /** What the pool holds now, in minor units. */
  readonly amount: number;
  /** What the pool restarts from after a whole-pool prize (house money) [interpretation, docs/RULES.md]. */
  readonly seed: number;
  /**
   * The prize table every table feeding the pool pays by (modality, fixed amounts, approval,
   * art. 17): kept on the pool, so tables sharing its money cannot pay different prizes from it.
   */
  readonly prizes: JackpotConfig;
  readonly version: number;
  readonly createdAt: string;
  /** The operator who opened the pool. */
  readonly createdBy?: string;
  /** The client's key the pool was opened with, if any (services/kernel/creation-keys.ts). */
  readonly creationKey?: { readonly key: string; readonly fingerprint: string };
}
