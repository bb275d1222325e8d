/**
 * Stands in for API Gateway's JWT authorizer on this machine: it signs tokens with a key made
 * at start-up (nothing leaves the machine, nothing is downloaded) and verifies them the way the
 * authorizer does (signature, issuer, audience, expiry), handing the handler the same claims.
 */
import { SignJWT, generateKeyPair, jwtVerify, type JWTPayload, type CryptoKey } from 'jose';

export const LOCAL_ISSUER = 'https://casino-tables.local/';
export const LOCAL_AUDIENCE = 'casino-tables-api';

export interface DevAuthorizer {
  /** A bearer token for `sub` with `roles` (e.g. dealer, operator), valid for 12 hours. */
  issueToken(sub: string, roles?: readonly string[]): Promise<string>;
  /** The verified claims of an `Authorization` header, or null if it is missing or invalid. */
  verify(authorization: string | undefined): Promise<JWTPayload | null>;
}

export async function createDevAuthorizer(): Promise<DevAuthorizer> {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
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
