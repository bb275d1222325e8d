/**
 * Baccarat rules benchmark (not a test): prints how long the exact report takes and how many
 * rounds per second the rules decide and settle. Called by bench/rules.ts (npm run bench:rules).
 */
import {
  baccaratReport,
  highestJackpotCombination,
  makeBaccaratOptions,
  resolveDeal,
  settleBet,
  type BaccaratBetType,
  type Card,
} from '../functions/rules/baccarat';
import { roundsOfShoe, shuffledShoe } from '../functions/rules/baccarat/seeded-shoe';
import { seededRandom } from '../functions/rules/seeded-random';

function timed<T>(work: () => T): { result: T; ms: number } {
  const start = performance.now();
  const result = work();
  return { result, ms: performance.now() - start };
}

function best(runs: number, work: () => unknown): { first: number; best: number } {
  const times = Array.from({ length: runs }, () => timed(work).ms);
  return { first: times[0] as number, best: Math.min(...times) };
}

const fmt = (ms: number): string => `${(ms / 1000).toFixed(4)} s`;

export function run(): void {
  const bets = best(5, () => baccaratReport({ decks: 8, jackpot: false }));
  process.stdout.write(
    `exact report, 8 decks, every bet under all 3 commission options: first run ${fmt(bets.first)}, best of 5 ${fmt(bets.best)} (target < 0.1 s)\n`,
  );
  const full = best(3, () => baccaratReport({ decks: 8 }));
  process.stdout.write(
    `exact report, 8 decks, with every jackpot combination of A, B, C: first run ${fmt(full.first)}, best of 3 ${fmt(full.best)} (target < 1 s)\n`,
  );
  const twelve = timed(() => baccaratReport({ decks: 12 }));
  process.stdout.write(`exact report, 12 decks, with jackpot: ${fmt(twelve.ms)}\n`);

  const random = seededRandom(20090108);
  const rounds: Card[][] = [];
  while (rounds.length < 200_000) rounds.push(...roundsOfShoe(shuffledShoe(8, random)));
  const options = ['STANDARD', 'SIX_PAYS_HALF', 'DRAGON_PUSH'].map((commission) =>
    makeBaccaratOptions({ commission: commission as 'STANDARD' }),
  );
  const types: BaccaratBetType[] = ['PLAYER', 'BANKER', 'TIE', 'PLAYER_PAIR', 'BANKER_PAIR', 'DRAGON_7', 'JACKPOT'];
  let paid = 0;
  const settle = timed(() => {
    rounds.forEach((cards, index) => {
      const result = resolveDeal(cards);
      const table = options[index % 3]!;
      for (const type of types) {
        const resolution = settleBet(table, { type, amount: 2000, seated: true }, result);
        if (resolution.outcome === 'WIN') paid += resolution.winnings;
      }
    });
  });
  process.stdout.write(
    `rounds resolved (tableau check) and settled, 7 bets each: ${Math.round(rounds.length / (settle.ms / 1000)).toLocaleString('en-US')} rounds/s ` +
      `(${rounds.length.toLocaleString('en-US')} rounds in ${fmt(settle.ms)}; ${paid} paid)\n`,
  );
  const jackpot = timed(() => {
    for (const cards of rounds) highestJackpotCombination('C', cards);
  });
  process.stdout.write(
    `jackpot combination (modality C) per round: ${Math.round(rounds.length / (jackpot.ms / 1000)).toLocaleString('en-US')} rounds/s\n`,
  );
}
