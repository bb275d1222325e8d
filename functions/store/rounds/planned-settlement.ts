/** An outcome's plan is stored apart from it, in chunks (plan-chunks.ts): here is one entry of it. */
import type { PointNumber } from '../../rules/craps';
import type { BetType } from '../betting/bet-records';

/**
 * One bet's part of an outcome's settlement, decided when the outcome is recorded (stored in the
 * outcome's plan chunks) and applied by its settlement job.
 */
export interface PlannedSettlement {
  readonly betId: string;
  readonly playerId: string;
  /** The bet's type, carried into the ledger (reports by bet type). */
  readonly betType?: BetType;
  readonly resolution:
    | { readonly outcome: 'WIN'; readonly winnings: number }
    | { readonly outcome: 'LOSE' }
    | { readonly outcome: 'PUSH' }
    | { readonly outcome: 'MOVED'; readonly number: PointNumber }
    /** The round was voided: the stake comes back. */
    | { readonly outcome: 'VOID' }
    /**
     * A seamless bet placed for this round that the roll leaves on the layout (`closesRound`):
     * marked on the bet (lastOutcome), so that its player's closing credit is written once.
     */
    | { readonly outcome: 'STAYS' };
  /** Credited to the player's balance: stake + winnings, stake, or 0. */
  readonly returned: number;
  /**
   * The reserve the entry frees from the player's `exposure` (the bet's, once decided; 0 for a
   * bet that moves, and for a jackpot bet whose round's jackpot releases it as it pays).
   */
  readonly released?: number;
  /** The bet's stake came from a seamless wallet (BetRecord.seamless): it is paid back there. */
  readonly seamless?: true;
  /** A void of the round the bet was placed for, at a seamless wallet: its debit is rolled back (not credited). */
  readonly rollback?: true;
  /**
   * A seamless bet placed for this round that the roll moves or leaves on the layout: its player's
   * round at the wallet ends with a credit all the same, 0 when nothing else comes back (docs/WALLET.md).
   */
  readonly closesRound?: true;
}
