import { describe, expect, it } from 'vitest';
import {
  checkSignature,
  signatureOf,
  signedHeaders,
  SIGNATURE_HEADER,
  SIGNATURE_TOLERANCE_SECONDS,
  TIMESTAMP_HEADER,
} from '../../functions/wallet/wallet-signature';

const SECRET = 'shared-secret';
const BODY = '{"requestId":"r-1","playerId":"p-1","currency":"MOP"}';
const NOW = 1_790_000_000;
const headersOf = (signed: Record<string, string>) => ({ timestamp: signed[TIMESTAMP_HEADER], signature: signed[SIGNATURE_HEADER] });

describe('a wallet call signature', () => {
  it('is HMAC-SHA256 over the timestamp, a dot and the raw body, as lowercase hex after v1=', () => {
    // Computed apart, as a partner would check it: printf '1790000000.<body>' | openssl dgst -sha256 -hmac shared-secret
    expect(signatureOf(SECRET, NOW, BODY)).toBe('v1=895b34f2e4e58a588d41b86356efaa9c376aa8d770c44a982c5307e09e059ff8');
  });

  it('checks as valid with the same secret and body, within the tolerance either way', () => {
    const signed = headersOf(signedHeaders(SECRET, BODY, NOW));
    expect(checkSignature(SECRET, BODY, signed, NOW)).toBe('VALID');
    expect(checkSignature(SECRET, BODY, signed, NOW + SIGNATURE_TOLERANCE_SECONDS)).toBe('VALID');
    expect(checkSignature(SECRET, BODY, signed, NOW - SIGNATURE_TOLERANCE_SECONDS)).toBe('VALID');
  });

  it('is refused when stale, for another body or secret, missing, or malformed', () => {
    const signed = headersOf(signedHeaders(SECRET, BODY, NOW));
    expect(checkSignature(SECRET, BODY, signed, NOW + SIGNATURE_TOLERANCE_SECONDS + 1)).toBe('STALE');
    expect(checkSignature(SECRET, BODY.replace('p-1', 'p-2'), signed, NOW)).toBe('WRONG');
    expect(checkSignature('another-secret', BODY, signed, NOW)).toBe('WRONG');
    expect(checkSignature(SECRET, BODY, { timestamp: String(NOW + 1), signature: signed.signature }, NOW)).toBe('WRONG');
    expect(checkSignature(SECRET, BODY, { timestamp: undefined, signature: signed.signature }, NOW)).toBe('MISSING');
    expect(checkSignature(SECRET, BODY, { timestamp: String(NOW), signature: undefined }, NOW)).toBe('MISSING');
    expect(checkSignature(SECRET, BODY, { timestamp: '1e9', signature: signed.signature }, NOW)).toBe('WRONG');
    expect(checkSignature(SECRET, BODY, { timestamp: String(NOW), signature: 'v1=00' }, NOW)).toBe('WRONG');
  });
});
