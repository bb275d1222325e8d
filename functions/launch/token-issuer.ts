import { SignJWT, exportJWK, generateKeyPair, importJWK, jwtVerify, type CryptoKey, type JWK } from 'jose';
import { PLAYER_TOKEN_KEY_NAME, type PlayerTokenIssuer } from '../services/kernel/player-token-issuer';
import type { WalletSecrets } from '../store/kernel/wallet-secrets';

const ALGORITHM = 'RS256';
/** The audience of the house's player tokens: the API's, as the identity provider's tokens name it. */
export const PLAYER_TOKEN_AUDIENCE = 'casino-tables-api';
/**
 * How long a process keeps the keys it read: after a rotation, another process signs with the
 * key before for this long at most, which stays published (as the last) until the rotation after.
 */
const KEYS_KEPT_MS = 5 * 60_000;

/**
 * The keys, as kept: the one signing now, the next (published a rotation ahead, so that whoever
 * caches the JWKS knows it before a token bears it), and the last (its tokens still checked).
 */
interface KeptKeys {
  readonly current: JWK;
  readonly next: JWK;
  readonly previous?: JWK;
}

interface SigningKey {
  readonly kid: string;
  readonly privateKey: CryptoKey;
  readonly publicJwk: JWK;
  readonly publicKey: CryptoKey;
}

interface KeyRing {
  readonly signing: SigningKey;
  readonly published: readonly SigningKey[];
}

/**
 * The house's player tokens (sessions/player-tokens.ts), signed RS256 with keys kept in the secret
 * store (Secrets Manager in AWS, a file locally), published as a JWKS for whoever checks them (API
 * Gateway's authorizer, the local one). The keys are read once per KEYS_KEPT_MS per process.
 */
export function playerTokenIssuer(issuer: string, secrets: WalletSecrets): PlayerTokenIssuer {
  let ring: { keys: Promise<KeyRing>; readAt: number } | undefined;
  const keyRing = () => {
    if (!ring || performance.now() - ring.readAt > KEYS_KEPT_MS) {
      const keys = keptKeys(secrets).then(ringOf);
      keys.catch(() => (ring = undefined));
      ring = { keys, readAt: performance.now() };
    }
    return ring.keys;
  };
  return {
    issuer,
    async sign(claims, lifetimeSeconds) {
      const { signing } = await keyRing();
      return new SignJWT({ partner: claims.partner, sid: claims.sid })
        .setProtectedHeader({ alg: ALGORITHM, kid: signing.kid, typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuer(issuer)
        .setAudience(PLAYER_TOKEN_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${lifetimeSeconds}s`)
        .sign(signing.privateKey);
    },
    async verify(token) {
      const { published } = await keyRing();
      try {
        const { payload } = await jwtVerify(
          token,
          async (header) => {
            const key = published.find((one) => one.kid === header.kid);
            if (!key) throw new Error('not a key of ours');
            return key.publicKey;
          },
          { issuer, audience: PLAYER_TOKEN_AUDIENCE, algorithms: [ALGORITHM], requiredClaims: ['exp', 'sub', 'sid'] },
        );
        if (typeof payload.partner !== 'string' || typeof payload.sid !== 'string') return undefined;
        return { ...payload, sub: payload.sub!, partner: payload.partner, sid: payload.sid };
      } catch {
        return undefined;
      }
    },
    async jwks() {
      return { keys: (await keyRing()).published.map((key) => key.publicJwk) };
    },
    async rotate(fromKeyId) {
      const kept = await keptKeys(secrets);
      if (kept.current.kid !== fromKeyId) return undefined;
      const rotated: KeptKeys = { previous: kept.current, current: kept.next, next: await newKey() };
      await secrets.put(PLAYER_TOKEN_KEY_NAME, JSON.stringify(rotated), { rotating: true });
      ring = undefined;
      return rotated.current.kid!;
    },
  };
}

/** The kept keys; the first process to need them makes them. A key kept alone (before rotation) is the one signing. */
async function keptKeys(secrets: WalletSecrets): Promise<KeptKeys> {
  const text = await secrets.get(PLAYER_TOKEN_KEY_NAME);
  const kept = text === undefined ? undefined : (JSON.parse(text) as KeptKeys | JWK);
  if (kept && 'current' in kept) return kept;
  const keys: KeptKeys = { current: (kept as JWK | undefined) ?? (await newKey()), next: await newKey() };
  // Rotating on the secret store's schedule (functions/workers/secret-rotation-handler.ts), as rotatePlayerTokenKeys rotates it by hand.
  await secrets.put(PLAYER_TOKEN_KEY_NAME, JSON.stringify(keys), { rotating: true });
  // Read back: of two processes making them at once, the keys kept are the last one's, for both.
  return JSON.parse((await secrets.get(PLAYER_TOKEN_KEY_NAME))!) as KeptKeys;
}

async function newKey(): Promise<JWK> {
  const generated = await generateKeyPair(ALGORITHM, { extractable: true });
  return {
    ...(await exportJWK(generated.privateKey)),
    kid: `house-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
    alg: ALGORITHM,
  };
}

async function ringOf(kept: KeptKeys): Promise<KeyRing> {
  const signing = await signingKeyOf(kept.current);
  const others = await Promise.all([kept.next, ...(kept.previous ? [kept.previous] : [])].map(signingKeyOf));
  return { signing, published: [signing, ...others] };
}

async function signingKeyOf(jwk: JWK): Promise<SigningKey> {
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = jwk;
  return {
    kid: jwk.kid!,
    privateKey: (await importJWK(jwk, ALGORITHM)) as CryptoKey,
    publicKey: (await importJWK(publicJwk, ALGORITHM)) as CryptoKey,
    publicJwk: { ...publicJwk, use: 'sig' },
  };
}
