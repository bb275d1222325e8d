import { CARDS_PER_DECK, assertDeckCount } from '../shoe';
import { bankerDraws, isNatural, playerDraws } from '../tableau';
import { ExactTally, fallingFactorial } from './exact-tally';

/**
 * Exact outcome counts of one round dealt from a full shoe, by complete enumeration of the shoe
 * without replacement. Deals are counted as ordered sequences of six cards (416!/410! for eight
 * decks, the published convention): a round that uses four or five cards counts once for every
 * way the unused slots can be filled from the cards left.
 *
 * Only point values decide the hands, so cards are enumerated by value (10, J, Q, K make one
 * class of 16 per deck; A..9 classes of 4), each sequence weighted by how many card sequences it
 * stands for. The tableau predicates are the very ones resolveDeal uses.
 */
export interface OutcomeCounts {
  readonly decks: number;
  readonly total: bigint;
  readonly bankerWins: bigint;
  readonly playerWins: bigint;
  readonly ties: bigint;
  /** Banker wins with a total of 6, any number of cards (art. 18.2). */
  readonly bankerWinsOnSix: bigint;
  /** Banker wins with a three-card 7 (art. 13.1(4)(2), art. 18.3). */
  readonly dragon7: bigint;
}

const enum Outcome {
  BankerWin = 0,
  PlayerWin = 1,
  Tie = 2,
  BankerWinOnSix = 3,
  Dragon7 = 4,
}

export function enumerateOutcomes(decks: number): OutcomeCounts {
  assertDeckCount(decks);
  const n = decks * CARDS_PER_DECK;
  const left = [16 * decks, 4 * decks, 4 * decks, 4 * decks, 4 * decks, 4 * decks, 4 * decks, 4 * decks, 4 * decks, 4 * decks];
  const tally = new ExactTally(5);
  const settle = (player: number, banker: number, bankerCards: number, weight: number): void => {
    if (player > banker) tally.add(Outcome.PlayerWin, weight);
    else if (player === banker) tally.add(Outcome.Tie, weight);
    else {
      tally.add(Outcome.BankerWin, weight);
      if (banker === 6) tally.add(Outcome.BankerWinOnSix, weight);
      else if (banker === 7 && bankerCards === 3) tally.add(Outcome.Dragon7, weight);
    }
  };
  const afterFour = (n - 4) * (n - 5);
  const afterFive = n - 5;

  const take = (value: number): number => {
    const count = left[value] as number;
    left[value] = count - 1;
    return count;
  };
  const putBack = (value: number): void => {
    left[value] = (left[value] as number) + 1;
  };
  /** Every way the round goes on from two-card totals `player` and `banker` (weight: the initial cards' sequences). */
  const thirdCards = (player: number, banker: number, w4: number): void => {
    if (isNatural(player) || isNatural(banker)) {
      settle(player, banker, 2, w4 * afterFour);
    } else if (!playerDraws(player)) {
      if (bankerDraws(banker, null)) {
        for (let b3 = 0; b3 < 10; b3 += 1) settle(player, (banker + b3) % 10, 3, w4 * (left[b3] as number) * afterFive);
      } else {
        settle(player, banker, 2, w4 * afterFour);
      }
    } else {
      for (let p3 = 0; p3 < 10; p3 += 1) {
        const w5 = w4 * take(p3);
        const playerTotal = (player + p3) % 10;
        if (bankerDraws(banker, p3)) {
          for (let b3 = 0; b3 < 10; b3 += 1) settle(playerTotal, (banker + b3) % 10, 3, w5 * (left[b3] as number));
        } else {
          settle(playerTotal, banker, 2, w5 * afterFive);
        }
        putBack(p3);
      }
    }
  };

  // A hand's first two cards count only through their sum, so each hand's two initial cards are
  // enumerated as an unordered pair (x <= y) standing for both orders when x != y. The weight of a
  // set of cards drawn without replacement does not depend on the order they were drawn in.
  for (let p1 = 0; p1 < 10; p1 += 1) {
    const w1 = take(p1);
    for (let p2 = p1; p2 < 10; p2 += 1) {
      const w2 = w1 * take(p2) * (p1 === p2 ? 1 : 2);
      for (let b1 = 0; b1 < 10; b1 += 1) {
        const w3 = w2 * take(b1);
        for (let b2 = b1; b2 < 10; b2 += 1) {
          const w4 = w3 * take(b2) * (b1 === b2 ? 1 : 2);
          if (w4 > 0) thirdCards((p1 + p2) % 10, (b1 + b2) % 10, w4);
          putBack(b2);
        }
        putBack(b1);
      }
      putBack(p2);
    }
    putBack(p1);
  }

  return {
    decks,
    total: fallingFactorial(n, 6),
    bankerWins: tally.total(Outcome.BankerWin),
    playerWins: tally.total(Outcome.PlayerWin),
    ties: tally.total(Outcome.Tie),
    bankerWinsOnSix: tally.total(Outcome.BankerWinOnSix),
    dragon7: tally.total(Outcome.Dragon7),
  };
}

/**
 * Ordered six-card deals in which one hand's first two cards share a rank (art. 13.1(4)(1)): a pair
 * depends on those two cards only, so the count runs over their rank, the other four slots being
 * any of the cards left. The same for the Player and the Banker hand.
 */
export function countPairDeals(decks: number): bigint {
  assertDeckCount(decks);
  const n = decks * CARDS_PER_DECK;
  const perRank = 4 * decks;
  let pairs = 0n;
  for (let rank = 0; rank < 13; rank += 1) pairs += BigInt(perRank * (perRank - 1));
  return pairs * fallingFactorial(n - 2, 4);
}
