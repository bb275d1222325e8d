/**
 * Rules-layer benchmark (not a test): prints throughput figures for each game.
 *   npm run bench:rules
 */
for (const game of ['craps', 'baccarat'] as const) {
  const { run } = (await import(`./rules-${game}.ts`)) as { run(): Promise<void> | void };
  process.stdout.write(`\n== ${game} ==\n`);
  await run();
}

export {};
