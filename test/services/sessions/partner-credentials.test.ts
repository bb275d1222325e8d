/**
 * A partner credential's key id is given to a partner to put in a header and on a command line
 * (`npm run launch -- --key-id <keyId>`): it never starts with a dash, which a command line
 * takes for an option, and fits the header's pattern (docs/partner-api.yaml).
 */
import { describe, expect, it } from 'vitest';
import { newKeyId } from '../../../functions/services/sessions/partner-credentials';

describe('a new key id', () => {
  it('is 18 hexadecimal characters, never the same twice, so never a leading dash', () => {
    const ids = Array.from({ length: 2_000 }, newKeyId);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{18}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
