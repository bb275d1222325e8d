import type { BetResolution, CrapsBet, PointNumber } from './types';

/**
 * Resolutions without a payout are shared, frozen objects: the settlement allocates only for
 * wins (whose winnings differ by stake).
 */
export const LOSE: BetResolution = Object.freeze({ outcome: 'LOSE' });
export const PUSH: BetResolution = Object.freeze({ outcome: 'PUSH' });
export const STAYS: BetResolution = Object.freeze({ outcome: 'STAYS' });

const moved = (number: PointNumber): BetResolution => Object.freeze({ outcome: 'MOVED', number });
/** Indexed by the number a come bet travels to. */
export const MOVED_TO: readonly BetResolution[] = Object.freeze([
  STAYS, STAYS, STAYS, STAYS, moved(4), moved(5), moved(6), STAYS, moved(8), moved(9), moved(10), STAYS, STAYS,
]);

/**
 * What goes back to the player's balance: stake plus winnings on a win, the stake on a push,
 * nothing on a loss, nothing yet when the bet stays up (or moves) on the layout.
 */
export function stakeReturned(bet: CrapsBet, resolution: BetResolution): number {
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

/** True when the bet leaves the layout (RULES.md: a decided bet is not left up). */
export const isDecided = (resolution: BetResolution): boolean =>
  resolution.outcome === 'WIN' || resolution.outcome === 'LOSE' || resolution.outcome === 'PUSH';
