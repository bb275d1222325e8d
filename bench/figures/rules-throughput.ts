/**
 * Figure 6: the rules layer alone (no I/O): bet resolutions per second for each game, and how
 * long the exact reports take. No floor: absolute targets.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { CrapsRulesFigures } from '../rules-craps';
import type { BaccaratRulesFigures } from '../rules-baccarat';
import { againstTarget, measured, type FigureRow } from '../harness/results';

const RESOLUTIONS_TARGET = 10_000_000;
const rulesBench = fileURLToPath(new URL('../rules.ts', import.meta.url));

export function rulesThroughput({ quick = false }: { quick?: boolean } = {}) {
  // In a process of its own: the bench's heap (and DynamoDB Local's client) would slow the rules' own allocation.
  const run = spawnSync(process.execPath, ['--import', 'tsx', rulesBench, '--json', ...(quick ? ['--quick'] : [])], {
    encoding: 'utf8',
    // Only a safety against a run that hangs: a loaded machine takes what it takes.
    timeout: 10 * 60_000,
  });
  if (run.status !== 0) throw new Error(`the rules benchmark failed:\n${run.stderr.slice(-1500)}`);
  const { craps, baccarat } = JSON.parse(run.stdout) as { craps: CrapsRulesFigures; baccarat: BaccaratRulesFigures };
  const rows: FigureRow[] = [
    againstTarget(
      'craps bet resolutions',
      craps.resolutionsPerSecond,
      '/s',
      { min: RESOLUTIONS_TARGET },
      `${craps.betsPerRoll.toFixed(1)} open bets per roll`,
    ),
    againstTarget(
      'baccarat bet resolutions, full table',
      baccarat.resolutionsPerSecondFullTable,
      '/s',
      { min: RESOLUTIONS_TARGET },
      '42 bets per round, each round checked against the tableau',
    ),
    measured('baccarat bet resolutions, one bet of each type', baccarat.resolutionsPerSecond, '/s', '7 bets per round'),
    againstTarget(
      'baccarat exact report, 8 decks, all three commission options',
      baccarat.report.medianSeconds,
      's',
      { max: 0.05 },
      `first run ${baccarat.report.firstSeconds.toFixed(4)} s`,
    ),
    measured(
      'baccarat exact report with every jackpot combination (A, B, C)',
      baccarat.reportWithJackpot.medianSeconds,
      's',
      `first run ${baccarat.reportWithJackpot.firstSeconds.toFixed(4)} s`,
    ),
    measured('craps exact report, Field 12 pays 2:1', craps.reportSeconds[2], 's'),
    measured('craps exact report, Field 12 pays 3:1', craps.reportSeconds[3], 's'),
  ];
  const notes = [
    'On one core, in a Node process of its own. Resolutions: layouts recorded from seeded play (craps: seven players with line bets, odds, come bets and props) or seeded shoes (baccarat), settled round after round for about a second and a half. Report times: the median of 5 runs (3 for the report with every jackpot combination) after a first (cold) one.',
  ];
  return { rows, notes };
}
