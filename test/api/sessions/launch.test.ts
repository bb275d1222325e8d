/**
 * A partner launches its players with one signed call (docs/LAUNCH.md): the house's operators
 * issue it credentials (two in force at once, to rotate), the launch answers the hosted client's
 * URL with a one-time code, the client exchanges the code for a player token the house signs, and
 * that token plays through the API until the session ends (the partner ends it, or it goes idle).
 * Through real HTTP, against the local server's session routes and the real handler.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealer } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';
import { startSeamlessPartner, type SeamlessPartner } from '../../support/seamless-partner';
import { ISSUE_CREDENTIAL as ISSUE, partnerCall as signedCall, type PartnerSigner } from '../../support/partner-launch';
import { DEMO_CHIPS, DEMO_CURRENCY, LAUNCH_CODE_SECONDS } from '../../../functions/services/sessions/launch';
import { DEMO_PARTNER } from '../../../functions/store/kernel/keys';
import { SESSION_IDLE_SECONDS } from '../../../functions/services/sessions/player-tokens';
import { SESSION_CHECK_MS } from '../../../functions/services/sessions/open-sessions';

/** The handler's clock: real time, moved on when a test says (a code's expiry, a session's idle limit). */
let ahead = 0;
const api = useTestApi({ clock: () => new Date(Date.now() + ahead).toISOString() });
const OPERATOR = dealer('test-dealer');
const PARTNER = 'launch-co';
let table: string;
let credential: { keyId: string; secret: string };
let seamless: SeamlessPartner;

const REVOKE = `mutation ($partner: ID!, $keyId: ID!) {
  revokePartnerCredential(input: { partner: $partner, keyId: $keyId }) { credential { keyId revokedAt } userErrors { code field } }
}`;

beforeAll(async () => {
  table = await api.openTable();
  credential = (await api.data(OPERATOR, ISSUE, { partner: PARTNER })).issuePartnerCredential.credential;
  await api.fundAccount(`${PARTNER}/ana`, 100_000);
  seamless = await startSeamlessPartner(api, 'launch-wallet-co', { sam: { currency: 'MOP', balance: 10_000 } });
});
afterAll(() => seamless.wallet.close());

/** A call of the partner's backend, signed by its credential (the partner's first unless given), by the handler's clock. */
const partnerCall = (path: string, body: unknown, signer: PartnerSigner = { partner: PARTNER, ...credential }) =>
  signedCall(api, signer, path, body, Date.now() + ahead);

const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
  const response = await fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
};

const launchOf = (overrides: Record<string, unknown> = {}) => ({
  playerId: 'ana',
  currency: 'MOP',
  language: 'pt',
  country: 'MO',
  tableId: table,
  platform: 'MOBILE',
  lobbyUrl: 'https://casino.partner.example/lobby',
  cashierUrl: 'https://casino.partner.example/cashier',
  ...overrides,
});

const codeOf = (launchUrl: string) => new URL(launchUrl).searchParams.get('code')!;

/** A GraphQL request with a bearer token of the house's, to the path whose authorizer takes them (`path`: another's). */
const graphql = async (token: string, query: string, variables: Record<string, unknown> = {}, path = '/play/graphql') => {
  const response = await fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as any };
};

describe('a launch', () => {
  it("answers the hosted client's URL; its code, used once, is a player token that plays at the table", async () => {
    const launched = await partnerCall('/partner/v1/launch', launchOf());
    expect(launched.status).toBe(200);
    expect(launched.body).toEqual({ launchUrl: expect.any(String), sessionId: expect.any(String), codeExpiresAt: expect.any(String) });
    const url = new URL(launched.body.launchUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${api.url}/tables/${table}`);

    // The launch's language in the address: the page's first words are in it.
    expect(new URL(launched.body.launchUrl).searchParams.get('lang')).toBe('pt');
    const exchanged = await post('/session/v1/token', { code: codeOf(launched.body.launchUrl) });
    expect(exchanged.status).toBe(200);
    expect(exchanged.body.session).toEqual({
      sessionId: launched.body.sessionId,
      mode: 'REAL',
      partner: PARTNER,
      playerId: 'ana',
      currency: 'MOP',
      language: 'pt',
      tableId: table,
      platform: 'MOBILE',
      lobbyUrl: 'https://casino.partner.example/lobby',
      cashierUrl: 'https://casino.partner.example/cashier',
    });
    // Once only.
    const again = await post('/session/v1/token', { code: codeOf(launched.body.launchUrl) });
    expect([again.status, again.body.error.code]).toEqual([410, 'SESSION_ENDED']);

    const { token } = exchanged.body;
    const me = await graphql(token, '{ me { id balance } }');
    expect(me.body.data.me).toEqual({ id: `${PARTNER}/ana`, balance: 100_000 });
    // Each path takes its own issuer's tokens only, as API Gateway's two authorizers do.
    expect((await graphql(token, '{ me { id } }', {}, '/graphql')).status).toBe(401);
    expect((await graphql(await api.token({ id: 'ana', roles: [], partner: PARTNER }), '{ me { id } }')).status).toBe(401);
    await api.seatShooter(table);
    const bet = await graphql(
      token,
      `mutation { placeBet(input: { tableId: "${table}", type: FIELD, amount: 100 }) { bet { playerId } userErrors { code } } }`,
    );
    expect(bet.body.data.placeBet).toEqual({ bet: { playerId: `${PARTNER}/ana` }, userErrors: [] });

    // Refreshed while the session lives; refused once the partner ends it.
    const refreshed = await post('/session/v1/refresh', {}, { authorization: `Bearer ${token}` });
    expect(refreshed.status).toBe(200);
    expect((await graphql(refreshed.body.token, '{ me { id } }')).body.data.me.id).toBe(`${PARTNER}/ana`);
    expect((await partnerCall('/partner/v1/sessions/end', { sessionId: launched.body.sessionId })).body).toEqual({ ended: true });
    const ended = await post('/session/v1/refresh', {}, { authorization: `Bearer ${refreshed.body.token}` });
    expect([ended.status, ended.body.error.code]).toEqual([410, 'SESSION_ENDED']);
    // Its tokens stop too, once a process's answer about the session is old enough to be read again.
    ahead += SESSION_CHECK_MS + 1_000;
    const afterEnd = await graphql(refreshed.body.token, '{ me { id } }');
    expect(afterEnd.body.errors.map((error: { extensions: { code: string } }) => error.extensions.code)).toEqual(['UNAUTHENTICATED']);
    // Ended twice, or another partner's: no such session of theirs.
    expect((await partnerCall('/partner/v1/sessions/end', { sessionId: launched.body.sessionId })).status).toBe(404);
  });

  it('opens a code good for a minute, and a session that lives while the player plays and ends after its idle limit without play', async () => {
    const late = await partnerCall('/partner/v1/launch', launchOf());
    ahead += (LAUNCH_CODE_SECONDS + 1) * 1_000;
    expect((await post('/session/v1/token', { code: codeOf(late.body.launchUrl) })).status).toBe(410);

    const idle = await partnerCall('/partner/v1/launch', launchOf());
    const { token } = (await post('/session/v1/token', { code: codeOf(idle.body.launchUrl) })).body;
    const refresh = () => post('/session/v1/refresh', {}, { authorization: `Bearer ${token}` });
    const minutes = (count: number) => (ahead += count * 60_000);
    // Two thirds of the limit on, a bet; as long again, the session lives on that bet.
    minutes((SESSION_IDLE_SECONDS * 2) / 3 / 60);
    await api.seatShooter(table);
    await graphql(token, `mutation { placeBet(input: { tableId: "${table}", type: FIELD, amount: 100 }) { bet { id } } }`);
    minutes((SESSION_IDLE_SECONDS * 2) / 3 / 60);
    expect((await refresh()).status).toBe(200);
    // A page left open refreshes in vain once the limit has passed without play.
    minutes(SESSION_IDLE_SECONDS / 3 / 60 + 1);
    const refused = await refresh();
    expect([refused.status, refused.body.error.code]).toEqual([410, 'SESSION_ENDED']);
    // Ended for good: the partner finds it ended.
    expect((await partnerCall('/partner/v1/sessions/end', { sessionId: idle.body.sessionId })).status).toBe(404);
  });

  it("of a seamless partner's player is authenticated by its wallet, and their calls carry the partner's session token", async () => {
    const sessionToken = seamless.wallet.openSession('sam');
    const partner = {
      partner: 'launch-wallet-co',
      ...(await api.data(OPERATOR, ISSUE, { partner: 'launch-wallet-co' })).issuePartnerCredential.credential,
    };
    const refused = await partnerCall('/partner/v1/launch', launchOf({ playerId: 'sam', sessionToken: 'not-a-session' }), partner);
    expect([refused.status, refused.body.error.code]).toEqual([410, 'SESSION_ENDED']);
    const others = await partnerCall('/partner/v1/launch', launchOf({ playerId: 'someone-else', sessionToken }), partner);
    expect([others.status, others.body.error.code]).toEqual([403, 'FORBIDDEN']);

    const launched = await partnerCall('/partner/v1/launch', launchOf({ playerId: 'sam', sessionToken }), partner);
    expect(launched.status).toBe(200);
    const { token } = (await post('/session/v1/token', { code: codeOf(launched.body.launchUrl) })).body;
    await api.seatShooter(table);
    await graphql(token, `mutation { placeBet(input: { tableId: "${table}", type: FIELD, amount: 100 }) { bet { id } } }`);
    const debit = seamless.wallet.received.filter((call) => call.operation === 'debit').map((call) => JSON.parse(call.body));
    expect(debit).toEqual([expect.objectContaining({ playerId: 'sam', sessionToken })]);
  });
});

describe('a demo launch', () => {
  it("plays chips at a table in XTS as a player of demo play's own, never the partner's wallet, and is refused anywhere else", async () => {
    const partner = {
      partner: 'launch-demo-co',
      ...(await api.data(OPERATOR, ISSUE, { partner: 'launch-demo-co' })).issuePartnerCredential.credential,
    };
    const chipsTable = await api.openTable({ game: 'BACCARAT', currency: DEMO_CURRENCY });
    const demo = { mode: 'DEMO', currency: DEMO_CURRENCY, language: 'en', platform: 'DESKTOP', tableId: chipsTable };
    const launched = await partnerCall('/partner/v1/launch', demo, partner);
    expect(launched.status).toBe(200);
    const exchanged = await post('/session/v1/token', { code: codeOf(launched.body.launchUrl) });
    expect(exchanged.body.session).toMatchObject({ mode: 'DEMO', partner: 'launch-demo-co', currency: DEMO_CURRENCY, tableId: chipsTable });
    const { token } = exchanged.body;
    const me = (await graphql(token, '{ me { id balance currency } }')).body.data.me;
    expect(me).toEqual({ id: `${DEMO_PARTNER}/${exchanged.body.session.playerId}`, balance: DEMO_CHIPS, currency: DEMO_CURRENCY });
    const bet = await graphql(
      token,
      `mutation { placeBet(input: { tableId: "${chipsTable}", type: BANKER, amount: 500 }) { bet { playerId } userErrors { code } } }`,
    );
    expect(bet.body.data.placeBet).toEqual({ bet: { playerId: me.id }, userErrors: [] });
    expect((await graphql(token, '{ me { balance } }')).body.data.me.balance).toBe(DEMO_CHIPS - 500);
    // Two demo launches are two players, each with their own chips.
    const second = await partnerCall('/partner/v1/launch', demo, partner);
    const other = (await post('/session/v1/token', { code: codeOf(second.body.launchUrl) })).body.session.playerId;
    expect(other).not.toBe(exchanged.body.session.playerId);

    // A seamless partner's demo player plays chips too: its wallet is never called.
    const walletPartner = {
      partner: 'launch-wallet-co',
      ...(await api.data(OPERATOR, ISSUE, { partner: 'launch-wallet-co' })).issuePartnerCredential.credential,
    };
    const calls = seamless.wallet.received.length;
    const fromWalletPartner = await partnerCall('/partner/v1/launch', demo, walletPartner);
    const walletDemoToken = (await post('/session/v1/token', { code: codeOf(fromWalletPartner.body.launchUrl) })).body.token;
    const walletDemoBet = await graphql(
      walletDemoToken,
      `mutation { placeBet(input: { tableId: "${chipsTable}", type: PLAYER, amount: 500 }) { bet { id } userErrors { code } } }`,
    );
    expect(walletDemoBet.body.data.placeBet.userErrors).toEqual([]);
    expect(seamless.wallet.received.length).toBe(calls);

    // At a table for money, with a player, or in money: refused, nothing opened.
    const atMoneyTable = await partnerCall('/partner/v1/launch', { ...demo, tableId: table }, partner);
    expect([atMoneyTable.status, atMoneyTable.body.error.code, atMoneyTable.body.error.field]).toEqual([
      400,
      'CURRENCY_MISMATCH',
      'currency',
    ]);
    for (const [body, field] of [
      [{ ...demo, playerId: 'ana' }, 'playerId'],
      [{ ...demo, currency: 'MOP' }, 'currency'],
      [{ ...demo, sessionToken: 'x' }, 'sessionToken'],
    ] as const) {
      const refused = await partnerCall('/partner/v1/launch', body, partner);
      expect([refused.status, refused.body.error.code, refused.body.error.field]).toEqual([400, 'BAD_USER_INPUT', field]);
    }
    // Nobody configures demo play's partner: its players never have a wallet, credentials or a client.
    const configure = await api.graphql(
      OPERATOR,
      `mutation { configurePartnerWallet(input: { partner: "${DEMO_PARTNER}", mode: TRANSFER }) { userErrors { code field } } }`,
    );
    expect(configure.data?.configurePartnerWallet.userErrors).toEqual([{ code: 'BAD_USER_INPUT', field: ['input', 'partner'] }]);
  });
});

describe('a launch is refused, opening nothing', () => {
  it('unsigned, signed wrongly or with a revoked credential; two credentials are in force at once, never three', async () => {
    const unsigned = await post('/partner/v1/launch', launchOf(), { 'x-partner': PARTNER });
    expect([unsigned.status, unsigned.body.error.code]).toEqual([401, 'UNAUTHENTICATED']);
    const forged = await partnerCall('/partner/v1/launch', launchOf(), {
      partner: PARTNER,
      keyId: credential.keyId,
      secret: 'f'.repeat(64),
    });
    expect(forged.status).toBe(401);

    const second = (await api.data(OPERATOR, ISSUE, { partner: PARTNER })).issuePartnerCredential.credential;
    expect((await partnerCall('/partner/v1/launch', launchOf(), { partner: PARTNER, ...second })).status).toBe(200);
    expect((await partnerCall('/partner/v1/launch', launchOf())).status).toBe(200);
    const third = await api.graphql(OPERATOR, ISSUE, { partner: PARTNER });
    expect(third.data!.issuePartnerCredential.userErrors).toEqual([
      { code: 'BAD_USER_INPUT', message: expect.stringContaining('revoke one first'), field: ['input', 'partner'] },
    ]);

    expect(
      (await api.data(OPERATOR, REVOKE, { partner: PARTNER, keyId: credential.keyId })).revokePartnerCredential.credential.revokedAt,
    ).toEqual(expect.any(String));
    expect((await partnerCall('/partner/v1/launch', launchOf())).status).toBe(401);
    expect((await partnerCall('/partner/v1/launch', launchOf(), { partner: PARTNER, ...second })).status).toBe(200);
    credential = second;
    // Only the house's operators issue them, and no secret is ever listed.
    expect(
      (await api.graphql({ id: 'op', roles: ['operator'], partner: PARTNER }, ISSUE, { partner: PARTNER })).errors?.[0]?.extensions?.code,
    ).toBe('FORBIDDEN');
    const listed = await api.data(OPERATOR, `query ($p: ID!) { partnerCredentials(partner: $p) { keyId revokedAt } }`, { p: PARTNER });
    expect(listed.partnerCredentials).toHaveLength(2);
  });

  it('for input out of form, named and never echoed; for a player kept from play; for a table in another currency', async () => {
    for (const [field, value] of [
      ['language', 'klingon'],
      ['platform', 'FRIDGE'],
      ['currency', 'mop'],
      ['country', 'Macau'],
      ['lobbyUrl', 'javascript:alert(1)'],
      ['playerId', 'x'.repeat(2_048)],
    ] as const) {
      const refused = await partnerCall('/partner/v1/launch', launchOf({ [field]: value }));
      expect([refused.status, refused.body.error.code, refused.body.error.field], field).toEqual([400, 'BAD_USER_INPUT', field]);
      expect(JSON.stringify(refused.body)).not.toContain(value);
    }
    // A player of this (TRANSFER) partner without an account here, or with one in another currency.
    const stranger = await partnerCall('/partner/v1/launch', launchOf({ playerId: 'nobody' }));
    expect([stranger.status, stranger.body.error.code, stranger.body.error.field]).toEqual([404, 'NOT_FOUND', 'playerId']);
    await api.fundAccount(`${PARTNER}/hong`, 10_000, 'HKD');
    const inHkd = await partnerCall('/partner/v1/launch', launchOf({ playerId: 'hong' }));
    expect([inHkd.status, inHkd.body.error.code]).toEqual([400, 'CURRENCY_MISMATCH']);
    const hkd = await api.openTable({ currency: 'HKD' });
    const elsewhere = await partnerCall('/partner/v1/launch', launchOf({ tableId: hkd }));
    expect([elsewhere.status, elsewhere.body.error.code]).toEqual([400, 'CURRENCY_MISMATCH']);

    await api.data({ id: 'bea', roles: [], partner: PARTNER }, `mutation { takeTimeOut(input: { hours: 24 }) { userErrors { code } } }`);
    const timedOut = await partnerCall('/partner/v1/launch', launchOf({ playerId: 'bea' }));
    expect([timedOut.status, timedOut.body.error.code]).toEqual([403, 'PLAYER_TIMED_OUT']);
  });
});

describe("the house's token keys", () => {
  const jwks = async () => ((await (await fetch(`${api.url}/.well-known/jwks.json`)).json()) as any).keys as { kid: string }[];
  const kidOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as { kid: string }).kid;
  const ROTATE = `mutation ($from: ID!) { rotatePlayerTokenKeys(input: { fromKeyId: $from }) { keyId userErrors { code field } } }`;

  it('are published as a JWKS under the issuer its tokens name: the key signing now first, and the next', async () => {
    const configuration = (await (await fetch(`${api.url}/.well-known/openid-configuration`)).json()) as any;
    const keys = await jwks();
    expect(keys).toEqual([
      expect.objectContaining({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String) }),
      expect.objectContaining({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String) }),
    ]);
    for (const key of keys) expect(key).not.toHaveProperty('d');
    expect(configuration.jwks_uri).toBe(`${configuration.issuer}/.well-known/jwks.json`);
  });

  it('move on by a rotation: the next key signs, a token of the key before is still taken until the rotation after', async () => {
    const launched = await partnerCall('/partner/v1/launch', launchOf());
    const { token } = (await post('/session/v1/token', { code: codeOf(launched.body.launchUrl) })).body;
    const [signing, next] = await jwks();
    expect(kidOf(token)).toBe(signing!.kid);

    // Only from the key signing now: two operators rotating at once move the keys once.
    const stale = await api.graphql(OPERATOR, ROTATE, { from: next!.kid });
    expect(stale.data!.rotatePlayerTokenKeys.userErrors).toEqual([{ code: 'BAD_USER_INPUT', field: ['input', 'fromKeyId'] }]);
    expect((await api.data(OPERATOR, ROTATE, { from: signing!.kid })).rotatePlayerTokenKeys.keyId).toBe(next!.kid);
    expect((await jwks()).map((key) => key.kid)).toEqual([next!.kid, expect.any(String), signing!.kid]);
    expect((await graphql(token, '{ me { id } }')).status).toBe(200);
    const refreshed = await post('/session/v1/refresh', {}, { authorization: `Bearer ${token}` });
    expect(kidOf(refreshed.body.token)).toBe(next!.kid);

    await api.data(OPERATOR, ROTATE, { from: next!.kid });
    expect((await jwks()).map((key) => key.kid)).not.toContain(signing!.kid);
    expect((await graphql(token, '{ me { id } }')).status).toBe(401);
    expect((await graphql(refreshed.body.token, '{ me { id } }')).status).toBe(200);
    expect(
      (await api.graphql({ id: 'op', roles: ['operator'], partner: PARTNER }, ROTATE, { from: next!.kid })).errors?.[0]?.extensions?.code,
    ).toBe('FORBIDDEN');
  });
});
