import { createHmac, randomBytes } from 'node:crypto';
import { roundId } from '../../store/kernel/keys';
import type { WalletSecrets } from '../../store/kernel/wallet-secrets';
import type { ServiceDependencies } from '../kernel/services';

/**
 * The links to a player's part of a round (round-details.ts shows what they open): signed with a
 * key of the house's (HMAC-SHA256, made on first use and kept in the secret store) over the round
 * and the player, so that a link cannot be made for another round or player; never expiring.
 */
export const ROUND_DETAILS_KEY_NAME = 'house/round-details-key';
export const ROUND_DETAILS_PATH = '/rounds';

const keys = new WeakMap<WalletSecrets, Promise<string>>();

/** The house's key for the links: read once per process, made by the first process to need one. */
export function detailsKey(secrets: WalletSecrets): Promise<string> {
  let key = keys.get(secrets);
  if (!key) {
    key = (async () => {
      const kept = await secrets.get(ROUND_DETAILS_KEY_NAME);
      if (kept !== undefined) return kept;
      const made = randomBytes(32).toString('hex');
      await secrets.put(ROUND_DETAILS_KEY_NAME, made);
      return made;
    })();
    key.catch(() => keys.delete(secrets));
    keys.set(secrets, key);
  }
  return key;
}

export const detailsSignature = (key: string, round: string, playerId: string): string =>
  createHmac('sha256', key).update(`round-details\n${round}\n${playerId}`).digest('base64url');

/** What makes the links, synchronously once read; undefined where the API has no public address or key store. */
export async function roundDetailsLinks(
  deps: ServiceDependencies,
): Promise<((tableId: string, sequence: number, playerId: string) => string) | undefined> {
  const base = deps.publicBaseUrl?.();
  if (!base || !deps.walletSecrets) return undefined;
  const key = await detailsKey(deps.walletSecrets);
  return (tableId, sequence, playerId) => {
    const round = roundId(tableId, sequence);
    const sig = detailsSignature(key, round, playerId);
    return `${base.replace(/\/$/, '')}${ROUND_DETAILS_PATH}/${encodeURIComponent(round)}?player=${encodeURIComponent(playerId)}&sig=${sig}`;
  };
}

/** The link to `playerId`'s part of round `sequence` at `tableId`; null where the API has no public address or key store. */
export async function roundDetailsUrl(
  deps: ServiceDependencies,
  tableId: string,
  sequence: number,
  playerId: string,
): Promise<string | null> {
  return (await roundDetailsLinks(deps))?.(tableId, sequence, playerId) ?? null;
}
