import { createHash } from 'node:crypto';
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Where partners' wallet signing secrets are kept: written by an operator's configuration, read
 * by the calls, never answered through the API. AWS Secrets Manager in AWS (one secret per
 * partner, under the stack's prefix); a file of the local machine for `npm start` and the tests.
 * The same store keeps partners' launch credentials and the house's own keys, each under a name.
 */
export interface WalletSecrets {
  put(name: string, secret: string, options?: SecretWriteOptions): Promise<void>;
  get(name: string): Promise<string | undefined>;
  /**
   * Writes `change(text)` over the secret as it reads now, unless another writer wrote it between
   * that read and this write: then it reads again and asks `change` again. Many processes move a
   * partner's secret ring (services/wallet/secret-ring.ts) at about the same moment, and none may
   * undo another's move. `change` answers undefined when there is nothing to write. Answers the
   * text the secret is left with.
   */
  update(name: string, change: (text: string | undefined) => string | undefined, options?: SecretWriteOptions): Promise<string | undefined>;
}

export interface SecretWriteOptions {
  /**
   * The secret rotates on the store's schedule, where the store has one (Secrets Manager with a
   * rotation function: its rotation is turned on when the secret is created). Locally, nothing
   * rotates by itself: an operator rotates on demand.
   */
  readonly rotating?: boolean;
}

/** Secrets Manager's rotation of the secrets created with `rotating` (SECRET_ROTATION_FUNCTION_ARN, SECRET_ROTATION_SCHEDULE). */
export interface RotationSchedule {
  /** The rotation function's ARN (functions/workers/secret-rotation-handler.ts). */
  readonly functionArn: string;
  /** Secrets Manager's ScheduleExpression: `rate(90 days)`, `cron(0 4 1 * ? *)`... */
  readonly schedule: string;
}

/** How many times `update` reads again after losing a race to another writer before it gives up. */
const UPDATE_ATTEMPTS = 5;

type Sdk = typeof import('@aws-sdk/client-secrets-manager');
type Client = import('@aws-sdk/client-secrets-manager').SecretsManagerClient;

/** The Secrets Manager client and its commands, loaded with the first use. */
export function secretsManagerSdk(): () => Promise<{ client: Client; sdk: Sdk }> {
  let loaded: Promise<{ client: Client; sdk: Sdk }> | undefined;
  return () =>
    (loaded ??= import('@aws-sdk/client-secrets-manager').then((module) => ({ client: new module.SecretsManagerClient({}), sdk: module })));
}

/**
 * A version id made from the version an update read: two writers that read the same version
 * write under the same id, and Secrets Manager takes only one content under an id (the second
 * gets ResourceExistsException, reads again and decides again): a compare-and-swap, which
 * Secrets Manager has no other way of offering. Shaped as a UUID, as its tokens are.
 */
export function versionAfter(versionId: string): string {
  const hex = createHash('sha256').update(`after:${versionId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** Secrets Manager: `<prefix><name>`, created on first use, a new version on each change. */
export function secretsManagerSecrets(
  prefix: string,
  {
    rotation,
    replicaRegions = [],
  }: {
    readonly rotation?: RotationSchedule;
    /** Regions each secret is copied to as it is created: where a failover stage reads them. */
    readonly replicaRegions?: readonly string[];
  } = {},
): WalletSecrets {
  const sdk = secretsManagerSdk();
  /** Creates the secret; false when another writer created it first. Rotation is turned on here, the one moment a secret is new. */
  const create = async (SecretId: string, secret: string, options: SecretWriteOptions | undefined): Promise<boolean> => {
    const { client, sdk: m } = await sdk();
    try {
      await client.send(
        new m.CreateSecretCommand({
          Name: SecretId,
          SecretString: secret,
          ...(replicaRegions.length > 0 ? { AddReplicaRegions: replicaRegions.map((Region) => ({ Region })) } : {}),
        }),
      );
    } catch (error) {
      if (error instanceof m.ResourceExistsException) return false;
      throw error;
    }
    if (options?.rotating && rotation)
      await client.send(
        new m.RotateSecretCommand({
          SecretId,
          RotationLambdaARN: rotation.functionArn,
          RotationRules: { ScheduleExpression: rotation.schedule },
          // Its first rotation on the schedule: what was just written is what the partner was given.
          RotateImmediately: false,
        }),
      );
    return true;
  };
  return {
    async put(name, secret, options) {
      const { client, sdk: m } = await sdk();
      const SecretId = `${prefix}${name}`;
      try {
        await client.send(new m.PutSecretValueCommand({ SecretId, SecretString: secret }));
      } catch (error) {
        if (!(error instanceof m.ResourceNotFoundException)) throw error;
        if (!(await create(SecretId, secret, options))) await client.send(new m.PutSecretValueCommand({ SecretId, SecretString: secret }));
      }
    },
    async get(name) {
      const { client, sdk: m } = await sdk();
      try {
        const { SecretString } = await client.send(new m.GetSecretValueCommand({ SecretId: `${prefix}${name}` }));
        return SecretString;
      } catch (error) {
        if (error instanceof m.ResourceNotFoundException) return undefined;
        throw error;
      }
    },
    async update(name, change, options) {
      const { client, sdk: m } = await sdk();
      const SecretId = `${prefix}${name}`;
      for (let attempt = 0; attempt < UPDATE_ATTEMPTS; attempt++) {
        let read: { text: string | undefined; versionId: string | undefined };
        try {
          const { SecretString, VersionId } = await client.send(new m.GetSecretValueCommand({ SecretId }));
          read = { text: SecretString, versionId: VersionId };
        } catch (error) {
          if (!(error instanceof m.ResourceNotFoundException)) throw error;
          read = { text: undefined, versionId: undefined };
        }
        const written = change(read.text);
        if (written === undefined || written === read.text) return read.text;
        if (read.versionId === undefined) {
          if (await create(SecretId, written, options)) return written;
          continue;
        }
        try {
          await client.send(
            new m.PutSecretValueCommand({ SecretId, SecretString: written, ClientRequestToken: versionAfter(read.versionId) }),
          );
          return written;
        } catch (error) {
          if (!(error instanceof m.ResourceExistsException)) throw error;
        }
      }
      throw new Error(`the secret ${name} kept changing under ${UPDATE_ATTEMPTS} updates in a row`);
    },
  };
}

/** A JSON file readable by its owner only (`npm start`: .local/wallet-secrets.json). */
export function fileSecrets(path: string): WalletSecrets {
  const all = async (): Promise<Record<string, string>> => {
    try {
      return JSON.parse(await readFile(path, 'utf8')) as Record<string, string>;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw error;
    }
  };
  // One write at a time, each whole (a new file renamed over the old one): an update's read and
  // write are one step of that queue, so no other write of this process comes between them.
  let writing = Promise.resolve();
  const write = async (secrets: Record<string, string>) => {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(`${path}.new`, JSON.stringify(secrets), { mode: 0o600 });
    await chmod(`${path}.new`, 0o600);
    await rename(`${path}.new`, path);
  };
  const queued = <T>(step: () => Promise<T>): Promise<T> => {
    const done = writing.then(step);
    writing = done.then(
      () => undefined,
      () => undefined,
    );
    return done;
  };
  return {
    put(name, secret) {
      return queued(async () => write({ ...(await all()), [name]: secret }));
    },
    async get(name) {
      return (await all())[name];
    },
    update(name, change) {
      return queued(async () => {
        const secrets = await all();
        const written = change(secrets[name]);
        if (written === undefined || written === secrets[name]) return secrets[name];
        await write({ ...secrets, [name]: written });
        return written;
      });
    },
  };
}
