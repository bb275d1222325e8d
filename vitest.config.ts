import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// The AWS SDK warns at every client creation that Node 20 support ends in 2027 (Lambda runs 22).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
// The services log through Powertools (for CloudWatch); the tests assert what matters instead of reading logs.
process.env.POWERTOOLS_LOG_LEVEL ??= 'SILENT';
// The store's partition counts of a small stage (functions/store/kernel/store-partitions.ts), set
// here so that every process a test starts (a script, the local server, the bench) agrees with it:
// at test sizes the defaults' partitions are all but empty, and reading and writing them was a
// third of the run's DynamoDB requests. A test of a busy table opens it with the shards it needs.
process.env.STORE_PARTITIONS ??= 'book=4,live=4,tableBets=4,wallet=4';

/**
 * The files that take longest, started first, a file that mostly waits (on a wallet's time-out, a
 * round's timers, a retry's backoff) after each that keeps a core busy: on a fresh clone Vitest has
 * no timings of its own to order by, a long file started last keeps one worker busy after the
 * others have finished, and waiting files started together leave the cores idle.
 */
const LONGEST_FIRST = [
  'test/bench/run.test.ts',
  'test/local/table-page-browser.test.ts',
  'test/infra/graphql-bundle.test.ts',
  'test/api/wallet/seamless-wallet.test.ts',
  'test/scripts/wallet-check.test.ts',
  'test/api/requests/authorization.test.ts',
  'test/fairness/fair-random.test.ts',
  'test/api/rounds/settlement-recovery.test.ts',
  'test/local/table-page-mobile.test.ts',
  'test/api/rounds/rng-loop-timers.test.ts',
  'test/api/rounds/rng-tables.test.ts',
  'test/rules/craps/monte-carlo.test.ts',
  'test/api/tables/bet-shards.test.ts',
  'test/infra/casino-tables-stack.test.ts',
  'test/infra/template-check.test.ts',
  'test/api/requests/refusals.test.ts',
  'test/scripts/restore-drill.test.ts',
  'test/rules/baccarat/monte-carlo.test.ts',
  'test/api/rounds/round-recall.test.ts',
  'test/infra/edge-and-deploys.test.ts',
  'test/local/explorer-browser.test.ts',
  'test/api/money/ledger-conservation.test.ts',
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FIRST.findIndex((path) => file.moduleId.endsWith(path));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  // graphql ships as CommonJS (index.js) and as an ES module (index.mjs), and graphql-js refuses a
  // schema built by the other copy. Node, and so Apollo Server and tsx (npm start, the bench),
  // load index.js; Vite would give the tests' own imports index.mjs: one copy for all, as in Lambda's
  // bundle (which holds one).
  resolve: { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] },
  test: {
    // Three files at a time on two cores: a file spends much of its time waiting on DynamoDB Local,
    // Chromium or a script (other processes), which a third file's work fills (BENCHMARKS.md, "The test suite").
    maxWorkers: 3,
    // Files share their worker's modules instead of importing Apollo and the AWS SDK again each
    // (a third of the run's time). What the code keeps per process (the table, layout and limit
    // copies) is keyed by the DynamoDB table, and every test API has a table of its own.
    isolate: false,
    // No test depends on how fast the machine is (test/support/patience.ts): these only end a test,
    // or a hook (DynamoDB Local's start, a CDK synth with its bundles), that would otherwise hang.
    testTimeout: 10 * 60_000,
    hookTimeout: 10 * 60_000,
    teardownTimeout: 10 * 60_000,
    // expect.poll waits for its condition (PATIENCE_MS): 1 s by default, which a loaded machine reaches.
    expect: { poll: { timeout: 5 * 60_000 } },
    sequence: { sequencer: LongestFirst },
    include: ['test/**/*.test.ts'],
    // DynamoDB Local, started once per run (in memory; each test file makes its own table), and the
    // key local tokens are signed with. One project, not one for the pure tests and one for these:
    // files of another project need workers of their own, each importing everything again.
    // First, a temporary directory of the run's own (removed at its end), where the others, and
    // every process of the run, write theirs.
    globalSetup: [
      'test/support/temp-dir.global-setup.ts',
      'test/support/dynamodb-local.global-setup.ts',
      'test/support/signing-key.global-setup.ts',
    ],
  },
});
