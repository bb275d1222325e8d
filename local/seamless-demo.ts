/**
 * The demo's seamless partner (`npm start`): its players' money stays in its own wallet, the
 * reference wallet (local/reference-wallet.ts) run here over real HTTP, which the tables call to
 * debit each stake and credit each round (docs/WALLET.md). Configured as the house's operators
 * configure one; its secret is made once and kept in the local secret file (.local/).
 */
import { randomBytes } from 'node:crypto';
import type { Caller, ServiceDependencies } from '../functions/services/kernel/services';
import { configurePartnerWallet } from '../functions/services/wallet/partner-wallets';
import { startReferenceWallet, type ReferenceWallet } from './reference-wallet';

export const DEMO_SEAMLESS_PARTNER = 'demo-seamless';
/** The partner's demo player: `demo-seamless/demo-player` to this API, `demo-player` to the partner's wallet. */
export const DEMO_SEAMLESS_SUBJECT = 'demo-player';
/** What the demo player holds in the partner's wallet when it starts: 10,000.00 MOP. */
export const DEMO_WALLET_BALANCE = 1_000_000;

const operator: Caller = { playerId: 'demo-operator', roles: new Set(['OPERATOR']) };

/**
 * Starts the partner's wallet (on `port`, any free one by default) and configures the partner as
 * SEAMLESS at its URL. The wallet keeps its balances in memory: a restart starts them again
 * (what our ledger kept is not replayed into it).
 */
export async function startDemoSeamlessPartner(deps: ServiceDependencies, port = 0): Promise<ReferenceWallet> {
  const secret = (await deps.walletSecrets!.get(DEMO_SEAMLESS_PARTNER)) ?? randomBytes(32).toString('hex');
  const wallet = await startReferenceWallet({
    secret,
    port,
    players: { [DEMO_SEAMLESS_SUBJECT]: { currency: 'MOP', balance: DEMO_WALLET_BALANCE } },
  });
  await configurePartnerWallet(deps, operator, {
    partner: DEMO_SEAMLESS_PARTNER,
    mode: 'SEAMLESS',
    baseUrl: wallet.url,
    currencies: ['MOP'],
    secret,
  });
  return wallet;
}
