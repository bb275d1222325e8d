import { describe, expect, it } from 'vitest';
import {
  COMMISSION_OPTIONS,
  assertShoeHolds,
  baccaratReport,
  highestJackpotCombination,
  makeBaccaratOptions,
  resolveDeal,
  settleBet,
  type Card,
  type RoundResult,
} from '../../../functions/rules/baccarat';
import { roundsOfShoe, shuffledShoe } from '../../../functions/rules/baccarat/seeded-shoe';
import { seededRandom } from '../../../functions/rules/seeded-random';

/**
 * A seeded simulation over dealt shoes: eight-deck shoes shuffled with a fixed seed and dealt
 * round after round by the tableau to a cut card, each round decided and settled by the same
 * functions the API uses. Every observed frequency must lie within 4.5 standard errors of the
 * exact probability (a bound a correct implementation misses about once in 150,000 checks; the
 * seed makes the run reproducible). Rounds deep in a shoe are not exactly full-shoe deals, but
 * that effect is far below the bound.
 */
const ROUNDS = 250_000;
const exact = baccaratReport({ decks: 8 });
const total = exact.deals.total;

const random = seededRandom(0x5eed_2009);
const rounds: Array<{ cards: Card[]; result: RoundResult }> = [];
while (rounds.length < ROUNDS) {
  const shoe = shuffledShoe(8, random);
  const dealt = roundsOfShoe(shoe);
  assertShoeHolds(8, [], dealt.flat()); // the shoe never yields a card it does not hold
  for (const cards of dealt) rounds.push({ cards, result: resolveDeal(cards) });
}
const n = rounds.length;

function expectFrequency(name: string, observed: number, count: bigint): void {
  const p = Number(count) / Number(total);
  const standardError = Math.sqrt((p * (1 - p)) / n);
  const deviation = Math.abs(observed / n - p) / standardError;
  expect(deviation, `${name}: observed ${observed / n}, exact ${p}`).toBeLessThan(4.5);
}

describe(`a seeded Monte Carlo over dealt shoes (${ROUNDS.toLocaleString('en-US')} rounds, 8 decks)`, () => {
  it('agrees with the exact outcome counts', () => {
    const count = (test: (r: RoundResult) => boolean) => rounds.filter(({ result }) => test(result)).length;
    expectFrequency(
      'Banker wins',
      count((r) => r.winner === 'BANKER'),
      exact.deals.bankerWins,
    );
    expectFrequency(
      'Player wins',
      count((r) => r.winner === 'PLAYER'),
      exact.deals.playerWins,
    );
    expectFrequency(
      'ties',
      count((r) => r.winner === 'TIE'),
      exact.deals.ties,
    );
    expectFrequency(
      'Banker wins on 6',
      count((r) => r.winner === 'BANKER' && r.banker.total === 6),
      exact.deals.bankerWinsOnSix,
    );
    expectFrequency(
      'Dragon 7',
      count((r) => r.dragon7),
      exact.deals.dragon7,
    );
    expectFrequency(
      'Player pairs',
      count((r) => r.player.pair),
      exact.deals.playerPairs,
    );
    expectFrequency(
      'Banker pairs',
      count((r) => r.banker.pair),
      exact.deals.bankerPairs,
    );
  });

  it('settles the Banker bet at the exact house edge under every commission option', () => {
    for (const commission of COMMISSION_OPTIONS) {
      const options = makeBaccaratOptions({ commission });
      const stake = 20; // pays exactly at 19/20 and at 1/2: no rounding in the sample
      let net = 0;
      let netSquares = 0;
      for (const { result } of rounds) {
        const resolution = settleBet(options, { type: 'BANKER', amount: stake }, result);
        const x = resolution.outcome === 'WIN' ? resolution.winnings / stake : resolution.outcome === 'LOSE' ? -1 : 0;
        net += x;
        netSquares += x * x;
      }
      const mean = net / n;
      const standardError = Math.sqrt((netSquares / n - mean * mean) / n);
      const edge = exact.bets.find((f) => f.bet === 'BANKER' && f.commission === commission)!.houseEdge.toNumber();
      expect(Math.abs(mean + edge) / standardError, `${commission}: mean ${mean}, exact ${-edge}`).toBeLessThan(4.5);
    }
  });

  it('agrees with the exact chances of the jackpot combinations', () => {
    for (const modality of ['A', 'B', 'C'] as const) {
      const observed = new Map<string, number>();
      for (const { cards } of rounds) {
        const combination = highestJackpotCombination(modality, cards);
        if (combination) observed.set(combination, (observed.get(combination) ?? 0) + 1);
      }
      for (const { combination, count } of exact.jackpot![modality]) {
        expectFrequency(`${modality} ${combination}`, observed.get(combination) ?? 0, count);
      }
    }
  });
});
