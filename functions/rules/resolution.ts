import { winnings, type PayoutOdds } from './money';

/**
 * How a bet is decided, in both games: WIN returns the stake plus `winnings`; LOSE keeps the
 * stake; PUSH returns the stake. (Craps adds resolutions that leave a bet up: see its types.)
 */
export type Decision = { readonly outcome: 'WIN'; readonly winnings: number } | { readonly outcome: 'LOSE' } | { readonly outcome: 'PUSH' };

/** A resolution that leaves the bet on the layout (craps: MOVED to a come number, or STAYS). */
export interface StillUp {
  readonly outcome: 'MOVED' | 'STAYS';
}

/**
 * Decisions without a payout are shared, frozen objects: settlement allocates only for wins
 * (whose winnings differ by stake).
 */
export const LOSE: Decision = Object.freeze({ outcome: 'LOSE' });
export const PUSH: Decision = Object.freeze({ outcome: 'PUSH' });

/** A win of `stake` at `payout`: winnings by money.ts's winnings(), rounded down in the house's favour. */
export const win = (stake: number, payout: PayoutOdds): Decision => ({ outcome: 'WIN', winnings: winnings(stake, payout) });

/**
 * What goes back to the player's balance: stake plus winnings on a win, the stake on a push,
 * nothing on a loss, nothing yet when the bet stays up (or moves) on the layout.
 */
export function stakeReturned<R extends Decision | StillUp>(bet: { readonly amount: number }, resolution: R): number {
  switch (resolution.outcome) {
    case 'WIN':
      return bet.amount + resolution.winnings;
    case 'PUSH':
      return bet.amount;
    case 'LOSE':
    case 'MOVED':
    case 'STAYS':
      return 0;
  }
}
