import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { TokenVerifier } from './socket-protocol';

/** The clock skew API Gateway's JWT authorizer tolerates. */
const CLOCK_TOLERANCE_SECONDS = 60;

/**
 * Verifies tokens as the HTTP API's JWT authorizer does, for the WebSocket API (which has no JWT
 * authorizer, and whose clients send the token in `connection_init`): a signature by one of the
 * issuer's keys (from its OpenID discovery document), the issuer, an unexpired token, and an
 * `aud` or `client_id` among the audiences (Cognito's access tokens carry `client_id`).
 */
export function issuerVerifier(issuer: string, audiences: readonly string[]): TokenVerifier {
  let keys: Promise<JWTVerifyGetKey> | undefined;
  const keySet = () =>
    (keys ??= (async () => {
      const discovery = new URL('.well-known/openid-configuration', issuer.endsWith('/') ? issuer : `${issuer}/`);
      const response = await fetch(discovery);
      if (!response.ok) throw new Error(`OpenID discovery of ${issuer} answered ${response.status}`);
      const { jwks_uri } = (await response.json()) as { jwks_uri?: string };
      if (!jwks_uri) throw new Error(`OpenID discovery of ${issuer} names no jwks_uri`);
      return createRemoteJWKSet(new URL(jwks_uri));
    })().catch((error: unknown) => {
      keys = undefined;
      throw error;
    }));
  return async (authorization) => {
    const token = /^Bearer (\S+)$/i.exec(authorization ?? '')?.[1];
    if (!token) return null;
    try {
      const { payload } = await jwtVerify(token, await keySet(), {
        issuer,
        requiredClaims: ['exp'],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
      });
      const audience = [payload.aud ?? [], (payload as { client_id?: unknown }).client_id ?? []].flat();
      return audience.some((value) => typeof value === 'string' && audiences.includes(value)) ? payload : null;
    } catch {
      return null;
    }
  };
}

/** Either issuer's tokens: the identity provider's, and the house's own (PLAYER_TOKEN_ISSUER: a partner's launch). */
export function eitherVerifier(...verifiers: readonly TokenVerifier[]): TokenVerifier {
  return async (authorization) => {
    for (const verify of verifiers) {
      const payload = await verify(authorization);
      if (payload) return payload;
    }
    return null;
  };
}
