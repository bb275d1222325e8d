/**
 * `npm run verify`: a table the server deals, checked from its public API alone, as a player (or
 * anyone they hand the output to) would: it passes on the table's true history and fails, naming
 * the roll, on a history changed in transit.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { useTestApi } from '../support/use-test-api';
import { sweepRoundLoops } from '../../functions/services/rng/round-loop';
import { verifyTable } from '../../scripts/table-verification';

let ahead = 0;
const now = () => Date.now() + ahead;
const api = useTestApi({ clock: () => new Date(now()).toISOString() });
const PLAYER = 'verify-player';

/** Plays `rounds` rolls at a craps table the server deals, a Field bet on each, and answers the table. */
async function playedTable(rounds: number): Promise<string> {
  await api.fundAccount(PLAYER, 100_000);
  const tableId = await api.openTable({ dealing: 'RNG' });
  for (let round = 0; round < rounds; round++) {
    await api.placeBet(PLAYER, { tableId, type: 'FIELD', amount: 100 });
    ahead += 16_000;
    await sweepRoundLoops(api.deps);
  }
  return tableId;
}

function verify(args: string[], token: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/verify.ts', ...args], {
      env: { PATH: process.env.PATH, VERIFY_TOKEN: token },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('npm run verify', () => {
  it("passes on a craps table's history: every roll drawn from its revealed seed", async () => {
    const tableId = await playedTable(3);
    const run = await verify(['--table', tableId, '--url', `${api.url}/graphql`], await api.token(PLAYER));
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout.split('\n').filter((line) => line.startsWith('ok    roll'))).toHaveLength(3);
    expect(run.stdout).toMatch(/3 hold, 0 waiting for a reveal, 0 FAIL/);
  });

  it('fails on a history changed in transit, naming the roll, and on a table a dealer deals', async () => {
    const tableId = await playedTable(2);
    const token = await api.token(PLAYER);
    // The answer's first roll's dice are changed on the way: its seed no longer draws them.
    const tampering: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const text = await response.text();
      const changed = text.replace(/"dice":\[(\d),(\d)\]/, (_, a: string, b: string) => `"dice":[${(Number(a) % 6) + 1},${b}]`);
      return new Response(changed, { status: response.status, headers: response.headers });
    };
    const result = await verifyTable({ url: `${api.url}/graphql`, token, tableId, fetch: tampering });
    expect(result.passed).toBe(false);
    expect(result.lines.filter((line) => line.startsWith('FAIL'))).toEqual([expect.stringMatching(/^FAIL {2}roll \d .*the seed draws/)]);

    const live = await api.openTable();
    const run = await verify(['--table', live, '--url', `${api.url}/graphql`], token);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/a dealer deals this table/);
  });
});
