import { describe, expect, it } from 'vitest';
import { dealRound, resolveDeal, type Card } from '../../../functions/rules/baccarat';
import { deal, rankWorth } from './support/deal';
import { BANKER_AFTER_PLAYER_DRAWS } from './support/tableau-grid';
import { messageOf, violationOf } from './support/violation';

/** Player P1, Banker B1, Player P2, Banker B2 making the two totals (never a pair of equal totals by accident). */
const initial = (player: number, banker: number): string => `${rankWorth(player)}S KH QD ${rankWorth(banker)}C`;

describe('resolveDeal: deciding a round from its cards in dealt order', () => {
  describe('naturals', () => {
    it('a Player natural 9 against a Banker 7 wins on four cards', () => {
      const result = resolveDeal(deal('9S 7H KD KC'));
      expect(result.natural).toBe(true);
      expect(result.player).toMatchObject({ total: 9, natural: true });
      expect(result.banker).toMatchObject({ total: 7, natural: false });
      expect(result.winner).toBe('PLAYER');
    });

    it('a Banker natural 8 stops a Player on 0 from drawing', () => {
      const result = resolveDeal(deal('KS 4H QD 4C'));
      expect(result).toMatchObject({ natural: true, winner: 'BANKER' });
      expect(result.player.cards).toHaveLength(2);
    });

    it('natural 8 against natural 8 is a tie', () => {
      expect(resolveDeal(deal('4S 5H 4D 3C')).winner).toBe('TIE');
    });

    it('refuses any card after a natural, naming it', () => {
      expect(violationOf(() => resolveDeal(deal('9S 2H KD 3C 4S')))).toBe('DEAL_NATURAL_STANDS');
      expect(messageOf(() => resolveDeal(deal('KS 4H QD 4C 5S')))).toMatch(/Banker has a natural 8.*both hands stand/);
    });
  });

  describe('the Player', () => {
    for (const total of [0, 1, 2, 3, 4, 5]) {
      it(`must draw on ${total}: four cards are refused, a third card is taken`, () => {
        expect(violationOf(() => resolveDeal(deal(initial(total, 7))))).toBe('DEAL_PLAYER_MUST_DRAW');
        expect(resolveDeal(deal(`${initial(total, 7)} 2D`)).player.cards).toHaveLength(3);
      });
    }
    for (const total of [6, 7]) {
      it(`stands on ${total}: a fifth card against a Banker 7 is a Banker third card that should not be drawn`, () => {
        expect(resolveDeal(deal(initial(total, 7))).player.cards).toHaveLength(2);
        expect(violationOf(() => resolveDeal(deal(`${initial(total, 7)} 2D`)))).toBe('DEAL_BANKER_MUST_STAND');
      });
    }
  });

  describe('the Banker when the Player stood', () => {
    for (const total of [0, 1, 2, 3, 4, 5]) {
      it(`draws on ${total}`, () => {
        expect(violationOf(() => resolveDeal(deal(initial(6, total))))).toBe('DEAL_BANKER_MUST_DRAW');
        const result = resolveDeal(deal(`${initial(6, total)} 2D`));
        expect(result.banker.cards).toHaveLength(3);
        expect(result.player.cards).toHaveLength(2);
      });
    }
    for (const total of [6, 7]) {
      it(`stands on ${total}`, () => {
        expect(resolveDeal(deal(initial(7, total))).banker.cards).toHaveLength(2);
        expect(violationOf(() => resolveDeal(deal(`${initial(7, total)} 2D`)))).toBe('DEAL_BANKER_MUST_STAND');
      });
    }
  });

  describe('the Banker after the Player drew: every cell of the tableau', () => {
    for (const [bankerTotal, row] of Object.entries(BANKER_AFTER_PLAYER_DRAWS)) {
      for (let x = 0; x <= 9; x += 1) {
        const draws = row[x] === 'D';
        it(`Banker ${bankerTotal}, Player's third card ${x}: ${draws ? 'draws' : 'stands'}`, () => {
          const five = `${initial(3, Number(bankerTotal))} ${rankWorth(x)}D`;
          const six = `${five} 5H`;
          if (draws) {
            expect(resolveDeal(deal(six)).banker.cards).toHaveLength(3);
            expect(violationOf(() => resolveDeal(deal(five)))).toBe('DEAL_BANKER_MUST_DRAW');
          } else {
            expect(resolveDeal(deal(five)).banker.cards).toHaveLength(2);
            expect(violationOf(() => resolveDeal(deal(six)))).toBe('DEAL_BANKER_MUST_STAND');
          }
        });
      }
    }
  });

  describe('refusals by length', () => {
    it('refuses fewer than four cards', () => {
      for (const codes of ['', '9S', '9S 2H', '9S 2H 3D']) {
        const cards = codes ? deal(codes) : [];
        expect(violationOf(() => resolveDeal(cards))).toBe('DEAL_TOO_FEW_CARDS');
      }
    });

    it('refuses a card after both hands are complete', () => {
      // Player 3 draws a 2 (5); Banker 2 draws: the round ends at six cards.
      expect(violationOf(() => resolveDeal(deal('3S 2H KD KC 2D 5H 4S')))).toBe('DEAL_TOO_MANY_CARDS');
      // Player 6 stands; Banker 2 draws: the round ends at five cards.
      expect(violationOf(() => resolveDeal(deal('6S 2H KD KC 5H 4S')))).toBe('DEAL_TOO_MANY_CARDS');
    });

    it('refuses something that is not a card', () => {
      const cards = [...deal('9S 7H KD'), { rank: '1', suit: 'SPADES' } as unknown as Card];
      expect(violationOf(() => resolveDeal(cards))).toBe('INVALID_CARD');
    });

    it('names the rule broken in the message', () => {
      expect(messageOf(() => resolveDeal(deal('3S KH KD 3C 8D 5H')))).toMatch(/Banker stands on 3 when the Player's third card is worth 8/);
      expect(messageOf(() => resolveDeal(deal('3S KH KD 4C')))).toMatch(/Player must draw a third card on a total of 3/);
    });
  });

  describe('the result', () => {
    it('hands the fifth card to the Player when the Player draws, the sixth to the Banker', () => {
      const result = resolveDeal(deal('2S 3H KD KC 4D 9C'));
      expect(result.player.cards.map((c) => c.rank)).toEqual(['2', 'K', '4']);
      expect(result.banker.cards.map((c) => c.rank)).toEqual(['3', 'K', '9']);
      expect(result).toMatchObject({ winner: 'PLAYER', natural: false, player: { total: 6 }, banker: { total: 2 } });
    });

    it('hands the fifth card to the Banker when the Player stands', () => {
      const result = resolveDeal(deal('6S 3H KD KC 4D'));
      expect(result.banker.cards.map((c) => c.rank)).toEqual(['3', 'K', '4']);
      expect(result).toMatchObject({ winner: 'BANKER', player: { total: 6 }, banker: { total: 7 } });
    });

    it('sees a pair in a hand whose first two cards share a rank, whatever their suits', () => {
      const result = resolveDeal(deal('JS 7H JD 7C 5D 4C'));
      expect(result.player.pair).toBe(true);
      expect(result.banker.pair).toBe(true);
    });

    it('sees no pair in J + Q, although both are worth 0', () => {
      const result = resolveDeal(deal('JS QH QD JC 5D 4C'));
      expect(result.player.pair).toBe(false);
      expect(result.banker.pair).toBe(false);
    });

    it('sees no pair in a hand whose third card matches one of its first two', () => {
      expect(resolveDeal(deal('2S 3H KD KC 2D 9C')).player.pair).toBe(false);
    });

    it('calls a three-card Banker 7 that wins a Dragon 7', () => {
      // Player 5 draws 0 (5); Banker 3 draws a 4: 7.
      const result = resolveDeal(deal('5S 3H KD KC QD 4C'));
      expect(result).toMatchObject({ winner: 'BANKER', dragon7: true, banker: { total: 7 } });
    });

    it('does not call a Dragon 7 on a tie at 7', () => {
      // Player 5 draws a 2 (7); Banker 3 draws a 4 (7).
      const result = resolveDeal(deal('5S 3H KD KC 2D 4C'));
      expect(result).toMatchObject({ winner: 'TIE', dragon7: false, banker: { total: 7 } });
    });

    it('does not call a Dragon 7 on a two-card Banker 7', () => {
      const result = resolveDeal(deal('5S 7H KD KC QD'));
      expect(result).toMatchObject({ winner: 'BANKER', dragon7: false, banker: { total: 7 } });
    });
  });
});

describe('dealRound: dealing by the tableau', () => {
  it('takes exactly the cards resolveDeal expects', () => {
    for (const codes of ['9S 7H KD KC 2S 2S', '2S 3H KD KC 4D 9C 5S', '6S 3H KD KC 4D 2S', '6S 7H KD KC 4D']) {
      const source = deal(codes);
      let next = 0;
      const cards = dealRound(() => source[next++] as Card);
      expect(() => resolveDeal(cards)).not.toThrow();
      expect(resolveDeal(cards).cards).toEqual(cards);
    }
  });
});
