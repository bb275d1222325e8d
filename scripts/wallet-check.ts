/**
 * The seamless wallet contract's conformance checks (docs/WALLET.md), against a partner's wallet:
 *   npm run --silent wallet-check -- --url https://wallet.partner.example/casino --player test-1 --currency MOP
 * with the shared secret in WALLET_SECRET (never on the command line, where the shell's history
 * and the process list would keep it). The test player must hold at least 10 minor units; every
 * check leaves their balance as it found it. `--contract 2` checks a wallet on version 2 of the
 * contract (its calls carry `roundClosed`, its credits `creditKind`, and rounds closed by their
 * result are checked too); version 1 when absent. Prints one line per check, then a summary.
 * Exit code 0: every check passed; 1: some failed; 2: could not run.
 */
import { parseArgs } from 'node:util';
import { WALLET_CONTRACT_VERSIONS } from '../functions/wallet/wallet-protocol';
import { checkWallet } from './wallet-conformance';

const USAGE =
  'usage: WALLET_SECRET=<secret> npm run --silent wallet-check -- --url <base URL> --player <test player> --currency <ISO code> [--contract <1|2>]';

try {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      player: { type: 'string' },
      currency: { type: 'string' },
      contract: { type: 'string', default: '1' },
      'timeout-ms': { type: 'string' },
    },
  });
  const secret = process.env.WALLET_SECRET;
  const version = WALLET_CONTRACT_VERSIONS.find((known) => String(known) === values.contract);
  if (!values.url || !values.player || !values.currency || !secret || version === undefined) throw new Error(USAGE);
  const results = await checkWallet({
    baseUrl: values.url,
    secret,
    playerId: values.player,
    currency: values.currency,
    version,
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
