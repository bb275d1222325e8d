import { describe, expect, it } from 'vitest';
import { CRAPS_BET_TYPES, makeCrapsOptions, settleRoll, stakeReturned } from '../../../functions/rules/craps';
import { MAX_CRAPS_STAKE, MAX_ODDS_MULTIPLE } from '../../../functions/rules/craps/options';
import { MAX_MONEY } from '../../../functions/rules/money';
import { bet, comeOut } from './support/layout';

describe("makeCrapsOptions: a table's rule variant", () => {
  it('follows the regulation by default: Field 12 pays 2:1, 3x/4x/5x odds, come odds off and the rest working on the come-out', () => {
    const options = makeCrapsOptions();
    expect(options).toMatchObject({
      field12Pays: 2,
      maxOdds: { 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3 },
      layOddsLimit: 'WINNINGS',
      comeOddsWorkingOnComeOut: false,
      dontComeOddsWorkingOnComeOut: true,
      bigNumbersWorkingOnComeOut: true,
      hardwaysWorkingOnComeOut: true,
    });
  });

  it('applies a table-wide minimum and maximum to every bet type unless one is overridden', () => {
    const options = makeCrapsOptions({ minimum: 500, maximum: 50_000, limits: { BIG_6: { minimum: 600 }, HORN: { maximum: 4_000 } } });
    expect(options.limits.PASS_LINE).toEqual({ minimum: 500, maximum: 50_000 });
    expect(options.limits.BIG_6).toEqual({ minimum: 600, maximum: 50_000 });
    expect(options.limits.HORN).toEqual({ minimum: 500, maximum: 4_000 });
    expect(Object.keys(options.limits).sort()).toEqual([...CRAPS_BET_TYPES].sort());
  });

  it('is plain JSON data (it is stored with the table)', () => {
    const options = makeCrapsOptions({ field12Pays: 3, maxOdds: { 6: 10, 8: 10 } });
    expect(JSON.parse(JSON.stringify(options))).toEqual(options);
    expect(makeCrapsOptions(JSON.parse(JSON.stringify(options)))).toEqual(options);
  });

  it.each([
    [{ minimum: 0 }, /minimum stake of the table must be a positive integer/],
    [{ minimum: 10.5 }, /minimum stake of the table/],
    [{ minimum: 100, maximum: 50 }, /maximum stake of the table must be an integer at least its minimum\.$/],
    [{ limits: { NOT_A_BET: { minimum: 1 } } }, /limits given for a bet type craps does not have/],
    [{ limits: { FIELD: { minimum: -5 } } }, /minimum stake of FIELD/],
    [{ field12Pays: 4 }, /field12Pays must be 2 \(2:1\) or 3 \(3:1\) \(art. 6\(12\)\)\.$/],
    [{ maxOdds: { 7: 3 } }, /maxOdds names a number that is not a point number/],
    [{ maxOdds: { 6: 0 } }, /maxOdds on 6 must be a whole multiple/],
    [{ layOddsLimit: 'SOMETIMES' }, /layOddsLimit must be WINNINGS or STAKE/],
    [{ hardwaysWorkingOnComeOut: 'yes' }, /hardwaysWorkingOnComeOut must be true or false/],
    [{ field12: 3 }, /an unknown craps table option\.$/],
    // A maximum whose 30:1 win would not be an exact integer (2^53 - 1: once accepted, then a RangeError on the win).
    [{ maximum: MAX_MONEY }, /maximum stake of the table may be at most/],
    [{ maximum: MAX_CRAPS_STAKE + 1 }, /maximum stake of the table may be at most/],
    [{ limits: { ACES: { maximum: MAX_CRAPS_STAKE + 1 } } }, /maximum stake of ACES may be at most/],
    [{ maxOdds: { 6: MAX_ODDS_MULTIPLE + 1 } }, /maxOdds on 6 must be a whole multiple of the line bet, from 1 to 1000/],
  ])('refuses %j', (input, message) => {
    expect(() => makeCrapsOptions(input as never)).toThrow(
      expect.objectContaining({ code: 'INVALID_TABLE_OPTIONS', message: expect.stringMatching(message) }),
    );
  });
});

describe('the largest stake a table may take', () => {
  it('wins its largest prize (Aces, 30:1) as an exact integer, stake back included', () => {
    // Odds held to the table maximum: uncapped, 5x odds on such a line bet could not pay exactly (below).
    const options = makeCrapsOptions({ minimum: 1, maximum: MAX_CRAPS_STAKE, oddsCappedByTableMaximum: true });
    const aces = bet('ACES', MAX_CRAPS_STAKE);
    const [resolution] = settleRoll(comeOut(), options, [aces], { kind: 'DICE', dice: [1, 1] }).resolutions;
    expect(resolution).toEqual({ outcome: 'WIN', winnings: 30 * MAX_CRAPS_STAKE });
    expect(Number.isSafeInteger(stakeReturned(aces, resolution!))).toBe(true);
    expect(stakeReturned(aces, resolution!)).toBeLessThanOrEqual(MAX_MONEY);
  });
});

describe('odds limits', () => {
  it('are the multiple of the bet they back, whatever the table maximum (casino practice), unless capped by option', () => {
    const options = makeCrapsOptions({ minimum: 100, maximum: 10_000 });
    // 5x on 6 and 8 is the largest multiple: 50,000 of Pass or Come odds on a 10,000 line bet.
    expect(options.limits.PASS_ODDS).toEqual({ minimum: 100, maximum: 50_000 });
    expect(options.limits.COME_ODDS).toEqual({ minimum: 100, maximum: 50_000 });
    // Lay odds win up to the multiple: 6x the line bet on every number under 3x/4x/5x.
    expect(options.limits.DONT_PASS_ODDS).toEqual({ minimum: 100, maximum: 60_000 });
    expect(makeCrapsOptions({ minimum: 100, maximum: 10_000, layOddsLimit: 'STAKE' }).limits.DONT_COME_ODDS.maximum).toBe(50_000);
    const capped = makeCrapsOptions({ minimum: 100, maximum: 10_000, oddsCappedByTableMaximum: true });
    expect(capped.limits.PASS_ODDS).toEqual({ minimum: 100, maximum: 10_000 });
    // An odds type's own maximum stays its own.
    expect(makeCrapsOptions({ minimum: 100, maximum: 10_000, limits: { PASS_ODDS: { maximum: 20_000 } } }).limits.PASS_ODDS.maximum).toBe(
      20_000,
    );
  });

  it('refuse a multiple whose largest odds could not pay exactly', () => {
    expect(() => makeCrapsOptions({ minimum: 1, maximum: MAX_CRAPS_STAKE })).toThrow(
      expect.objectContaining({ code: 'INVALID_TABLE_OPTIONS', message: expect.stringMatching(/PASS_ODDS could take/) }),
    );
  });
});
