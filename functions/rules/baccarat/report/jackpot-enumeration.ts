import { RANKS, pointValue } from '../cards';
import { JACKPOT_COMBINATIONS, type JackpotCombination, type JackpotModality } from '../jackpot';
import { CARDS_PER_DECK, assertDeckCount } from '../shoe';
import { bankerDraws, isNatural, playerDraws } from '../tableau';
import { ExactTally, fallingFactorial } from './exact-tally';

/**
 * Exact counts of every jackpot combination of modalities A, B and C (art. 13.1(4)(3), 13.2), over
 * the same ordered six-card deals as the outcome counts. The combinations need ranks, and suits
 * only in two places, so the shoe is enumerated by rank (13 classes of 4 x decks cards) and the
 * suits are counted in closed form where they matter:
 *   - royal flush / paradise straight: the first five ranks are A K Q J 10 in some order, each
 *     class untouched, so of the (4d)^5 card sequences, 4 d^5 are one suit and 4 x 3 d^5 have
 *     K Q J 10 of one suit and the ace of another;
 *   - six of a kind of one colour (C): of the (4d)_6 sequences of six cards of one rank, 2 (2d)_6
 *     are all black or all red.
 * Which cards are on the table (four, five or six) is decided by the tableau predicates.
 * Each round counts for its single highest combination only.
 */
export interface JackpotCounts {
  readonly decks: number;
  readonly total: bigint;
  readonly combinations: {
    readonly [M in JackpotModality]: ReadonlyArray<{ readonly combination: JackpotCombination; readonly count: bigint }>;
  };
  /** Outcome and pair counts seen by this enumeration (a cross-check of the value enumeration). */
  readonly bankerWins: bigint;
  readonly playerWins: bigint;
  readonly ties: bigint;
  readonly playerPairs: bigint;
  readonly bankerPairs: bigint;
}

// Tally slots.
const A_ROYAL = 0,
  A_PARADISE = 1,
  A_FOUR = 2,
  A_DOUBLE_PAIRS = 3,
  A_THREE = 4,
  A_PAIR = 5;
const B_SIX = 6,
  B_FIVE = 7,
  B_DOUBLE_THREE = 8,
  B_FOUR = 9,
  B_THREE = 10;
const C_SIX_COLOUR = 11,
  C_SIX = 12; // C's five, double three, four and three are B's counts
const BANKER_WIN = 13,
  PLAYER_WIN = 14,
  TIE = 15,
  PLAYER_PAIR = 16,
  BANKER_PAIR = 17;
const SLOTS = 18;

const ROYAL_RANK_MASK = (1 << 0) | (1 << 9) | (1 << 10) | (1 << 11) | (1 << 12); // A, 10, J, Q, K

export function enumerateJackpotCombinations(decks: number): JackpotCounts {
  assertDeckCount(decks);
  const n = decks * CARDS_PER_DECK;
  const perRank = 4 * decks;
  const value = RANKS.map(pointValue);
  const left = new Array<number>(13).fill(perRank);
  /** Cards of each rank on the table in the current round. */
  const held = new Array<number>(13).fill(0);
  const tally = new ExactTally(SLOTS);

  const afterFour = (n - 4) * (n - 5);
  const afterFive = n - 5;
  // Suit patterns of a royal rank sequence (see above), as a share of its (4d)^5 card sequences.
  const royalSequences = perRank ** 5;
  const royalFlushes = 4 * decks ** 5;
  const paradiseStraights = 12 * decks ** 5;
  const sixOfOneRank = Number(fallingFactorial(perRank, 6));
  const sixOfOneColour = 2 * Number(fallingFactorial(2 * decks, 6));

  const outcome = (player: number, banker: number, weight: number): void => {
    tally.add(player > banker ? PLAYER_WIN : player < banker ? BANKER_WIN : TIE, weight);
  };

  /** Modality B/C combination of the cards now held (4 to 6), weighted. */
  const allCards = (weight: number): void => {
    let largest = 0;
    let threes = 0;
    for (let rank = 0; rank < 13; rank += 1) {
      const k = held[rank] as number;
      if (k > largest) largest = k;
      if (k === 3) threes += 1;
    }
    if (largest === 6) {
      // weight is exactly the (4d)_6 sequences of six cards of this rank (nothing else was dealt)
      tally.add(B_SIX, weight);
      tally.add(C_SIX_COLOUR, (weight / sixOfOneRank) * sixOfOneColour);
      tally.add(C_SIX, weight - (weight / sixOfOneRank) * sixOfOneColour);
    } else if (largest === 5) tally.add(B_FIVE, weight);
    else if (threes === 2) tally.add(B_DOUBLE_THREE, weight);
    else if (largest === 4) tally.add(B_FOUR, weight);
    else if (largest === 3) tally.add(B_THREE, weight);
  };

  const take = (rank: number): number => {
    const count = left[rank] as number;
    left[rank] = count - 1;
    held[rank] = (held[rank] as number) + 1;
    return count;
  };
  const putBack = (rank: number): void => {
    left[rank] = (left[rank] as number) + 1;
    held[rank] = (held[rank] as number) - 1;
  };

  // Every combination and the tableau see a hand's two initial cards as an unordered pair, so each
  // is enumerated once (first <= second) standing for both orders when the ranks differ; the weight
  // of cards drawn without replacement does not depend on their order.
  for (let p1 = 0; p1 < 13; p1 += 1) {
    const w1 = take(p1);
    for (let p2 = p1; p2 < 13; p2 += 1) {
      const w2 = w1 * take(p2) * (p1 === p2 ? 1 : 2);
      for (let b1 = 0; b1 < 13; b1 += 1) {
        const w3 = w2 * take(b1);
        for (let b2 = b1; b2 < 13; b2 += 1) {
          const w4 = w3 * take(b2) * (b1 === b2 ? 1 : 2);
          const whole = w4 * afterFour; // every continuation of these four cards

          // Modality A iii-vi and the pair bets: the four initial cards only.
          const playerPair = p1 === p2;
          const bankerPair = b1 === b2;
          if (playerPair) tally.add(PLAYER_PAIR, whole);
          if (bankerPair) tally.add(BANKER_PAIR, whole);
          const largest = Math.max(held[p1] as number, held[b1] as number, held[p2] as number, held[b2] as number);
          if (largest === 4) tally.add(A_FOUR, whole);
          else if (playerPair && bankerPair) tally.add(A_DOUBLE_PAIRS, whole);
          else if (largest === 3) tally.add(A_THREE, whole);
          else if (playerPair || bankerPair) tally.add(A_PAIR, whole);
          const fourRoyalRanks = largest === 1 && ((1 << p1) | (1 << b1) | (1 << p2) | (1 << b2) | ROYAL_RANK_MASK) === ROYAL_RANK_MASK;

          const player = (value[p1]! + value[p2]!) % 10;
          const banker = (value[b1]! + value[b2]!) % 10;
          if (isNatural(player) || isNatural(banker)) {
            outcome(player, banker, whole);
            allCards(whole);
          } else {
            const playerThirdDrawn = playerDraws(player);
            if (fourRoyalRanks) {
              // A fifth card is dealt (someone draws); A i-ii when it is the missing royal rank.
              const missing = 31 - Math.clz32(ROYAL_RANK_MASK ^ ((1 << p1) | (1 << b1) | (1 << p2) | (1 << b2)));
              if (playerThirdDrawn || bankerDraws(banker, null)) {
                const sequences = w4 * (left[missing] as number); // (4d)^5 per order of the initial cards
                tally.add(A_ROYAL, (sequences / royalSequences) * royalFlushes * afterFive);
                tally.add(A_PARADISE, (sequences / royalSequences) * paradiseStraights * afterFive);
              }
            }
            if (!playerThirdDrawn) {
              if (bankerDraws(banker, null)) {
                for (let b3 = 0; b3 < 13; b3 += 1) {
                  const w = w4 * take(b3) * afterFive;
                  if (w > 0) {
                    outcome(player, (banker + value[b3]!) % 10, w);
                    allCards(w);
                  }
                  putBack(b3);
                }
              } else {
                outcome(player, banker, whole);
                allCards(whole);
              }
            } else {
              for (let p3 = 0; p3 < 13; p3 += 1) {
                const w5 = w4 * take(p3);
                if (w5 > 0) {
                  const x = value[p3]!;
                  const playerTotal = (player + x) % 10;
                  if (bankerDraws(banker, x)) {
                    for (let b3 = 0; b3 < 13; b3 += 1) {
                      const w = w5 * take(b3);
                      if (w > 0) {
                        outcome(playerTotal, (banker + value[b3]!) % 10, w);
                        allCards(w);
                      }
                      putBack(b3);
                    }
                  } else {
                    outcome(playerTotal, banker, w5 * afterFive);
                    allCards(w5 * afterFive);
                  }
                }
                putBack(p3);
              }
            }
          }
          putBack(b2);
        }
        putBack(b1);
      }
      putBack(p2);
    }
    putBack(p1);
  }

  const b = (slot: number) => tally.total(slot);
  const bc = [
    { combination: 'FIVE_OF_A_KIND' as const, count: b(B_FIVE) },
    { combination: 'DOUBLE_THREE' as const, count: b(B_DOUBLE_THREE) },
    { combination: 'FOUR_OF_A_KIND' as const, count: b(B_FOUR) },
    { combination: 'THREE_OF_A_KIND' as const, count: b(B_THREE) },
  ];
  const combinations = {
    A: [
      { combination: 'ROYAL_FLUSH' as const, count: b(A_ROYAL) },
      { combination: 'PARADISE_STRAIGHT' as const, count: b(A_PARADISE) },
      { combination: 'FOUR_OF_A_KIND' as const, count: b(A_FOUR) },
      { combination: 'DOUBLE_PAIRS' as const, count: b(A_DOUBLE_PAIRS) },
      { combination: 'THREE_OF_A_KIND' as const, count: b(A_THREE) },
      { combination: 'SINGLE_PAIR' as const, count: b(A_PAIR) },
    ],
    B: [{ combination: 'SIX_OF_A_KIND' as const, count: b(B_SIX) }, ...bc],
    C: [
      { combination: 'SIX_OF_A_KIND_SAME_COLOUR' as const, count: b(C_SIX_COLOUR) },
      { combination: 'SIX_OF_A_KIND' as const, count: b(C_SIX) },
      ...bc,
    ],
  };
  // The lists follow the regulation's order (precedence), as JACKPOT_COMBINATIONS does.
  for (const modality of ['A', 'B', 'C'] as const) {
    const names = combinations[modality].map((entry) => entry.combination).join();
    if (names !== JACKPOT_COMBINATIONS[modality].join()) throw new Error(`jackpot enumeration out of step with modality ${modality}`);
  }
  return {
    decks,
    total: fallingFactorial(n, 6),
    combinations,
    bankerWins: b(BANKER_WIN),
    playerWins: b(PLAYER_WIN),
    ties: b(TIE),
    playerPairs: b(PLAYER_PAIR),
    bankerPairs: b(BANKER_PAIR),
  };
}
