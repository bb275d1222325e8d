import { sendWalletCall } from '../../wallet/wallet-client';
import type { BetRecord } from '../../store/betting/bet-records';
import type { PartnerWalletRecord } from '../../store/wallet/partner-wallets';
import { saveWalletCall, type WalletCallRecord } from '../../store/wallet/wallet-calls';
import { createDebitInRound } from '../../store/wallet/wallet-rounds';
import { ServiceError } from '../kernel/service-error';
import type { ServiceDependencies } from '../kernel/services';
import { DEBIT_GRACE_MS, queueWalletCalls } from './deliver-wallet-call';
import { contractOf, walletEndpointOf } from './partner-wallets';
import { debitOf, rollingBack, withoutDue } from './wallet-calls';
import { textParam } from '../../rules/error-params';

/**
 * A seamless bet's stake, taken from the partner's wallet before the bet is laid (docs/WALLET.md):
 * the debit is written to the outbox first (so that a crash after sending it cannot lose it: the
 * workers roll back one left unconfirmed), then sent, once. Answered OK, the debit is returned,
 * for the bet's own transaction to confirm. Refused by the wallet (no funds, a blocked player, a
 * limit), the bet is refused with our code and nothing is owed. Unanswered (a timeout, a 5xx, an
 * unsigned answer, a refusal the contract does not expect), the debit is rolled back and the bet
 * refused as WALLET_UNAVAILABLE, which the player may retry. ROUND_OVER: nothing was written or
 * sent, the bet's round being over at the wallet (version 2): the table was read before it moved on.
 */
export async function debitStake(
  deps: ServiceDependencies,
  wallet: PartnerWalletRecord,
  bet: BetRecord,
  currency: string,
  /** The player's wallet session's token (version 2), if they came in by one. */
  sessionToken: string | undefined,
): Promise<WalletCallRecord | 'ROUND_OVER'> {
  if (!(wallet.currencies ?? []).includes(currency))
    throw new ServiceError('CURRENCY_MISMATCH', 'The table plays in {tableCurrency}, which your wallet does not hold.', undefined, [
      textParam('tableCurrency', currency),
    ]);
  const endpoint = await walletEndpointOf(deps, wallet);
  // Counted before anything is written or sent: a request past its calls is refused having moved nothing.
  deps.reads?.spendWalletCall();
  const at = deps.now();
  const debit: WalletCallRecord = {
    ...debitOf(bet, wallet.partner, currency, at, contractOf(wallet), sessionToken),
    // Until then, the request that sends it decides; after, the workers take it for lost and roll it back.
    nextAttemptAt: new Date(Date.parse(at) + (endpoint.timeoutMs ?? 0) + DEBIT_GRACE_MS).toISOString(),
  };
  // Version 2: listed in the player's round first; a round the wallet was told is over takes no more debits.
  if (!(await createDebitInRound(deps.db, debit))) return 'ROUND_OVER';
  const result = await sendWalletCall(endpoint, 'debit', debit.body);
  if (result.kind === 'ANSWERED' && result.answer.status === 'OK')
    return { ...debit, balanceAfter: result.answer.balance, balanceAt: deps.now() };
  if (result.kind === 'ANSWERED' && result.answer.status === 'ERROR') {
    const refusal = REFUSALS[result.answer.code];
    if (refusal && !refusal.final) {
      // Any other refusal is rolled back in case (docs/WALLET.md), and told with our own code.
      await rollBackDebit(deps, debit, 'the wallet refused the debit');
      throw new ServiceError(refusal.code, refusal.message);
    }
    if (refusal) {
      const refused = withoutDue({ ...debit, state: 'REFUSED', refusal: result.answer.code, updatedAt: deps.now() });
      // Refused: nothing moved, nothing to undo (unless the workers already took it for lost: their rollback is harmless).
      await saveWalletCall(deps.db, refused, ['SENT']);
      throw new ServiceError(refusal.code, refusal.message);
    }
  }
  await rollBackDebit(deps, debit, result.kind === 'ANSWERED' ? 'the wallet refused the debit unexpectedly' : 'the debit was not answered');
  throw new ServiceError('WALLET_UNAVAILABLE', 'Your wallet did not confirm the stake in time; nothing was taken. Try again.');
}

/** The debit is not to stand (unanswered, or its bet not laid): its rollback falls due, and goes to the workers. */
export async function rollBackDebit(deps: ServiceDependencies, debit: WalletCallRecord, problem: string): Promise<void> {
  const rolling = rollingBack(debit, deps.now(), problem);
  if (await saveWalletCall(deps.db, rolling, ['SENT'])) await queueWalletCalls(deps, [debit.transactionId]);
}

/**
 * A wallet's refusals of a debit that refuse the bet, with our own codes, the same for every
 * partner. `final`: the contract says nothing moved and nothing is to undo; the others are
 * rolled back in case (docs/WALLET.md, "What the tables do with each answer").
 */
const REFUSALS: Partial<
  Record<
    string,
    {
      code: 'INSUFFICIENT_FUNDS' | 'PLAYER_BLOCKED' | 'LIMIT_REACHED' | 'NOT_FOUND' | 'CURRENCY_MISMATCH' | 'SESSION_ENDED';
      message: string;
      final: boolean;
    }
  >
> = {
  INSUFFICIENT_FUNDS: { code: 'INSUFFICIENT_FUNDS', message: 'Your wallet does not cover the stake.', final: true },
  PLAYER_BLOCKED: { code: 'PLAYER_BLOCKED', message: 'Your wallet refuses bets for you: ask your platform.', final: true },
  LIMIT_REACHED: { code: 'LIMIT_REACHED', message: 'The stake would pass a limit your platform keeps for you.', final: true },
  UNKNOWN_PLAYER: { code: 'NOT_FOUND', message: "Your platform's wallet does not know you.", final: false },
  CURRENCY_MISMATCH: { code: 'CURRENCY_MISMATCH', message: "Your wallet does not hold the table's currency.", final: false },
  INVALID_TOKEN: {
    code: 'SESSION_ENDED',
    message: 'Your session with your platform has ended: come in again from your platform. Nothing was taken.',
    final: true,
  },
};
