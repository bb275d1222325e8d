import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  JACKPOT_COMBINATIONS,
  JACKPOT_MODALITIES,
  makeBaccaratOptions,
  assertPoolSeed,
  poolPercent,
  splitJackpotPrize,
  type JackpotCombination,
  type JackpotConfig,
} from '../../../functions/rules/baccarat';
import { violationOf } from './support/violation';
import { MAX_POOL, poolContribution } from '../../../functions/rules/money';

const configA: JackpotConfig = {
  modality: 'A',
  fixedAmounts: { PARADISE_STRAIGHT: 500_000, FOUR_OF_A_KIND: 100_000, DOUBLE_PAIRS: 10_000, THREE_OF_A_KIND: 3_000, SINGLE_PAIR: 2_000 },
  poolPercentBasisPoints: null,
  approvalReference: 'DICJ test',
};
const configC: JackpotConfig = {
  modality: 'C',
  fixedAmounts: { SIX_OF_A_KIND: 1_000_000, FIVE_OF_A_KIND: 200_000, DOUBLE_THREE: 50_000, FOUR_OF_A_KIND: 10_000, THREE_OF_A_KIND: 500 },
  poolPercentBasisPoints: 2500,
  approvalReference: null,
};

describe('splitJackpotPrize', () => {
  it('a whole-pool prize empties the pool but for the part that cannot be split equally', () => {
    expect(splitJackpotPrize(configA, 'ROYAL_FLUSH', 1_000_003n, 4)).toEqual({
      combination: 'ROYAL_FLUSH',
      prize: 1_000_003n,
      topUp: 0n,
      bettors: 4,
      share: 250_000n,
      paid: 1_000_000n,
      remainder: 3n,
      poolAfter: 3n,
      wholePool: true,
    });
  });

  it('a fixed prize is split in equal parts; the remainder stays in the pool', () => {
    const payout = splitJackpotPrize(configA, 'SINGLE_PAIR', 1_000_000, 3);
    expect(payout).toMatchObject({ prize: 2_000n, share: 666n, paid: 1_998n, remainder: 2n, poolAfter: 998_002n, wholePool: false });
  });

  it('the paradise straight pays the higher of its fixed amount and 10% of the pool (art. 17.6)', () => {
    expect(splitJackpotPrize(configA, 'PARADISE_STRAIGHT', 10_000_000n, 1).prize).toBe(1_000_000n);
    expect(splitJackpotPrize(configA, 'PARADISE_STRAIGHT', 3_000_000n, 1).prize).toBe(500_000n);
    expect(splitJackpotPrize(configA, 'PARADISE_STRAIGHT', 12_345_675n, 1).prize).toBe(1_234_567n); // 1,234,567.5 rounded down
  });

  it('modality C six of a kind pays the higher of its fixed amount and the operator’s percentage (art. 17.10)', () => {
    expect(splitJackpotPrize(configC, 'SIX_OF_A_KIND', 10_000_000n, 2).prize).toBe(2_500_000n);
    expect(splitJackpotPrize(configC, 'SIX_OF_A_KIND', 2_000_000n, 2).prize).toBe(1_000_000n);
    expect(splitJackpotPrize(configC, 'SIX_OF_A_KIND_SAME_COLOUR', 2_000_001n, 2)).toMatchObject({
      prize: 2_000_001n,
      remainder: 1n,
      wholePool: true,
    });
  });

  it('pays a fixed prize in full when the pool holds less: the house tops the pool up first', () => {
    const fixed = BigInt(configA.fixedAmounts.PARADISE_STRAIGHT!);
    const payout = splitJackpotPrize(configA, 'PARADISE_STRAIGHT', 400_001n, 2);
    expect(payout).toMatchObject({ prize: fixed, topUp: fixed - 400_001n, share: fixed / 2n, remainder: fixed % 2n });
    expect(payout.poolAfter).toBe(400_001n + payout.topUp - payout.paid);
    expect(payout.poolAfter).toBeGreaterThanOrEqual(0n);
    const four = splitJackpotPrize(configA, 'FOUR_OF_A_KIND', 0n, 5);
    expect(four).toMatchObject({ prize: BigInt(configA.fixedAmounts.FOUR_OF_A_KIND!), topUp: four.prize, poolAfter: four.remainder });
    // Nobody to pay: nothing is topped up.
    expect(splitJackpotPrize(configA, 'FOUR_OF_A_KIND', 0n, 0)).toMatchObject({ topUp: 0n, paid: 0n, poolAfter: 0n });
  });

  it('refuses a pool seed below the largest fixed prize', () => {
    const largest = Math.max(...Object.values(configA.fixedAmounts).map(Number));
    expect(() => assertPoolSeed(configA, largest - 1)).toThrow(expect.objectContaining({ code: 'INVALID_JACKPOT_POOL' }));
    expect(() => assertPoolSeed(configA, largest)).not.toThrow();
  });

  it('refuses a pool seed above the most a pool holds (MAX_POOL)', () => {
    expect(() => assertPoolSeed(configA, MAX_POOL + 1)).toThrow(expect.objectContaining({ code: 'INVALID_JACKPOT_POOL' }));
    expect(() => assertPoolSeed(configA, MAX_POOL)).not.toThrow();
  });

  it("adds a round's contributions to a pool up to MAX_POOL, never past it", () => {
    expect(poolContribution(1_000, 50)).toBe(50);
    expect(poolContribution(MAX_POOL - 10, 50)).toBe(10);
    expect(poolContribution(MAX_POOL, 50)).toBe(0);
    // After a whole-pool prize the pool restarts from its seed beside a remainder: it may hold a little more, and takes nothing.
    expect(poolContribution(MAX_POOL + 3, 50)).toBe(0);
  });

  it('pays nobody when nobody bet on the jackpot', () => {
    expect(splitJackpotPrize(configA, 'ROYAL_FLUSH', 777n, 0)).toMatchObject({ share: 0n, paid: 0n, remainder: 777n, poolAfter: 777n });
  });

  it('handles pools beyond the exact range of a double', () => {
    const pool = 10n ** 20n + 7n;
    expect(splitJackpotPrize(configC, 'SIX_OF_A_KIND', pool, 3)).toMatchObject({
      prize: 25_000_000_000_000_000_001n,
      share: 8_333_333_333_333_333_333n,
      remainder: 2n,
    });
    expect(poolPercent(pool, 1000)).toBe(10_000_000_000_000_000_000n);
  });

  it('refuses a negative pool, a bad bettor count, and a combination from another modality', () => {
    expect(violationOf(() => splitJackpotPrize(configA, 'SINGLE_PAIR', -1n, 1))).toBe('INVALID_JACKPOT_POOL');
    expect(violationOf(() => splitJackpotPrize(configA, 'SINGLE_PAIR', 0.5, 1))).toBe('INVALID_JACKPOT_POOL');
    expect(violationOf(() => splitJackpotPrize(configA, 'SINGLE_PAIR', 100n, -1))).toBe('INVALID_JACKPOT_BETTORS');
    expect(violationOf(() => splitJackpotPrize(configA, 'SINGLE_PAIR', 100n, 1.5))).toBe('INVALID_JACKPOT_BETTORS');
    expect(violationOf(() => splitJackpotPrize(configA, 'DOUBLE_THREE', 100n, 1))).toBe('JACKPOT_COMBINATION_NOT_IN_MODALITY');
  });

  it('creates and loses no cent: shares and remainder make the prize, paid from the pool and any top-up, and the pool never goes below zero', () => {
    const combinations = JACKPOT_MODALITIES.flatMap((modality) =>
      (JACKPOT_COMBINATIONS[modality] as readonly JackpotCombination[]).map((c) => [modality, c] as const),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...combinations),
        fc.bigInt({ min: 0n, max: 10n ** 22n }),
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 1, max: 10_000 }),
        ([modality, c], pool, bettors, percent) => {
          const options = makeBaccaratOptions({
            jackpot: { modality, poolPercentBasisPoints: modality === 'C' ? percent : null },
          });
          const payout = splitJackpotPrize(options.jackpot as JackpotConfig, c, pool, bettors);
          expect(payout.share * BigInt(bettors) + payout.remainder).toBe(payout.prize);
          expect(payout.paid + payout.poolAfter).toBe(pool + payout.topUp);
          expect(payout.prize <= pool + payout.topUp).toBe(true);
          expect(payout.poolAfter >= 0n).toBe(true);
          // The house puts in only what a prize needs beyond the pool, and only when someone is paid.
          expect(payout.topUp).toBe(bettors > 0 && payout.prize > pool ? payout.prize - pool : 0n);
          expect(payout.share >= 0n && payout.remainder >= 0n).toBe(true);
          if (bettors > 0) expect(payout.remainder < BigInt(bettors)).toBe(true);
        },
      ),
      { numRuns: 500, seed: 2009 },
    );
  });
});
