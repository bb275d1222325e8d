import { timingSafeEqual } from 'node:crypto';
import { secretsManagerSdk } from '../store/kernel/wallet-secrets';

/**
 * Requests must come through the stage's CloudFront distribution, where the firewall is: the
 * distribution adds this header, with a secret, to every request it sends the APIs, and the
 * execute-api addresses refuse whatever arrives without it (docs/DEPLOY.md, "The edge").
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/** The values the header may carry: the secret's current one, and during a change its previous one. */
export interface OriginSecret {
  values(): Promise<readonly string[]>;
}

/** How long a process trusts the values it read, and how soon a refused request may make it read them again. */
const KEPT_MS = 5 * 60_000;
const REREAD_AFTER_MS = 30_000;

/**
 * Whether a request's headers carry the secret. Without a secret (npm start, the tests), every
 * request passes. A refused value reads the secret again, at most every 30 s: a change of the
 * secret reaches a warm process at once, and a flood of forged requests costs no more reads.
 */
export function originGuard(secret: OriginSecret | undefined, now: () => number = performance.now.bind(performance)) {
  let kept: { values: readonly string[]; readAt: number } | undefined;
  let reading: Promise<readonly string[]> | undefined;
  const read = async () => {
    reading ??= secret!.values().finally(() => (reading = undefined));
    const values = await reading;
    kept = { values, readAt: now() };
    return values;
  };
  return async (headers: Readonly<Record<string, string | undefined>> | undefined): Promise<boolean> => {
    if (!secret) return true;
    const given = headers?.[ORIGIN_VERIFY_HEADER];
    if (!given) return false;
    const stale = !kept || now() - kept.readAt > KEPT_MS;
    if (matches(given, stale ? await read() : kept!.values)) return true;
    return !stale && now() - kept!.readAt > REREAD_AFTER_MS && matches(given, await read());
  };
}

function matches(given: string, values: readonly string[]): boolean {
  const bytes = Buffer.from(given);
  // Every value compared, in constant time each: how far a forged value matched is never told.
  return values
    .map((value) => Buffer.from(value))
    .reduce((found, value) => (value.length === bytes.length && timingSafeEqual(value, bytes)) || found, false);
}

/** The secret in Secrets Manager (ORIGIN_SECRET_ARN): its current value, and its previous one while a change reaches every edge. */
export function secretsManagerOriginSecret(secretId: string): OriginSecret {
  // The store's one client, loaded with the first read: a process that never reads the secret never loads the SDK.
  const sdk = secretsManagerSdk();
  return {
    async values() {
      const { client, sdk: m } = await sdk();
      const stage = async (VersionStage: string) => {
        try {
          return (await client.send(new m.GetSecretValueCommand({ SecretId: secretId, VersionStage }))).SecretString;
        } catch (error) {
          // A secret never changed has no previous value.
          if (VersionStage === 'AWSPREVIOUS' && error instanceof m.ResourceNotFoundException) return undefined;
          throw error;
        }
      };
      const values = await Promise.all([stage('AWSCURRENT'), stage('AWSPREVIOUS')]);
      return values.filter((value): value is string => typeof value === 'string' && value !== '');
    },
  };
}

/** The guard the entries use, from their environment: none where ORIGIN_SECRET_ARN is unset. */
export function originGuardFrom(env: NodeJS.ProcessEnv) {
  return originGuard(env.ORIGIN_SECRET_ARN ? secretsManagerOriginSecret(env.ORIGIN_SECRET_ARN) : undefined);
}
