import { secretsManagerSdk } from './wallet-secrets';

/**
 * The versions of a secret, as Secrets Manager's rotation protocol moves them (a rotation
 * function's four steps: createSecret, setSecret, testSecret, finishSecret): the version in use
 * (AWSCURRENT) and the one a rotation prepares (AWSPENDING, under the rotation's token). The
 * rotation function (services/rotation/secret-rotation.ts) reads and moves them through this port;
 * Secrets Manager in AWS, and locally local/secret-rotation.ts, which runs the same steps.
 */
export interface SecretVersions {
  /** What the rotation is about: the secret's name in the store (without its prefix), and its versions' stages. */
  describe(secretId: string): Promise<SecretDescription>;
  /** The version in use, and its id. */
  current(secretId: string): Promise<{ readonly text: string; readonly versionId: string }>;
  /** A version's text; undefined while it has none (a rotation's version before createSecret writes it). */
  read(secretId: string, versionId: string): Promise<string | undefined>;
  /** Writes the rotation's version (AWSPENDING) under its token. */
  putPending(secretId: string, token: string, text: string): Promise<void>;
  /**
   * The rotation's version becomes the one in use, if `fromVersionId` still is: refused (an error)
   * when another writer moved the secret meanwhile, which the next rotation step sees.
   */
  promote(secretId: string, token: string, fromVersionId: string): Promise<void>;
  /** The rotation's version is left out of use, the rotation over (nothing of it to promote). */
  dropPending(secretId: string, token: string): Promise<void>;
}

export interface SecretDescription {
  /** The secret's name under the store's prefix: a partner, `<partner>/launch/<keyId>`, `house/player-token-key`. */
  readonly name: string;
  readonly rotationEnabled: boolean;
  /** Each version's stages (AWSCURRENT, AWSPENDING, AWSPREVIOUS), by version id. */
  readonly stages: Readonly<Record<string, readonly string[]>>;
}

export const CURRENT = 'AWSCURRENT';
export const PENDING = 'AWSPENDING';

/** Secrets Manager: the secrets under `prefix`, the one the functions keep theirs under. */
export function secretsManagerVersions(prefix: string): SecretVersions {
  const sdk = secretsManagerSdk();
  return {
    async describe(secretId) {
      const { client, sdk: m } = await sdk();
      const described = await client.send(new m.DescribeSecretCommand({ SecretId: secretId }));
      const name = described.Name ?? '';
      // A secret of another prefix is none of this stack's: refused rather than rotated.
      if (!name.startsWith(prefix)) throw new Error(`the secret ${name} is not under ${prefix}`);
      return {
        name: name.slice(prefix.length),
        rotationEnabled: described.RotationEnabled === true,
        stages: described.VersionIdsToStages ?? {},
      };
    },
    async current(secretId) {
      const { client, sdk: m } = await sdk();
      const { SecretString, VersionId } = await client.send(new m.GetSecretValueCommand({ SecretId: secretId, VersionStage: CURRENT }));
      return { text: SecretString ?? '', versionId: VersionId! };
    },
    async read(secretId, versionId) {
      const { client, sdk: m } = await sdk();
      try {
        const { SecretString } = await client.send(new m.GetSecretValueCommand({ SecretId: secretId, VersionId: versionId }));
        return SecretString;
      } catch (error) {
        // The version Secrets Manager names before createSecret has written it holds no value yet.
        if (error instanceof m.ResourceNotFoundException) return undefined;
        throw error;
      }
    },
    async putPending(secretId, token, text) {
      const { client, sdk: m } = await sdk();
      await client.send(
        new m.PutSecretValueCommand({ SecretId: secretId, ClientRequestToken: token, SecretString: text, VersionStages: [PENDING] }),
      );
    },
    async promote(secretId, token, fromVersionId) {
      const { client, sdk: m } = await sdk();
      // RemoveFromVersionId must hold AWSCURRENT: a secret moved meanwhile refuses the promotion.
      await client.send(
        new m.UpdateSecretVersionStageCommand({
          SecretId: secretId,
          VersionStage: CURRENT,
          MoveToVersionId: token,
          RemoveFromVersionId: fromVersionId,
        }),
      );
      await client.send(new m.UpdateSecretVersionStageCommand({ SecretId: secretId, VersionStage: PENDING, RemoveFromVersionId: token }));
    },
    async dropPending(secretId, token) {
      const { client, sdk: m } = await sdk();
      await client.send(new m.UpdateSecretVersionStageCommand({ SecretId: secretId, VersionStage: PENDING, RemoveFromVersionId: token }));
    },
  };
}
