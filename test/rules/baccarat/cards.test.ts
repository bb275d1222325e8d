import { describe, expect, it } from 'vitest';
import { RANKS, SUITS, colourOf, formatCard, parseCard, pointValue } from '../../../functions/rules/baccarat';
import { RuleViolation } from '../../../functions/rules/rule-violation';

describe('cards', () => {
  it('reads compact codes: rank then suit letter', () => {
    expect(parseCard('AS')).toEqual({ rank: 'A', suit: 'SPADES' });
    expect(parseCard('10H')).toEqual({ rank: '10', suit: 'HEARTS' });
    expect(parseCard('QD')).toEqual({ rank: 'Q', suit: 'DIAMONDS' });
    expect(parseCard('7C')).toEqual({ rank: '7', suit: 'CLUBS' });
    expect(parseCard(' th ')).toEqual({ rank: '10', suit: 'HEARTS' });
  });

  it('writes every card back to the code it was read from', () => {
    for (const rank of RANKS) {
      for (const suit of SUITS) {
        const card = { rank, suit };
        expect(parseCard(formatCard(card))).toEqual(card);
      }
    }
  });

  it.each(['', 'A', '1S', '11H', 'ZS', 'AX', '10', 'KSS', 'A S'])('refuses "%s" as INVALID_CARD', (text) => {
    expect(() => parseCard(text)).toThrow(RuleViolation);
    try {
      parseCard(text);
    } catch (error) {
      expect((error as RuleViolation).code).toBe('INVALID_CARD');
    }
  });

  it('values A as 1, 2 to 9 at face value, and 10 J Q K as 0', () => {
    expect(RANKS.map(pointValue)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0]);
  });

  it('colours spades and clubs black, hearts and diamonds red', () => {
    expect(SUITS.map(colourOf)).toEqual(['BLACK', 'RED', 'RED', 'BLACK']);
  });
});
