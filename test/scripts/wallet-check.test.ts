/**
 * `npm run wallet-check`, as a partner runs it: the conformance checks against a wallet at a URL,
 * the secret from the environment, a line per check and an exit code a CI job can read.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceWallet, type ReferenceWallet } from '../../local/reference-wallet';
import { CHECK_NAMES } from '../../scripts/wallet-conformance';
import { WALLET_PATIENCE_MS } from '../support/patience';

let wallet: ReferenceWallet;
beforeAll(async () => {
  wallet = await startReferenceWallet({ secret: 'partner-secret', players: { 'test-1': { currency: 'MOP', balance: 100 } } });
});
afterAll(() => wallet.close());

/**
 * Runs the script in a process of its own (the wallet stays in this one), as `npm run --silent
 * wallet-check -- ...` does; waiting for each answer far longer than its default 3 s, which the
 * wallet, in this loaded process, can take.
 */
function walletCheck(args: string[], secret?: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/wallet-check.ts', ...args, '--timeout-ms', String(WALLET_PATIENCE_MS)],
      {
        env: { PATH: process.env.PATH, ...(secret ? { WALLET_SECRET: secret } : {}) },
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('npm run wallet-check', () => {
  it('passes a conforming wallet: a line per check, exit code 0', async () => {
    const run = await walletCheck(['--url', wallet.url, '--player', 'test-1', '--currency', 'MOP'], 'partner-secret');
    expect(run.stderr).toBe('');
    for (const name of CHECK_NAMES) expect(run.stdout).toContain(`pass  ${name}`);
    expect(run.stdout).toContain(`${CHECK_NAMES.length} of ${CHECK_NAMES.length} checks passed`);
    expect(run.status).toBe(0);
  });

  it('fails every check, saying why, when the secret is not the wallet’s: exit code 1', async () => {
    const run = await walletCheck(['--url', wallet.url, '--player', 'test-1', '--currency', 'MOP'], 'not-the-secret');
    expect(run.stdout).toContain(`0 of ${CHECK_NAMES.length} checks passed`);
    expect(run.stdout).toMatch(/FAIL {2}answers balance, signed with the shared secret\n {6}balance: no trusted answer/);
    expect(run.status).toBe(1);
  });

  it('says how to run it, with exit code 2, when the secret or an argument is missing', async () => {
    const run = await walletCheck(['--url', wallet.url, '--player', 'test-1', '--currency', 'MOP']);
    expect(run.stderr).toMatch(/usage: WALLET_SECRET=<secret> npm run --silent wallet-check/);
    expect(run.status).toBe(2);
  });
});
