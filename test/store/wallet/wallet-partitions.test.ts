/**
 * A stage's wallet-call partitions raised (`storePartitions.wallet`, docs/DATA-MODEL.md "Partition
 * counts"): the calls written at the tests' count (4) are all still read, due and in their
 * partner's report, by a process at the default (16), whose readers read every partition of it.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, inject, it } from 'vitest';
import { createWalletCall, type WalletCallRecord } from '../../../functions/store/wallet/wallet-calls';
import { DEFAULT_PARTITIONS, STORE_PARTITIONS } from '../../../functions/store/kernel/store-partitions';
import { walletDueShardOf } from '../../../functions/store/kernel/keys';
import { useTestApi } from '../../support/use-test-api';
import { TEST_PATIENCE_MS } from '../../support/patience';

const api = useTestApi();
const DAY = '2026-12-03';

const call = (n: number): WalletCallRecord => ({
  transactionId: `PAYOUT:t.${n}:raised:0`,
  partner: 'raised-co',
  playerId: 'raised-co/p1',
  kind: 'CREDIT',
  operation: 'credit',
  body: '{}',
  amount: 5,
  currency: 'MOP',
  state: 'DUE',
  attempts: 0,
  createdAt: `${DAY}T10:00:00.000Z`,
  updatedAt: `${DAY}T10:00:00.000Z`,
  nextAttemptAt: `${DAY}T10:05:00.000Z`,
});

/** What a process at the default counts reads of the table: the calls due by the day's end, and the partner's calls of the day. */
const READER = `
  import { createDb } from './functions/store/kernel/db.ts';
  import { dueWalletCalls, partnerWalletCalls } from './functions/store/wallet/wallet-calls.ts';
  import { localCredentials, localRegion } from './local/dynamodb-local.ts';
  const db = createDb({ tableName: process.env.TABLE_NAME, endpoint: process.env.DYNAMODB_ENDPOINT, region: localRegion, credentials: localCredentials });
  const due = await dueWalletCalls(db, '${DAY}T23:59:59.999Z');
  const reported = await partnerWalletCalls(db, 'raised-co', '${DAY}');
  process.stdout.write(JSON.stringify({ due: due.length, reported: reported.length }));
`;

it('are all read, due and reported, by a stage whose count was raised since they were written', async () => {
  expect(STORE_PARTITIONS.wallet).toBeLessThan(DEFAULT_PARTITIONS.wallet);
  const calls = Array.from({ length: 40 }, (_, n) => call(n));
  // Written over every partition of the tests' count.
  expect(new Set(calls.map((written) => walletDueShardOf(written.transactionId))).size).toBe(STORE_PARTITIONS.wallet);
  for (const written of calls) await createWalletCall(api.db, written);

  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', READER], {
    env: { PATH: process.env.PATH, TABLE_NAME: api.db.tableName, DYNAMODB_ENDPOINT: inject('dynamoEndpoint'), STORE_PARTITIONS: '' },
    timeout: TEST_PATIENCE_MS,
  });
  expect(JSON.parse(stdout)).toEqual({ due: 40, reported: 40 });
});
