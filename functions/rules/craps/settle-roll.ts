import { RuleViolation } from '../rule-violation';
import { assertValidRoll, isHard, total } from './dice';
import type { CrapsTableOptions } from './options';
import { field12Pays } from './pay-table';
import { resolveBet, type RollFacts } from './resolve-bet';
import { STAYS } from './resolutions';
import { isPointNumber } from './bet-types';
import { tableAfterTotal } from './table-state';
import type { BetResolution, CrapsBet, CrapsTableState, Dice, Roll } from './types';
import { textParam } from '../error-params';

export interface SettledRoll {
  readonly state: CrapsTableState;
  /** One per bet, in the order of the bets given. */
  readonly resolutions: BetResolution[];
  /** A 7 with a point on: the shooter hands over the dice (art. 4(2)); see `nextShooter`. */
  readonly sevenOut: boolean;
}

/**
 * Settles one roll: the table's next state and every open bet's resolution. Pure: the same
 * inputs always give the same result, and each bet's resolution reads only the roll, the
 * table's point, the options and that bet (see `resolveBet`).
 *
 * A void roll (art. 3.2) is counted and decides nothing.
 */
export function settleRoll(state: CrapsTableState, options: CrapsTableOptions, bets: readonly CrapsBet[], roll: Roll): SettledRoll {
  assertValidState(state);
  assertValidRoll(roll);
  if (roll.kind === 'VOID') {
    return { state: { ...state, rollCount: state.rollCount + 1 }, resolutions: bets.map(() => STAYS), sevenOut: false };
  }
  const facts = rollFacts(state, options, roll.dice);
  const resolutions = new Array<BetResolution>(bets.length);
  for (let i = 0; i < bets.length; i++) resolutions[i] = resolveBet(bets[i]!, facts, bets);
  const next = tableAfterTotal(state, facts.total);
  return { state: next.state, resolutions, sevenOut: next.sevenOut };
}

export function rollFacts(state: CrapsTableState, options: CrapsTableOptions, dice: Dice): RollFacts {
  const comeOut = state.phase === 'COME_OUT';
  return {
    total: total(dice),
    hard: isHard(dice),
    point: state.point,
    comeOddsWorking: !comeOut || options.comeOddsWorkingOnComeOut,
    dontComeOddsWorking: !comeOut || options.dontComeOddsWorkingOnComeOut,
    bigNumbersWorking: !comeOut || options.bigNumbersWorkingOnComeOut,
    hardwaysWorking: !comeOut || options.hardwaysWorkingOnComeOut,
    field12: field12Pays(options.field12Pays),
  };
}

function assertValidState(state: CrapsTableState): void {
  const consistent = (state.phase === 'COME_OUT' && state.point === null) || (state.phase === 'POINT' && isPointNumber(state.point));
  if (!consistent || !Number.isSafeInteger(state.rollCount) || state.rollCount < 0) {
    throw new RuleViolation(
      'INVALID_TABLE_STATE',
      'Inconsistent craps table state: phase {phase} with point {point} and roll count {rollCount}.',
      [textParam('phase', String(state.phase)), textParam('point', String(state.point)), textParam('rollCount', String(state.rollCount))],
    );
  }
}
