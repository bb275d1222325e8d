/**
 * The reserve of a player's open bets at a table (reserveOf) is never less than the most any
 * outcome could return them, and the ceiling a placement's debit is conditioned on
 * (placementCeiling) keeps the balance plus every counted win within MAX_MONEY, refusing (undefined)
 * an exposure a deposit's bound (MAX_BALANCE) leaves no room for.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  LARGEST_BACCARAT_RETURN,
  makeBaccaratOptions,
  parseCard,
  resolveDeal,
  settleBet,
  type BaccaratBetType,
  type RoundResult,
} from '../../functions/rules/baccarat';
import { stakeReturned } from '../../functions/rules/resolution';
import {
  LARGEST_JACKPOT_PRIZE,
  MAX_BALANCE,
  MAX_EXPOSURE,
  MAX_MONEY,
  MAX_POOL,
  placementCeiling,
  reserveOf,
} from '../../functions/rules/money';

const TYPES: BaccaratBetType[] = ['PLAYER', 'BANKER', 'TIE', 'PLAYER_PAIR', 'BANKER_PAIR', 'DRAGON_7'];
const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const card = fc.tuple(fc.constantFrom(...RANKS), fc.constantFrom('S', 'H', 'D', 'C')).map(([rank, suit]) => rank + suit);

/** The first prefix of six cards (four to six) that is a complete round. */
function roundOf(cards: string[]): RoundResult {
  for (let n = 4; n <= 6; n++) {
    try {
      return resolveDeal(cards.slice(0, n).map(parseCard));
    } catch {
      // not a complete round with n cards: one more
    }
  }
  throw new Error(`no round in ${cards.join(' ')}`);
}

describe('reserveOf', () => {
  it('is at least what any deal returns a set of baccarat bets (stakes included)', () => {
    const options = makeBaccaratOptions();
    fc.assert(
      fc.property(
        fc.array(fc.record({ type: fc.constantFrom(...TYPES), amount: fc.integer({ min: 1, max: 10 ** 9 }) }), { maxLength: 12 }),
        fc.array(card, { minLength: 6, maxLength: 6 }),
        (bets, cards) => {
          const result = roundOf(cards);
          let returned = 0n;
          for (const bet of bets) returned += BigInt(stakeReturned(bet, settleBet(options, { ...bet, seated: false }, result)));
          expect(
            reserveOf(
              bets.map((bet) => ({ ...bet, round: 1 })),
              LARGEST_BACCARAT_RETURN,
            ),
          ).toBeGreaterThanOrEqual(returned);
        },
      ),
    );
  });

  it("counts the largest jackpot prize once per round holding the player's jackpot bets", () => {
    const jackpot = (round: number) => ({ type: 'JACKPOT', amount: 100, round });
    expect(reserveOf([jackpot(3), jackpot(3), { type: 'PLAYER', amount: 10, round: 3 }], 41)).toBe(BigInt(LARGEST_JACKPOT_PRIZE) + 410n);
    // A decided round not paid yet and the next one may both pay a prize.
    expect(reserveOf([jackpot(3), jackpot(4)], 41)).toBe(2n * BigInt(LARGEST_JACKPOT_PRIZE));
    expect(reserveOf([], 31)).toBe(0n);
  });

  it('leaves room for jackpot bets at 55 tables at once (56 would need one minor unit more)', () => {
    expect(MAX_POOL).toBe(2 ** 46);
    expect(55n * BigInt(LARGEST_JACKPOT_PRIZE)).toBeLessThanOrEqual(MAX_EXPOSURE);
    expect(56n * BigInt(LARGEST_JACKPOT_PRIZE)).toBeGreaterThan(MAX_EXPOSURE);
  });
});

describe('placementCeiling', () => {
  it('keeps the balance after the stake plus the exposure within MAX_MONEY, exactly', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: MAX_EXPOSURE }), fc.integer({ min: 1, max: 10 ** 12 }), (exposure, stake) => {
        const ceiling = placementCeiling(stake, exposure)!;
        expect(ceiling - BigInt(stake) + exposure).toBe(BigInt(MAX_MONEY));
      }),
    );
  });

  it('refuses an exposure past what a deposit to MAX_BALANCE leaves of MAX_MONEY', () => {
    expect(MAX_EXPOSURE).toBe(BigInt(MAX_MONEY) - BigInt(MAX_BALANCE));
    expect(placementCeiling(1, MAX_EXPOSURE + 1n)).toBeUndefined();
    expect(placementCeiling(1, MAX_EXPOSURE)).toBe(BigInt(MAX_BALANCE) + 1n);
  });
});
