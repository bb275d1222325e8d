/**
 * A seamless partner for API tests: the reference wallet (local/reference-wallet.ts) over real
 * HTTP, configured through the API as the house's operators configure one, and the checks that
 * the partner's books and ours agree.
 */
import type { WalletContractVersion } from '../../functions/wallet/wallet-protocol';
import { dueWalletCalls } from '../../functions/store/wallet/wallet-calls';
import { expect, vi } from 'vitest';
import { startReferenceWallet, type ReferenceWallet, type WalletFault, type WalletPlayer } from '../../local/reference-wallet';
import { forgetPartnerWallet, MIN_TIMEOUT_MS } from '../../functions/services/wallet/partner-wallets';
import { getPartnerWallet, putPartnerWallet } from '../../functions/store/wallet/partner-wallets';
import { PATIENCE_MS, WALLET_PATIENCE_MS } from './patience';
import { dealer, type TestApi, type Who } from './test-api';

export const SEAMLESS_SECRET = 'a-test-secret-shared-by-wallet-and-tables-0123456789';

export interface SeamlessPartner {
  readonly partner: string;
  readonly wallet: ReferenceWallet;
  /** A player of the partner, as the API's tokens name them. */
  player(subject: string): Exclude<Who, null>;
  /** A new player of the wallet. */
  addPlayer(subject: string, player: WalletPlayer): void;
  /** The partner's wallet balance of a player. */
  balance(subject: string): number;
  /**
   * Runs `act` with the wallet failing its next calls as `fault` says. A TIMEOUT holds the call
   * unanswered until the tables give up on it, and resolves once they have: meanwhile the tables
   * wait for this wallet the shortest time the API allows (MIN_TIMEOUT_MS), so that the call times
   * out whatever the machine's load and no test waits out a long timeout; afterwards, as long as
   * ever again (WALLET_PATIENCE_MS), so that the calls that follow are answered.
   */
  failing<T>(fault: WalletFault, act: () => Promise<T>): Promise<T>;
  /**
   * Waits until every call to the wallet is delivered, then checks that both books agree to the
   * unit: each player's wallet moved exactly what our ledger says their wallet was debited and
   * credited (the ledger's WALLET legs), our ledger reconciles, and no call is left to deliver.
   */
  expectBooksAgree(): Promise<void>;
}

/**
 * Sets how long the tables wait for `partner`'s wallet before a call counts as unanswered, in the
 * store: the API keeps it within production's range (0.5 to 5 s), which a loaded machine's wallet
 * in the test's own process can take. Test setup: the process's copy of the configuration is
 * forgotten, as a configuration through the API forgets it.
 */
export async function setWalletTimeout(api: TestApi, partner: string, timeoutMs: number): Promise<void> {
  const wallet = await getPartnerWallet(api.db, partner);
  if (!wallet) throw new Error(`partner ${partner} has no wallet configured`);
  await putPartnerWallet(api.db, { ...wallet, timeoutMs });
  forgetPartnerWallet(api.deps, partner);
}

/** What each seamless partner's wallet moved since it started, by the test API it is a partner of. */
const walletsMoved = new WeakMap<TestApi, ReadonlySet<() => number>>();

/**
 * A seamless partner on `contract` (version 2 unless told), its wallet the reference wallet on the
 * same version: in version 2 it keeps rounds as a strict wallet does, and refuses a call of a round
 * it closed (ROUND_CLOSED; listed in `wallet.refusedForClosedRound`, which expectBooksAgree checks is empty).
 */
export async function startSeamlessPartner(
  api: TestApi,
  partner: string,
  players: Record<string, WalletPlayer>,
  { contract = 2 }: { readonly contract?: WalletContractVersion } = {},
): Promise<SeamlessPartner> {
  const opening = new Map(Object.entries(players).map(([subject, player]) => [subject, player.balance]));
  const wallet = await startReferenceWallet({ secret: SEAMLESS_SECRET, players, version: contract });
  const movedHere = () => [...wallet.players].reduce((sum, [subject, player]) => sum + player.balance - opening.get(subject)!, 0);
  walletsMoved.set(api, new Set([...(walletsMoved.get(api) ?? []), movedHere]));
  await api.data(
    dealer('test-dealer'),
    `mutation ($input: ConfigurePartnerWalletInput!) { configurePartnerWallet(input: $input) { wallet { mode } userErrors { code message } } }`,
    { input: { partner, mode: 'SEAMLESS', baseUrl: wallet.url, currencies: ['MOP'], secret: SEAMLESS_SECRET, contractVersion: contract } },
  );
  await setWalletTimeout(api, partner, WALLET_PATIENCE_MS);
  return {
    partner,
    wallet,
    player: (subject) => ({ id: subject, roles: [], partner }),
    addPlayer(subject, player) {
      opening.set(subject, player.balance);
      wallet.players.set(subject, player);
    },
    balance: (subject) => wallet.players.get(subject)!.balance,
    async failing(fault, act) {
      if (fault.kind !== 'TIMEOUT' || fault.delayMs !== undefined) {
        wallet.injectFault(fault);
        return act();
      }
      const givenUp = wallet.abandoned + (fault.times ?? 1);
      await setWalletTimeout(api, partner, MIN_TIMEOUT_MS);
      try {
        wallet.injectFault(fault);
        const result = await act();
        // The tables gave up on every call held (a debit's within `act`, a credit's or a rollback's in the workers).
        await vi.waitFor(() => expect(wallet.abandoned).toBeGreaterThanOrEqual(givenUp), { timeout: PATIENCE_MS, interval: 20 });
        return result;
      } finally {
        await setWalletTimeout(api, partner, WALLET_PATIENCE_MS);
      }
    },
    async expectBooksAgree() {
      // The ledger's partnerWallets is every seamless partner's: what each wallet of the test API moved, summed.
      const moved = () => [...(walletsMoved.get(api) ?? [])].reduce((sum, walletMoved) => sum + walletMoved(), 0);
      await vi.waitFor(
        async () => {
          // Every call delivered (a credit of 0, a round's end, moves no money but is owed all the same).
          expect(await dueWalletCalls(api.db, '9999-12-31T23:59:59.999Z')).toEqual([]);
          // No call of a round after the credit that ended it (a wallet keeping rounds refuses it).
          expect(wallet.refusedForClosedRound).toEqual([]);
          const { currencies, consistent } = await api.reconcile();
          expect(consistent).toBe(true);
          const ledger = currencies.find((currency) => currency.currency === 'MOP')?.partnerWallets ?? 0n;
          expect(BigInt(moved())).toBe(ledger);
        },
        { timeout: PATIENCE_MS, interval: 250 },
      );
    },
  };
}
