import { createHash } from 'node:crypto';
import { backoff } from '../../store/kernel/retry';
import { assertClientKey } from './request-checks';
import { ServiceError } from './service-error';
import type { Caller, ServiceDependencies } from './services';

const MAX_ATTEMPTS = 8;

/**
 * Creating mutations (openTable, openJackpotPool) made safe to retry: the client's key, with who
 * sent it, names what is created (its id is derived from them), so a retry finds the table or pool
 * the first request made instead of making a second one. The request's fingerprint is kept with
 * it: the same key sent with a different request is refused (IDEMPOTENCY_KEY_REUSED).
 */
export interface CreationKey {
  readonly key: string;
  /** A digest of the request the key was first sent with. */
  readonly fingerprint: string;
}

export interface Creation {
  readonly id: string;
  readonly creationKey?: CreationKey;
}

export function creation(
  deps: ServiceDependencies,
  caller: Caller,
  kind: string,
  key: string | null | undefined,
  request: unknown,
): Creation {
  if (key == null) return { id: deps.newId() };
  assertClientKey('idempotencyKey', key);
  const digest = (text: string) => createHash('sha256').update(text).digest('hex');
  const name = digest(JSON.stringify([kind, caller.playerId, key]));
  // Shaped as a UUID, as ids made without a key are.
  const id = `${name.slice(0, 8)}-${name.slice(8, 12)}-8${name.slice(13, 16)}-${name.slice(16, 20)}-${name.slice(20, 32)}`;
  // A field sent as null and one left out are the same request.
  const canonical = JSON.stringify(request, (_, value: unknown) => (value === null ? undefined : value));
  return { id, creationKey: { key, fingerprint: digest(canonical) } };
}

/**
 * Creates once: `create` until it is not refused for a transaction in flight (a retry of the same
 * request racing the first), then what it made or, if it was made already, that.
 */
export async function createOnce<T extends { readonly creationKey?: CreationKey }>(
  made: Creation,
  created: T,
  create: () => Promise<'CREATED' | 'EXISTS' | 'RACED'>,
  read: () => Promise<T | undefined>,
): Promise<T> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const result = await create();
    if (result === 'CREATED') return created;
    if (result === 'EXISTS') return createdBefore(await read(), made);
    await backoff(attempt, 10, 200);
  }
  throw new ServiceError('CONFLICT', 'Busy: retry in a moment.');
}

/** What the key created already, if the request is the one it was sent with. */
export function createdBefore<T extends { readonly creationKey?: CreationKey }>(stored: T | undefined, made: Creation): T {
  if (stored && made.creationKey && stored.creationKey?.fingerprint === made.creationKey.fingerprint) return stored;
  throw new ServiceError('IDEMPOTENCY_KEY_REUSED', 'This idempotency key was used for a different request.');
}
