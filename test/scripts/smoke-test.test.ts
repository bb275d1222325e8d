/**
 * The smoke test ops run against a deployed stage (scripts/smoke-test.ts), run here as they run
 * it (its command line, in a process of its own; its refusals in this one) against the local API: real HTTP through the
 * real handler, real WebSocket subscriptions fed by the table's stream, DynamoDB Local.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerIdOfToken, smokeTestCommand } from '../../scripts/smoke-test';
import { runCommand, runScriptProcess } from '../support/script-command';
import { startTestApi, type TestApi } from '../support/test-api';

let api: TestApi;
let tokens: { operator: string; player: string };
beforeAll(async () => {
  api = await startTestApi({ live: true });
  tokens = {
    operator: await api.token({ id: 'smoke-ops', roles: ['operator'] }),
    player: await api.token({ id: 'smoke-player', roles: ['player'], partner: 'acme' }),
  };
});
afterAll(async () => {
  await api?.close();
});

/** Runs the script in a process of its own, as ops run it. */
const smokeProcess = (args: string[]) =>
  runScriptProcess('scripts/smoke-test.ts', args, { SMOKE_OPERATOR_TOKEN: tokens.operator, SMOKE_PLAYER_TOKEN: tokens.player });
/** Runs its command in this process, as its command line does. */
const smoke = (args: string[], env: Record<string, string> = {}) =>
  runCommand(smokeTestCommand, args, { SMOKE_OPERATOR_TOKEN: tokens.operator, SMOKE_PLAYER_TOKEN: tokens.player, ...env });

describe('the smoke test', () => {
  it('plays one round through the API and its subscriptions, passes, and leaves the player as it found them', async () => {
    // A player kept for it, holding money already: the run judges by what it changes.
    await api.fundAccount('acme/smoke-player', 2_500);
    // The local server handles a connection's messages in order: the subscribe is taken when its ping is answered, no pause needed.
    // Events wait as long as a loaded machine may make them.
    const run = await smokeProcess(['--url', `${api.url}/graphql`, '--ws', api.wsUrl, '--event-timeout-s', '300', '--settle-ms', '0']);
    expect(run.stdout.split('\n').filter((line) => line.startsWith('FAIL'))).toEqual([]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('ok    the operator closes betting, and the subscription hears it');
    expect(run.stdout.trim().split('\n').at(-1)).toBe('smoke test passed');
    // Deposited 1,000, lost 100, withdrew 900.
    expect(await api.balance('acme/smoke-player')).toBe(2_500);
    await api.expectReconciled();
  });

  it('fails, naming the step, when a part of the stage does not answer', async () => {
    const before = await api.balance('acme/smoke-player');
    const run = await smoke(['--url', `${api.url}/graphql`, '--ws', 'ws://127.0.0.1:9/graphql']);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/^FAIL {2}the operator subscribes to the table over WebSocket: /m);
    expect(run.stdout.trim().split('\n').at(-1)).toBe('smoke test FAILED');
    // It still gave back what it deposited, and closed its table: the next run starts where this one did.
    expect(run.stdout).toContain('ok    what is left of the deposit is withdrawn');
    expect(run.stdout).toContain('ok    the operator closes the table');
    expect(await api.balance('acme/smoke-player')).toBe(before);
  });

  it('says how to run it when a token or URL is missing', async () => {
    const run = await smoke(['--url', api.url], { SMOKE_PLAYER_TOKEN: '' });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('usage: SMOKE_OPERATOR_TOKEN=');
  });

  it("takes the player's account id from the player's token, as the API does", () => {
    expect(playerIdOfToken(tokens.player)).toBe('acme/smoke-player');
  });
});
