/**
 * The demo's seamless partner (`npm start`): its players' money stays in its own wallet, the
 * reference wallet (local/reference-wallet.ts) run here over real HTTP, which the tables call to
 * debit each stake and credit each round (docs/WALLET.md). Configured as the house's operators
 * configure one; its secret is made once and kept in the local secret file (.local/).
 */
import { randomBytes } from 'node:crypto';
import type { Caller, ServiceDependencies } from '../functions/services/kernel/services';
import { configurePartnerWallet } from '../functions/services/wallet/partner-wallets';
import { startWalletSession } from '../functions/services/wallet/wallet-sessions';
import { playerIdOf } from '../functions/store/kernel/keys';
import { startReferenceWallet, type ReferenceWallet } from './reference-wallet';
import type { WalletContractVersion } from '../functions/wallet/wallet-protocol';
import { storedRing } from '../functions/services/wallet/wallet-secret-rings';

export const DEMO_SEAMLESS_PARTNER = 'demo-seamless';
/** The partner's demo player: `demo-seamless/demo-player` to this API, `demo-player` to the partner's wallet. */
export const DEMO_SEAMLESS_SUBJECT = 'demo-player';
/** What the demo player holds in the partner's wallet when it starts: 10,000.00 MOP. */
export const DEMO_WALLET_BALANCE = 1_000_000;

const operator: Caller = { playerId: 'demo-operator', roles: new Set(['OPERATOR']) };

/** The demo's partner still on wallet contract version 1, beside the one on version 2: both play at the demo's tables. */
export const DEMO_SEAMLESS_V1_PARTNER = 'demo-seamless-v1';

/**
 * Starts a partner's wallet (on `port`, any free one by default) and configures the partner as
 * SEAMLESS at its URL, on wallet contract `contract`: the demo's partner on version 2 (its
 * wallet keeping rounds as a strict wallet does, its player in a session), and one still on version 1. The wallet keeps
 * its balances in memory: a restart starts them again (what our ledger kept is not replayed into it).
 */
export async function startDemoSeamlessPartner(
  deps: ServiceDependencies,
  { port = 0, partner = DEMO_SEAMLESS_PARTNER, contract = 2 }: { port?: number; partner?: string; contract?: WalletContractVersion } = {},
): Promise<ReferenceWallet> {
  // The secret in use: a ring's current, if a rotation left one (docs/WALLET.md, "Rotating the secret").
  const secret = (await storedRing(deps, partner))?.current ?? randomBytes(32).toString('hex');
  const wallet = await startReferenceWallet({
    secret,
    port,
    version: contract,
    players: { [DEMO_SEAMLESS_SUBJECT]: { currency: 'MOP', balance: DEMO_WALLET_BALANCE } },
  });
  await configurePartnerWallet(deps, operator, {
    partner,
    mode: 'SEAMLESS',
    baseUrl: wallet.url,
    currencies: ['MOP'],
    secret,
    contractVersion: contract,
  });
  // Version 2: its player came in by a session, as from the partner's site (docs/WALLET.md, "Sessions"): every call for them carries its token.
  if (contract >= 2)
    await startWalletSession(
      deps,
      { playerId: playerIdOf(DEMO_SEAMLESS_SUBJECT, partner), roles: new Set() },
      { sessionToken: wallet.openSession(DEMO_SEAMLESS_SUBJECT) },
    );
  return followingRotations(deps, partner, wallet);
}

/** How often the demo wallets look for a rotation's next secret. */
const ROTATION_POLL_MS = 5_000;

/**
 * The demo wallet follows its secret's rotations (an operator's, `npm start` schedules none): it
 * takes the next secret once one is made, as a partner's backend fetches it (POST
 * /partner/v1/wallet-secret/next; read here from the local store, the demo's partners having no
 * launch credential), signs its answers with it, and drops the old one once the house has too.
 */
function followingRotations(deps: ServiceDependencies, partner: string, wallet: ReferenceWallet): ReferenceWallet {
  const follow = async () => {
    const ring = await storedRing(deps, partner);
    if (ring?.next !== undefined && !wallet.secrets.includes(ring.next)) wallet.takeNextSecret(ring.next);
    // The house signs with the next secret, and takes answers signed with the old one no more: the rotation is over here too.
    const overlapOver = ring?.previousUntil === undefined || ring.previousUntil <= deps.now();
    if (ring && wallet.secrets.length > 1 && wallet.secrets.at(-1) === ring.current && overlapOver) wallet.forgetOldSecret();
  };
  const timer = setInterval(
    () => void follow().catch((error: unknown) => console.error('the demo wallet could not read its secret:', error)),
    ROTATION_POLL_MS,
  );
  timer.unref();
  return Object.assign(Object.create(wallet) as ReferenceWallet, {
    close: async () => {
      clearInterval(timer);
      await wallet.close();
    },
  });
}
