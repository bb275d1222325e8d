/**
 * Rules-layer benchmark (not a test): prints throughput figures for each game.
 *   npm run bench:rules            as text
 *   tsx bench/rules.ts --json      as JSON (figure 6 of npm run bench runs it so, in a process of its own)
 */
import { measure as measureCraps, run as runCraps } from './rules-craps';
import { measure as measureBaccarat, run as runBaccarat } from './rules-baccarat';

if (process.argv.includes('--json')) {
  process.stdout.write(JSON.stringify({ craps: measureCraps(), baccarat: measureBaccarat() }));
} else {
  process.stdout.write('\n== craps ==\n');
  runCraps();
  process.stdout.write('\n== baccarat ==\n');
  runBaccarat();
}
