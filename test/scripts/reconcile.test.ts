/**
 * The ops' reconciliation (scripts/reconcile.ts), run as ops run it (its command line, in a
 * process of its own) against a table of DynamoDB Local whose totals pass 2^53: it prints every
 * total exactly, as its decimal string, where a JSON number would be rounded. It runs at a
 * production stage's partition counts over journals this process wrote over the tests' fewer
 * (vitest.config.ts): a stage that raises its book's count still reads every journal.
 */
import { spawn } from 'node:child_process';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { MAX_BALANCE } from '../../functions/rules/money';
import { localCredentials, localRegion } from '../../local/dynamodb-local';
import { useTestApi } from '../support/use-test-api';
import { DEFAULT_PARTITIONS, partitionSetting, STORE_PARTITIONS } from '../../functions/store/kernel/store-partitions';

const api = useTestApi();
beforeAll(async () => {
  // Through the cashier: every journal balances. Eight of the most one balance may take, and one odd amount.
  for (let i = 0; i < 9; i++) await api.fundAccount(`big-${i}`, i < 8 ? MAX_BALANCE : 12_345);
});

function reconcileScript(): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/reconcile.ts'], {
    env: {
      PATH: process.env.PATH,
      TABLE_NAME: api.db.tableName,
      DYNAMODB_ENDPOINT: inject('dynamoEndpoint'),
      AWS_REGION: localRegion,
      AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
      STORE_PARTITIONS: partitionSetting(DEFAULT_PARTITIONS),
    },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, stdout, stderr })));
}

describe('npm run reconcile', () => {
  it('prints totals past 2^53 exactly, as decimal strings, and exits 0 on consistent books, read over a raised partition count', async () => {
    expect(STORE_PARTITIONS.book).toBeLessThan(DEFAULT_PARTITIONS.book);
    const run = await reconcileScript();
    expect(run.status, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.consistent).toBe(true);
    expect(result.currencies).toEqual([
      {
        currency: 'MOP',
        // The day of its first journal: the daily checks of a ledger older than them start there.
        firstDay: new Date().toISOString().slice(0, 10),
        journals: 9,
        total: '0',
        players: '9007199254753337', // 2^53 + 12,345
        pools: '0',
        cashierIn: '9007199254753337',
        partnerWallets: '0',
        houseResult: '0',
        houseByTable: [],
      },
    ]);
  });
});
