/**
 * docs/partner-api.yaml is what partners build their launch from: it must say what the session
 * routes answer. Its routes, signature headers, enums, required fields, numbers and error codes are
 * read here against functions/launch/routes.ts and the services behind it, and its calls are sent as
 * it says to send them, through real HTTP to the real routes (the test API: DynamoDB Local, the
 * local server, the house's token issuer), by a partner with a credential the house issued it.
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { parse } from 'yaml';
import { beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { ROUTES, STATUS } from '../../functions/launch/routes';
import {
  KEY_ID_HEADER,
  PARTNER_HEADER,
  PARTNER_SIGNATURE_HEADER,
  PARTNER_TIMESTAMP_HEADER,
} from '../../functions/launch/partner-signature';
import { SESSION_PATHS } from '../../functions/launch/session-paths';
import { PLAYER_TOKEN_AUDIENCE } from '../../functions/launch/token-issuer';
import { SUBJECT } from '../../functions/services/kernel/request-checks';
import { ServiceError } from '../../functions/services/kernel/service-error';
import {
  checkedLaunch,
  LANGUAGES,
  DEMO_CURRENCY,
  LAUNCH_CODE_SECONDS,
  MODES,
  PLATFORMS,
  type LaunchRequest,
  type Launched,
} from '../../functions/services/sessions/launch';
import { MAX_CREDENTIALS_IN_FORCE } from '../../functions/services/sessions/partner-credentials';
import { SESSION_CHECK_MS } from '../../functions/services/sessions/open-sessions';
import { PLAYER_TOKEN_SECONDS, SESSION_IDLE_SECONDS } from '../../functions/services/sessions/player-tokens';
import { PARTNER } from '../../functions/services/tables/tenancy';
import { SESSION_TOKEN } from '../../functions/wallet/wallet-protocol';
import { SIGNATURE_TOLERANCE_SECONDS, signatureOf } from '../../functions/wallet/wallet-signature';
import { issueCredential, type PartnerSigner } from '../support/partner-launch';
import { useTestApi } from '../support/use-test-api';

const doc = parse(readFileSync(new URL('../../docs/partner-api.yaml', import.meta.url), 'utf8')) as any;
const schemas = doc.components.schemas;
/** A description as one line: the YAML wraps its sentences anywhere. */
const flat = (text: string): string => text.replace(/\s+/g, ' ');
const described = flat(doc.info.description);
const refName = (ref: string): string => ref.split('/').pop()!;
/** The properties a schema lists. */
const propertiesOf = (name: string): string[] => Object.keys(schemas[name].properties).sort();
/** The documented operations, as `<METHOD> <path>`. */
const documented = Object.entries(doc.paths).flatMap(([path, item]: [string, any]) =>
  Object.keys(item).map((method) => ({ route: `${method.toUpperCase()} ${path}`, path, operation: item[method] })),
);
/** Every code a refusal may carry: a service's (STATUS), an unknown route's, a failure inside. */
const ANSWERED_STATUS: Record<string, number> = { ...STATUS, NOT_FOUND: 404, INTERNAL_SERVER_ERROR: 500 };
/** Each code's status as ErrorCode states it (`CODE (status): …`). */
const STATED_STATUS = Object.fromEntries(
  [...schemas.ErrorCode.description.matchAll(/^([A-Z_]+) \((\d{3})\):/gm)].map(([, code, status]: string[]) => [code, Number(status)]),
);

// The real API, its clock held still so that a signature's tolerance and the stated lifetimes are exact.
const NOW = '2026-03-01T12:00:00.000Z';
const NOW_SECONDS = Date.parse(NOW) / 1_000;
const api = useTestApi({ clock: () => NOW });
const PARTNER_ID = 'docs-co';
let signer: PartnerSigner;
beforeAll(async () => {
  signer = await issueCredential(api, PARTNER_ID);
  // The partner's player, with an account of the house's in the launches' currency (a TRANSFER partner's).
  await api.fundAccount(`${PARTNER_ID}/ana`, 10_000);
});

/**
 * A call through HTTP. Every refusal it meets is checked to be as Error and ErrorCode state: the
 * three fields, and the status stated for its code.
 */
const send = async (route: string, { body, headers = {} }: { body?: string; headers?: Record<string, string> } = {}) => {
  const [method, path] = route.split(' ');
  const response = await fetch(`${api.url}${path}`, { method, headers: { 'content-type': 'application/json', ...headers }, body });
  const answer = { status: response.status, headers: response.headers, body: (await response.json()) as any };
  if (answer.body.error) {
    expect(Object.keys(answer.body.error).sort(), route).toEqual([...schemas.Error.properties.error.required].sort());
    expect(answer.status, `${route} ${answer.body.error.code}`).toBe(STATED_STATUS[answer.body.error.code]);
  }
  return answer;
};
type Answer = Awaited<ReturnType<typeof send>>;

/** A call signed as the document says: its header names and its recipe (not the code's signatureOf). */
const signed = (route: string, body: unknown, { timestamp = NOW_SECONDS, keyId = signer.keyId, secret = signer.secret } = {}) => {
  const text = JSON.stringify(body);
  const header = (name: string) => doc.components.parameters[name].name;
  const headers = {
    [header('Partner')]: PARTNER_ID,
    [header('KeyId')]: keyId,
    [header('Timestamp')]: String(timestamp),
    [header('Signature')]: `v1=${createHmac('sha256', secret).update(`${timestamp}.${text}`).digest('hex')}`,
  };
  return send(route, { body: text, headers });
};

/** A launch with every field, as checkedLaunch takes it. */
const FULL = {
  mode: 'REAL',
  playerId: 'ana',
  currency: 'MOP',
  language: 'pt',
  country: 'MO',
  tableId: 'T1',
  platform: 'MOBILE',
  lobbyUrl: 'https://casino.partner.example/lobby',
  cashierUrl: 'https://casino.partner.example/cashier',
  sessionToken: 'partner-token',
} as const satisfies LaunchRequest;
const TO_THE_LOBBY = { playerId: 'ana', currency: 'MOP', language: 'pt', platform: 'MOBILE' };

/** The field checkedLaunch refuses a request for (always BAD_USER_INPUT), or undefined when it takes it. */
const refusedField = (request: unknown): string | undefined => {
  try {
    checkedLaunch(request as LaunchRequest);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).code).toBe('BAD_USER_INPUT');
    return (error as ServiceError).field ?? undefined;
  }
};

describe('the partner API in OpenAPI', () => {
  it('has exactly the routes routes.ts answers, each answered on a path the API sends to them', async () => {
    expect(documented.map(({ route }) => route).sort()).toEqual([...ROUTES].sort());
    for (const { path } of documented) expect(SESSION_PATHS.test(path), path).toBe(true);
    for (const { route } of documented) {
      const answer = await send(route, route.startsWith('POST') ? { body: '{}' } : {});
      expect(answer.body.error?.message, route).not.toBe('No such route.');
    }
    const unknown = await send('GET /partner/v1/launch');
    expect([unknown.status, unknown.body]).toEqual([404, { error: { code: 'NOT_FOUND', message: 'No such route.', field: null } }]);
  });

  it('signs the partner routes with the headers the code reads, by the recipe of its worked example', () => {
    const partnerRoutes = documented.filter(({ operation }) => operation.security?.some((scheme: any) => 'partnerSignature' in scheme));
    expect(partnerRoutes.map(({ route }) => route).sort()).toEqual(ROUTES.filter((route) => route.startsWith('POST /partner/')).sort());
    const headers = [PARTNER_HEADER, KEY_ID_HEADER, PARTNER_TIMESTAMP_HEADER, PARTNER_SIGNATURE_HEADER];
    for (const { operation } of partnerRoutes)
      expect(operation.parameters.map(({ $ref }: any) => doc.components.parameters[refName($ref)].name.toLowerCase())).toEqual(headers);
    expect(doc.components.securitySchemes.partnerSignature.name.toLowerCase()).toBe(PARTNER_SIGNATURE_HEADER);
    expect(doc.components.parameters.Partner.schema.pattern).toBe(PARTNER.source);

    const [, secret, timestamp, body, signature] =
      /the secret `([^`]+)`, the timestamp `(\d+)` and the body `([^`]+)`, the signature is `(v1=[0-9a-f]{64})`/.exec(described)!;
    expect(`v1=${createHmac('sha256', secret!).update(`${timestamp}.${body}`).digest('hex')}`).toBe(signature);
    expect(signatureOf(secret!, Number(timestamp), body!)).toBe(signature);
    expect(signature).toMatch(new RegExp(doc.components.parameters.Signature.schema.pattern));
    expect(timestamp).toMatch(new RegExp(doc.components.parameters.Timestamp.schema.pattern));
  });

  it('takes a call signed as it says within the tolerance it states, and refuses the others without saying why, but for the clock', async () => {
    expect(signer.keyId).toMatch(new RegExp(doc.components.parameters.KeyId.schema.pattern));
    expect(described).toContain(`more than ${SIGNATURE_TOLERANCE_SECONDS} seconds from the house's clock`);
    expect(flat(doc.components.parameters.Timestamp.description)).toContain(`beyond ${SIGNATURE_TOLERANCE_SECONDS} seconds`);
    for (const timestamp of [NOW_SECONDS - SIGNATURE_TOLERANCE_SECONDS, NOW_SECONDS + SIGNATURE_TOLERANCE_SECONDS])
      expect((await signed('POST /partner/v1/launch', TO_THE_LOBBY, { timestamp })).status, String(timestamp)).toBe(200);
    const { sessionId } = (await signed('POST /partner/v1/launch', TO_THE_LOBBY)).body;
    const ended = await signed('POST /partner/v1/sessions/end', { sessionId });
    expect([ended.status, ended.body]).toEqual([200, { ended: true }]);
    expect(propertiesOf('Ended')).toEqual(Object.keys(ended.body));

    const end = { sessionId: 'no-such-session' };
    const refused = async (answer: Promise<Answer>): Promise<string> => {
      const { status, body } = await answer;
      expect([status, body.error.code]).toEqual([401, 'UNAUTHENTICATED']);
      return body.error.message;
    };
    const unsaid = [
      await refused(send('POST /partner/v1/sessions/end', { body: JSON.stringify(end) })),
      await refused(signed('POST /partner/v1/sessions/end', end, { secret: 'wrong' })),
      await refused(signed('POST /partner/v1/sessions/end', end, { keyId: 'no-such-key' })),
    ];
    expect(new Set(unsaid).size).toBe(1);
    expect(unsaid[0]).not.toMatch(/clock|seconds/);
    for (const timestamp of [NOW_SECONDS - SIGNATURE_TOLERANCE_SECONDS - 1, NOW_SECONDS + SIGNATURE_TOLERANCE_SECONDS + 1])
      expect(await refused(signed('POST /partner/v1/sessions/end', end, { timestamp }))).toContain(
        `more than ${SIGNATURE_TOLERANCE_SECONDS} seconds from our clock`,
      );
  });

  it('asks, in WWW-Authenticate, for what each route takes: a partner signature, or a Bearer token', async () => {
    const challenged = documented.filter(({ operation }) => '401' in operation.responses);
    const unauthenticated = ROUTES.filter((route) => route.startsWith('POST /partner/') || route === 'POST /session/v1/refresh');
    expect(challenged.map(({ route }) => route).sort()).toEqual([...unauthenticated].sort());
    for (const { route, operation } of challenged) {
      const challenge = doc.components.headers[refName(operation.responses['401'].headers['WWW-Authenticate'].$ref)].schema.const;
      const [scheme] = Object.keys(operation.security[0]);
      expect(challenge, route).toBe(scheme === 'partnerSignature' ? doc.components.securitySchemes.partnerSignature.name : 'Bearer');
      const refused = await send(route, { body: '{}' });
      expect([refused.status, refused.headers.get('www-authenticate')], route).toEqual([401, challenge]);
    }
    const forged = await send('POST /session/v1/refresh', { headers: { authorization: 'Bearer not.a.token' } });
    expect([forged.status, forged.headers.get('www-authenticate')]).toEqual([401, 'Bearer']);
  });

  it('lists the languages and platforms the code takes', () => {
    expect(schemas.Language.enum).toEqual([...LANGUAGES]);
    expect(schemas.Platform.enum).toEqual([...PLATFORMS]);
    expect(schemas.LaunchRequest.properties.mode.enum).toEqual([...MODES]);
    expect(schemas.Session.properties.mode.enum).toEqual([...MODES]);
  });

  it('takes a demo launch as it states: no player, no session token, in chips', () => {
    const { playerId: _, sessionToken: __, ...noPlayer } = FULL;
    const demo = { ...noPlayer, mode: 'DEMO', currency: DEMO_CURRENCY };
    expect(schemas.LaunchRequest.then.properties.currency.const).toBe(DEMO_CURRENCY);
    expect(refusedField(demo)).toBeUndefined();
    expect(refusedField({ ...demo, playerId: 'ana' })).toBe('playerId');
    expect(refusedField({ ...demo, sessionToken: 'partner-token' })).toBe('sessionToken');
    expect(refusedField({ ...demo, currency: 'MOP' })).toBe('currency');
    expect(refusedField({ ...demo, mode: 'FUN' })).toBe('mode');
  });

  it('requires of a launch exactly the fields the code refuses one without', () => {
    expectTypeOf<keyof typeof FULL>().toEqualTypeOf<keyof LaunchRequest>();
    expect(propertiesOf('LaunchRequest')).toEqual(Object.keys(FULL).sort());
    expect(refusedField(FULL)).toBeUndefined();
    for (const field of Object.keys(FULL)) {
      const { [field as keyof typeof FULL]: _, ...without } = FULL;
      const refused = refusedField(without);
      // Required of every launch, or of every launch but a demo one (the schema's else).
      const required = [...schemas.LaunchRequest.required, ...schemas.LaunchRequest.else.required];
      expect(refused !== undefined, `a launch without ${field}`).toBe(required.includes(field));
      if (refused !== undefined) expect(refused).toBe(field);
    }
    const LAUNCHED = ['launchUrl', 'sessionId', 'codeExpiresAt'] as const;
    expectTypeOf<(typeof LAUNCHED)[number]>().toEqualTypeOf<keyof Launched>();
    expect(propertiesOf('Launched')).toEqual([...LAUNCHED].sort());
    expect(schemas.Launched.required).toEqual([...LAUNCHED]);
  });

  it("takes a launch's fields in the forms it states, and no others", () => {
    const form = (name: string) => new RegExp(schemas[name].pattern);
    const forms: Record<string, [RegExp, string[]]> = {
      playerId: [form('Id'), ['ana', 'a.b_c@d+e:f|g-h', 'x'.repeat(128), 'x'.repeat(129), 'a b', 'a/b', '']],
      tableId: [form('Id'), ['T1', 'x'.repeat(129), 'a/b']],
      currency: [form('Currency'), ['MOP', 'mop', 'MO', 'MOPS']],
      country: [new RegExp(schemas.LaunchRequest.properties.country.pattern), ['MO', 'mo', 'MAC', '']],
    };
    for (const [field, [pattern, values]] of Object.entries(forms))
      for (const value of values)
        expect(refusedField({ ...FULL, [field]: value }) === undefined, `${field} ${JSON.stringify(value)}`).toBe(pattern.test(value));
    expect(schemas.Id.pattern).toBe(SUBJECT.source);
    expect(schemas.LaunchRequest.properties.sessionToken.pattern).toBe(SESSION_TOKEN.source);

    const { maxLength } = schemas.PartnerUrl;
    const base = 'https://casino.partner.example/';
    for (const [url, taken] of [
      [base, true],
      [base + 'x'.repeat(maxLength - base.length), true],
      [base + 'x'.repeat(maxLength - base.length + 1), false],
      ['http://localhost:3000/lobby', true],
      ['http://casino.partner.example/', false],
      ['https://user:password@casino.partner.example/', false],
      ['javascript:alert(1)', false],
      ['/lobby', false],
    ] as const) {
      expect(refusedField({ ...FULL, lobbyUrl: url }) === undefined, url).toBe(taken);
      expect(refusedField({ ...FULL, cashierUrl: url }) === undefined, url).toBe(taken);
    }
    expect(flat(schemas.PartnerUrl.description)).toContain(`at most ${maxLength} characters`);
  });

  it('answers a launch, and the token its code is exchanged for, in the shapes it states, for as long as it states', async () => {
    const table = await api.openTable();
    const { issuer } = (await send('GET /.well-known/openid-configuration')).body;
    const keys = createLocalJWKSet((await send('GET /.well-known/jwks.json')).body);
    const answers = [];
    for (const launch of [TO_THE_LOBBY, { ...FULL, tableId: table }]) {
      const launched = await signed('POST /partner/v1/launch', launch);
      expect(launched.status).toBe(200);
      expect(Object.keys(launched.body).sort()).toEqual(propertiesOf('Launched'));
      expect(Date.parse(launched.body.codeExpiresAt) - Date.parse(NOW)).toBe(LAUNCH_CODE_SECONDS * 1_000);
      const code = new URL(launched.body.launchUrl).searchParams.get('code')!;
      expect(code).toMatch(new RegExp(schemas.TokenRequest.properties.code.pattern));
      const exchanged = await send('POST /session/v1/token', { body: JSON.stringify({ code }) });
      expect(exchanged.status).toBe(200);
      const refreshed = await send('POST /session/v1/refresh', { headers: { authorization: `Bearer ${exchanged.body.token}` } });
      expect(refreshed.status).toBe(200);
      answers.push(exchanged.body, refreshed.body);
    }
    for (const answer of answers) {
      expect(Object.keys(answer).sort()).toEqual(propertiesOf('TokenAnswer'));
      expect(Object.keys(answer.session).sort()).toEqual(propertiesOf('Session'));
      expect([...schemas.Session.required].sort()).toEqual(propertiesOf('Session'));
      expect(JSON.stringify(answer.session)).not.toContain(FULL.sessionToken);
      expect(answer.session).toMatchObject({ partner: PARTNER_ID, playerId: 'ana' });
      expect(Date.parse(answer.expiresAt) - Date.parse(NOW)).toBe(PLAYER_TOKEN_SECONDS * 1_000);
      // An RS256 JWT checked with the keys published, under the issuer named, with the claims stated.
      const { payload, protectedHeader } = await jwtVerify(answer.token, keys, { issuer, audience: PLAYER_TOKEN_AUDIENCE });
      expect(protectedHeader.alg).toBe('RS256');
      expect(payload).toMatchObject({ sub: 'ana', partner: PARTNER_ID, sid: answer.session.sessionId });
      expect(payload.exp! - payload.iat!).toBe(PLAYER_TOKEN_SECONDS);
    }
    expect(flat(schemas.TokenAnswer.properties.token.description)).toContain(`\`aud\` ${PLAYER_TOKEN_AUDIENCE}`);
    // The lobby's session answers null for what it lacks; a table's, its own.
    expect(answers[0].session).toMatchObject({ tableId: null, lobbyUrl: null, cashierUrl: null });
    expect(answers[2].session).toMatchObject({ tableId: table, lobbyUrl: FULL.lobbyUrl, cashierUrl: FULL.cashierUrl });
    const notACode = await send('POST /session/v1/token', { body: JSON.stringify({ code: 'x'.repeat(42) }) });
    expect(notACode.body.error).toMatchObject({ code: 'BAD_USER_INPUT', field: 'code' });
  });

  it('publishes the keys and the issuer in the shape it states, cached as it states', async () => {
    const configuration = await send('GET /.well-known/openid-configuration');
    expect(Object.keys(configuration.body).sort()).toEqual(propertiesOf('OpenIdConfiguration'));
    const { issuer } = configuration.body;
    expect(configuration.body.jwks_uri).toBe(`${issuer}/.well-known/jwks.json`);
    expect(configuration.body.id_token_signing_alg_values_supported).toEqual(['RS256']);
    const jwks = await send('GET /.well-known/jwks.json');
    const key = schemas.Jwks.properties.keys.items;
    // The key signing now and the next; after a rotation, the last one too (test/api/sessions/launch.test.ts).
    expect(jwks.body.keys.length).toBeGreaterThanOrEqual(2);
    expect(jwks.body.keys.length).toBeLessThanOrEqual(schemas.Jwks.properties.keys.maxItems);
    for (const published of jwks.body.keys) {
      expect(Object.keys(published).sort()).toEqual(Object.keys(key.properties).sort());
      for (const [name, property] of Object.entries(key.properties) as [string, any][])
        if ('const' in property) expect(published[name], name).toBe(property.const);
    }
    for (const answer of [configuration, jwks])
      expect(answer.headers.get('cache-control')).toBe(doc.components.headers.PublicCache.schema.const);
    expect((await send('POST /session/v1/refresh')).headers.get('cache-control')).toBe('no-store');
  });

  it('states the numbers the code keeps', async () => {
    expect(described).toContain(`The code is good once, for ${LAUNCH_CODE_SECONDS} seconds`);
    expect(flat(schemas.Launched.properties.codeExpiresAt.description)).toContain(`${LAUNCH_CODE_SECONDS} seconds after the launch`);
    expect(flat(doc.paths['/session/v1/token'].post.description)).toContain(`good once, for ${LAUNCH_CODE_SECONDS} seconds`);

    const tokenMinutes = PLAYER_TOKEN_SECONDS / 60;
    expect(described).toContain(`A token lasts ${tokenMinutes} minutes`);
    expect(described).toContain(`the tokens already issued are refused within ${SESSION_CHECK_MS / 1_000} seconds`);
    expect(flat(schemas.TokenAnswer.properties.expiresAt.description)).toContain(`${tokenMinutes} minutes after it was issued`);
    expect(flat(doc.paths['/partner/v1/sessions/end'].post.description)).toContain(`refused within ${SESSION_CHECK_MS / 1_000} seconds`);

    const idleMinutes = SESSION_IDLE_SECONDS / 60;
    expect(described).toContain(`after ${idleMinutes} minutes without play`);
    expect(flat(doc.paths['/session/v1/refresh'].post.description)).toContain(`its ${idleMinutes} minutes without play`);
    expect(flat(doc.paths['/session/v1/token'].post.responses['410'].description)).toContain(`${idleMinutes} minutes without play`);

    expect(described).toContain(`At most ${MAX_CREDENTIALS_IN_FORCE} credentials are in force`);
    expect(described).toContain('/play/graphql');

    // The body's limit in bytes of UTF-8, at it and past it: with characters of two bytes, fewer characters than bytes.
    const [, kb, bytes] = /Every body is at most (\d+) KB \((\d+) bytes, counted in UTF-8/.exec(described)!.map(Number);
    expect(kb! * 1024).toBe(bytes);
    const refusalOf = async (length: number) => {
      const room = length - '{"code":""}'.length;
      const body = `{"code":"${'é'.repeat(Math.floor(room / 2))}${'x'.repeat(room % 2)}"}`;
      expect([Buffer.byteLength(body), body.length < length]).toEqual([length, true]);
      return (await send('POST /session/v1/token', { body })).body.error;
    };
    expect(await refusalOf(bytes!)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'code' });
    expect(await refusalOf(bytes! + 1)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'body' });
  });

  it('lists exactly the error codes the routes answer, each with the status they answer it with', () => {
    expect(Object.keys(STATUS).length).toBeGreaterThan(5);
    expect([...schemas.ErrorCode.enum].sort()).toEqual(Object.keys(ANSWERED_STATUS).sort());
    expect(STATED_STATUS).toEqual(ANSWERED_STATUS);
    // (Every refusal met in this file is answered with its code's stated status, in Error's shape: see send.)

    // Each route's refusals name codes of the status they are under; together, every code.
    const named = new Set<string>();
    for (const { route, operation } of documented)
      for (const [status, response] of Object.entries(operation.responses) as [string, any][]) {
        if (status === '200') continue;
        const codes = schemas.ErrorCode.enum.filter((code: string) => new RegExp(`\\b${code}\\b`).test(response.description));
        expect(codes.length, `${route} ${status}`).toBeGreaterThan(0);
        for (const code of codes) expect(ANSWERED_STATUS[code], `${route} ${status} ${code}`).toBe(Number(status));
        for (const code of codes) named.add(code);
        expect(response.content['application/json'].schema.$ref, `${route} ${status}`).toBe('#/components/schemas/Error');
      }
    expect([...named].sort()).toEqual([...schemas.ErrorCode.enum].sort());
  });
});
