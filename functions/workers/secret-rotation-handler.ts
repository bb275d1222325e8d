import type { Context } from 'aws-lambda';
import { observability, observedHandler } from '../observability/lambda-entry';
import { environmentDependencies, type ServiceDependencies } from '../services/kernel/services';
import { rotateSecretStep, type RotationEvent } from '../services/rotation/secret-rotation';
import { secretsManagerVersions, type SecretVersions } from '../store/kernel/secret-versions';
import { playerTokenIssuer } from '../launch/token-issuer';

/**
 * The rotation function Secrets Manager invokes for each step of a rotation of a secret of ours
 * (createSecret, setSecret, testSecret, finishSecret: services/rotation/secret-rotation.ts), on
 * the schedule each rotating secret was given when created (SECRET_ROTATION_SCHEDULE), or when an
 * operator rotates one from the console. Partners' wallet secret rings get a next secret, partners'
 * launch credentials a successor, the house's player token keys move on. A step that throws is
 * retried by Secrets Manager, and each is safe to run again. Locally nothing schedules it: the
 * same steps run through local/secret-rotation.ts, and operators rotate on demand.
 */
export const secretRotator =
  (deps: ServiceDependencies, versions: SecretVersions): ((event: RotationEvent) => Promise<void>) =>
  (event) =>
    rotateSecretStep(deps, versions, event);

/**
 * The store's prefix, from WALLET_SECRETS (`secretsmanager:<prefix>`, as every function that
 * keeps secrets has it): the rotation function rotates the secrets under it, and no other.
 */
function prefixOf(env: NodeJS.ProcessEnv): string {
  const setting = env.WALLET_SECRETS ?? '';
  if (!setting.startsWith('secretsmanager:')) throw new Error('WALLET_SECRETS is not secretsmanager:<prefix>');
  return setting.slice('secretsmanager:'.length);
}

let rotator: ((event: RotationEvent) => Promise<void>) | undefined;

/**
 * The Lambda entry: configured from its environment (TABLE_NAME, WALLET_SECRETS), as every entry.
 * A credential's successor is a secret this function creates: its rotation is turned on with this
 * function (its own ARN, from the invocation: the stack cannot name a function in its own settings).
 */
export const handler = observedHandler(async (event: RotationEvent, context: Context): Promise<void> => {
  if (!rotator) {
    const versions = secretsManagerVersions(prefixOf(process.env));
    const env = { ...process.env, SECRET_ROTATION_FUNCTION_ARN: process.env.SECRET_ROTATION_FUNCTION_ARN ?? context.invokedFunctionArn };
    const deps = environmentDependencies(env, observability);
    // Moving the token keys on signs nothing: the issuer's URL is the API's (PLAYER_TOKEN_ISSUER), if set.
    const playerTokens = playerTokenIssuer(process.env.PLAYER_TOKEN_ISSUER ?? 'urn:casino-tables:rotation', deps.walletSecrets!);
    rotator = secretRotator({ ...deps, playerTokens }, versions);
  }
  return rotator(event);
});
