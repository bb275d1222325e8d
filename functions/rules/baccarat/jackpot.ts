import { colourOf, type Card, type Rank } from './cards';
import { resolveDeal } from './resolve-deal';

/**
 * The progressive jackpot's winning combinations (art. 13.1(4)(3) and 13.2; docs/RULES.md, "Progressive
 * jackpot"). A table runs one modality; only the single highest combination of the round pays.
 * Each list is ordered highest first: that order is the precedence.
 */
export type JackpotModality = 'A' | 'B' | 'C';
export const JACKPOT_MODALITIES: readonly JackpotModality[] = ['A', 'B', 'C'];

export const JACKPOT_COMBINATIONS = {
  // Modality A, art. 13.1(4)(3) A i-vi: from the initial cards.
  A: ['ROYAL_FLUSH', 'PARADISE_STRAIGHT', 'FOUR_OF_A_KIND', 'DOUBLE_PAIRS', 'THREE_OF_A_KIND', 'SINGLE_PAIR'],
  // Modality B, art. 13.1(4)(3) B i-v with art. 13.2: from all cards on the table, same rank.
  B: ['SIX_OF_A_KIND', 'FIVE_OF_A_KIND', 'DOUBLE_THREE', 'FOUR_OF_A_KIND', 'THREE_OF_A_KIND'],
  // Modality C, art. 13.1(4)(3) C i-vi with art. 13.2: as B, topped by six of one rank and one colour.
  C: ['SIX_OF_A_KIND_SAME_COLOUR', 'SIX_OF_A_KIND', 'FIVE_OF_A_KIND', 'DOUBLE_THREE', 'FOUR_OF_A_KIND', 'THREE_OF_A_KIND'],
} as const satisfies Record<JackpotModality, readonly string[]>;

export type ModalityACombination = (typeof JACKPOT_COMBINATIONS.A)[number];
export type ModalityBCombination = (typeof JACKPOT_COMBINATIONS.B)[number];
export type ModalityCCombination = (typeof JACKPOT_COMBINATIONS.C)[number];
export type JackpotCombination = ModalityACombination | ModalityBCombination | ModalityCCombination;

/**
 * The single highest combination the round's cards make under `modality`, or null. The cards are
 * the whole round in dealt order; they are checked against the tableau first (resolveDeal), since
 * "the first five cards" and the pairs depend on who received which card.
 */
export function highestJackpotCombination(modality: JackpotModality, cards: readonly Card[]): JackpotCombination | null {
  resolveDeal(cards);
  return modality === 'A' ? modalityACombination(cards) : modalityBCCombination(modality, cards);
}

const ROYAL_RANKS: readonly Rank[] = ['A', 'K', 'Q', 'J', '10'];

/**
 * Modality A. The initial cards are dealt Player 1, Banker 1, Player 2, Banker 2.
 * [interpretation, docs/RULES.md] "The first five cards" (i, ii) are those four and the first third card
 * drawn: a four-card round cannot make a royal flush or a paradise straight.
 * [interpretation, docs/RULES.md] Double pairs (iv): "sendo a respectiva pontuação diferente" is read as
 * pairs of different ranks (K K with Q Q is double pairs); two pairs of one rank are four of a kind.
 */
function modalityACombination(cards: readonly Card[]): ModalityACombination | null {
  const firstFive = cards.slice(0, 5);
  if (firstFive.length === 5 && ROYAL_RANKS.every((rank) => firstFive.some((card) => card.rank === rank))) {
    const broadway = firstFive.filter((card) => card.rank !== 'A');
    const ace = firstFive.find((card) => card.rank === 'A') as Card;
    const suit = (broadway[0] as Card).suit;
    if (broadway.every((card) => card.suit === suit)) {
      if (ace.suit === suit) return 'ROYAL_FLUSH'; // art. 13.1(4)(3) A i
      return 'PARADISE_STRAIGHT'; // A ii: K Q J 10 of one suit, an ace of another
    }
  }
  const [p1, b1, p2, b2] = cards as readonly [Card, Card, Card, Card];
  const initial = [p1, b1, p2, b2];
  const largestGroup = Math.max(...initial.map((card) => initial.filter((other) => other.rank === card.rank).length));
  if (largestGroup === 4) return 'FOUR_OF_A_KIND'; // A iii: the four initial cards, one rank
  const playerPair = p1.rank === p2.rank;
  const bankerPair = b1.rank === b2.rank;
  if (playerPair && bankerPair) return 'DOUBLE_PAIRS'; // A iv (same rank would have been four of a kind)
  if (largestGroup === 3) return 'THREE_OF_A_KIND'; // A v: three of the first four cards
  if (playerPair || bankerPair) return 'SINGLE_PAIR'; // A vi
  return null;
}

/**
 * Modalities B and C: all the cards on the table (art. 13.2(2), (3)), "same value" meaning same
 * rank: K, Q, J, 10 are different values (art. 13.2(1)).
 */
function modalityBCCombination(modality: 'B' | 'C', cards: readonly Card[]): ModalityBCombination | ModalityCCombination | null {
  const copies = new Map<Rank, number>();
  for (const card of cards) copies.set(card.rank, (copies.get(card.rank) ?? 0) + 1);
  const sizes = [...copies.values()].sort((a, b) => b - a);
  const largest = sizes[0] ?? 0;
  if (largest === 6) {
    // C i: six of one rank and one colour (spades/clubs, or hearts/diamonds)
    if (modality === 'C' && new Set(cards.map((card) => colourOf(card.suit))).size === 1) return 'SIX_OF_A_KIND_SAME_COLOUR';
    return 'SIX_OF_A_KIND';
  }
  if (largest === 5) return 'FIVE_OF_A_KIND';
  if (largest === 3 && sizes[1] === 3) return 'DOUBLE_THREE';
  if (largest === 4) return 'FOUR_OF_A_KIND';
  if (largest === 3) return 'THREE_OF_A_KIND';
  return null;
}
