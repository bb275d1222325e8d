import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * How each call to a partner's wallet, and each of its answers, is signed (docs/WALLET.md,
 * "Signatures"): HMAC-SHA256, with the secret the partner and the house share, over the
 * timestamp, a dot and the raw body, as lowercase hex. The timestamp is whole seconds since the
 * epoch; a call whose timestamp is more than SIGNATURE_TOLERANCE_SECONDS from the receiver's
 * clock is refused, so that a captured call cannot be sent again later.
 */
export const TIMESTAMP_HEADER = 'x-wallet-timestamp';
export const SIGNATURE_HEADER = 'x-wallet-signature';
/** The signature scheme's version, the header value's prefix: a later scheme gets another. */
const SCHEME = 'v1=';
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The signature of `body` at `timestamp`, as the header carries it. */
export function signatureOf(secret: string, timestamp: number, body: string): string {
  return SCHEME + createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The two headers a signed call or answer carries. */
export function signedHeaders(secret: string, body: string, nowSeconds: number): Record<string, string> {
  return { [TIMESTAMP_HEADER]: String(nowSeconds), [SIGNATURE_HEADER]: signatureOf(secret, nowSeconds, body) };
}

export type SignatureCheck = 'VALID' | 'MISSING' | 'STALE' | 'WRONG';

/**
 * Whether the headers sign `body` with `secret` at a time within the tolerance of `nowSeconds`.
 * Compared in constant time: a forger learns nothing from how fast a wrong signature is refused.
 */
export function checkSignature(
  secret: string,
  body: string,
  headers: { readonly timestamp: string | undefined; readonly signature: string | undefined },
  nowSeconds: number,
): SignatureCheck {
  if (!headers.timestamp || !headers.signature) return 'MISSING';
  if (!/^\d{1,12}$/.test(headers.timestamp)) return 'WRONG';
  const timestamp = Number(headers.timestamp);
  if (Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return 'STALE';
  const expected = Buffer.from(signatureOf(secret, timestamp, body));
  const given = Buffer.from(headers.signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? 'VALID' : 'WRONG';
}
