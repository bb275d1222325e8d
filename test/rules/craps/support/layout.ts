import {
  makeCrapsOptions,
  type CrapsBet,
  type CrapsBetType,
  type CrapsTableState,
  type Dice,
  type Die,
  type PointNumber,
  type Roll,
} from '../../../../functions/rules/craps';

/** Small builders that keep the specifications readable. */

export const POINTS: readonly PointNumber[] = [4, 5, 6, 8, 9, 10];

export const comeOut = (): CrapsTableState => ({ phase: 'COME_OUT', point: null, rollCount: 0, shooter: null });
export const pointOn = (point: PointNumber): CrapsTableState => ({ phase: 'POINT', point, rollCount: 0, shooter: null });
/** The seven situations a table can be in. */
export const EVERY_SITUATION: readonly CrapsTableState[] = [comeOut(), ...POINTS.map(pointOn)];
export const describeSituation = (state: CrapsTableState): string => (state.point === null ? 'come-out' : `point ${state.point}`);

export const dice = (a: Die, b: Die): Roll => ({ kind: 'DICE', dice: [a, b] });
export const EVERY_DICE: readonly Dice[] = ([1, 2, 3, 4, 5, 6] as const).flatMap((a) =>
  ([1, 2, 3, 4, 5, 6] as const).map((b): Dice => [a, b]),
);

let counter = 0;
export function bet(type: CrapsBetType, amount: number, extra: Partial<CrapsBet> = {}): CrapsBet {
  return { id: `bet-${++counter}`, playerId: 'alice', type, amount, number: null, baseBetId: null, ...extra };
}

export const defaultOptions = makeCrapsOptions({ minimum: 100, maximum: 100_000 });

/** Freezes a value and everything in it, so that any mutation by the code under test throws. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}
