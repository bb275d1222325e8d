/**
 * Stands in for API Gateway's JWT authorizer on this machine: it signs tokens with a key made
 * here (nothing leaves the machine, nothing is downloaded) and verifies them the way the
 * authorizer does (signature, issuer, audience, expiry), handing the handler the same claims.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { SignJWT, exportJWK, generateKeyPair, importJWK, jwtVerify, type JWTPayload, type CryptoKey } from 'jose';

export const LOCAL_ISSUER = 'https://casino-tables.local/';
export const LOCAL_AUDIENCE = 'casino-tables-api';

export interface DevAuthorizer {
  /** A bearer token for `sub` with `roles` (e.g. dealer, operator), valid for 12 hours. */
  issueToken(sub: string, roles?: readonly string[]): Promise<string>;
  /** The verified claims of an `Authorization` header, or null if it is missing or invalid. */
  verify(authorization: string | undefined): Promise<JWTPayload | null>;
}

/**
 * With `keyFile`, the signing key is kept there (created on first use), so tokens stay valid
 * across restarts of `npm start`; without it, a fresh key lives as long as the process.
 */
export async function createDevAuthorizer(keyFile?: string): Promise<DevAuthorizer> {
  const { privateKey, publicKey } = keyFile ? await keptKeyPair(keyFile) : await generateKeyPair('ES256');
  return {
    issueToken: (sub, roles = []) => sign(privateKey, sub, roles),
    async verify(authorization) {
      const token = /^Bearer (\S+)$/i.exec(authorization ?? '')?.[1];
      if (!token) return null;
      try {
        const { payload } = await jwtVerify(token, publicKey, { issuer: LOCAL_ISSUER, audience: LOCAL_AUDIENCE });
        return payload;
      } catch {
        return null;
      }
    },
  };
}

function sign(key: CryptoKey, sub: string, roles: readonly string[]): Promise<string> {
  return new SignJWT(roles.length > 0 ? { roles: [...roles] } : {})
    .setProtectedHeader({ alg: 'ES256' })
    .setSubject(sub)
    .setIssuer(LOCAL_ISSUER)
    .setAudience(LOCAL_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime('12h')
    .sign(key);
}

async function keptKeyPair(keyFile: string): Promise<{ privateKey: CryptoKey; publicKey: CryptoKey }> {
  if (!existsSync(keyFile)) {
    const generated = await generateKeyPair('ES256', { extractable: true });
    mkdirSync(dirname(keyFile), { recursive: true });
    writeFileSync(keyFile, JSON.stringify(await exportJWK(generated.privateKey)), { mode: 0o600 });
  }
  const jwk = JSON.parse(readFileSync(keyFile, 'utf8')) as { kty: string; crv: string; x: string; y: string; d: string };
  const { d: _private, ...publicJwk } = jwk;
  return {
    privateKey: (await importJWK(jwk, 'ES256')) as CryptoKey,
    publicKey: (await importJWK(publicJwk, 'ES256')) as CryptoKey,
  };
}
