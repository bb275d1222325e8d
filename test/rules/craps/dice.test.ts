import { describe, expect, it } from 'vitest';
import { parseRoll } from '../../../functions/rules/craps';

const refused = (code: string, message?: RegExp) =>
  expect.objectContaining({ name: 'RuleViolation', code, ...(message ? { message: expect.stringMatching(message) } : {}) });

describe('parseRoll: the dice as the API receives them (art. 1.2, 3.2)', () => {
  it('accepts two integers from 1 to 6', () => {
    expect(parseRoll({ dice: [1, 6] })).toEqual({ kind: 'DICE', dice: [1, 6] });
    expect(parseRoll({ dice: [6, 6], void: false })).toEqual({ kind: 'DICE', dice: [6, 6] });
  });

  it('accepts a void roll without dice', () => {
    expect(parseRoll({ void: true })).toEqual({ kind: 'VOID' });
    expect(parseRoll({ void: true, dice: null })).toEqual({ kind: 'VOID' });
  });

  it.each([
    [[0, 3], /first die shows 0/],
    [[3, 7], /second die shows 7/],
    [[2.5, 3], /first die shows 2.5/],
    [[Number.NaN, 3], /first die shows NaN/],
    [['4', 3], /first die shows "4"/],
  ])('refuses %j with INVALID_DIE, saying which die and why', (dice, message) => {
    expect(() => parseRoll({ dice: dice as number[] })).toThrow(refused('INVALID_DIE', message));
    expect(() => parseRoll({ dice: dice as number[] })).toThrow(/integer from 1 to 6/);
  });

  it('refuses one die or three', () => {
    expect(() => parseRoll({ dice: [3] })).toThrow(refused('WRONG_NUMBER_OF_DICE', /two dice.*got 1/));
    expect(() => parseRoll({ dice: [3, 4, 5] })).toThrow(refused('WRONG_NUMBER_OF_DICE', /got 3/));
  });

  it('refuses a roll with neither dice nor void, and one with both', () => {
    expect(() => parseRoll({})).toThrow(refused('MISSING_DICE'));
    expect(() => parseRoll({ dice: [2, 3], void: true })).toThrow(refused('VOID_ROLL_WITH_DICE'));
  });
});
