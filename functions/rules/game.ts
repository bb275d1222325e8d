import type { JackpotPaytableEntry } from './baccarat/paytable';
import type { PaytableEntry } from './paytable';
import type { Decision } from './resolution';

/**
 * What every game played at a table gives the services: each game implements it beside its rules
 * (craps/game.ts, baccarat/game.ts) and games.ts registers it. The services look a table's game
 * up there instead of asking which game it is, so a third game is a folder and a registration.
 */

/** The types a game's rules work in. */
export interface GameTypes {
  readonly options: TableGameOptions;
  readonly optionsInput: object;
  readonly state: object;
  readonly betType: string;
  /** A recorded outcome whose settlement is still running, as the game's rules need it to decide bets. */
  readonly pending: { readonly kind: string };
  /** What an outcome may do to a bet: decide it (Decision), or, in some games, move it. */
  readonly resolution: Decision | { readonly outcome: 'MOVED'; readonly number: number };
}

/** What every game's options hold: the table's stakes, and each bet type's limits. */
export interface TableGameOptions {
  readonly minimum: number;
  readonly maximum: number;
  readonly limits: Readonly<Record<string, { readonly minimum: number; readonly maximum: number }>>;
}

/** A bet on a table's layout, as the services hold it: each game reads the fields its bets have. */
export interface PlacedBet {
  readonly id: string;
  readonly playerId: string;
  readonly type: string;
  readonly amount: number;
  readonly number?: number | null;
  readonly baseBetId?: string | null;
  readonly seat?: number | null;
}

/** What an outcome does to one bet it decides or moves, and what goes back to the player's balance. */
export interface BetDecision<B, R> {
  readonly bet: B;
  readonly resolution: R;
  readonly returned: number;
}

/** What a table pays, bet by bet; a jackpot's prize table where the game runs one. */
export interface GamePaytable {
  readonly entries: readonly PaytableEntry[];
  readonly jackpot: readonly JackpotPaytableEntry[] | null;
}

export interface TableGame<T extends GameTypes> {
  /** Every bet type of the game, in the game's order (a layout's, a paytable's). */
  readonly betTypes: readonly T['betType'][];
  /** Seats at the table, numbered from 1. */
  readonly seats: number;
  /**
   * The most one staked unit may return, stake included (the largest payout plus one), jackpot
   * prizes apart: what keeps a balance within MAX_MONEY (services/betting/bet-validation.ts).
   */
  readonly largestReturnPerUnit: number;
  /** Whether a bet may back another (craps odds): elsewhere a bet's baseBetId means nothing and is refused. */
  readonly backsBets: boolean;
  /** The kind of the outcome the game records (a ROLL, a DEAL): a pending outcome of another kind is not this game's. */
  readonly outcomeKind: T['pending']['kind'];
  /** The table's options from what the operator asked for, the game's defaults elsewhere; throws RuleViolation. */
  makeOptions(input: Partial<T['optionsInput']>): T['options'];
  /** Options as a table stored them, with what a table stored before an option existed played by. */
  storedOptions(stored: T['options']): T['options'];
  /** A new table's state. */
  initialState(): T['state'];
  /** Outcomes recorded so far at the table, void ones included. */
  outcomeCount(state: T['state']): number;
  /** The state with `count` outcomes recorded and nothing else changed (a voided round takes a sequence). */
  withOutcomeCount(state: T['state'], count: number): T['state'];
  /**
   * Whether `bet` may go on the layout now, next to the player's own open bets; the bet as it will
   * be laid (craps odds carry the number they work on). Throws RuleViolation.
   */
  validateBet<B extends PlacedBet>(options: T['options'], state: T['state'], bet: B, own: readonly B[]): B;
  /** The bets among `bets` the pending outcome decides or moves (a bet that stays up is not there). */
  pendingDecisions<B extends PlacedBet>(
    options: T['options'],
    pending: T['pending'],
    bets: readonly B[],
  ): BetDecision<B, T['resolution']>[];
  /**
   * What a table of these options pays (exact figures: computed once per options, by the caller).
   * The exact reports behind it are loaded when first asked for: no bet or outcome needs them.
   */
  paytable(options: T['options']): Promise<GamePaytable>;
  /** Who holds the dice, where the game has a shooter; null otherwise. */
  shooter(state: T['state']): string | null;
  /** The shoe in use (1 for the table's first), where the game deals from a shoe; null otherwise. */
  shoeNumber(state: T['state']): number | null;
}
