import { dealRound, freshShoe, type Card } from '../../../../functions/rules/baccarat';

/**
 * Seeded randomness for simulations (tests and the bench): the rules layer never draws random
 * numbers itself. mulberry32: a small, well-mixed 32-bit generator, plenty for shuffling shoes.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A fresh shoe of `decks` decks, Fisher-Yates shuffled with `random`. */
export function shuffledShoe(decks: number, random: () => number): Card[] {
  const cards = freshShoe(decks);
  for (let i = cards.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [cards[i], cards[j]] = [cards[j] as Card, cards[i] as Card];
  }
  return cards;
}

/**
 * Every round of one shoe, dealt by the tableau until fewer than `cutCardReserve` cards are left.
 * Only each shoe's first round is an exact sample of a full-shoe deal; later rounds are very nearly
 * so, hence `firstRoundOnly` for tests that compare with the exact figures.
 */
export function roundsOfShoe(shoe: readonly Card[], cutCardReserve = 14): Card[][] {
  const rounds: Card[][] = [];
  let next = 0;
  const draw = (): Card => {
    const card = shoe[next];
    if (!card) throw new Error('shoe exhausted');
    next += 1;
    return card;
  };
  while (shoe.length - next >= Math.max(cutCardReserve, 6)) rounds.push(dealRound(draw));
  return rounds;
}
