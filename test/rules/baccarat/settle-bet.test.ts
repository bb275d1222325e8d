import { describe, expect, it } from 'vitest';
import {
  COMMISSION_OPTIONS,
  makeBaccaratOptions,
  resolveDeal,
  assertSpotWithinMaximum,
  settleBet,
  stakeReturned,
  validateBet,
  validatePlayerBets,
  type BaccaratBetType,
  type BetResolution,
  type CommissionOption,
} from '../../../functions/rules/baccarat';
import { deal } from './support/deal';
import { violationOf } from './support/violation';

/** Hand-picked rounds, each named by what it is. */
const ROUNDS = {
  playerNatural9: resolveDeal(deal('9S 7H KD KC')), // Player 9 v Banker 7
  bankerNatural8: resolveDeal(deal('KS 4H QD 4C')), // Player 0 v Banker natural 8
  naturalTie: resolveDeal(deal('4S 5H 4D 3C')), // 8 v 8
  bankerWinsOn6: resolveDeal(deal('5S 6H KD KC QD')), // Player 5 (draws a 0) v Banker 6, stands
  bankerWinsOnThreeCard6: resolveDeal(deal('5S 2H KD KC QD 4C')), // Player 5 v Banker 2 + 4 = 6
  dragon7: resolveDeal(deal('5S 3H KD KC QD 4C')), // Player 5 v Banker 3 + 4 = 7 on three cards
  dragon7Tie: resolveDeal(deal('5S 3H KD KC 2D 4C')), // Player 7 v Banker three-card 7: a tie
  bothPairsBankerWins: resolveDeal(deal('JS 7H JD 7C 5D 4C')), // J J (0) + 5 v 7 7 (4) + 4 = 8
  jackQueen: resolveDeal(deal('JS QH QD JC 5D 4C')), // J Q and Q J: no pair
};

const STAKE = 1000;
const settle = (commission: CommissionOption, type: BaccaratBetType, round: keyof typeof ROUNDS, amount = STAKE): BetResolution =>
  settleBet(makeBaccaratOptions({ commission }), { type, amount, seated: true }, ROUNDS[round]);

const WIN = (winnings: number): BetResolution => ({ outcome: 'WIN', winnings });
const LOSE: BetResolution = { outcome: 'LOSE' };
const PUSH: BetResolution = { outcome: 'PUSH' };

describe('settleBet', () => {
  describe.each(COMMISSION_OPTIONS)('under %s', (commission) => {
    it('Player wins 1:1, pushes on a tie, loses to the Banker', () => {
      expect(settle(commission, 'PLAYER', 'playerNatural9')).toEqual(WIN(1000));
      expect(settle(commission, 'PLAYER', 'naturalTie')).toEqual(PUSH);
      expect(settle(commission, 'PLAYER', 'bankerNatural8')).toEqual(LOSE);
      expect(settle(commission, 'PLAYER', 'dragon7')).toEqual(LOSE);
    });

    it('Banker pushes on a tie and loses to the Player', () => {
      expect(settle(commission, 'BANKER', 'naturalTie')).toEqual(PUSH);
      expect(settle(commission, 'BANKER', 'dragon7Tie')).toEqual(PUSH);
      expect(settle(commission, 'BANKER', 'playerNatural9')).toEqual(LOSE);
    });

    it('Tie pays 8:1, including a tie at 7 with a three-card Banker 7, and loses otherwise', () => {
      expect(settle(commission, 'TIE', 'naturalTie')).toEqual(WIN(8000));
      expect(settle(commission, 'TIE', 'dragon7Tie')).toEqual(WIN(8000));
      expect(settle(commission, 'TIE', 'playerNatural9')).toEqual(LOSE);
      expect(settle(commission, 'TIE', 'dragon7')).toEqual(LOSE);
    });

    it('Player Pair and Banker Pair pay 11:1 on the first two cards of one rank', () => {
      expect(settle(commission, 'PLAYER_PAIR', 'bothPairsBankerWins')).toEqual(WIN(11000));
      expect(settle(commission, 'BANKER_PAIR', 'bothPairsBankerWins')).toEqual(WIN(11000));
    });

    it('J + Q is not a pair, though both count 0', () => {
      expect(settle(commission, 'PLAYER_PAIR', 'jackQueen')).toEqual(LOSE);
      expect(settle(commission, 'BANKER_PAIR', 'jackQueen')).toEqual(LOSE);
    });

    it('Dragon 7 pays 40:1 on a winning three-card Banker 7 only', () => {
      expect(settle(commission, 'DRAGON_7', 'dragon7')).toEqual(WIN(40000));
      expect(settle(commission, 'DRAGON_7', 'dragon7Tie')).toEqual(LOSE); // a Dragon 7 tie is not a Dragon 7
      expect(settle(commission, 'DRAGON_7', 'bankerNatural8')).toEqual(LOSE);
    });

    it('the jackpot stake is never returned: its prize comes from the pool', () => {
      expect(settle(commission, 'JACKPOT', 'bothPairsBankerWins')).toEqual(LOSE);
      expect(settle(commission, 'JACKPOT', 'playerNatural9')).toEqual(LOSE);
    });
  });

  describe('the Banker win under each commission option (art. 18)', () => {
    it('STANDARD: 1:1 less 5%, rounded down to the minor unit', () => {
      expect(settle('STANDARD', 'BANKER', 'bankerNatural8')).toEqual(WIN(950));
      expect(settle('STANDARD', 'BANKER', 'bankerWinsOn6')).toEqual(WIN(950));
      expect(settle('STANDARD', 'BANKER', 'dragon7')).toEqual(WIN(950));
      expect(settle('STANDARD', 'BANKER', 'bankerNatural8', 1010)).toEqual(WIN(959)); // 959.5
      expect(settle('STANDARD', 'BANKER', 'bankerNatural8', 10)).toEqual(WIN(9)); // 9.5
    });

    it('SIX_PAYS_HALF: 1:1 without commission, half the stake on a winning 6 of two or three cards', () => {
      expect(settle('SIX_PAYS_HALF', 'BANKER', 'bankerNatural8')).toEqual(WIN(1000));
      expect(settle('SIX_PAYS_HALF', 'BANKER', 'dragon7')).toEqual(WIN(1000));
      expect(settle('SIX_PAYS_HALF', 'BANKER', 'bankerWinsOn6')).toEqual(WIN(500));
      expect(settle('SIX_PAYS_HALF', 'BANKER', 'bankerWinsOnThreeCard6')).toEqual(WIN(500));
      expect(settle('SIX_PAYS_HALF', 'BANKER', 'bankerWinsOn6', 1010)).toEqual(WIN(505));
      expect(settle('SIX_PAYS_HALF', 'BANKER', 'bankerWinsOn6', 15)).toEqual(WIN(7)); // 7.5
    });

    it('DRAGON_PUSH: 1:1 without commission; a Dragon 7 pushes the Banker bet while Player and Tie lose', () => {
      expect(settle('DRAGON_PUSH', 'BANKER', 'bankerNatural8')).toEqual(WIN(1000));
      expect(settle('DRAGON_PUSH', 'BANKER', 'bankerWinsOn6')).toEqual(WIN(1000));
      expect(settle('DRAGON_PUSH', 'BANKER', 'dragon7')).toEqual(PUSH);
      expect(settle('DRAGON_PUSH', 'PLAYER', 'dragon7')).toEqual(LOSE);
      expect(settle('DRAGON_PUSH', 'TIE', 'dragon7')).toEqual(LOSE);
    });

    it('DRAGON_PUSH: a tie at 7 is no Dragon 7, the Banker bet pushes as on any tie and Tie wins', () => {
      expect(settle('DRAGON_PUSH', 'BANKER', 'dragon7Tie')).toEqual(PUSH);
      expect(settle('DRAGON_PUSH', 'TIE', 'dragon7Tie')).toEqual(WIN(8000));
    });
  });
});

describe('stakeReturned', () => {
  const bet = { type: 'BANKER' as const, amount: 1000 };
  it('returns stake plus winnings on a win, the stake on a push, nothing on a loss', () => {
    expect(stakeReturned(bet, WIN(950))).toBe(1950);
    expect(stakeReturned(bet, PUSH)).toBe(1000);
    expect(stakeReturned(bet, LOSE)).toBe(0);
  });
});

describe('validateBet', () => {
  const options = makeBaccaratOptions({ minimum: 100, maximum: 50_000, limits: { TIE: { maximum: 10_000 } } });

  it('accepts positive multiples of the minimum up to the maximum', () => {
    for (const amount of [100, 200, 5000, 50_000]) {
      expect(violationOf(() => validateBet(options, { type: 'BANKER', amount }))).toBe('NO VIOLATION');
    }
  });

  it('refuses a stake that is not a multiple of the minimum', () => {
    expect(violationOf(() => validateBet(options, { type: 'PLAYER', amount: 150 }))).toBe('STAKE_NOT_MULTIPLE_OF_MINIMUM');
    expect(violationOf(() => validateBet(options, { type: 'PLAYER', amount: 50 }))).toBe('STAKE_NOT_MULTIPLE_OF_MINIMUM');
  });

  it('refuses a stake above the bet type’s maximum', () => {
    expect(violationOf(() => validateBet(options, { type: 'PLAYER', amount: 50_100 }))).toBe('STAKE_ABOVE_MAXIMUM');
    expect(violationOf(() => validateBet(options, { type: 'TIE', amount: 10_100 }))).toBe('STAKE_ABOVE_MAXIMUM');
    expect(violationOf(() => validateBet(options, { type: 'PLAYER', amount: 10_100 }))).toBe('NO VIOLATION');
  });

  it('bounds what one player holds on a spot in a round, not each bet: ten chips on BANKER count as one stake', () => {
    const banker = (amount: number) => ({ type: 'BANKER' as const, amount });
    const tenThousands = Array.from({ length: 5 }, () => banker(10_000));
    expect(violationOf(() => assertSpotWithinMaximum(options, banker(100), tenThousands))).toBe('STAKE_ABOVE_MAXIMUM');
    expect(violationOf(() => assertSpotWithinMaximum(options, banker(10_000), tenThousands.slice(1)))).toBe('NO VIOLATION');
    // Other spots do not count; TIE has its own maximum.
    expect(
      violationOf(() =>
        assertSpotWithinMaximum(options, { type: 'TIE', amount: 5_000 }, [...tenThousands, { type: 'TIE', amount: 5_000 }]),
      ),
    ).toBe('NO VIOLATION');
    expect(violationOf(() => assertSpotWithinMaximum(options, { type: 'TIE', amount: 5_100 }, [{ type: 'TIE', amount: 5_000 }]))).toBe(
      'STAKE_ABOVE_MAXIMUM',
    );
    // Jackpot bets, one per seat, are bounded each on its own.
    const jackpot = { type: 'JACKPOT' as const, amount: options.limits.JACKPOT.maximum, seat: 2, seated: true };
    expect(violationOf(() => assertSpotWithinMaximum(options, jackpot, [{ ...jackpot, seat: 1 }]))).toBe('NO VIOLATION');
  });

  it('refuses zero, negative and fractional stakes', () => {
    for (const amount of [0, -100, 100.5, Number.NaN]) {
      expect(violationOf(() => validateBet(options, { type: 'BANKER', amount }))).toBe('INVALID_STAKE');
    }
  });

  it('refuses an unknown bet type', () => {
    expect(violationOf(() => validateBet(options, { type: 'BIG' as BaccaratBetType, amount: 100 }))).toBe('UNKNOWN_BET_TYPE');
  });

  it('takes a jackpot bet from seated players only (art. 13.3)', () => {
    expect(violationOf(() => validateBet(options, { type: 'JACKPOT', amount: 100, seated: true }))).toBe('NO VIOLATION');
    expect(violationOf(() => validateBet(options, { type: 'JACKPOT', amount: 100, seated: false }))).toBe('JACKPOT_SEATED_PLAYERS_ONLY');
    expect(violationOf(() => validateBet(options, { type: 'JACKPOT', amount: 100 }))).toBe('JACKPOT_SEATED_PLAYERS_ONLY');
  });

  it('refuses a jackpot bet at a table without a jackpot', () => {
    const noJackpot = makeBaccaratOptions({ jackpot: null });
    expect(violationOf(() => validateBet(noJackpot, { type: 'JACKPOT', amount: 100, seated: true }))).toBe('JACKPOT_NOT_OFFERED');
  });
});

describe('validatePlayerBets: one player’s bets for a round', () => {
  const options = makeBaccaratOptions();
  it('takes a jackpot bet alongside a Player, Banker or Tie bet (art. 13.3)', () => {
    for (const main of ['PLAYER', 'BANKER', 'TIE'] as const) {
      const bets = [
        { type: main, amount: 100 },
        { type: 'JACKPOT' as const, amount: 100, seated: true },
      ];
      expect(violationOf(() => validatePlayerBets(options, bets))).toBe('NO VIOLATION');
    }
  });

  it('refuses a jackpot bet on its own or beside side bets only', () => {
    const jackpot = { type: 'JACKPOT' as const, amount: 100, seated: true };
    expect(violationOf(() => validatePlayerBets(options, [jackpot]))).toBe('JACKPOT_NEEDS_MAIN_BET');
    expect(violationOf(() => validatePlayerBets(options, [jackpot, { type: 'PLAYER_PAIR', amount: 100 }]))).toBe('JACKPOT_NEEDS_MAIN_BET');
  });

  it('takes one jackpot bet per seat a round: a player on two seats may hold two', () => {
    const banker = { type: 'BANKER' as const, amount: 100, seat: 3 };
    const onSeat = (seat: number) => ({ type: 'JACKPOT' as const, amount: 100, seated: true, seat });
    expect(violationOf(() => validatePlayerBets(options, [banker, onSeat(3), onSeat(4)]))).toBe('NO VIOLATION');
    expect(violationOf(() => validatePlayerBets(options, [banker, onSeat(3), onSeat(3)]))).toBe('JACKPOT_ONE_PER_SEAT');
  });

  it('checks every bet’s stake', () => {
    expect(
      violationOf(() =>
        validatePlayerBets(options, [
          { type: 'BANKER', amount: 100 },
          { type: 'TIE', amount: 150 },
        ]),
      ),
    ).toBe('STAKE_NOT_MULTIPLE_OF_MINIMUM');
  });
});
