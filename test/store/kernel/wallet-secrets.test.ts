/**
 * The secret store's update (functions/store/kernel/wallet-secrets.ts): a read and a write that no
 * other writer comes between, so that processes moving a partner's secret ring at once never undo
 * one another's move. Locally, the file's writes queue; in Secrets Manager, a version written from
 * another is named after it, so that of two writers that read the same version only one writes.
 */
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileSecrets, versionAfter } from '../../../functions/store/kernel/wallet-secrets';

describe('a local secret file', () => {
  it('updates a secret from what it holds, every concurrent update applied in turn, none lost', async () => {
    const secrets = fileSecrets(join(tmpdir(), `secrets-${randomUUID()}.json`));
    await secrets.put('acme', '0');
    const updates = Array.from({ length: 20 }, () => secrets.update('acme', (text) => String(Number(text) + 1)));
    await Promise.all(updates);
    expect(await secrets.get('acme')).toBe('20');
  });

  it('writes nothing when the change says so, answering what the secret holds; a failed change leaves it and the queue as they were', async () => {
    const secrets = fileSecrets(join(tmpdir(), `secrets-${randomUUID()}.json`));
    expect(await secrets.update('acme', () => undefined)).toBeUndefined();
    expect(await secrets.get('acme')).toBeUndefined();
    await secrets.put('acme', 'kept');
    await expect(
      secrets.update('acme', () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await secrets.update('acme', () => undefined)).toBe('kept');
    expect(await secrets.update('other', () => 'made')).toBe('made');
    expect(await secrets.get('other')).toBe('made');
  });
});

describe('a Secrets Manager version written from another', () => {
  it('is named after the version it was written from: the same for every writer that read it, another for any other', () => {
    const id = versionAfter('a1b2c3d4-0000-4000-8000-000000000001');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(versionAfter('a1b2c3d4-0000-4000-8000-000000000001')).toBe(id);
    expect(versionAfter('a1b2c3d4-0000-4000-8000-000000000002')).not.toBe(id);
    // Never the version it follows: a write from a version is always a version of its own.
    expect(versionAfter(id)).not.toBe(id);
  });
});
