/** The local stand-in for API Gateway's JWT authorizer. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SignJWT, generateKeyPair, importJWK, type JWK } from 'jose';
import { LOCAL_AUDIENCE, LOCAL_ISSUER, createDevAuthorizer } from '../../local/dev-authorizer';

describe('the dev authorizer', () => {
  it("verifies its own tokens, with the caller's roles, and nothing else", async () => {
    const authorizer = await createDevAuthorizer();
    const claims = await authorizer.verify(`Bearer ${await authorizer.issueToken('p-1', ['dealer'])}`);
    expect(claims).toMatchObject({ sub: 'p-1', roles: ['dealer'] });
    expect(await authorizer.verify(undefined)).toBeNull();
    expect(await authorizer.verify('Bearer not-a-token')).toBeNull();
    const stranger = await createDevAuthorizer();
    expect(await authorizer.verify(`Bearer ${await stranger.issueToken('p-1')}`)).toBeNull();
  });

  it('with a key file, keeps accepting the tokens it issued before a restart', async () => {
    const keyFile = join(mkdtempSync(join(tmpdir(), 'dev-key-')), 'key.json');
    const token = await (await createDevAuthorizer(keyFile)).issueToken('p-2');
    const restarted = await createDevAuthorizer(keyFile);
    expect(await restarted.verify(`Bearer ${token}`)).toMatchObject({ sub: 'p-2' });
  });

  it("refuses what API Gateway's authorizer refuses: no expiry, an issue time in the future, an unknown key id, a key that is not RSA", async () => {
    const keyFile = join(mkdtempSync(join(tmpdir(), 'dev-key-')), 'key.json');
    const authorizer = await createDevAuthorizer(keyFile);
    const jwk = JSON.parse(readFileSync(keyFile, 'utf8')) as JWK;
    const key = await importJWK(jwk, 'RS256');
    const now = Math.floor(Date.now() / 1000);
    const token = (claims: Record<string, unknown>, header: { alg: string; kid?: string } = { alg: 'RS256', kid: jwk.kid }) =>
      new SignJWT({ iss: LOCAL_ISSUER, aud: LOCAL_AUDIENCE, sub: 'p-3', iat: now, exp: now + 600, ...claims })
        .setProtectedHeader(header)
        .sign(header.alg === 'RS256' ? key : header.alg === 'HS256' ? new TextEncoder().encode('a shared secret') : es256);
    const es256 = (await generateKeyPair('ES256')).privateKey;

    expect(await authorizer.verify(`Bearer ${await token({})}`)).toMatchObject({ sub: 'p-3' });
    expect(await authorizer.verify(`Bearer ${await token({ exp: undefined })}`)).toBeNull();
    expect(await authorizer.verify(`Bearer ${await token({ exp: now - 120 })}`)).toBeNull();
    expect(await authorizer.verify(`Bearer ${await token({ iat: now + 3_600 })}`)).toBeNull();
    expect(await authorizer.verify(`Bearer ${await token({}, { alg: 'RS256', kid: 'someone-else' })}`)).toBeNull();
    expect(await authorizer.verify(`Bearer ${await token({}, { alg: 'HS256', kid: jwk.kid })}`)).toBeNull();
    expect(await authorizer.verify(`Bearer ${await token({}, { alg: 'ES256', kid: jwk.kid })}`)).toBeNull();
  });
});
