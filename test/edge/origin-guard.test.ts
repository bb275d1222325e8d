import { afterAll, describe, expect, it, vi } from 'vitest';
import { ORIGIN_VERIFY_HEADER, originGuard, type OriginSecret } from '../../functions/edge/origin-guard';
import { graphQLEntry } from '../../functions/graphql/handler';
import { graphqlPostEvent } from '../../local/api-gateway-event';
import { socketEntry } from '../../functions/live/socket-handler';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';

/** A secret whose values the test changes, counting its reads. */
function secretOf(...initial: string[]) {
  const secret = { values: initial, reads: 0 };
  const source: OriginSecret = {
    async values() {
      secret.reads += 1;
      return secret.values;
    },
  };
  return { secret, source };
}

describe('the origin guard: only what came through the edge passes', () => {
  it('passes a request carrying the current or the previous value, refuses one without it or with another', async () => {
    const { source } = secretOf('current-value', 'previous-value');
    const passes = originGuard(source, () => 0);
    expect(await passes({ [ORIGIN_VERIFY_HEADER]: 'current-value' })).toBe(true);
    expect(await passes({ [ORIGIN_VERIFY_HEADER]: 'previous-value' })).toBe(true);
    expect(await passes({ [ORIGIN_VERIFY_HEADER]: 'current-valuE' })).toBe(false);
    expect(await passes({ [ORIGIN_VERIFY_HEADER]: 'current-value-and-more' })).toBe(false);
    expect(await passes({})).toBe(false);
    expect(await passes(undefined)).toBe(false);
  });

  it('passes everything where no secret is set (npm start, the tests)', async () => {
    expect(await originGuard(undefined)({})).toBe(true);
  });

  it('reads the secret once for many requests, again when it is five minutes old', async () => {
    const { secret, source } = secretOf('one');
    let now = 0;
    const passes = originGuard(source, () => now);
    await Promise.all(Array.from({ length: 20 }, () => passes({ [ORIGIN_VERIFY_HEADER]: 'one' })));
    expect(secret.reads).toBe(1);
    secret.values = ['two'];
    now = 5 * 60_000 + 1;
    expect(await passes({ [ORIGIN_VERIFY_HEADER]: 'two' })).toBe(true);
    expect(secret.reads).toBe(2);
  });

  it('takes a changed secret at once, yet a flood of forged values reads it at most every 30 s', async () => {
    const { secret, source } = secretOf('old');
    let now = 0;
    const passes = originGuard(source, () => now);
    expect(await passes({ [ORIGIN_VERIFY_HEADER]: 'old' })).toBe(true);
    for (let i = 0; i < 50; i += 1) expect(await passes({ [ORIGIN_VERIFY_HEADER]: `forged-${i}` })).toBe(false);
    expect(secret.reads).toBe(1);
    secret.values = ['new', 'old'];
    now = 30_001;
    expect(await passes({ [ORIGIN_VERIFY_HEADER]: 'new' })).toBe(true);
    expect(secret.reads).toBe(2);
  });
});

describe('the API at its execute-api address', () => {
  const { source } = secretOf('edge-secret');
  const handler = graphQLEntry((deps) => deps, source);
  const invoke = (event: APIGatewayProxyEventV2) => handler(event, {} as Context) as Promise<{ statusCode: number; body: string }>;
  const withHeader = (event: APIGatewayProxyEventV2, value: string): APIGatewayProxyEventV2 => ({
    ...event,
    headers: { ...event.headers, [ORIGIN_VERIFY_HEADER]: value },
  });

  it('refuses a request that did not come through the edge with 403 FORBIDDEN, echoing nothing', async () => {
    for (const event of [graphqlPostEvent('{ __typename }'), withHeader(graphqlPostEvent('{ __typename }'), 'guessed-secret')]) {
      const answer = await invoke(event);
      expect(answer.statusCode).toBe(403);
      expect(JSON.parse(answer.body)).toEqual({
        errors: [{ message: "Use the stage's public address.", extensions: { code: 'FORBIDDEN', retryable: false } }],
      });
      expect(answer.body).not.toContain('guessed-secret');
    }
  });

  it('refuses the session routes and the pages the same way', async () => {
    for (const rawPath of ['/partner/v1/launch', '/tables/demo-craps']) {
      const event = { ...graphqlPostEvent('{ __typename }'), rawPath };
      expect((await invoke(event)).statusCode, rawPath).toBe(403);
    }
  });

  afterAll(() => vi.unstubAllEnvs());

  it('answers a request that came through the edge', async () => {
    // A table is named, never read: the query asks for nothing stored.
    vi.stubEnv('TABLE_NAME', 'origin-guard-test');
    const answer = await invoke(withHeader(graphqlPostEvent('{ __typename }'), 'edge-secret'));
    expect(answer.statusCode).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ data: { __typename: 'Query' } });
  });
});

describe('the WebSocket API at its execute-api address', () => {
  const { source } = secretOf('edge-secret');
  const handler = socketEntry(source);
  const open = (headers: Record<string, string>) =>
    handler({ requestContext: { routeKey: '$connect', connectionId: 'c-1', requestId: 'r-1' }, headers }, {} as Context) as Promise<{
      statusCode: number;
      body?: string;
    }>;

  afterAll(() => vi.unstubAllEnvs());

  it('refuses to open a connection that did not come through the edge', async () => {
    expect(await open({ 'sec-websocket-protocol': 'graphql-transport-ws' })).toEqual({ statusCode: 403 });
    expect(await open({ 'sec-websocket-protocol': 'graphql-transport-ws', [ORIGIN_VERIFY_HEADER]: 'guessed' })).toEqual({
      statusCode: 403,
    });
  });

  it('lets one that did go on to the protocol (here refused for speaking none: nothing is stored)', async () => {
    for (const [name, value] of Object.entries({
      TABLE_NAME: 'origin-guard-test',
      JWT_ISSUER: 'https://issuer.example',
      JWT_AUDIENCE: 'casino',
      WEBSOCKET_ENDPOINT: 'https://socket.example/live',
    }))
      vi.stubEnv(name, value);
    expect(await open({ [ORIGIN_VERIFY_HEADER]: 'edge-secret' })).toEqual({ statusCode: 400, body: 'Speak graphql-transport-ws' });
  });
});
