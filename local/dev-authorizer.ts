/**
 * Stands in for API Gateway's JWT authorizer on this machine: it signs tokens with a key made
 * at start-up (nothing leaves the machine, nothing is downloaded) and verifies them the way the
 * authorizer does (signature, issuer, audience, expiry), handing the handler the same claims.
 */
import { SignJWT, generateKeyPair, jwtVerify, type JWTPayload, type CryptoKey } from 'jose';

export const LOCAL_ISSUER = 'https://casino-tables.local/';
export const LOCAL_AUDIENCE = 'casino-tables-api';

export interface DevAuthorizer {
  /** A bearer token for `sub`, valid for `hours`. */
  issueToken(sub: string, hours?: number): Promise<string>;
  /** The verified claims of an `Authorization` header, or null if it is missing or invalid. */
  verify(authorization: string | undefined): Promise<JWTPayload | null>;
}

export async function createDevAuthorizer(): Promise<DevAuthorizer> {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  return {
    issueToken: (sub, hours = 12) => sign(privateKey, sub, hours),
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

function sign(key: CryptoKey, sub: string, hours: number): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256' })
    .setSubject(sub)
    .setIssuer(LOCAL_ISSUER)
    .setAudience(LOCAL_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${hours}h`)
    .sign(key);
}
