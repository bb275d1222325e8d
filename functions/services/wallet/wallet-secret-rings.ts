import type { AnswerKey } from '../../wallet/wallet-client';
import type { WalletSecrets } from '../../store/kernel/wallet-secrets';
import type { ServiceDependencies } from '../kernel/services';
import { overlapOf } from '../kernel/secret-overlap';
import { answerKeys, moved, ringOf, ringText, type SecretRing } from './secret-ring';

/**
 * Partners' wallet secret rings (secret-ring.ts) as the calls read them: from the secret store
 * (Secrets Manager in AWS), this process's copy at most RING_MS old, read again at once when an
 * answer is signed with none of the copy's secrets (a rotation another process made, which the
 * partner already follows). And the one move a call makes: the first answer signed with the next
 * secret makes it current.
 */

/** A partner's ring as calls read it: Secrets Manager is not read for every call. */
const RING_MS = 60_000;
/** An answer signed with none of the copy's secrets reads the ring again at most this often. */
const FRESH_MS = 1_000;
const rings = new Map<string, { readonly ring: SecretRing; readonly readAt: number; readonly fresh: boolean }>();
const freshReads = new Map<string, Promise<SecretRing>>();

const cacheKey = (deps: ServiceDependencies, partner: string) => `${deps.db.tableName}\u0000${partner}`;

export const secretStore = (deps: ServiceDependencies): WalletSecrets => {
  if (!deps.walletSecrets) throw new Error('no wallet secret store is configured (WALLET_SECRETS)');
  return deps.walletSecrets;
};

/** Forgets this process's copy of a partner's ring: the next call reads it again. */
export function forgetWalletSecretRing(deps: ServiceDependencies, partner: string): void {
  rings.delete(cacheKey(deps, partner));
}

/** A partner's ring as stored now, or undefined when none is. */
export async function storedRing(deps: ServiceDependencies, partner: string): Promise<SecretRing | undefined> {
  const text = await secretStore(deps).get(partner);
  return text === undefined ? undefined : ringOf(text);
}

/** A partner's ring: this process's copy, read again when older than RING_MS. */
export async function walletSecretRing(deps: ServiceDependencies, partner: string): Promise<SecretRing> {
  const copy = rings.get(cacheKey(deps, partner));
  if (copy && performance.now() - copy.readAt <= RING_MS) return copy.ring;
  return readRing(deps, partner);
}

/**
 * A partner's ring read again now, for an answer signed with none of the copy's secrets: once a
 * second at most per partner (the answers arriving meanwhile share that read), so that a wallet
 * signing wrongly costs no more reads of the store than that.
 */
async function freshRing(deps: ServiceDependencies, partner: string): Promise<SecretRing> {
  const key = cacheKey(deps, partner);
  const copy = rings.get(key);
  if (copy?.fresh && performance.now() - copy.readAt < FRESH_MS) return copy.ring;
  let reading = freshReads.get(key);
  if (!reading) {
    reading = readRing(deps, partner, true).finally(() => freshReads.delete(key));
    freshReads.set(key, reading);
  }
  return reading;
}

async function readRing(deps: ServiceDependencies, partner: string, fresh = false): Promise<SecretRing> {
  const ring = await storedRing(deps, partner);
  if (ring === undefined) throw new Error(`partner ${partner} is seamless, but its wallet secret is not stored`);
  rings.set(cacheKey(deps, partner), { ring, readAt: performance.now(), fresh });
  return ring;
}

/**
 * How a partner's calls are signed and its answers checked: calls with the ring's current secret;
 * answers with any the ring takes now (read again once for an answer signed with none of them);
 * an answer signed with the next secret moves the ring.
 */
export async function ringKeysOf(
  deps: ServiceDependencies,
  partner: string,
): Promise<{
  readonly secret: string;
  readonly answerKeys: readonly AnswerKey[];
  readonly freshAnswerKeys: () => Promise<readonly AnswerKey[]>;
  readonly onAnswerSignedWith: (keyId: string) => Promise<void>;
}> {
  // The ring the answer was checked against: read again when the copy's keys signed none of it.
  let ring = await walletSecretRing(deps, partner);
  return {
    secret: ring.current,
    answerKeys: answerKeys(ring, deps.now()),
    freshAnswerKeys: async () => {
      ring = await freshRing(deps, partner);
      return answerKeys(ring, deps.now());
    },
    onAnswerSignedWith: async (keyId) => {
      if (keyId !== 'next' || ring.next === undefined) return;
      // Answers signed with the next secret may be taken by every process at once: a failure to move here is another's to make.
      await moveWalletSecretRing(deps, partner, ring.next).catch((error: unknown) =>
        deps.log.error("a partner's wallet secret ring could not be moved: the next answer signed with its next secret moves it", {
          partner,
          error: error instanceof Error ? error : String(error),
        }),
      );
    },
  };
}

/**
 * Next becomes current (docs/WALLET.md, "Rotating the secret"), if the ring as stored now still
 * has `next` as its next: a ring another process moved already, or one rotated anew since, is left
 * as it is. Answers the ring as it is left.
 */
export async function moveWalletSecretRing(deps: ServiceDependencies, partner: string, next: string): Promise<SecretRing | undefined> {
  const now = deps.now();
  const text = await secretStore(deps).update(partner, (stored) => {
    if (stored === undefined) return undefined;
    const ring = ringOf(stored);
    if (ring.next !== next) return undefined;
    return ringText(moved(ring, now, overlapOf(deps))!);
  });
  forgetWalletSecretRing(deps, partner);
  return text === undefined ? undefined : ringOf(text);
}
