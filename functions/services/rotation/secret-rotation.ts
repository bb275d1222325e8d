import { CURRENT, PENDING, type SecretVersions } from '../../store/kernel/secret-versions';
import { PLAYER_TOKEN_KEY_NAME } from '../kernel/player-token-issuer';
import type { ServiceDependencies } from '../kernel/services';
import { rotateCredentialOnSchedule } from '../sessions/credential-rotation';
import { PARTNER } from '../tables/tenancy';
import { pendingRingTakes, rotatedRingText } from '../wallet/wallet-secret-rotation';
import { ringOf } from '../wallet/secret-ring';

/**
 * One step of Secrets Manager's rotation of a secret of ours (its protocol: createSecret,
 * setSecret, testSecret, finishSecret, each invoked with the secret and the rotation's token; the
 * rotation function, functions/workers/secret-rotation-handler.ts, and locally
 * local/secret-rotation.ts, run them here). What a rotation does depends on the secret:
 *
 * - a partner's wallet secret ring (`<partner>`): a next secret, unless it has one
 *   (services/wallet/secret-ring.ts). createSecret writes the ring with it as the pending version;
 *   finishSecret makes that version current, unless the ring moved meanwhile.
 * - a partner's launch credential (`<partner>/launch/<keyId>`): a successor, when it is the
 *   partner's only one in force (services/sessions/credential-rotation.ts). Its own secret never
 *   changes: the successor is another credential, with a secret of its own.
 * - the house's player token keys (`house/player-token-key`): they move on, as
 *   rotatePlayerTokenKeys moves them.
 *
 * The last two change nothing of the secret rotated: their pending version holds what
 * finishSecret must do (no secret in it) and is dropped once done. Every step is safe to run again,
 * as Secrets Manager runs a failed one again.
 */
export type RotationStep = 'createSecret' | 'setSecret' | 'testSecret' | 'finishSecret';

export interface RotationEvent {
  readonly SecretId: string;
  readonly ClientRequestToken: string;
  readonly Step: RotationStep;
}

export type SecretKind =
  | { readonly kind: 'WALLET'; readonly partner: string }
  | { readonly kind: 'CREDENTIAL'; readonly partner: string; readonly keyId: string }
  | { readonly kind: 'TOKEN_KEYS' }
  | { readonly kind: 'OTHER' };

const CREDENTIAL = new RegExp(`^(${PARTNER.source.slice(1, -1)})/launch/([A-Za-z0-9_-]{1,32})$`);

/** What the secret of that name in the store is. */
export function secretKindOf(name: string): SecretKind {
  if (name === PLAYER_TOKEN_KEY_NAME) return { kind: 'TOKEN_KEYS' };
  const credential = CREDENTIAL.exec(name);
  if (credential) return { kind: 'CREDENTIAL', partner: credential[1]!, keyId: credential[2]! };
  if (PARTNER.test(name)) return { kind: 'WALLET', partner: name };
  return { kind: 'OTHER' };
}

export async function rotateSecretStep(deps: ServiceDependencies, versions: SecretVersions, event: RotationEvent): Promise<void> {
  const { SecretId: secretId, ClientRequestToken: token, Step: step } = event;
  const described = await versions.describe(secretId);
  // As Secrets Manager's own template checks: a step of a rotation that is not this secret's is refused.
  if (!described.rotationEnabled) throw new Error(`the secret ${described.name} is not enabled for rotation`);
  const stages = described.stages[token];
  if (!stages) throw new Error(`the version ${token} of ${described.name} has no stage for rotation`);
  // A rotation finished already (run again after its last step): nothing left to do.
  if (stages.includes(CURRENT)) return;
  if (!stages.includes(PENDING)) throw new Error(`the version ${token} of ${described.name} is not pending rotation`);
  const secret = secretKindOf(described.name);
  switch (step) {
    case 'createSecret':
      return createSecret(deps, versions, secretId, token, secret);
    case 'setSecret':
      // Nothing to set in another system: what shares a ring's secret is the partner's wallet,
      // which takes the next one itself (it fetches it, or is handed it, and both stay valid
      // meanwhile); a credential and the token keys are checked by the house alone, which reads
      // them from this store.
      return;
    case 'testSecret':
      return testSecret(versions, secretId, token, secret);
    case 'finishSecret':
      return finishSecret(deps, versions, secretId, token, secret);
  }
}

/** The pending version: a ring with a next secret, or what finishSecret is to do. Written once: a step run again finds it. */
async function createSecret(deps: ServiceDependencies, versions: SecretVersions, secretId: string, token: string, secret: SecretKind) {
  if ((await versions.read(secretId, token)) !== undefined) return;
  const current = await versions.current(secretId);
  const pending =
    secret.kind === 'WALLET'
      ? rotatedRingText(current.text, deps.now())
      : secret.kind === 'TOKEN_KEYS'
        ? // The key signing now: finishSecret moves the keys on from it, once, however often it runs.
          JSON.stringify({ rotateFrom: (await deps.playerTokens?.jwks())?.keys[0]?.kid ?? null })
        : JSON.stringify({ rotate: secret.kind });
  await versions.putPending(secretId, token, pending);
}

/**
 * A ring about to become current is one the calls can read, with a next secret: what createSecret
 * wrote, whole. (There is nothing of the partner's to test the next secret against before the
 * partner has it: its first answer signed with it is that test, and moves the ring.)
 */
async function testSecret(versions: SecretVersions, secretId: string, token: string, secret: SecretKind) {
  if (secret.kind !== 'WALLET') return;
  const pending = await versions.read(secretId, token);
  if (pending === undefined || ringOf(pending).next === undefined)
    throw new Error(`testSecret: the pending version of ${secret.partner}'s wallet secret is not a ring with a next secret`);
}

async function finishSecret(deps: ServiceDependencies, versions: SecretVersions, secretId: string, token: string, secret: SecretKind) {
  const pending = await versions.read(secretId, token);
  if (pending === undefined) throw new Error('finishSecret: the pending version was never written (createSecret first)');
  switch (secret.kind) {
    case 'WALLET': {
      const current = await versions.current(secretId);
      // The processes that call the partner read the ring again within a minute, or at once when
      // the partner's wallet answers with the next secret: nothing of theirs to tell from here.
      if (pendingRingTakes(pending, current.text)) return versions.promote(secretId, token, current.versionId);
      break;
    }
    case 'CREDENTIAL':
      await rotateCredentialOnSchedule(deps, secret.partner, secret.keyId);
      break;
    case 'TOKEN_KEYS': {
      const { rotateFrom } = JSON.parse(pending) as { rotateFrom: string | null };
      if (rotateFrom !== null) await deps.playerTokens?.rotate(rotateFrom);
      break;
    }
    case 'OTHER':
      break;
  }
  await versions.dropPending(secretId, token);
}
