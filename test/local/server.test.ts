/**
 * The local server a front end's dev server talks to: it answers CORS preflights for local
 * origins (or the configured ones) before any token is asked for, listens on this machine only,
 * and `npm run token` prints a token for anyone, with exactly the claims asked for.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { useTestApi } from '../support/use-test-api';
import { createDevAuthorizer } from '../../local/dev-authorizer';

const api = useTestApi();

const preflight = (origin: string) =>
  fetch(`${api.url}/graphql`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
  });

describe('the local server', () => {
  it('listens on this machine only', () => {
    expect(new URL(api.url).hostname).toBe('127.0.0.1');
  });

  it("answers a local front end's preflight, on any port, without a token; refuses other origins", async () => {
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:3000']) {
      const response = await preflight(origin);
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe(origin);
      expect(response.headers.get('access-control-allow-headers')).toMatch(/authorization/);
    }
    const stranger = await preflight('https://evil.example');
    expect(stranger.status).toBe(403);
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("tells the browser a local front end may read the API's answers", async () => {
    const response = await fetch(`${api.url}/graphql`, {
      method: 'POST',
      headers: {
        origin: 'http://localhost:5173',
        'content-type': 'application/json',
        authorization: `Bearer ${await api.token('cors-player')}`,
      },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  });
});

describe('npm run token', () => {
  it('prints a token with the subject, roles, tables and partner asked for, that the local server accepts', async () => {
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/token.ts', '--sub', 'alice', '--partner', 'p1', '--role', 'dealer', '--table', 't-1', '--table', 't-2'],
      { encoding: 'utf8' },
    );
    expect(run.status, run.stderr).toBe(0);
    const claims = await (await createDevAuthorizer('.local/dev-signing-key.json')).verify(`Bearer ${run.stdout.trim()}`);
    expect(claims).toMatchObject({ sub: 'alice', partner: 'p1', roles: ['dealer'], tables: ['t-1', 't-2'] });
  });
});
