import { callWallet } from '../../wallet/wallet-client';
import { ServiceError } from '../kernel/service-error';
import { assertCurrency } from '../kernel/request-checks';
import type { Caller, ServiceDependencies } from '../kernel/services';
import { contractOf, seamlessWalletOf, walletEndpointOf } from './partner-wallets';
import { subjectOf } from './wallet-calls';
import { sessionTokenOf } from './wallet-sessions';

/** A seamless player's balance in their partner's wallet, as it answered at `readAt`. */
export interface WalletBalance {
  readonly playerId: string;
  readonly balance: number;
  readonly currency: string;
  readonly readAt: string;
}

/**
 * A seamless partner's player's balance, as their partner's wallet holds it (the contract's
 * `balance` call, docs/WALLET.md): what a table page shows them. Null for everyone else, whose
 * balance is their account's (`me`).
 */
export async function walletBalance(
  deps: ServiceDependencies,
  caller: Caller,
  currency: string | null | undefined,
): Promise<WalletBalance | null> {
  if (currency != null) assertCurrency(currency);
  const wallet = await seamlessWalletOf(deps, caller.playerId);
  if (!wallet) return null;
  const asked = currency ?? wallet.currencies![0]!;
  if (!wallet.currencies!.includes(asked)) throw new ServiceError('CURRENCY_MISMATCH', 'Your wallet does not hold that currency.');
  const [endpoint, sessionToken] = await Promise.all([walletEndpointOf(deps, wallet), sessionTokenOf(deps, wallet, caller.playerId)]);
  deps.reads?.spendWalletCall();
  const result = await callWallet(endpoint, 'balance', {
    requestId: `balance:${deps.newId()}`,
    playerId: subjectOf(caller.playerId),
    currency: asked,
    ...(contractOf(wallet) >= 2 ? { partner: wallet.partner, ...(sessionToken !== undefined ? { sessionToken } : {}) } : {}),
  });
  if (result.kind === 'ANSWERED' && result.answer.status === 'OK')
    return { playerId: caller.playerId, balance: result.answer.balance, currency: result.answer.currency, readAt: deps.now() };
  if (result.kind === 'ANSWERED' && result.answer.status === 'ERROR' && result.answer.code === 'UNKNOWN_PLAYER')
    throw new ServiceError('NOT_FOUND', "Your platform's wallet does not know you.", null);
  if (result.kind === 'ANSWERED' && result.answer.status === 'ERROR' && result.answer.code === 'INVALID_TOKEN')
    throw new ServiceError('SESSION_ENDED', 'Your session with your platform has ended: come in again from your platform.', null);
  throw new ServiceError('WALLET_UNAVAILABLE', 'Your wallet did not answer; try again.');
}
