/**
 * A seeded Monte Carlo of half a million rolls agrees with the exact report (see
 * support/simulated-table.ts for how the bets are placed); a shorter one checks the other
 * value of every table option that changes the figures.
 *
 * The bound: 5 standard errors. Bets of one entry decided on the same roll are correlated
 * (five Hard 6s all lose to one 7), so the standard error counts each roll's k decisions as a
 * cluster: sqrt(p(1-p) * sum k^2) / n, the worst case of perfectly correlated clusters.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { crapsReport, makeCrapsOptions } from '../../../functions/rules/craps';
import { simulateTable } from './support/simulated-table';

// Larger runs belong in `npm run report`; these keep the test suite's time in bounds.
const ROLLS = 500_000;

describe.each([
  ['half a million seeded rolls with the regulation defaults', ROLLS, 20100226, {}],
  [
    '200,000 seeded rolls with Field 12 at 3:1, come odds working, lay odds, hardways and Big numbers off on the come-out',
    200_000,
    97,
    {
      field12Pays: 3 as const,
      comeOddsWorkingOnComeOut: true,
      dontComeOddsWorkingOnComeOut: false,
      hardwaysWorkingOnComeOut: false,
      bigNumbersWorkingOnComeOut: false,
    },
  ],
])('%s', (_, rolls, seed, input) => {
  const options = makeCrapsOptions(input);
  const report = crapsReport(options);
  let tallies: ReturnType<typeof simulateTable>;
  beforeAll(() => {
    tallies = simulateTable(
      options,
      report.bets.map((e) => e.bet),
      rolls,
      seed,
    );
  });

  it.each(report.bets.map((e) => [e.bet, e]))('%s: win, lose, push and the house edge agree within 5 standard errors', (bet, exact) => {
    const t = tallies.get(bet as string);
    expect(t, `no ${bet} was decided`).toBeDefined();
    const { n, clusterSquares } = t!;
    expect(n).toBeGreaterThan(2_000);
    for (const [name, observed, p] of [
      ['win', t!.win / n, exact.win.toNumber()],
      ['lose', t!.lose / n, exact.lose.toNumber()],
      ['push', t!.push / n, exact.push.toNumber()],
    ] as const) {
      const bound = (5 * Math.sqrt(p * (1 - p) * clusterSquares)) / n;
      expect(Math.abs(observed - p), `${bet} ${name}: observed ${observed}, exact ${p}, bound ${bound}`).toBeLessThanOrEqual(bound);
    }
    const mean = t!.net / n;
    const variance = t!.netSquared / n - mean * mean;
    const bound = (5 * Math.sqrt(variance * clusterSquares)) / n;
    const edge = exact.houseEdge.toNumber();
    expect(Math.abs(-mean - edge), `${bet} edge: observed ${-mean}, exact ${edge}, bound ${bound}`).toBeLessThanOrEqual(bound);
  });
});
