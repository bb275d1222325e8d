import { SignJWT, exportJWK, generateKeyPair, importJWK, jwtVerify, type CryptoKey, type JWK } from 'jose';
import type { PlayerTokenIssuer } from '../services/kernel/player-token-issuer';
import type { WalletSecrets } from '../store/kernel/wallet-secrets';

const ALGORITHM = 'RS256';
/** Where the house's signing key is kept in the secret store: a private JWK, made on first use. */
export const PLAYER_TOKEN_KEY_NAME = 'house/player-token-key';
/** The audience of the house's player tokens: the API's, as the identity provider's tokens name it. */
export const PLAYER_TOKEN_AUDIENCE = 'casino-tables-api';

interface SigningKey {
  readonly kid: string;
  readonly privateKey: CryptoKey;
  readonly publicKey: CryptoKey;
  readonly publicJwk: JWK;
}

/**
 * The house's player tokens (sessions/player-tokens.ts), signed RS256 with a key kept in the
 * secret store (Secrets Manager in AWS, a file locally), published as a JWKS for whoever checks
 * them (API Gateway's authorizer, the local one). The key is read once per process.
 */
export function playerTokenIssuer(issuer: string, secrets: WalletSecrets): PlayerTokenIssuer {
  let key: Promise<SigningKey> | undefined;
  const signingKey = () => (key ??= keptSigningKey(secrets).catch((error: unknown) => ((key = undefined), Promise.reject(error))));
  return {
    issuer,
    async sign(claims, lifetimeSeconds) {
      const { kid, privateKey } = await signingKey();
      return new SignJWT({ partner: claims.partner, sid: claims.sid })
        .setProtectedHeader({ alg: ALGORITHM, kid, typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuer(issuer)
        .setAudience(PLAYER_TOKEN_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${lifetimeSeconds}s`)
        .sign(privateKey);
    },
    async verify(token) {
      const { kid, publicKey } = await signingKey();
      try {
        const { payload, protectedHeader } = await jwtVerify(token, publicKey, {
          issuer,
          audience: PLAYER_TOKEN_AUDIENCE,
          algorithms: [ALGORITHM],
          requiredClaims: ['exp', 'sub', 'sid'],
        });
        if (protectedHeader.kid !== kid || typeof payload.partner !== 'string' || typeof payload.sid !== 'string') return undefined;
        return { ...payload, sub: payload.sub!, partner: payload.partner, sid: payload.sid };
      } catch {
        return undefined;
      }
    },
    async jwks() {
      return { keys: [(await signingKey()).publicJwk] };
    },
  };
}

/** The kept key; the first process to need one makes it. */
async function keptSigningKey(secrets: WalletSecrets): Promise<SigningKey> {
  let text = await secrets.get(PLAYER_TOKEN_KEY_NAME);
  if (text === undefined) {
    const generated = await generateKeyPair(ALGORITHM, { extractable: true });
    text = JSON.stringify({ ...(await exportJWK(generated.privateKey)), kid: `house-${Date.now().toString(36)}`, alg: ALGORITHM });
    await secrets.put(PLAYER_TOKEN_KEY_NAME, text);
  }
  const jwk = JSON.parse(text) as JWK;
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = jwk;
  return {
    kid: jwk.kid!,
    privateKey: (await importJWK(jwk, ALGORITHM)) as CryptoKey,
    publicKey: (await importJWK(publicJwk, ALGORITHM)) as CryptoKey,
    publicJwk: { ...publicJwk, use: 'sig' },
  };
}
