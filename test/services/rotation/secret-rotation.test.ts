/**
 * The rotation function's steps (functions/services/rotation/secret-rotation.ts) on a partner's
 * wallet secret ring, Secrets Manager played locally (local/secret-rotation.ts) over a store of
 * files: a scheduled rotation adds a next secret, and never undoes what happened to the ring
 * between its steps (a move, an operator's rotation); what it does not rotate it leaves alone.
 */
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileSecrets } from '../../../functions/store/kernel/wallet-secrets';
import { rotateSecretStep, secretKindOf, type RotationEvent } from '../../../functions/services/rotation/secret-rotation';
import type { ServiceDependencies } from '../../../functions/services/kernel/services';
import { moved, ringOf, ringText, withNext } from '../../../functions/services/wallet/secret-ring';
import { localSecretRotation } from '../../../local/secret-rotation';

const NOW = '2026-05-01T00:00:00.000Z';
const OLD = 'o'.repeat(40);

function setUp() {
  const secrets = fileSecrets(join(tmpdir(), `rotation-${randomUUID()}.json`));
  const deps = { now: () => NOW, walletSecrets: secrets } as unknown as ServiceDependencies;
  const local = localSecretRotation(secrets);
  const rotator = (event: RotationEvent) => rotateSecretStep(deps, local.versions, event);
  return { secrets, local, rotator, ring: async (name: string) => ringOf((await secrets.get(name))!) };
}

describe('a scheduled rotation of a wallet secret ring', () => {
  it('adds a next secret, the one in use unchanged', async () => {
    const { secrets, local, rotator, ring } = setUp();
    await secrets.put('acme', OLD);
    await local.rotate('acme', rotator);
    expect(await ring('acme')).toEqual({ current: OLD, next: expect.stringMatching(/^[0-9a-f]{64}$/), nextMadeAt: NOW });
  });

  it('makes nothing of a ring with a next secret waiting: the partner may hold it', async () => {
    const { secrets, local, rotator } = setUp();
    const waiting = ringText(withNext({ current: OLD }, 'n'.repeat(64), NOW));
    await secrets.put('acme', waiting);
    await local.rotate('acme', rotator);
    expect(await secrets.get('acme')).toBe(waiting);
  });

  it('leaves a ring rotated on demand, or moved, between its steps as it became', async () => {
    const { secrets, local, rotator } = setUp();
    await secrets.put('acme', OLD);
    const onDemand = ringText(withNext({ current: OLD }, 'd'.repeat(64), NOW));
    await local.rotate('acme', rotator, async (step) => {
      if (step === 'finishSecret') await secrets.put('acme', onDemand);
    });
    expect(await secrets.get('acme')).toBe(onDemand);

    const movedSince = ringText(moved(ringOf(onDemand), NOW, 60_000)!);
    await local.rotate('acme', rotator, async (step) => {
      if (step === 'testSecret') await secrets.put('acme', movedSince);
    });
    expect(await secrets.get('acme')).toBe(movedSince);
  });
});

describe('what a rotation is of', () => {
  it('is told by the name the secret has in the store', () => {
    expect(secretKindOf('acme')).toEqual({ kind: 'WALLET', partner: 'acme' });
    expect(secretKindOf('acme/launch/Ab_c-9')).toEqual({ kind: 'CREDENTIAL', partner: 'acme', keyId: 'Ab_c-9' });
    expect(secretKindOf('house/player-token-key')).toEqual({ kind: 'TOKEN_KEYS' });
    expect(secretKindOf('house/round-details-key')).toEqual({ kind: 'OTHER' });
  });

  it('leaves alone a secret it does not rotate: round details links never expire', async () => {
    const { secrets, local, rotator } = setUp();
    await secrets.put('house/round-details-key', 'k'.repeat(43));
    await local.rotate('house/round-details-key', rotator);
    expect(await secrets.get('house/round-details-key')).toBe('k'.repeat(43));
  });
});
