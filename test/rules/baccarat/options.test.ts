import { describe, expect, it } from 'vitest';
import { makeBaccaratOptions, type BaccaratOptionsInput } from '../../../functions/rules/baccarat';
import { violationOf } from './support/violation';

describe('makeBaccaratOptions', () => {
  it('defaults to 8 decks, standard commission, one table-wide limit, a modality A jackpot awaiting approval', () => {
    const options = makeBaccaratOptions();
    expect(options).toMatchObject({ decks: 8, commission: 'STANDARD', minimum: 100, maximum: 1_000_000 });
    expect(Object.values(options.limits).every((l) => l.minimum === 100 && l.maximum === 1_000_000)).toBe(true);
    expect(Object.keys(options.limits)).toHaveLength(7);
    expect(options.jackpot).toMatchObject({ modality: 'A', poolPercentBasisPoints: null, approvalReference: null });
    expect(Object.keys(options.jackpot?.fixedAmounts ?? {}).sort()).toEqual(
      ['DOUBLE_PAIRS', 'FOUR_OF_A_KIND', 'PARADISE_STRAIGHT', 'SINGLE_PAIR', 'THREE_OF_A_KIND'].sort(),
    );
  });

  it('is plain JSON: it survives a round trip through storage unchanged', () => {
    const options = makeBaccaratOptions({ decks: 6, commission: 'DRAGON_PUSH', jackpot: { modality: 'C' } });
    expect(JSON.parse(JSON.stringify(options))).toEqual(options);
  });

  it('takes per-bet limits over the table-wide ones', () => {
    const options = makeBaccaratOptions({ minimum: 500, maximum: 100_000, limits: { DRAGON_7: { minimum: 100, maximum: 5_000 } } });
    expect(options.limits.DRAGON_7).toEqual({ minimum: 100, maximum: 5_000 });
    expect(options.limits.BANKER).toEqual({ minimum: 500, maximum: 100_000 });
  });

  it('configures modality B and C prize tables with every fixed amount they need', () => {
    const b = makeBaccaratOptions({ jackpot: { modality: 'B', approvalReference: 'DICJ 12/2024' } });
    expect(Object.keys(b.jackpot?.fixedAmounts ?? {}).sort()).toEqual([
      'DOUBLE_THREE',
      'FIVE_OF_A_KIND',
      'FOUR_OF_A_KIND',
      'THREE_OF_A_KIND',
    ]);
    expect(b.jackpot?.approvalReference).toBe('DICJ 12/2024');
    const c = makeBaccaratOptions({ jackpot: { modality: 'C', poolPercentBasisPoints: 2500, fixedAmounts: { SIX_OF_A_KIND: 9_000_000 } } });
    expect(c.jackpot).toMatchObject({ poolPercentBasisPoints: 2500, fixedAmounts: { SIX_OF_A_KIND: 9_000_000 } });
  });

  const refusals: Array<[string, Partial<BaccaratOptionsInput>, string]> = [
    ['5 decks', { decks: 5 }, 'INVALID_DECK_COUNT'],
    ['13 decks', { decks: 13 }, 'INVALID_DECK_COUNT'],
    ['an unknown commission option', { commission: 'HALF' as 'STANDARD' }, 'INVALID_TABLE_OPTIONS'],
    ['a zero minimum', { minimum: 0 }, 'INVALID_TABLE_OPTIONS'],
    ['a maximum below the minimum', { minimum: 500, maximum: 100 }, 'INVALID_TABLE_OPTIONS'],
    ['a maximum whose 40:1 payout is not exact', { maximum: 2 ** 50 }, 'INVALID_TABLE_OPTIONS'],
    ['limits for an unknown bet', { limits: { BIG: { minimum: 1 } } as never }, 'INVALID_TABLE_OPTIONS'],
    ['an unknown option', { colour: 'red' } as never, 'INVALID_TABLE_OPTIONS'],
    ['an unknown jackpot option', { jackpot: { modality: 'A', seed: 5 } as never }, 'INVALID_JACKPOT_CONFIG'],
    ['modality D', { jackpot: { modality: 'D' as 'A' } }, 'INVALID_JACKPOT_CONFIG'],
    ['a fixed amount for a whole-pool prize', { jackpot: { modality: 'A', fixedAmounts: { ROYAL_FLUSH: 100 } } }, 'INVALID_JACKPOT_CONFIG'],
    ['a combination of another modality', { jackpot: { modality: 'A', fixedAmounts: { DOUBLE_THREE: 100 } } }, 'INVALID_JACKPOT_CONFIG'],
    ['a zero fixed amount', { jackpot: { modality: 'B', fixedAmounts: { THREE_OF_A_KIND: 0 } } }, 'INVALID_JACKPOT_CONFIG'],
    ['a percentage outside modality C', { jackpot: { modality: 'A', poolPercentBasisPoints: 1000 } }, 'INVALID_JACKPOT_CONFIG'],
    ['a C percentage above 100%', { jackpot: { modality: 'C', poolPercentBasisPoints: 10_001 } }, 'INVALID_JACKPOT_CONFIG'],
  ];
  it.each(refusals)('refuses %s', (_name, input, code) => {
    expect(violationOf(() => makeBaccaratOptions(input))).toBe(code);
  });
});
