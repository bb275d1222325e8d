/**
 * No balance passes MAX_MONEY through winnings: each open bet reserves the most it could return
 * (reserveOf, never less than any outcome returns it), a stake leaves only a balance of at most
 * MAX_BETTING_BALANCE and only while the reserves stay within MAX_EXPOSURE, and a decided bet
 * returns at most its reserve as the reserve is let go.
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
  MAX_BETTING_BALANCE,
  MAX_EXPOSURE,
  MAX_MONEY,
  MAX_POOL,
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
  it('is at least what any deal returns a baccarat bet (stake included)', () => {
    const options = makeBaccaratOptions();
    fc.assert(
      fc.property(
        fc.constantFrom(...TYPES),
        fc.integer({ min: 1, max: 10 ** 9 }),
        fc.array(card, { minLength: 6, maxLength: 6 }),
        (type, amount, cards) => {
          const bet = { type, amount };
          const returned = stakeReturned(bet, settleBet(options, { ...bet, seated: false }, roundOf(cards)));
          expect(reserveOf(bet, LARGEST_BACCARAT_RETURN)).toBeGreaterThanOrEqual(returned);
        },
      ),
    );
  });

  it('is the largest jackpot prize for a jackpot bet, whatever its stake', () => {
    expect(reserveOf({ type: 'JACKPOT', amount: 100 }, 41)).toBe(LARGEST_JACKPOT_PRIZE);
    expect(reserveOf({ type: 'PLAYER', amount: 10 }, 41)).toBe(410);
  });

  it('leaves room for jackpot bets at 31 tables at once (32 would need one minor unit more)', () => {
    expect(MAX_POOL).toBe(2 ** 46);
    expect(31 * LARGEST_JACKPOT_PRIZE).toBeLessThanOrEqual(MAX_EXPOSURE);
    expect(32 * LARGEST_JACKPOT_PRIZE).toBeGreaterThan(MAX_EXPOSURE);
  });
});

describe("a player's balance and reserves", () => {
  it('split MAX_MONEY between them, a deposit staying below what one may bet from', () => {
    expect(BigInt(MAX_BETTING_BALANCE) + BigInt(MAX_EXPOSURE)).toBe(BigInt(MAX_MONEY));
    expect(MAX_BALANCE).toBeLessThan(MAX_BETTING_BALANCE);
  });

  /**
   * The account as the store keeps it, under the conditions its writes carry
   * (store/money/transaction-actions.ts): whatever the order of deposits, stakes at any tables,
   * wins up to each bet's reserve and withdrawals, the balance plus the reserves never pass
   * MAX_MONEY, so that no credit a bet earns can take the balance out of Money's range.
   */
  it('never pass MAX_MONEY together, whatever deposits, bets, wins and withdrawals come in whatever order', () => {
    const amount = fc.oneof(fc.integer({ min: 1, max: 1_000 }), fc.integer({ min: 1, max: 2 ** 50 }));
    const step = fc.oneof(
      fc.record({ kind: fc.constant('deposit' as const), amount }),
      fc.record({ kind: fc.constant('withdraw' as const), amount }),
      fc.record({ kind: fc.constant('bet' as const), amount, perUnit: fc.constantFrom(31, 41), jackpot: fc.boolean() }),
      fc.record({ kind: fc.constant('decide' as const), which: fc.nat(), share: fc.double({ min: 0, max: 1, noNaN: true }) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 80 }), fc.integer({ min: 0, max: MAX_MONEY }), (steps, start) => {
        let balance = Math.min(start, MAX_BALANCE);
        let exposure = 0;
        const open: { reserve: number }[] = [];
        for (const s of steps) {
          if (s.kind === 'deposit' && balance + s.amount <= MAX_BALANCE) balance += s.amount;
          if (s.kind === 'withdraw' && balance >= s.amount) balance -= s.amount;
          if (s.kind === 'bet') {
            const reserve = reserveOf({ type: s.jackpot ? 'JACKPOT' : 'FIELD', amount: s.amount }, s.perUnit);
            if (balance >= s.amount && balance <= MAX_BETTING_BALANCE && exposure <= MAX_EXPOSURE - reserve) {
              balance -= s.amount;
              exposure += reserve;
              open.push({ reserve });
            }
          }
          if (s.kind === 'decide' && open.length > 0) {
            const [bet] = open.splice(s.which % open.length, 1);
            balance += Math.floor(bet!.reserve * s.share);
            exposure -= bet!.reserve;
          }
          expect(BigInt(balance) + BigInt(exposure)).toBeLessThanOrEqual(BigInt(MAX_MONEY));
          expect(Number.isSafeInteger(balance)).toBe(true);
        }
      }),
    );
  });
});
