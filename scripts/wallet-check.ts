/**
 * The seamless wallet contract's conformance checks (docs/WALLET.md), against a partner's wallet:
 *   npm run --silent wallet-check -- --url https://wallet.partner.example/casino --player test-1 --currency MOP
 * with the shared secret in WALLET_SECRET (never on the command line, where the shell's history
 * and the process list would keep it). The test player must hold at least 10 minor units; every
 * check leaves their balance as it found it. Prints one line per check, then a summary.
 * Exit code 0: every check passed; 1: some failed; 2: could not run.
 */
import { parseArgs } from 'node:util';
import { checkWallet } from './wallet-conformance';

try {
  const { values } = parseArgs({
    options: { url: { type: 'string' }, player: { type: 'string' }, currency: { type: 'string' }, 'timeout-ms': { type: 'string' } },
  });
  const secret = process.env.WALLET_SECRET;
  if (!values.url || !values.player || !values.currency || !secret) {
    throw new Error(
      'usage: WALLET_SECRET=<secret> npm run --silent wallet-check -- --url <base URL> --player <test player> --currency <ISO code>',
    );
  }
  const results = await checkWallet({
    baseUrl: values.url,
    secret,
    playerId: values.player,
    currency: values.currency,
    ...(values['timeout-ms'] ? { timeoutMs: Number(values['timeout-ms']) } : {}),
  });
  for (const result of results)
    process.stdout.write(`${result.passed ? 'pass' : 'FAIL'}  ${result.name}${result.detail ? `\n      ${result.detail}` : ''}\n`);
  const failed = results.filter((result) => !result.passed).length;
  process.stdout.write(`\n${results.length - failed} of ${results.length} checks passed\n`);
  process.exit(failed === 0 ? 0 : 1);
} catch (error) {
  process.stderr.write(`wallet-check: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
}
