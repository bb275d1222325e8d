/**
 * Secrets Manager's rotation, played locally over a secret store of this machine (a file: the
 * one `npm start` and the tests keep): the versions of a secret as its rotation protocol moves
 * them (store/kernel/secret-versions.ts), and a rotation run as Secrets Manager runs one: a
 * pending version under a new token, then the rotation function's four steps, each invoked with
 * the secret and the token. The function is the real one (functions/workers/secret-rotation-handler.ts,
 * secretRotator): only Secrets Manager is stood in for. Nothing schedules it here: `npm start`
 * rotates on an operator's demand, and the tests call `rotate` where a schedule would have.
 */
import { createHash, randomUUID } from 'node:crypto';
import { CURRENT, PENDING, type SecretVersions } from '../functions/store/kernel/secret-versions';
import type { WalletSecrets } from '../functions/store/kernel/wallet-secrets';
import type { RotationEvent, RotationStep } from '../functions/services/rotation/secret-rotation';

export interface LocalSecretRotation {
  readonly versions: SecretVersions;
  /**
   * Rotates the secret of that name as Secrets Manager does on its schedule: a new token, AWSPENDING
   * on it, and the function invoked for each step in order (a step that throws ends the rotation,
   * as Secrets Manager's would fail). `between`: called before each step, to act between them.
   */
  rotate(
    name: string,
    rotator: (event: RotationEvent) => Promise<void>,
    between?: (step: RotationStep) => Promise<void>,
  ): Promise<{ readonly token: string }>;
}

const STEPS: readonly RotationStep[] = ['createSecret', 'setSecret', 'testSecret', 'finishSecret'];

/** A version's id, locally: made from its text, so that a secret written since a version was read has another. */
const versionOf = (text: string): string => createHash('sha256').update(text).digest('hex');

export function localSecretRotation(secrets: WalletSecrets): LocalSecretRotation {
  /** The rotation under way of each secret: its token, and its text once createSecret wrote it. */
  const pending = new Map<string, { readonly token: string; text?: string }>();
  const current = async (name: string) => {
    const text = await secrets.get(name);
    if (text === undefined) throw new Error(`no secret ${name}`);
    return { text, versionId: versionOf(text) };
  };
  const pendingOf = (name: string, token: string) => {
    const under = pending.get(name);
    if (under?.token !== token) throw new Error(`no rotation ${token} of ${name} is under way`);
    return under;
  };
  const versions: SecretVersions = {
    async describe(name) {
      const { versionId } = await current(name);
      const under = pending.get(name);
      return { name, rotationEnabled: true, stages: { [versionId]: [CURRENT], ...(under ? { [under.token]: [PENDING] } : {}) } };
    },
    current,
    async read(name, versionId) {
      const under = pending.get(name);
      if (under?.token === versionId) return under.text;
      const now = await current(name);
      return now.versionId === versionId ? now.text : undefined;
    },
    async putPending(name, token, text) {
      pendingOf(name, token).text = text;
    },
    async promote(name, token, fromVersionId) {
      const { text } = pendingOf(name, token);
      // Only over the version it was made from, as Secrets Manager moves AWSCURRENT only from the version holding it.
      await secrets.update(name, (stored) => {
        if (stored === undefined || versionOf(stored) !== fromVersionId) throw new Error(`${name} moved since it was read`);
        return text;
      });
      pending.delete(name);
    },
    async dropPending(name, token) {
      pendingOf(name, token);
      pending.delete(name);
    },
  };
  return {
    versions,
    async rotate(name, rotator, between) {
      // As RotateSecret refuses while a rotation is under way.
      if (pending.has(name)) throw new Error(`a rotation of ${name} is under way`);
      const token = randomUUID();
      pending.set(name, { token });
      try {
        for (const step of STEPS) {
          await between?.(step);
          await rotator({ SecretId: name, ClientRequestToken: token, Step: step });
        }
      } finally {
        // Ended here, as Secrets Manager leaves a failed rotation to its next attempt: the tests start each one anew.
        pending.delete(name);
      }
      return { token };
    },
  };
}
