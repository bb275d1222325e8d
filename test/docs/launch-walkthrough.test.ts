/**
 * docs/LAUNCH.md walks a partner from nothing to a player at a table with a shell example of each
 * call. Those examples are run here as written (bash, curl, openssl), in order, against the real
 * API over HTTP: a house operator issues the credential, the partner's backend signs its launch,
 * the page's exchange and refresh, the activity feed, a round's details, the session's end.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApi } from '../support/use-test-api';
import { ACTIVITY_DELAY_MS } from '../../functions/services/sessions/partner-activity';

const doc = readFileSync(new URL('../../docs/LAUNCH.md', import.meta.url), 'utf8');
/** The walkthrough's examples by the name each starts with (`# launch`), in the order the document gives them. */
const examples = new Map<string, string>();
for (const [, block] of doc.matchAll(/```sh\n([\s\S]*?)```/g)) {
  let name: string | undefined;
  for (const line of block!.split('\n')) {
    const marker = /^# ([a-z]+)$/.exec(line);
    if (marker) name = marker[1]!;
    else if (name) examples.set(name, `${examples.get(name) ?? ''}${line}\n`);
  }
}

/** The handler's clock: real time, moved past the activity feed's delay when the walkthrough reads it. */
let ahead = 0;
const api = useTestApi({ clock: () => new Date(Date.now() + ahead).toISOString() });
const env: Record<string, string> = {};

/** Runs the example `name` in bash, with the signing function defined and the variables so far; answers what it printed. */
async function run(name: string): Promise<string> {
  const script = `set -euo pipefail\n${examples.get('signing')}\n${examples.get(name)}`;
  const { stdout } = await promisify(execFile)('bash', ['-c', script], { env: { PATH: process.env.PATH, API: api.url, ...env } });
  return stdout;
}

let table: string;
beforeAll(async () => {
  table = await api.openTable();
  await api.fundAccount('casino-co/ana', 100_000);
  await api.seatShooter(table);
});

describe("docs/LAUNCH.md's walkthrough, run as written", () => {
  it('has an example of every call, in the order a partner makes them', () => {
    expect([...examples.keys()]).toEqual(['credential', 'signing', 'launch', 'token', 'refresh', 'activity', 'end', 'keys', 'round']);
  });

  it('takes a partner from a credential to its player betting at a table, its activity, a round and the end of the session', async () => {
    env.OPERATOR_TOKEN = await api.token({ id: 'test-dealer', roles: ['dealer', 'operator'] });
    const issued = JSON.parse(await run('credential')).data.issuePartnerCredential;
    expect(issued.userErrors).toEqual([]);
    Object.assign(env, { PARTNER: 'casino-co', KEY_ID: issued.credential.keyId, SECRET: issued.credential.secret, TABLE: table });
    env.SINCE = new Date(Date.now() + ahead).toISOString();

    const launched = JSON.parse(await run('launch'));
    expect(launched.launchUrl).toContain(`/tables/${table}?partner=casino-co&code=`);
    env.CODE = new URL(launched.launchUrl).searchParams.get('code')!;
    env.SESSION_ID = launched.sessionId;

    const exchanged = JSON.parse(await run('token'));
    expect(exchanged.session).toMatchObject({ partner: 'casino-co', playerId: 'ana', tableId: table });
    env.TOKEN = exchanged.token;
    expect(JSON.parse(await run('refresh')).token).toEqual(expect.any(String));

    // The page bets with the token, and the round is played.
    const bet = await fetch(`${api.url}/play/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${env.TOKEN}` },
      body: JSON.stringify({ query: `mutation { placeBet(input: { tableId: "${table}", type: FIELD, amount: 100 }) { bet { id } } }` }),
    });
    const betId = ((await bet.json()) as any).data.placeBet.bet.id;
    await api.closeAndRoll(table, [2, 2]);
    ahead += ACTIVITY_DELAY_MS + 1_000;

    const activity = JSON.parse(await run('activity'));
    const entry = activity.entries.find((one: { betId: string }) => one.betId === betId);
    expect(entry).toMatchObject({ playerId: 'ana', status: 'WON', amount: 100, returned: 200 });

    const link = new URL(entry.roundDetailsUrl);
    Object.assign(env, {
      ROUND_ID: link.pathname.split('/').pop()!,
      ROUND_PLAYER: link.searchParams.get('player')!,
      ROUND_SIG: link.searchParams.get('sig')!,
    });
    const round = JSON.parse(await run('round'));
    expect(round.bets.map((one: { betId: string }) => one.betId)).toEqual([betId]);

    const keys = await run('keys');
    expect(keys).toContain('"jwks_uri"');
    expect(keys).toContain('"keys"');
    expect(JSON.parse(await run('end'))).toEqual({ ended: true });
  });
});
