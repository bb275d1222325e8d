/** The local stand-in for API Gateway's JWT authorizer. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDevAuthorizer } from '../../local/dev-authorizer';

describe('the dev authorizer', () => {
  it("verifies its own tokens, with the caller's roles, and nothing else", async () => {
    const authorizer = await createDevAuthorizer();
    const claims = await authorizer.verify(`Bearer ${await authorizer.issueToken('p-1', ['dealer'])}`);
    expect(claims).toMatchObject({ sub: 'p-1', roles: ['dealer'] });
    expect(await authorizer.verify(undefined)).toBeNull();
    expect(await authorizer.verify('Bearer not-a-token')).toBeNull();
    const stranger = await createDevAuthorizer();
    expect(await authorizer.verify(`Bearer ${await stranger.issueToken('p-1')}`)).toBeNull();
  });

  it('with a key file, keeps accepting the tokens it issued before a restart', async () => {
    const keyFile = join(mkdtempSync(join(tmpdir(), 'dev-key-')), 'key.json');
    const token = await (await createDevAuthorizer(keyFile)).issueToken('p-2');
    const restarted = await createDevAuthorizer(keyFile);
    expect(await restarted.verify(`Bearer ${token}`)).toMatchObject({ sub: 'p-2' });
  });
});
