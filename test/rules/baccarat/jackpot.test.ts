import { describe, expect, it } from 'vitest';
import { JACKPOT_COMBINATIONS, highestJackpotCombination, type JackpotModality } from '../../../functions/rules/baccarat';
import { deal } from './support/deal';
import { violationOf } from './support/violation';

const combination = (modality: JackpotModality, codes: string) => highestJackpotCombination(modality, deal(codes));

describe('jackpot combinations', () => {
  it('ranks each modality’s combinations in the regulation’s order (art. 13.1(4)(3))', () => {
    expect(JACKPOT_COMBINATIONS.A).toEqual([
      'ROYAL_FLUSH',
      'PARADISE_STRAIGHT',
      'FOUR_OF_A_KIND',
      'DOUBLE_PAIRS',
      'THREE_OF_A_KIND',
      'SINGLE_PAIR',
    ]);
    expect(JACKPOT_COMBINATIONS.B).toEqual(['SIX_OF_A_KIND', 'FIVE_OF_A_KIND', 'DOUBLE_THREE', 'FOUR_OF_A_KIND', 'THREE_OF_A_KIND']);
    expect(JACKPOT_COMBINATIONS.C).toEqual([
      'SIX_OF_A_KIND_SAME_COLOUR',
      'SIX_OF_A_KIND',
      'FIVE_OF_A_KIND',
      'DOUBLE_THREE',
      'FOUR_OF_A_KIND',
      'THREE_OF_A_KIND',
    ]);
  });

  describe('modality A: the initial cards', () => {
    it('royal flush: A K Q J 10 of one suit among the first five cards, in any order', () => {
      // Player A + Q = 1 draws the 10 (1); Banker K + J = 0 draws.
      expect(combination('A', 'AS KS QS JS 10S 5H')).toBe('ROYAL_FLUSH');
      // The ace as the Player's third card.
      expect(combination('A', 'KH QH JH 10H AH 3C')).toBe('ROYAL_FLUSH');
    });

    it('paradise straight: K Q J 10 of one suit and an ace of another', () => {
      expect(combination('A', 'AD KS QS JS 10S 5H')).toBe('PARADISE_STRAIGHT');
      expect(combination('A', 'KC QC JC 10C AH 3C')).toBe('PARADISE_STRAIGHT');
    });

    it('no royal flush when the fifth royal card is only the sixth card dealt (only the first five count)', () => {
      // Player A + Q = 1 draws a 5; Banker K + J = 0 draws the 10 of spades as the sixth card.
      expect(combination('A', 'AS KS QS JS 5D 10S')).toBeNull();
    });

    it('a four-card round cannot make a royal flush or a paradise straight', () => {
      // Banker 9 + 10 is a natural: the round ends on A, 9, K, 10 of spades.
      expect(combination('A', 'AS 9S KS 10S')).toBeNull();
    });

    it('no royal flush or paradise straight when the five cards are mixed suits', () => {
      expect(combination('A', 'AS KS QH JS 10S 5H')).toBeNull();
    });

    it('four of a kind: the four initial cards of one rank, any suits', () => {
      expect(combination('A', '4S 4H 4D 4C')).toBe('FOUR_OF_A_KIND'); // natural 8 against 8
      expect(combination('A', '7S 7H 7D 7C 2D KC')).toBe('FOUR_OF_A_KIND');
    });

    it('two pairs of the same rank are four of a kind, not double pairs', () => {
      // A Player pair of 7s and a Banker pair of 7s.
      expect(combination('A', '7S 7H 7D 7C 2D KC')).not.toBe('DOUBLE_PAIRS');
    });

    it('double pairs: a Player pair and a Banker pair of different ranks', () => {
      expect(combination('A', 'JS 7H JD 7C 5D 4C')).toBe('DOUBLE_PAIRS');
      // K K and Q Q: different ranks although both count 0 [interpretation, docs/RULES.md].
      expect(combination('A', 'KS QH KD QC 5D 4C')).toBe('DOUBLE_PAIRS');
    });

    it('three of a kind: three of the first four cards, over a single pair', () => {
      expect(combination('A', '9S 9H 9D 2C')).toBe('THREE_OF_A_KIND'); // Player pair of 9s and a third 9
      expect(combination('A', '6S 2H 2D 2C')).toBe('THREE_OF_A_KIND'); // Banker pair of 2s and a third 2 (Player natural 8)
    });

    it('a third card of the same rank as a pair does not make three of a kind', () => {
      // Player 2 + 3 = 5 draws the 2 (7); Banker 2 + 5 = 7 stands: a tie, and no pair among the first four.
      expect(combination('A', '2S 2H 3D 5C 2D')).toBeNull();
    });

    it('single pair: a Player pair or a Banker pair', () => {
      expect(combination('A', '9S 2H 9D 3C')).toBe('SINGLE_PAIR');
      expect(combination('A', '9S 7H KD 7C')).toBe('SINGLE_PAIR');
    });

    it('J + Q makes no pair', () => {
      expect(combination('A', 'JS QH QD JC 5D 4C')).toBeNull();
    });

    it('nothing on a plain round', () => {
      expect(combination('A', '9S 7H KD QC')).toBeNull();
    });
  });

  describe('modalities B and C: all the cards on the table, same rank', () => {
    it('six of a kind: the whole six-card round of one rank', () => {
      expect(combination('B', 'KS KH KD KC KS KH')).toBe('SIX_OF_A_KIND');
      expect(combination('C', 'KS KH KD KC KS KH')).toBe('SIX_OF_A_KIND'); // black and red
    });

    it('six of a kind of one colour tops modality C (black: spades and clubs; red: hearts and diamonds)', () => {
      expect(combination('C', 'KS KC KS KC KS KC')).toBe('SIX_OF_A_KIND_SAME_COLOUR');
      expect(combination('C', 'AH AD AH AD AH AD')).toBe('SIX_OF_A_KIND_SAME_COLOUR');
      expect(combination('B', 'AH AD AH AD AH AD')).toBe('SIX_OF_A_KIND'); // B has no colour prize
    });

    it('five of a kind', () => {
      expect(combination('B', 'KS KH KD KC KS 5H')).toBe('FIVE_OF_A_KIND');
      expect(combination('C', 'KS KH KD KC KS 5H')).toBe('FIVE_OF_A_KIND');
    });

    it('double three: two sets of three of a rank, across both hands', () => {
      expect(combination('B', 'KS QH KD QC KH QS')).toBe('DOUBLE_THREE');
      expect(combination('C', 'KS QH KD QC KH QS')).toBe('DOUBLE_THREE');
    });

    it('four of a kind among all the cards, over the pair beside it', () => {
      expect(combination('B', 'KS 5H KD 5C KH KC')).toBe('FOUR_OF_A_KIND');
      expect(combination('C', '4S 4H 4D 4C')).toBe('FOUR_OF_A_KIND');
    });

    it('three of a kind, including a third card joining a pair, and three with a pair', () => {
      expect(combination('B', '2S 2H 3D 5C 2D')).toBe('THREE_OF_A_KIND');
      expect(combination('C', '2S 3H 2D 3C 2H')).toBe('THREE_OF_A_KIND');
    });

    it('K, Q, J and 10 are different values (art. 13.2(1))', () => {
      expect(combination('B', 'KS QH JD 10C 5D 4C')).toBeNull();
      expect(combination('C', 'KS QH KD QC 5D 4C')).toBeNull();
    });

    it('a pair alone pays nothing in B and C', () => {
      expect(combination('B', '9S 2H 9D 3C')).toBeNull();
    });
  });

  it('checks the round against the tableau first', () => {
    expect(violationOf(() => combination('A', 'AS KS QS JS'))).toBe('DEAL_PLAYER_MUST_DRAW');
    expect(violationOf(() => combination('B', 'KS KH KD'))).toBe('DEAL_TOO_FEW_CARDS');
  });
});
