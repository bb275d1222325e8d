/**
 * Rules-layer benchmark (not a test): prints throughput figures for each game.
 *   npm run bench:rules            as text
 *   tsx bench/rules.ts --json      as JSON (figure 6 of npm run bench runs it so, in a process of its own; --quick: briefly)
 */
import { measure as measureCraps, run as runCraps } from './rules-craps';
import { measure as measureBaccarat, run as runBaccarat } from './rules-baccarat';

if (process.argv.includes('--json')) {
  const quick = process.argv.includes('--quick');
  process.stdout.write(JSON.stringify({ craps: measureCraps({ quick }), baccarat: measureBaccarat({ quick }) }));
} else {
  process.stdout.write('\n== craps ==\n');
  runCraps();
  process.stdout.write('\n== baccarat ==\n');
  runBaccarat();
}
