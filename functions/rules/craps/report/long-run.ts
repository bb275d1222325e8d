import { Fraction } from '../../fraction';
import { ALL_DICE } from '../dice';
import type { CrapsTableOptions } from '../options';
import { settleRoll } from '../settle-roll';
import { initialCrapsState } from '../table-state';
import type { CrapsTableState, PointNumber } from '../types';
import { POINT_NUMBERS } from '../bet-types';
import { solveExactly } from './linear-system';

/** The table's seven situations: a come-out roll, or a point of 4, 5, 6, 8, 9 or 10 on. */
export const TABLE_SITUATIONS: readonly CrapsTableState[] = [
  initialCrapsState(),
  ...POINT_NUMBERS.map((point): CrapsTableState => ({ phase: 'POINT', point, rollCount: 0, shooter: null })),
];

const situationIndex = (state: CrapsTableState): number => (state.point === null ? 0 : 1 + POINT_NUMBERS.indexOf(state.point));

/**
 * The long-run share of rolls made in each situation (the stationary distribution of the
 * Pass Line's phase): a bet "placed at any moment" (art. 5.5) is taken as placed on a roll
 * chosen at random in the long run. Come-out rolls are 165/557 of all rolls.
 */
export function longRunSituations(options: CrapsTableOptions): readonly { state: CrapsTableState; share: Fraction }[] {
  const n = TABLE_SITUATIONS.length;
  const p = TABLE_SITUATIONS.map(() => TABLE_SITUATIONS.map(() => Fraction.ZERO));
  TABLE_SITUATIONS.forEach((state, i) => {
    for (const dice of ALL_DICE) {
      const j = situationIndex(settleRoll(state, options, [], { kind: 'DICE', dice }).state);
      p[i]![j] = p[i]![j]!.add(Fraction.of(1, 36));
    }
  });
  // pi (I - P) = 0 with the shares summing to one: the last balance equation is replaced by the sum.
  const a = TABLE_SITUATIONS.map((_, j) =>
    TABLE_SITUATIONS.map((__, i) => (j === n - 1 ? Fraction.ONE : (i === j ? Fraction.ONE : Fraction.ZERO).sub(p[i]![j]!))),
  );
  const b = TABLE_SITUATIONS.map((_, j) => [j === n - 1 ? Fraction.ONE : Fraction.ZERO]);
  const pi = solveExactly(a, b);
  return TABLE_SITUATIONS.map((state, i) => ({ state, share: pi[i]![0]! }));
}

/** The long-run situations restricted to those with a point on, renormalised. */
export function longRunPointSituations(
  options: CrapsTableOptions,
): readonly { state: CrapsTableState & { point: PointNumber }; share: Fraction }[] {
  const withPoint = longRunSituations(options).filter(
    (s): s is { state: CrapsTableState & { point: PointNumber }; share: Fraction } => s.state.point !== null,
  );
  const total = Fraction.sum(withPoint.map((s) => s.share));
  return withPoint.map((s) => ({ state: s.state, share: s.share.div(total) }));
}
