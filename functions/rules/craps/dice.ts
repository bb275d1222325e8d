import { RuleViolation } from '../rule-violation';
import type { Dice, Die, Roll } from './types';
import { textParam } from '../error-params';

/**
 * The roll as the API receives it: two dice, each 1..6 (art. 1.2(2): six faces, one to six
 * pips), or a void roll (art. 3.2: a die left the layout, did not pass the middle of the table,
 * or was thrown without rolling), which is recorded and settles nothing.
 */
export function parseRoll(input: { dice?: readonly unknown[] | null; void?: boolean | null }): Roll {
  const { dice } = input;
  if (input.void === true) {
    if (dice != null && dice.length > 0) {
      throw new RuleViolation('VOID_ROLL_WITH_DICE', 'A void roll (art. 3.2) has no dice: send either the two dice or void, not both.');
    }
    return VOID_ROLL;
  }
  if (dice == null) {
    throw new RuleViolation('MISSING_DICE', 'A roll needs the two dice, or must be declared void (art. 3.2).');
  }
  if (dice.length !== 2) {
    throw new RuleViolation('WRONG_NUMBER_OF_DICE', 'A roll is two dice (art. 2.2).');
  }
  return { kind: 'DICE', dice: [parseDie(dice[0], 'first'), parseDie(dice[1], 'second')] };
}

export const VOID_ROLL: Roll = Object.freeze({ kind: 'VOID' });

function parseDie(value: unknown, which: string): Die {
  if (!isDie(value)) {
    throw new RuleViolation('INVALID_DIE', 'The {die} die is not a die: a die shows an integer from 1 to 6 (art. 1.2(2)).', [
      textParam('die', which),
    ]);
  }
  return value;
}

export const isDie = (value: unknown): value is Die => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 6;

/** Checks a Roll built in code (not parsed) before it settles anything. */
export function assertValidRoll(roll: Roll): void {
  if (roll.kind === 'VOID') return;
  if (roll.kind !== 'DICE' || !Array.isArray(roll.dice)) {
    throw new RuleViolation('INVALID_ROLL', 'A roll is either two dice or void (art. 3.2).');
  }
  parseRoll({ dice: roll.dice });
}

export const total = (dice: Dice): number => dice[0] + dice[1];

/** A "hard" 4, 6, 8 or 10 is made with both dice showing the same face (art. 5.4(1)). */
export const isHard = (dice: Dice): boolean => dice[0] === dice[1];

/** The 36 equally likely outcomes of two fair dice (art. 1.2). */
export const ALL_DICE: readonly Dice[] = Object.freeze(
  ([1, 2, 3, 4, 5, 6] as const).flatMap((a) => ([1, 2, 3, 4, 5, 6] as const).map((b): Dice => [a, b])),
);
