import { RuleViolation } from '../rule-violation';

/**
 * Cards as the baccarat rules see them (docs/RULES.md, "Cards and dealing"). Suits matter only for
 * the jackpot (art. 13.1(4)(3): royal flush, paradise straight, same colour); ranks matter for
 * pairs (art. 13.1(4)(1)) and every jackpot combination; the point value decides the hands.
 */

export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;
export type Rank = (typeof RANKS)[number];

export const SUITS = ['SPADES', 'HEARTS', 'DIAMONDS', 'CLUBS'] as const;
export type Suit = (typeof SUITS)[number];

export type Colour = 'BLACK' | 'RED';

export interface Card {
  readonly rank: Rank;
  readonly suit: Suit;
}

const SUIT_LETTERS: Readonly<Record<string, Suit>> = { S: 'SPADES', H: 'HEARTS', D: 'DIAMONDS', C: 'CLUBS' };
const LETTER_OF_SUIT: Readonly<Record<Suit, string>> = { SPADES: 'S', HEARTS: 'H', DIAMONDS: 'D', CLUBS: 'C' };

/**
 * A card from its compact code: rank then suit letter, e.g. "AS", "10H", "QD", "7C" (case-insensitive;
 * "T" is accepted for ten, as dealing shoes print it).
 */
export function parseCard(text: string): Card {
  const code = text.trim().toUpperCase();
  const match = /^(A|[2-9]|10|T|J|Q|K)([SHDC])$/.exec(code);
  if (!match) {
    throw new RuleViolation(
      'INVALID_CARD',
      `Not a card: write the rank (A, 2-10, J, Q, K) followed by the suit letter (S, H, D, C), e.g. "AS", "10H"`,
    );
  }
  const rank = (match[1] === 'T' ? '10' : match[1]) as Rank;
  return { rank, suit: SUIT_LETTERS[match[2] as string] as Suit };
}

/** The compact code of a card ("10H"), the inverse of parseCard. */
export function formatCard(card: Card): string {
  return `${card.rank}${LETTER_OF_SUIT[card.suit]}`;
}

/** True when `value` is a well-formed card (for data that did not come through parseCard). */
export function isCard(value: unknown): value is Card {
  if (typeof value !== 'object' || value === null) return false;
  const { rank, suit } = value as { rank?: unknown; suit?: unknown };
  return (RANKS as readonly unknown[]).includes(rank) && (SUITS as readonly unknown[]).includes(suit);
}

/** Point value: A = 1, 2..9 face value, 10 J Q K = 0 (standard Punto Banco). */
export function pointValue(rank: Rank): number {
  const index = RANKS.indexOf(rank);
  return index < 9 ? index + 1 : 0;
}

/** Spades and clubs are black, hearts and diamonds red (art. 13.1(4)(3), Modality C i). */
export function colourOf(suit: Suit): Colour {
  return suit === 'SPADES' || suit === 'CLUBS' ? 'BLACK' : 'RED';
}
