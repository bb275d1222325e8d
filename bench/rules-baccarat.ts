/**
 * Baccarat rules benchmark: how long the exact report takes and how many rounds per second the
 * rules decide and settle. Printed by bench/rules.ts (npm run bench:rules); figure 6 of npm run bench.
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

/** The first run (cold), then the median of `runs` more. */
function repeated(runs: number, work: () => unknown): { firstSeconds: number; medianSeconds: number } {
  const first = timed(work).ms;
  const times = Array.from({ length: runs }, () => timed(work).ms).sort((a, b) => a - b);
  return { firstSeconds: first / 1000, medianSeconds: times[Math.floor(times.length / 2)]! / 1000 };
}

export interface BaccaratRulesFigures {
  /** The exact report of every bet under all three commission options, 8 decks. */
  readonly report: { readonly firstSeconds: number; readonly medianSeconds: number };
  /** The same with every jackpot combination of modalities A, B and C. */
  readonly reportWithJackpot: { readonly firstSeconds: number; readonly medianSeconds: number };
  readonly twelveDecksWithJackpotSeconds: number;
  /** Rounds resolved (tableau check) and settled, one bet of each of the 7 types per round. */
  readonly roundsPerSecond: number;
  /** Bet resolutions per second, the tableau check of each round included: 7 bets per round. */
  readonly resolutionsPerSecond: number;
  /** The same at a full table: every seat with a bet of each type but Tie and Dragon 7 (14 x 3 = 42 per round, as craps' 43 per roll). */
  readonly resolutionsPerSecondFullTable: number;
  readonly jackpotRoundsPerSecond: number;
}

const BET_TYPES: BaccaratBetType[] = ['PLAYER', 'BANKER', 'TIE', 'PLAYER_PAIR', 'BANKER_PAIR', 'DRAGON_7', 'JACKPOT'];

/** `quick`: a tenth of the rounds (the bench's own check that it runs). */
export function measure({ quick = false }: { quick?: boolean } = {}): BaccaratRulesFigures {
  const report = repeated(5, () => baccaratReport({ decks: 8, jackpot: false }));
  const reportWithJackpot = repeated(3, () => baccaratReport({ decks: 8 }));
  const twelve = timed(() => baccaratReport({ decks: 12 }));

  const random = seededRandom(20090108);
  const rounds: Card[][] = [];
  while (rounds.length < (quick ? 20_000 : 200_000)) rounds.push(...roundsOfShoe(shuffledShoe(8, random)));
  const options = ['STANDARD', 'SIX_PAYS_HALF', 'DRAGON_PUSH'].map((commission) =>
    makeBaccaratOptions({ commission: commission as 'STANDARD' }),
  );
  let paid = 0;
  /** Resolves every round, then settles `bets` against it; bets per second. */
  const settleRounds = (bets: readonly BaccaratBetType[]) => {
    const { ms } = timed(() => {
      rounds.forEach((cards, index) => {
        const result = resolveDeal(cards);
        const table = options[index % 3]!;
        for (const type of bets) {
          const resolution = settleBet(table, { type, amount: 2000, seated: true }, result);
          if (resolution.outcome === 'WIN') paid += resolution.winnings;
        }
      });
    });
    return (rounds.length * bets.length) / (ms / 1000);
  };
  const resolutionsPerSecond = settleRounds(BET_TYPES);
  const FULL_TABLE: BaccaratBetType[] = Array.from({ length: 14 }, () => ['BANKER', 'PLAYER_PAIR', 'JACKPOT'] as BaccaratBetType[]).flat();
  const resolutionsPerSecondFullTable = settleRounds(FULL_TABLE);
  if (paid <= 0) throw new Error('unreachable: keeps the settlement from being optimised away');
  const jackpot = timed(() => {
    for (const cards of rounds) highestJackpotCombination('C', cards);
  });
  return {
    report,
    reportWithJackpot,
    twelveDecksWithJackpotSeconds: twelve.ms / 1000,
    roundsPerSecond: resolutionsPerSecond / BET_TYPES.length,
    resolutionsPerSecond,
    resolutionsPerSecondFullTable,
    jackpotRoundsPerSecond: rounds.length / (jackpot.ms / 1000),
  };
}

const fmt = (seconds: number): string => `${seconds.toFixed(4)} s`;
const perSecond = (n: number): string => Math.round(n).toLocaleString('en-US');

export function run(): void {
  const figures = measure();
  const out = process.stdout;
  out.write(
    `exact report, 8 decks, every bet under all 3 commission options: first run ${fmt(figures.report.firstSeconds)}, median of 5 ${fmt(figures.report.medianSeconds)}\n`,
  );
  out.write(
    `exact report, 8 decks, with every jackpot combination of A, B, C: first run ${fmt(figures.reportWithJackpot.firstSeconds)}, median of 3 ${fmt(figures.reportWithJackpot.medianSeconds)}\n`,
  );
  out.write(`exact report, 12 decks, with jackpot: ${fmt(figures.twelveDecksWithJackpotSeconds)}\n`);
  out.write(`rounds resolved (tableau check) and settled, ${BET_TYPES.length} bets each: ${perSecond(figures.roundsPerSecond)} rounds/s\n`);
  out.write(
    `bet resolutions per second:     ${perSecond(figures.resolutionsPerSecond)} (7 per round), ${perSecond(figures.resolutionsPerSecondFullTable)} (42 per round)\n`,
  );
  out.write(`jackpot combination (modality C) per round: ${perSecond(figures.jackpotRoundsPerSecond)} rounds/s\n`);
}
