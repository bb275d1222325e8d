/**
 * The seamless wallet contract's conformance checks (docs/WALLET.md), against a partner's wallet:
 *   npm run --silent wallet-check -- --url https://wallet.partner.example/casino --player test-1 --currency MOP
 * with the shared secret in WALLET_SECRET (never on the command line, where the shell's history
 * and the process list would keep it). The test player must hold at least 10 minor units; every
 * check leaves their balance as it found it. `--contract 2` checks a wallet on version 2 of the
 * contract (its calls carry `roundClosed`, its credits `creditKind`, and rounds closed by their
 * result and sessions are checked too); version 1 when absent. `--session-token` (version 2) is a
 * live session token of the test player, from the partner's site: the session checks that need
 * one are skipped without it. Prints one line per check (pass, FAIL or skip), then a summary.
 * Exit code 0: every check run passed; 1: some failed; 2: could not run.
 */
import { parseArgs } from 'node:util';
import { SESSION_TOKEN, WALLET_CONTRACT_VERSIONS } from '../functions/wallet/wallet-protocol';
import { couldNotRunOnThrow, runAsCommandLine, type Command } from './command-line';
import { checkWallet } from './wallet-conformance';

const USAGE =
  'usage: WALLET_SECRET=<secret> npm run --silent wallet-check -- --url <base URL> --player <test player> --currency <ISO code> [--contract <1|2>] [--session-token <token> (contract 2)]';

export const walletCheckCommand: Command = couldNotRunOnThrow('wallet-check: ', async ({ args, env, out }) => {
  const { values } = parseArgs({
    args: [...args],
    options: {
      url: { type: 'string' },
      player: { type: 'string' },
      currency: { type: 'string' },
      contract: { type: 'string', default: '1' },
      'session-token': { type: 'string' },
      'timeout-ms': { type: 'string' },
    },
  });
  const secret = env.WALLET_SECRET;
  const version = WALLET_CONTRACT_VERSIONS.find((known) => String(known) === values.contract);
  if (!values.url || !values.player || !values.currency || !secret || version === undefined) throw new Error(USAGE);
  const sessionToken = values['session-token'];
  // Version 1 has no sessions; a token not shaped as one (a space pasted with it, say) would fail the checks for the wrong reason.
  if (sessionToken !== undefined && (version < 2 || !SESSION_TOKEN.test(sessionToken))) throw new Error(USAGE);
  const results = await checkWallet({
    baseUrl: values.url,
    secret,
    playerId: values.player,
    currency: values.currency,
    version,
    ...(sessionToken !== undefined ? { sessionToken } : {}),
    ...(values['timeout-ms'] ? { timeoutMs: Number(values['timeout-ms']) } : {}),
  });
  for (const result of results) {
    const outcome = result.skipped ? 'skip' : result.passed ? 'pass' : 'FAIL';
    await out(`${outcome}  ${result.name}${result.detail ? `\n      ${result.detail}` : ''}\n`);
  }
  // A skipped check is neither passed nor failed: counted apart, it does not fail the run.
  const run = results.filter((result) => !result.skipped);
  const failed = run.filter((result) => !result.passed).length;
  const skipped = results.length - run.length;
  await out(
    `\n${run.length - failed} of ${run.length} checks passed${skipped ? `, ${skipped} skipped (they need --session-token)` : ''}\n`,
  );
  return failed === 0 ? 0 : 1;
});

await runAsCommandLine(import.meta.url, walletCheckCommand);
