import { describe, expect, it } from 'vitest';
import {
  baccaratReport,
  countPairDeals,
  enumerateJackpotCombinations,
  enumerateOutcomes,
  type BaccaratReport,
  type CommissionOption,
} from '../../../../functions/rules/baccarat';
import { Fraction } from '../../../../functions/rules/fraction';

const falling = (n: number, k: number): bigint => {
  let product = 1n;
  for (let i = 0; i < k; i += 1) product *= BigInt(n - i);
  return product;
};

const report8 = baccaratReport({ decks: 8 });
const figures = (report: BaccaratReport, bet: string, commission: CommissionOption) => {
  const found = report.bets.find((f) => f.bet === bet && f.commission === commission);
  if (!found) throw new Error(`no figures for ${bet} under ${commission}`);
  return found;
};
const jackpotCount = (report: BaccaratReport, modality: 'A' | 'B' | 'C', combination: string): bigint => {
  const found = report.jackpot?.[modality].find((entry) => entry.combination === combination);
  if (!found) throw new Error(`no ${combination} in modality ${modality}`);
  return found.count;
};

describe('the exact baccarat report', () => {
  describe('reproduces the published figures (docs/RULES.md; 8 decks, standard tableau)', () => {
    it('counts 416!/410! ordered six-card deals', () => {
      expect(report8.deals.total).toBe(4_998_398_275_503_360n);
    });

    it('counts the published Banker wins, Player wins and ties', () => {
      expect(report8.deals.bankerWins).toBe(2_292_252_566_437_888n);
      expect(report8.deals.playerWins).toBe(2_230_518_282_592_256n);
      expect(report8.deals.ties).toBe(475_627_426_473_216n);
    });

    it('gives the published probabilities', () => {
      const p = (count: bigint) => Fraction.of(count, report8.deals.total).toDecimal(6);
      expect([p(report8.deals.bankerWins), p(report8.deals.playerWins), p(report8.deals.ties)]).toEqual([
        '0.458597',
        '0.446247',
        '0.095156',
      ]);
    });

    it('gives the published house edges: Banker (5%) 1.0579%, Player 1.2351%, Tie 14.3596%', () => {
      const percent = (f: Fraction) => f.mul(Fraction.of(100)).toDecimal(4);
      expect(percent(figures(report8, 'BANKER', 'STANDARD').houseEdge)).toBe('1.0579');
      expect(percent(figures(report8, 'PLAYER', 'STANDARD').houseEdge)).toBe('1.2351');
      expect(percent(figures(report8, 'TIE', 'STANDARD').houseEdge)).toBe('14.3596');
    });
  });

  describe('every bet under every commission option', () => {
    const { total, bankerWins: B, playerWins: P, ties: T, bankerWinsOnSix: B6, dragon7: D7 } = report8.deals;
    const of = (n: bigint) => Fraction.of(n, total);

    it('reports all six bets under each of the three options, and win + lose + push = 1', () => {
      expect(report8.bets).toHaveLength(18);
      for (const f of report8.bets) expect(f.win.add(f.lose).add(f.push).equals(Fraction.ONE)).toBe(true);
    });

    it('Banker, standard: edge = (Player wins - 19/20 Banker wins) / deals', () => {
      expect(figures(report8, 'BANKER', 'STANDARD').houseEdge.equals(of(P).sub(of(B).mul(Fraction.of(19, 20))))).toBe(true);
    });

    it('Banker, 6 pays half: edge = (Player wins - Banker wins + half the wins on 6) / deals', () => {
      const expected = of(P)
        .sub(of(B))
        .add(of(B6).mul(Fraction.of(1, 2)));
      expect(figures(report8, 'BANKER', 'SIX_PAYS_HALF').houseEdge.equals(expected)).toBe(true);
      expect(figures(report8, 'BANKER', 'SIX_PAYS_HALF').houseEdge.mul(Fraction.of(100)).toDecimal(4)).toBe('1.4581');
    });

    it('Banker, Dragon 7 pushes: the Dragon 7 deals move from win to push', () => {
      const f = figures(report8, 'BANKER', 'DRAGON_PUSH');
      expect(f.push.equals(of(T + D7))).toBe(true);
      expect(f.houseEdge.equals(of(P).sub(of(B - D7)))).toBe(true);
      expect(f.houseEdge.mul(Fraction.of(100)).toDecimal(4)).toBe('1.0183');
    });

    it('Player, Tie and the side bets do not depend on the option', () => {
      for (const bet of ['PLAYER', 'TIE', 'PLAYER_PAIR', 'BANKER_PAIR', 'DRAGON_7']) {
        const edges = (['STANDARD', 'SIX_PAYS_HALF', 'DRAGON_PUSH'] as const).map((c) => figures(report8, bet, c).houseEdge.toString());
        expect(new Set(edges).size).toBe(1);
      }
    });

    it('pairs: 31/415 to win at 11:1 with 8 decks, an edge of 43/415', () => {
      expect(figures(report8, 'PLAYER_PAIR', 'STANDARD').win.toString()).toBe('31/415');
      expect(figures(report8, 'BANKER_PAIR', 'STANDARD').houseEdge.toString()).toBe('43/415');
    });

    it('Dragon 7 at 40:1: the widely published 7.6113% edge', () => {
      expect(figures(report8, 'DRAGON_7', 'STANDARD').houseEdge.mul(Fraction.of(100)).toDecimal(4)).toBe('7.6113');
    });

    it('reports one option alone when asked', () => {
      const one = baccaratReport({ decks: 8, commission: 'SIX_PAYS_HALF', jackpot: false });
      expect(one.bets.map((f) => f.commission)).toEqual(Array(6).fill('SIX_PAYS_HALF'));
      expect(one.jackpot).toBeUndefined();
    });
  });

  describe('two independent enumerations agree', () => {
    for (const decks of [6, 8]) {
      it(`by value and by rank, ${decks} decks: outcomes and pairs`, () => {
        const byValue = enumerateOutcomes(decks);
        const byRank = enumerateJackpotCombinations(decks);
        expect([byRank.bankerWins, byRank.playerWins, byRank.ties]).toEqual([byValue.bankerWins, byValue.playerWins, byValue.ties]);
        expect(byValue.bankerWins + byValue.playerWins + byValue.ties).toBe(byValue.total);
        expect(byRank.playerPairs).toBe(countPairDeals(decks));
        expect(byRank.bankerPairs).toBe(countPairDeals(decks));
      });
    }

    it('every deck count from 6 to 12 adds up to all ordered deals', () => {
      for (let decks = 6; decks <= 12; decks += 1) {
        const counts = enumerateOutcomes(decks);
        expect(counts.bankerWins + counts.playerWins + counts.ties).toBe(falling(52 * decks, 6));
        expect(countPairDeals(decks) * BigInt(52 * decks - 1)).toBe(BigInt(4 * decks - 1) * falling(52 * decks, 6));
      }
    });
  });

  describe('jackpot combinations against closed forms', () => {
    const d = 8;
    const n = 52 * d;
    const perRank = 4 * d;
    const restOfFour = falling(n - 4, 2); // the two slots after the four initial cards

    it('modality A royal flush and paradise straight: every royal five-card start deals a fifth card', () => {
      // 4 suits x 5! orders x d copies of each card, the sixth slot any of the n - 5 cards left
      const royal = 4n * 120n * BigInt(d) ** 5n * BigInt(n - 5);
      expect(jackpotCount(report8, 'A', 'ROYAL_FLUSH')).toBe(royal);
      expect(jackpotCount(report8, 'A', 'PARADISE_STRAIGHT')).toBe(3n * royal);
    });

    it('modality A combinations of the four initial cards', () => {
      const R = BigInt(perRank);
      expect(jackpotCount(report8, 'A', 'FOUR_OF_A_KIND')).toBe(13n * falling(perRank, 4) * restOfFour);
      expect(jackpotCount(report8, 'A', 'DOUBLE_PAIRS')).toBe(13n * 12n * falling(perRank, 2) ** 2n * restOfFour);
      expect(jackpotCount(report8, 'A', 'THREE_OF_A_KIND')).toBe(13n * 12n * 4n * falling(perRank, 3) * R * restOfFour);
      // one hand paired (r), the other's two cards of two other, different ranks; either hand
      expect(jackpotCount(report8, 'A', 'SINGLE_PAIR')).toBe(2n * 13n * falling(perRank, 2) * 12n * 11n * R * R * restOfFour);
    });

    it('six of a kind: only the nine ranks whose six cards the tableau deals in full', () => {
      // 10 J Q K, A, 2, 5, 6, 7: both hands draw; 3, 8 (Player stands on 6) and 4, 9 (naturals) cannot.
      expect(jackpotCount(report8, 'B', 'SIX_OF_A_KIND')).toBe(9n * falling(perRank, 6));
      expect(jackpotCount(report8, 'C', 'SIX_OF_A_KIND_SAME_COLOUR')).toBe(9n * 2n * falling(2 * d, 6));
      expect(jackpotCount(report8, 'C', 'SIX_OF_A_KIND')).toBe(9n * (falling(perRank, 6) - 2n * falling(2 * d, 6)));
    });

    it('modality C shares B’s lower combinations, and every modality’s chances add up to less than 1', () => {
      for (const combination of ['FIVE_OF_A_KIND', 'DOUBLE_THREE', 'FOUR_OF_A_KIND', 'THREE_OF_A_KIND']) {
        expect(jackpotCount(report8, 'C', combination)).toBe(jackpotCount(report8, 'B', combination));
      }
      for (const modality of ['A', 'B', 'C'] as const) {
        const entries = report8.jackpot?.[modality] ?? [];
        const sum = Fraction.sum(entries.map((e) => e.probability));
        expect(sum.compare(Fraction.ONE)).toBe(-1);
        expect(entries.every((e) => e.count > 0n)).toBe(true);
      }
    });
  });
});
