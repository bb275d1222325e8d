/**
 * Stands in for API Gateway's JWT authorizer on this machine: it signs tokens with a key made
 * here (nothing leaves the machine, nothing is downloaded) and verifies them as the authorizer
 * does: an RSA signature by a key it knows (by `kid`), the issuer, the audience, an expiry that
 * has not passed and an issue time that is not in the future. It hands the handler the same
 * claims API Gateway would.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { PlayerTokenIssuer } from '../functions/services/kernel/player-token-issuer';
import { SignJWT, exportJWK, generateKeyPair, importJWK, jwtVerify, type JWTPayload, type CryptoKey, type JWK } from 'jose';

export const LOCAL_ISSUER = 'https://casino-tables.local/';
/** The house's own player tokens' issuer on this machine (a partner's launch: docs/LAUNCH.md). */
export const LOCAL_SESSIONS_ISSUER = 'https://casino-tables.local/sessions';
export const LOCAL_AUDIENCE = 'casino-tables-api';
const ALGORITHM = 'RS256';
/** The clock skew API Gateway tolerates. */
const CLOCK_TOLERANCE_SECONDS = 60;

/** Claims a token may carry beside its subject and roles (README, "Tokens"). */
export interface TokenClaims {
  /** The tables a dealer runs. */
  readonly tables?: readonly string[];
  /** The partner platform the caller belongs to. */
  readonly partner?: string;
}

/** How long a local token is valid. */
export const TOKEN_LIFETIME_SECONDS = 12 * 60 * 60;

export interface DevAuthorizer {
  /** A bearer token for `sub` with `roles` (player, dealer, operator) and other claims, valid for TOKEN_LIFETIME_SECONDS. */
  issueToken(sub: string, roles?: readonly string[], claims?: TokenClaims): Promise<string>;
  /** The verified claims of an `Authorization` header, or null if it is missing or invalid: a token of the local identity provider's. */
  verify(authorization: string | undefined): Promise<JWTPayload | null>;
  /** The same for the house's own player tokens (a partner's launch), as /play/graphql's authorizer checks them in AWS. */
  verifyPlayerToken(authorization: string | undefined): Promise<JWTPayload | null>;
  /** Either issuer's token, as the WebSocket's connection_init is checked in AWS. */
  verifyEither(authorization: string | undefined): Promise<JWTPayload | null>;
}

interface KeyPair {
  readonly kid: string;
  readonly privateKey: CryptoKey;
  readonly publicKey: CryptoKey;
}

/**
 * With `keyFile`, the signing key is kept there (created on first use), so tokens stay valid
 * across restarts of `npm start`; without it, a fresh key lives as long as the process. With
 * `sessions`, the house's own player tokens are trusted too, as API Gateway trusts both issuers.
 */
export async function createDevAuthorizer(keyFile?: string, { sessions }: { sessions?: PlayerTokenIssuer } = {}): Promise<DevAuthorizer> {
  const keys = keyFile ? await keptKeyPair(keyFile) : { kid: 'local-1', ...(await generateKeyPair(ALGORITHM)) };
  const authorizer: DevAuthorizer = {
    issueToken: (sub, roles = [], claims = {}) => sign(keys, sub, roles, claims),
    async verifyPlayerToken(authorization) {
      const token = /^Bearer (\S+)$/i.exec(authorization ?? '')?.[1];
      return token ? ((await sessions?.verify(token)) ?? null) : null;
    },
    async verifyEither(authorization) {
      return (await authorizer.verify(authorization)) ?? authorizer.verifyPlayerToken(authorization);
    },
    async verify(authorization) {
      const token = /^Bearer (\S+)$/i.exec(authorization ?? '')?.[1];
      if (!token) return null;
      try {
        const { payload, protectedHeader } = await jwtVerify(token, keys.publicKey, {
          issuer: LOCAL_ISSUER,
          audience: LOCAL_AUDIENCE,
          algorithms: [ALGORITHM],
          requiredClaims: ['exp'],
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
        });
        if (protectedHeader.kid !== keys.kid) return null;
        if (typeof payload.iat === 'number' && payload.iat > Date.now() / 1000 + CLOCK_TOLERANCE_SECONDS) return null;
        return payload;
      } catch {
        return null;
      }
    },
  };
  return authorizer;
}

/**
 * The claims a token issued for `sub` with `roles` and `claims` says who the caller is with, as the
 * API reads them (graphql/context.ts `callerFromClaims`): `npm run token` checks them there before
 * it signs.
 */
export function identityClaims(sub: string, roles: readonly string[] = [], claims: TokenClaims = {}): Record<string, unknown> {
  return {
    sub,
    ...(roles.length > 0 ? { roles: [...roles] } : {}),
    ...(claims.tables ? { tables: [...claims.tables] } : {}),
    ...(claims.partner !== undefined ? { partner: claims.partner } : {}),
  };
}

function sign(keys: KeyPair, sub: string, roles: readonly string[], claims: TokenClaims): Promise<string> {
  const { sub: _sub, ...others } = identityClaims(sub, roles, claims);
  return new SignJWT(others)
    .setProtectedHeader({ alg: ALGORITHM, kid: keys.kid })
    .setSubject(sub)
    .setIssuer(LOCAL_ISSUER)
    .setAudience(LOCAL_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${TOKEN_LIFETIME_SECONDS}s`)
    .sign(keys.privateKey);
}

/** The kept key pair; a key of another kind (an older local key) is replaced, its tokens then refused. */
async function keptKeyPair(keyFile: string): Promise<KeyPair> {
  const read = existsSync(keyFile) ? (JSON.parse(readFileSync(keyFile, 'utf8')) as JWK) : undefined;
  let jwk = read;
  if (!jwk || jwk.kty !== 'RSA' || !jwk.kid) {
    const generated = await generateKeyPair(ALGORITHM, { extractable: true });
    jwk = { ...(await exportJWK(generated.privateKey)), kid: `local-${Date.now()}` };
    mkdirSync(dirname(keyFile), { recursive: true });
    writeFileSync(keyFile, JSON.stringify(jwk), { mode: 0o600 });
  }
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = jwk;
  return {
    kid: jwk.kid!,
    privateKey: (await importJWK(jwk, ALGORITHM)) as CryptoKey,
    publicKey: (await importJWK(publicJwk, ALGORITHM)) as CryptoKey,
  };
}
