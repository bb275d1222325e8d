import type { BetPlacement } from '../../store/betting/placement';
import type { PartnerWalletRecord } from '../../store/wallet/partner-wallets';
import type { WalletCallRecord } from '../../store/wallet/wallet-calls';
import type { ServiceDependencies } from '../kernel/services';
import { assertMayPlay } from '../protection/restrictions';
import { debitStake, rollBackDebit } from '../wallet/seamless-debit';
import { withoutDue } from '../wallet/wallet-calls';
import type { PlacementStore } from './placement-store';

/**
 * A seamless bet's stake across the attempts of one placeBet (docs/WALLET.md): debited in the
 * partner's wallet once, at the first attempt that gets that far, and kept, under the same bet id,
 * by every attempt after it; rolled back only once the bet can no longer be laid.
 * - A lost race, or the player's own chip landing first, is not a reason to give the stake back:
 *   a rollback reaches the wallet later than the next debit would, and a wallet that has not
 *   given the stake back yet refuses that debit (the player's chips refused for money they hold).
 * - A new round is: the debit names the round its bet was for, so a bet laid in the next round is
 *   a new bet with a debit of its own.
 */
export class KeptStake {
  private held: { readonly debit: WalletCallRecord; readonly betKey: string; readonly round: number } | undefined;

  constructor(
    private readonly deps: ServiceDependencies,
    private readonly wallet: PartnerWalletRecord,
    /** The player's wallet session's token (version 2), read from the start of the request. */
    private readonly sessionToken: Promise<string | undefined>,
  ) {
    // Awaited by the first debit, if the request gets that far; a failed read is its failure then, not before.
    sessionToken.catch(() => undefined);
  }

  /** The key an attempt in round `round` lays its bet under: the debited bet's while its debit is for that round, else a new one. */
  async betKeyFor(round: number, newKey: () => string): Promise<string> {
    if (this.held && this.held.round !== round) await this.release('the round ended before the bet was laid');
    return this.held?.betKey ?? newKey();
  }

  /**
   * The placement, with the debit its transaction confirms: the stake is asked of the wallet here
   * the first time only. Undefined: the bet's round is over at the wallet (the table read was
   * older than its round), nothing asked.
   */
  async debited(placement: BetPlacement, now: string): Promise<BetPlacement | undefined> {
    if (!this.held) {
      // Nothing is asked of the wallet for a player kept from play (their restriction item; the bet's transaction checks it again).
      await assertMayPlay(this.deps, placement.bet.playerId, now);
      const debit = await debitStake(this.deps, this.wallet, placement.bet, placement.table.currency, await this.sessionToken);
      if (debit === 'ROUND_OVER') return undefined;
      this.held = { debit, betKey: placement.betKey, round: placement.bet.round };
    }
    return { ...placement, confirmedDebit: withoutDue({ ...this.held.debit, state: 'CONFIRMED', updatedAt: this.deps.now() }) };
  }

  /**
   * Whether a placement answered as not laid was laid after all: its transaction applied and the
   * answer was lost (the SDK sent it again, and its conditions then failed). The debit confirmed is the bet laid.
   */
  async confirmedIn(store: PlacementStore): Promise<boolean> {
    return this.held !== undefined && (await store.walletCall(this.held.debit.transactionId))?.state === 'CONFIRMED';
  }

  /** The bet will not be laid under this debit: it is rolled back (the workers deliver the rollback). */
  async release(problem: string): Promise<void> {
    const held = this.held;
    this.held = undefined;
    if (held) await rollBackDebit(this.deps, held.debit, problem);
  }
}
