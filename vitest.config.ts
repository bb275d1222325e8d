import { defineConfig } from 'vitest/config';

// The AWS SDK warns at every client creation that Node 20 support ends in 2027 (Lambda runs 22).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
// The services log through Powertools (for CloudWatch); the tests assert what matters instead of reading logs.
process.env.POWERTOOLS_LOG_LEVEL ??= 'SILENT';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // DynamoDB Local, started once per run for the integration tests (in memory).
    globalSetup: ['test/support/dynamodb-local.global-setup.ts', 'test/support/signing-key.global-setup.ts'],
    // Two files at a time: most of a file's time is spent waiting on DynamoDB Local (another process).
    maxWorkers: 2,
    // Files share their worker's modules instead of importing Apollo and the AWS SDK again each
    // (a third of the run's time). What the code keeps per process (the table, layout and limit
    // copies) is keyed by the DynamoDB table, and every test API has a table of its own.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
