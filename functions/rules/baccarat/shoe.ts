import { RuleViolation } from '../rule-violation';
import { withArticle } from '../article';
import { RANKS, SUITS, formatCard, type Card } from './cards';
import { numberParam, textParam } from '../error-params';

/**
 * The shoe: 6 to 12 full decks of 52 cards, 8 being usual (docs/RULES.md, "Cards and dealing": the base
 * articles allow 6 to 12 decks; the 2009 amendment does not change them).
 */
export const MIN_DECKS = 6;
export const MAX_DECKS = 12;
export const DEFAULT_DECKS = 8;
export const CARDS_PER_DECK = 52;

export function assertDeckCount(decks: number): void {
  if (!Number.isInteger(decks) || decks < MIN_DECKS || decks > MAX_DECKS) {
    throw new RuleViolation('INVALID_DECK_COUNT', 'a baccarat shoe holds {min} to {max} whole decks', [
      numberParam('min', MIN_DECKS),
      numberParam('max', MAX_DECKS),
    ]);
  }
}

/** Every card of a fresh shoe, deck after deck (unshuffled; shuffling is the caller's, with its own generator). */
export function freshShoe(decks: number): Card[] {
  assertDeckCount(decks);
  const cards: Card[] = [];
  for (let deck = 0; deck < decks; deck += 1) {
    for (const suit of SUITS) for (const rank of RANKS) cards.push({ rank, suit });
  }
  return cards;
}

/**
 * Shoe tracking: refuses a round holding a card the shoe cannot contain any more. A shoe of `decks`
 * decks holds exactly `decks` copies of each card; `dealtBefore` are the cards already dealt from
 * this shoe (earlier rounds, burnt cards), `round` the cards now submitted. Pure: the caller keeps
 * the history. Throws `CARD_NOT_IN_SHOE` naming the card and how many copies were already seen.
 */
export function assertShoeHolds(decks: number, dealtBefore: readonly Card[], round: readonly Card[]): void {
  assertDeckCount(decks);
  const seen = new Map<string, number>();
  const count = (card: Card): number => {
    const code = formatCard(card);
    const copies = (seen.get(code) ?? 0) + 1;
    seen.set(code, copies);
    return copies;
  };
  for (const card of dealtBefore) {
    if (count(card) > decks) {
      throw new RuleViolation(
        'CARD_NOT_IN_SHOE',
        `the shoe's history already holds {copies} copies of {card}, but ${withArticle(decks)}-deck shoe has only {decks}`,
        [numberParam('copies', decks + 1), textParam('card', formatCard(card)), numberParam('decks', decks)],
      );
    }
  }
  round.forEach((card, index) => {
    const copies = count(card);
    if (copies > decks) {
      throw new RuleViolation(
        'CARD_NOT_IN_SHOE',
        `card {card} of the round cannot come from this shoe: all {decks} copies of it in ${withArticle(decks)}-deck shoe have already been dealt`,
        [numberParam('card', index + 1), numberParam('decks', decks)],
      );
    }
  });
}

/** Cards left in the shoe after `dealt` (assumes the history has been checked by assertShoeHolds). */
export function cardsLeftInShoe(decks: number, dealt: readonly Card[]): number {
  assertDeckCount(decks);
  return decks * CARDS_PER_DECK - dealt.length;
}
