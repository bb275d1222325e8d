import type { Card, Rank } from '../rules/baccarat/cards';
import { dealRound } from '../rules/baccarat/resolve-deal';
import { fairShoe } from './fair-dealing';

/**
 * How a table with no dealer deals a shoe, from the shoe's seed (docs/RULES.md, "Dealing a shoe
 * with no dealer"; docs/FAIRNESS.md, step 7): the whole shoe is fixed by its seed, so each round's
 * cards are found again from it, and anyone can check every card once the seed is revealed.
 */

/** Cards behind the cut card: the shoe's last round is the first that starts at or past it (position n - 14). */
export const CUT_CARD_RESERVE = 14;

/** How many cards a shoe's burn takes: the first card, turned up, and as many more as its count (10, J, Q and K count 10). */
export function burnCount(first: Rank): number {
  const count = first === 'A' ? 1 : first === '10' || first === 'J' || first === 'Q' || first === 'K' ? 10 : Number(first);
  return 1 + count;
}

export interface DealtShoe {
  /** The burn: the first card and the cards it sent face down, never played. */
  readonly burn: readonly Card[];
  /** Every round of the shoe, in order, each dealt by the tableau. */
  readonly rounds: readonly (readonly Card[])[];
}

/** Every card a shoe deals, in order: its burn, then its rounds by the tableau, the last being the first to start at or past the cut card. */
export function dealShoe(shoe: readonly Card[]): DealtShoe {
  const burn = shoe.slice(0, burnCount(shoe[0]!.rank));
  const cut = shoe.length - CUT_CARD_RESERVE;
  let next = burn.length;
  const draw = (): Card => {
    const card = shoe[next++];
    if (!card) throw new Error('the shoe ran out of cards');
    return card;
  };
  const rounds: Card[][] = [];
  // A round that starts before the cut card is dealt in full, past it if need be: at most 5 cards past, and 14 lie behind it.
  while (next < cut) rounds.push(dealRound(draw));
  rounds.push(dealRound(draw));
  return { burn, rounds };
}

/** The shoe a seed deals at a table of `decks` decks. */
export const dealtShoeOf = (seed: string, decks: number): DealtShoe => dealShoe(fairShoe(seed, decks));
