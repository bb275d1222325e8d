/**
 * Exact odds report, as a casino attaches to an application for a new bet (craps art. 7.2).
 *   npm run --silent report -- craps [--field12=2|3] [--format json]
 *   npm run --silent report -- baccarat --decks 8 [--commission standard|six-pays-half|dragon-push] [--format json]
 */
const [game, ...args] = process.argv.slice(2);

const games: Record<string, () => Promise<{ run(args: string[]): string }>> = {
  craps: () => import('./report-craps'),
  baccarat: () => import('./report-baccarat'),
};

const load = game ? games[game] : undefined;
if (!load) {
  process.stderr.write(`usage: npm run --silent report -- <${Object.keys(games).join('|')}> [options] [--format json]\n`);
  process.exit(2);
}
try {
  process.stdout.write(`${(await load()).run(args)}\n`);
} catch (error) {
  process.stderr.write(`report: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
}

export {};
