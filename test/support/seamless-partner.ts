/**
 * A seamless partner for API tests: the reference wallet (local/reference-wallet.ts) over real
 * HTTP, configured through the API as the house's operators configure one, and the checks that
 * the partner's books and ours agree.
 */
import { expect, vi } from 'vitest';
import { startReferenceWallet, type ReferenceWallet, type WalletPlayer } from '../../local/reference-wallet';
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
   * Waits until every call to the wallet is delivered, then checks that both books agree to the
   * unit: each player's wallet moved exactly what our ledger says their wallet was debited and
   * credited (the ledger's WALLET legs), and our ledger reconciles.
   */
  expectBooksAgree(): Promise<void>;
}

export async function startSeamlessPartner(
  api: TestApi,
  partner: string,
  players: Record<string, WalletPlayer>,
  { timeoutMs = 500 }: { timeoutMs?: number } = {},
): Promise<SeamlessPartner> {
  const opening = new Map(Object.entries(players).map(([subject, player]) => [subject, player.balance]));
  const wallet = await startReferenceWallet({ secret: SEAMLESS_SECRET, players });
  await api.data(
    dealer('test-dealer'),
    `mutation ($input: ConfigurePartnerWalletInput!) { configurePartnerWallet(input: $input) { wallet { mode } userErrors { code message } } }`,
    { input: { partner, mode: 'SEAMLESS', baseUrl: wallet.url, currencies: ['MOP'], secret: SEAMLESS_SECRET, timeoutMs } },
  );
  return {
    partner,
    wallet,
    player: (subject) => ({ id: subject, roles: [], partner }),
    addPlayer(subject, player) {
      opening.set(subject, player.balance);
      wallet.players.set(subject, player);
    },
    balance: (subject) => wallet.players.get(subject)!.balance,
    async expectBooksAgree() {
      const moved = () => [...wallet.players].reduce((sum, [subject, player]) => sum + player.balance - opening.get(subject)!, 0);
      await vi.waitFor(
        async () => {
          const { currencies, consistent } = await api.reconcile();
          expect(consistent).toBe(true);
          const ledger = currencies.find((currency) => currency.currency === 'MOP')?.partnerWallets ?? 0n;
          expect(BigInt(moved())).toBe(ledger);
        },
        { timeout: 15_000, interval: 250 },
      );
    },
  };
}
