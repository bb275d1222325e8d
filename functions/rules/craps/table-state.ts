import { isPointNumber } from './bet-types';
import type { CrapsTableState } from './types';

/** A new table: come-out, no point, nobody holding the dice yet. */
export function initialCrapsState(): CrapsTableState {
  return { phase: 'COME_OUT', point: null, rollCount: 0, shooter: null };
}

/** What the dice total does to the Pass Line (art. 5.2(1)): the table's phase follows it. */
export function tableAfterTotal(state: CrapsTableState, total: number): { state: CrapsTableState; sevenOut: boolean } {
  const rollCount = state.rollCount + 1;
  if (state.phase === 'COME_OUT') {
    // 4, 5, 6, 8, 9, 10 on the come-out becomes the point; 7, 11, 2, 3, 12 decide the line bets.
    if (isPointNumber(total)) return { state: { ...state, phase: 'POINT', point: total, rollCount }, sevenOut: false };
    return { state: { ...state, rollCount }, sevenOut: false };
  }
  // With a point on, the point repeated or a seven ends it; a seven is the "seven-out" (art. 4(2)).
  if (total === state.point) return { state: { ...state, phase: 'COME_OUT', point: null, rollCount }, sevenOut: false };
  if (total === 7) return { state: { ...state, phase: 'COME_OUT', point: null, rollCount }, sevenOut: true };
  return { state: { ...state, rollCount }, sevenOut: false };
}
