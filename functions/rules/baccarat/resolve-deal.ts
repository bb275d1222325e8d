import { RuleViolation } from '../rule-violation';
import { isCard, pointValue, type Card } from './cards';
import { bankerDraws, bankerRuleText, handTotal, isNatural, playerDraws } from './tableau';
import type { HandResult, RoundResult, Winner } from './types';
import { numberParam } from '../error-params';

/**
 * Decides a round from its cards in dealt order (docs/RULES.md, "Cards and dealing"): Player, Banker,
 * Player, Banker, then the Player's third card if the Player draws, then the Banker's if the Banker
 * draws. The sequence must follow the tableau exactly; anything else is refused with a
 * RuleViolation naming the rule broken:
 *   DEAL_TOO_FEW_CARDS / DEAL_TOO_MANY_CARDS: fewer than 4 or more than the tableau deals;
 *   DEAL_NATURAL_STANDS: a card dealt after a natural;
 *   DEAL_PLAYER_MUST_DRAW / DEAL_BANKER_MUST_DRAW: a third card that should have been dealt is missing;
 *   DEAL_BANKER_MUST_STAND: a Banker third card that should not have been drawn.
 * (The Player's third card can never be "wrong": when the Player stands, a fifth card is the Banker's.)
 */
export function resolveDeal(cards: readonly Card[]): RoundResult {
  cards.forEach((card, index) => {
    if (!isCard(card)) {
      throw new RuleViolation('INVALID_CARD', 'card {card} of the round is not a card (rank and suit required)', [
        numberParam('card', index + 1),
      ]);
    }
  });
  if (cards.length < 4) {
    throw new RuleViolation('DEAL_TOO_FEW_CARDS', 'a round starts with four cards (Player, Banker, Player, Banker)');
  }
  const [p1, b1, p2, b2] = cards as readonly [Card, Card, Card, Card];
  const playerTwo = handTotal([pointValue(p1.rank), pointValue(p2.rank)]);
  const bankerTwo = handTotal([pointValue(b1.rank), pointValue(b2.rank)]);

  if (isNatural(playerTwo) || isNatural(bankerTwo)) {
    if (cards.length > 4) {
      const who = isNatural(playerTwo) ? 'the Player has a natural {total}' : 'the Banker has a natural {total}';
      throw new RuleViolation('DEAL_NATURAL_STANDS', `${who} on two cards, so both hands stand: no third card may be dealt`, [
        numberParam('total', isNatural(playerTwo) ? playerTwo : bankerTwo),
      ]);
    }
    return roundOf(cards, [p1, p2], [b1, b2], true);
  }

  let next = 4;
  let playerThird: number | null = null;
  const playerCards: Card[] = [p1, p2];
  if (playerDraws(playerTwo)) {
    const third = cards[next];
    if (!third) {
      throw new RuleViolation(
        'DEAL_PLAYER_MUST_DRAW',
        'the Player must draw a third card on a total of {total} (draws on 0-5); the round ends after four cards',
        [numberParam('total', playerTwo)],
      );
    }
    playerCards.push(third);
    playerThird = pointValue(third.rank);
    next += 1;
  }

  const bankerCards: Card[] = [b1, b2];
  const bankerThird = cards[next];
  if (bankerDraws(bankerTwo, playerThird)) {
    if (!bankerThird) {
      throw new RuleViolation(
        'DEAL_BANKER_MUST_DRAW',
        `the Banker must draw a third card: ${bankerRuleText(bankerTwo, playerThird)}; the round ends after {cards} cards`,
        [numberParam('cards', cards.length)],
      );
    }
    bankerCards.push(bankerThird);
    next += 1;
  } else if (bankerThird) {
    throw new RuleViolation(
      'DEAL_BANKER_MUST_STAND',
      `card {card} would be the Banker's third card, but ${bankerRuleText(bankerTwo, playerThird)}`,
      [numberParam('card', next + 1)],
    );
  }

  if (cards.length > next) {
    throw new RuleViolation('DEAL_TOO_MANY_CARDS', 'this round ends after {cards} cards (each hand takes at most one third card)', [
      numberParam('cards', next),
    ]);
  }
  return roundOf(cards, playerCards, bankerCards, false);
}

function handOf(cards: readonly Card[]): HandResult {
  const [first, second] = cards as readonly [Card, Card];
  const twoCardTotal = handTotal([pointValue(first.rank), pointValue(second.rank)]);
  return {
    cards,
    total: handTotal(cards.map((card) => pointValue(card.rank))),
    natural: isNatural(twoCardTotal),
    pair: first.rank === second.rank, // art. 13.1(4)(1): same rank, whatever the suits
  };
}

function roundOf(cards: readonly Card[], playerCards: readonly Card[], bankerCards: readonly Card[], natural: boolean): RoundResult {
  const player = handOf(playerCards);
  const banker = handOf(bankerCards);
  const winner: Winner = player.total > banker.total ? 'PLAYER' : banker.total > player.total ? 'BANKER' : 'TIE';
  return {
    cards: [...cards],
    player,
    banker,
    winner,
    natural,
    // art. 13.1(4)(2): the Banker wins with 7 after receiving a third card; a 7-7 tie is no Dragon 7.
    dragon7: winner === 'BANKER' && banker.total === 7 && banker.cards.length === 3,
  };
}

/**
 * Deals one round by the tableau, taking cards from `draw` (a shoe, a test's fixed sequence):
 * four cards, then the third cards the tableau calls for. The resulting sequence always passes
 * resolveDeal. Used by simulations and by a dealer-side client; the rules never shuffle.
 */
export function dealRound(draw: () => Card): Card[] {
  const cards = [draw(), draw(), draw(), draw()] as [Card, Card, Card, Card];
  const playerTwo = handTotal([pointValue(cards[0].rank), pointValue(cards[2].rank)]);
  const bankerTwo = handTotal([pointValue(cards[1].rank), pointValue(cards[3].rank)]);
  if (isNatural(playerTwo) || isNatural(bankerTwo)) return cards;
  let playerThird: number | null = null;
  if (playerDraws(playerTwo)) {
    const third = draw();
    cards.push(third);
    playerThird = pointValue(third.rank);
  }
  if (bankerDraws(bankerTwo, playerThird)) cards.push(draw());
  return cards;
}
