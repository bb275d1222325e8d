import { describe, expect, it } from 'vitest';
import { assertDeckCount, assertShoeHolds, cardsLeftInShoe, freshShoe, formatCard } from '../../../functions/rules/baccarat';
import { deal } from './support/deal';
import { violationOf } from './support/violation';

describe('the shoe', () => {
  it('holds 6 to 12 whole decks', () => {
    for (const decks of [6, 8, 12]) expect(() => assertDeckCount(decks)).not.toThrow();
    for (const decks of [5, 13, 7.5, 0, Number.NaN]) expect(violationOf(() => assertDeckCount(decks))).toBe('INVALID_DECK_COUNT');
  });

  it('is made of `decks` copies of each of the 52 cards', () => {
    const shoe = freshShoe(8);
    expect(shoe).toHaveLength(416);
    const copies = new Map<string, number>();
    for (const card of shoe) copies.set(formatCard(card), (copies.get(formatCard(card)) ?? 0) + 1);
    expect(copies.size).toBe(52);
    expect([...copies.values()].every((n) => n === 8)).toBe(true);
    expect(cardsLeftInShoe(8, deal('AS KH 9D 3C'))).toBe(412);
  });

  describe('tracking (a card the shoe can no longer contain is refused)', () => {
    const sixAces = deal('AS AS AS AS AS AS');

    it('accepts a round while copies of each card remain', () => {
      expect(() => assertShoeHolds(6, [], sixAces)).not.toThrow();
      expect(() => assertShoeHolds(8, sixAces, deal('AS AS 2H 3D'))).not.toThrow();
    });

    it('refuses the seventh ace of spades from a six-deck shoe', () => {
      expect(violationOf(() => assertShoeHolds(6, sixAces, deal('AS 2H 3D 4C')))).toBe('CARD_NOT_IN_SHOE');
      expect(() => assertShoeHolds(6, sixAces, deal('2H AS 3D 4C'))).toThrow(
        /^card 2 of the round cannot come from this shoe: all 6 copies of it/,
      );
    });

    it('counts copies within the round itself', () => {
      expect(violationOf(() => assertShoeHolds(6, deal('AS'), sixAces))).toBe('CARD_NOT_IN_SHOE');
    });

    it('refuses a history that is already impossible', () => {
      expect(violationOf(() => assertShoeHolds(6, [...sixAces, ...deal('AS')], deal('2H 3D 4C 5S')))).toBe('CARD_NOT_IN_SHOE');
    });

    it('tells suits apart: another suit of the same rank is still in the shoe', () => {
      expect(() => assertShoeHolds(6, sixAces, deal('AH AD AC KS'))).not.toThrow();
    });
  });
});
