import type { BetResolution, PointNumber } from './types';

export { LOSE, PUSH, stakeReturned, win } from '../resolution';

/** Like LOSE and PUSH (../resolution.ts), a resolution without a payout is a shared, frozen object. */
export const STAYS: BetResolution = Object.freeze({ outcome: 'STAYS' });

const moved = (number: PointNumber): BetResolution => Object.freeze({ outcome: 'MOVED', number });
/** Indexed by the number a come bet travels to. */
export const MOVED_TO: readonly BetResolution[] = Object.freeze([
  STAYS,
  STAYS,
  STAYS,
  STAYS,
  moved(4),
  moved(5),
  moved(6),
  STAYS,
  moved(8),
  moved(9),
  moved(10),
  STAYS,
  STAYS,
]);

/** True when the bet leaves the layout (docs/RULES.md: a decided bet is not left up). */
export const isDecided = (resolution: BetResolution): boolean =>
  resolution.outcome === 'WIN' || resolution.outcome === 'LOSE' || resolution.outcome === 'PUSH';
