import fc from 'fast-check';
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
    [[0, 3], 'first'],
    [[3, 7], 'second'],
    [[2.5, 3], 'first'],
    [[Number.NaN, 3], 'first'],
    [['4', 3], 'first'],
  ])('refuses %j with INVALID_DIE, saying which die and why, not what was sent', (dice, which) => {
    const message = `The ${which} die is not a die: a die shows an integer from 1 to 6 (art. 1.2(2)).`;
    expect(() => parseRoll({ dice: dice as number[] })).toThrow(
      refused('INVALID_DIE', new RegExp(`^${message.replace(/[().]/g, '\\$&')}$`)),
    );
  });

  it('never repeats what was sent: a refused die is named by its place only', () => {
    // Integers of two digits or more, and 7 to 9 (the message's own digits, 1 to 6 and art. 1.2(2), are never two in a row), and text in <>.
    const notADie = fc.oneof(
      fc.integer({ min: 7 }),
      fc.integer({ max: -1 }),
      fc.string().map((text) => `<${text}>`),
    );
    fc.assert(
      fc.property(notADie, fc.boolean(), (value, first) => {
        const dice = first ? [value, 3] : [3, value];
        let message = '';
        try {
          parseRoll({ dice: dice as number[] });
        } catch (error) {
          message = (error as Error).message;
        }
        expect(message).toMatch(/^The (first|second) die is not a die/);
        expect(message).not.toContain(String(value));
      }),
      { seed: 24, numRuns: 300 },
    );
  });

  it('refuses one die or three', () => {
    expect(() => parseRoll({ dice: [3] })).toThrow(refused('WRONG_NUMBER_OF_DICE', /^A roll is two dice \(art. 2.2\)\.$/));
    expect(() => parseRoll({ dice: [3, 4, 5] })).toThrow(refused('WRONG_NUMBER_OF_DICE', /^A roll is two dice \(art. 2.2\)\.$/));
  });

  it('refuses a roll with neither dice nor void, and one with both', () => {
    expect(() => parseRoll({})).toThrow(refused('MISSING_DICE'));
    expect(() => parseRoll({ dice: [2, 3], void: true })).toThrow(refused('VOID_ROLL_WITH_DICE'));
  });
});
