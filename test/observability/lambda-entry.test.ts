/**
 * Every Lambda entry point is wrapped by observedHandler: its log lines say which request they
 * belong to and whose it is, and its metrics are written when it ends. Real Powertools, its output
 * captured; the GraphQL entry itself is called as Lambda calls it.
 */
import type { Context } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { logger } from '../../functions/observability/logger';
import { graphqlPostEvent } from '../../local/api-gateway-event';

let lines: Record<string, unknown>[];
beforeEach(() => {
  lines = [];
  // Powertools writes errors and warnings to stderr, the rest to stdout; CloudWatch gets both.
  for (const stream of [process.stdout, process.stderr]) {
    vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      return true;
    });
  }
});
afterEach(() => vi.restoreAllMocks());

// The entry modules read their settings when first used, as in Lambda.
beforeAll(() => {
  vi.stubEnv('POWERTOOLS_METRICS_NAMESPACE', 'CasinoTables/test');
  vi.stubEnv('TABLE_NAME', 'observability-test');
  // Nothing listens here: every read fails at once, and the failure is logged.
  vi.stubEnv('DYNAMODB_ENDPOINT', 'http://127.0.0.1:9');
  vi.stubEnv('AWS_REGION', 'eu-west-1');
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'test');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'test');
  vi.stubEnv('AWS_MAX_ATTEMPTS', '1');
});
// The suite runs silent (vitest.config.ts); this file reads the lines.
beforeAll(() => logger.setLogLevel('INFO'));
afterAll(() => {
  logger.setLogLevel('SILENT');
  vi.unstubAllEnvs();
});

const context = (awsRequestId: string) =>
  ({ awsRequestId, functionName: 'GraphqlFunction', functionVersion: '$LATEST', memoryLimitInMB: '1024' }) as unknown as Context;
const logLines = () => lines.filter((line) => !('_aws' in line));
const metricLines = () => lines.filter((line) => '_aws' in line);

describe('observedHandler', () => {
  it('puts the request id, the correlation id and what the handler appends on every line, and forgets them after', async () => {
    const { observedHandler } = await import('../../functions/observability/lambda-entry');
    const handler = observedHandler(
      async (event: { id: string; who?: string }) => {
        if (event.who) logger.appendKeys({ subject: event.who });
        logger.info('working');
        return 'done';
      },
      { correlationId: (event) => event.id },
    );
    expect(await handler({ id: 'req-1', who: 'alice' }, context('lambda-1'))).toBe('done');
    await handler({ id: 'req-2' }, context('lambda-2'));
    const [first, second] = logLines();
    expect(first).toMatchObject({ message: 'working', correlation_id: 'req-1', function_request_id: 'lambda-1', subject: 'alice' });
    expect(second).toMatchObject({ correlation_id: 'req-2', function_request_id: 'lambda-2' });
    expect(second).not.toHaveProperty('subject');
  });

  it("writes the invocation's metrics when it ends, also when it fails, and nothing when it has none", async () => {
    const { observedHandler, observability } = await import('../../functions/observability/lambda-entry');
    const failing = observedHandler(async () => {
      observability.metrics.betPlaced();
      throw new Error('boom');
    });
    await expect(failing({}, context('lambda-3'))).rejects.toThrow('boom');
    expect(metricLines()).toEqual([expect.objectContaining({ BetsPlaced: 1, service: 'casino-tables' })]);
    expect((metricLines()[0]!._aws as any).CloudWatchMetrics[0].Namespace).toBe('CasinoTables/test');

    lines = [];
    await observedHandler(async () => 'quiet')({}, context('lambda-4'));
    expect(lines).toEqual([]);
  });
});

describe('the GraphQL entry point', () => {
  it("logs a failure with API Gateway's request id and the caller's subject and partner, and answers without internals", async () => {
    const { handler } = await import('../../functions/graphql/handler');
    const event = graphqlPostEvent('{ me { balance } }', { sub: 'gina', partner: 'acme' });
    event.requestContext.requestId = 'apigw-request-7';
    const response = await handler(event, context('lambda-5'));
    expect(JSON.parse(response.body!).errors[0].extensions.code).toBe('INTERNAL_SERVER_ERROR');
    const failure = logLines().find((line) => line.level === 'ERROR');
    expect(failure).toMatchObject({
      correlation_id: 'apigw-request-7',
      function_request_id: 'lambda-5',
      subject: 'acme/gina',
      partner: 'acme',
      service: 'casino-tables',
    });
    // Answered with HTTP 200 all the same: counted, for its alarm.
    expect(metricLines()).toEqual([expect.objectContaining({ InternalErrors: 1 })]);
  });
});
