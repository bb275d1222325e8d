import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Where partners' wallet signing secrets are kept: written by an operator's configuration, read
 * by the calls, never answered through the API. AWS Secrets Manager in AWS (one secret per
 * partner, under the stack's prefix); a file of the local machine for `npm start` and the tests.
 */
export interface WalletSecrets {
  put(partner: string, secret: string): Promise<void>;
  get(partner: string): Promise<string | undefined>;
}

/** Secrets Manager: `<prefix><partner>`, created on first use, a new version on each change. The client is loaded with the first use. */
export function secretsManagerSecrets(prefix: string): WalletSecrets {
  let loaded:
    | Promise<{
        client: import('@aws-sdk/client-secrets-manager').SecretsManagerClient;
        sdk: typeof import('@aws-sdk/client-secrets-manager');
      }>
    | undefined;
  const sdk = () =>
    (loaded ??= import('@aws-sdk/client-secrets-manager').then((module) => ({ client: new module.SecretsManagerClient({}), sdk: module })));
  return {
    async put(partner, secret) {
      const { client, sdk: m } = await sdk();
      const SecretId = `${prefix}${partner}`;
      try {
        await client.send(new m.PutSecretValueCommand({ SecretId, SecretString: secret }));
      } catch (error) {
        if (!(error instanceof m.ResourceNotFoundException)) throw error;
        await client.send(new m.CreateSecretCommand({ Name: SecretId, SecretString: secret }));
      }
    },
    async get(partner) {
      const { client, sdk: m } = await sdk();
      try {
        const { SecretString } = await client.send(new m.GetSecretValueCommand({ SecretId: `${prefix}${partner}` }));
        return SecretString;
      } catch (error) {
        if (error instanceof m.ResourceNotFoundException) return undefined;
        throw error;
      }
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
  let writing = Promise.resolve();
  return {
    put(partner, secret) {
      // One write at a time, each whole (a new file renamed over the old one).
      writing = writing.then(async () => {
        const secrets = { ...(await all()), [partner]: secret };
        await mkdir(dirname(path), { recursive: true });
        await writeFile(`${path}.new`, JSON.stringify(secrets), { mode: 0o600 });
        await chmod(`${path}.new`, 0o600);
        await rename(`${path}.new`, path);
      });
      return writing;
    },
    async get(partner) {
      return (await all())[partner];
    },
  };
}
