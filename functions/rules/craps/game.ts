import type { BetDecision, PlacedBet, TableGame } from '../game';
import { CRAPS_BET_TYPES } from './bet-types';
import { LARGEST_CRAPS_RETURN, makeCrapsOptions, type CrapsOptionsInput, type CrapsTableOptions } from './options';
import { stakeReturned } from './resolutions';
import { settleRoll, type SettledRoll } from './settle-roll';
import { initialCrapsState } from './table-state';
import type { BetResolution, CrapsBet, CrapsBetType, CrapsTableState, Dice, Roll } from './types';
import { validateBet } from './validate-bet';

/** A roll recorded and not yet fully paid: its dice (null for a void roll), and the table as the roll found it. */
export interface PendingRoll {
  readonly kind: 'ROLL';
  readonly dice: Dice | null;
  readonly stateBefore: CrapsTableState;
}

/** What a roll does to a bet it does not leave where it was. */
export type CrapsDecision = Exclude<BetResolution, { readonly outcome: 'STAYS' }>;

export interface CrapsTypes {
  readonly options: CrapsTableOptions;
  readonly optionsInput: CrapsOptionsInput;
  readonly state: CrapsTableState;
  readonly betType: CrapsBetType;
  readonly pending: PendingRoll;
  readonly resolution: CrapsDecision;
}

/**
 * The bets on a craps table's layout, as the craps rules see them. Only craps bets are ever
 * placed at a craps table (validateBet refuses any other type), so the narrowing is checked where
 * the bets come in, not here.
 */
export const asCrapsBets = (bets: readonly PlacedBet[]): readonly CrapsBet[] => bets as readonly CrapsBet[];

/** Every bet the roll decides or moves (a bet that stays is not there), with the table's next state. */
export function decideRoll<B extends PlacedBet>(
  state: CrapsTableState,
  options: CrapsTableOptions,
  bets: readonly B[],
  roll: Roll,
): { readonly decisions: BetDecision<B, CrapsDecision>[]; readonly settled: SettledRoll } {
  const settled = settleRoll(state, options, asCrapsBets(bets), roll);
  const decisions: BetDecision<B, CrapsDecision>[] = [];
  bets.forEach((bet, index) => {
    const resolution = settled.resolutions[index]!;
    if (resolution.outcome !== 'STAYS') decisions.push({ bet, resolution, returned: stakeReturned(bet, resolution) });
  });
  return { decisions, settled };
}

/** Macau craps (Macau CRAPS regulation, 2010) as a table plays it. */
export const CRAPS_GAME: TableGame<CrapsTypes> = {
  betTypes: CRAPS_BET_TYPES,
  // The dice pass round the table in seat order (art. 2.3).
  seats: 20,
  largestReturnPerUnit: LARGEST_CRAPS_RETURN,
  backsBets: true,
  outcomeKind: 'ROLL',
  makeOptions: makeCrapsOptions,
  // Before it was an option, odds were held to the table maximum.
  storedOptions: (stored) => ({ ...stored, oddsCappedByTableMaximum: stored.oddsCappedByTableMaximum ?? true }),
  initialState: initialCrapsState,
  outcomeCount: (state) => state.rollCount,
  withOutcomeCount: (state, count) => ({ ...state, rollCount: count }),
  validateBet(options, state, bet, own) {
    const laid = validateBet(state, options, bet as PlacedBet as CrapsBet, asCrapsBets(own));
    return laid.number === bet.number ? bet : { ...bet, number: laid.number };
  },
  pendingDecisions(options, pending, bets) {
    const roll: Roll = pending.dice ? { kind: 'DICE', dice: pending.dice } : { kind: 'VOID' };
    return decideRoll(pending.stateBefore, options, bets, roll).decisions;
  },
  paytable: async (options) => ({ entries: (await import('./paytable')).crapsPaytable(options), jackpot: null }),
  shooter: (state) => state.shooter ?? null,
  shoeNumber: () => null,
};
