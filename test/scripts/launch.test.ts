/**
 * `npm run launch` (docs/LAUNCH.md): a partner's launch, signed with its credential as its backend
 * signs one, against the API over HTTP, printing the launch URL; a refusal said as the API answered.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApi } from '../support/use-test-api';
import { issueCredential, type PartnerSigner } from '../support/partner-launch';
import { DEMO_CURRENCY } from '../../functions/services/sessions/launch';
import { launchCommand } from '../../scripts/launch';
import { runCommand, runScriptProcess } from '../support/script-command';

const api = useTestApi();
let signer: PartnerSigner;
let table: string;

beforeAll(async () => {
  signer = await issueCredential(api, 'script-co');
  table = await api.openTable();
  await api.fundAccount('script-co/ana', 10_000);
});

/** Runs the script in a process of its own (not blocking this one, whose server answers it), as `npm run --silent launch -- ...` does. */
const launchProcess = (secret: string, ...args: string[]) => runScriptProcess('scripts/launch.ts', args, { PARTNER_SECRET: secret });
/** Runs its command in this process, as its command line does. */
const launch = (secret: string | undefined, ...args: string[]) =>
  runCommand(launchCommand, args, secret === undefined ? {} : { PARTNER_SECRET: secret });

const asPartner = (...more: string[]) => [
  '--url',
  api.url,
  '--partner',
  signer.partner,
  '--key-id',
  signer.keyId,
  '--player',
  'ana',
  ...more,
];

describe('npm run launch', () => {
  it("prints the launch URL of the table page, whose code is the player's token", async () => {
    const { status, stdout, stderr } = await launchProcess(signer.secret, ...asPartner('--table', table));
    expect(status, stderr).toBe(0);
    const url = new URL(stdout.trim());
    expect(`${url.origin}${url.pathname}`).toBe(`${api.url}/tables/${table}`);
    const exchanged = await fetch(`${api.url}/session/v1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: url.searchParams.get('code') }),
    });
    expect(((await exchanged.json()) as { session: { playerId: string } }).session.playerId).toBe('ana');
  });

  it('launches demo play with --demo: no player, in chips, at a table that plays in them', async () => {
    const chips = await api.openTable({ game: 'BACCARAT', currency: DEMO_CURRENCY });
    const args = ['--url', api.url, '--partner', signer.partner, '--key-id', signer.keyId, '--demo', '--table', chips];
    const { status, stdout, stderr } = await launch(signer.secret, ...args);
    expect(status, stderr).toBe(0);
    const exchanged = await fetch(`${api.url}/session/v1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: new URL(stdout.trim()).searchParams.get('code') }),
    });
    expect(((await exchanged.json()) as { session: unknown }).session).toMatchObject({
      mode: 'DEMO',
      currency: DEMO_CURRENCY,
      tableId: chips,
    });
    // Both a player and --demo, or neither: the usage.
    expect((await launch(signer.secret, ...asPartner('--demo'))).status).toBe(2);
  });

  it('says why a launch is refused (exit 1), and that it cannot run without its secret (exit 2), never printing the secret', async () => {
    const refused = await launch('f'.repeat(64), ...asPartner());
    expect([refused.status, refused.stdout]).toEqual([1, '']);
    expect(refused.stderr).toMatch(/^Refused, UNAUTHENTICATED: /);
    const unsigned = await launch(undefined, ...asPartner());
    expect(unsigned.status).toBe(2);
    expect(unsigned.stderr).toMatch(/PARTNER_SECRET is not set/);
    expect(`${refused.stderr}${unsigned.stderr}`).not.toContain(signer.secret);
  });
});
