import { callWallet } from '../../wallet/wallet-client';
import { SESSION_TOKEN } from '../../wallet/wallet-protocol';
import type { PartnerWalletRecord } from '../../store/wallet/partner-wallets';
import { getWalletSession, getWalletSessions, putWalletSession, type WalletSessionRecord } from '../../store/wallet/wallet-sessions';
import type { Contract } from './wallet-calls';
import { ServiceError } from '../kernel/service-error';
import type { Caller, ServiceDependencies } from '../kernel/services';
import { contractOf, seamlessWalletOf, walletEndpointOf } from './partner-wallets';
import { subjectOf } from './wallet-calls';

/** Whose a partner's session token is, as its wallet's `authenticate` answered. */
export interface AuthenticatedSession {
  /** The player as the partner knows them (the subject: our player id is `<partner>/<subject>`). */
  readonly subject: string;
  readonly currency: string;
  readonly country?: string;
  readonly balance: number;
}

/**
 * Asks a version 2 wallet whose `sessionToken` is (docs/WALLET.md, "Sessions"): what a session's
 * start, a launch included, is refused on. Moves nothing.
 */
export async function authenticateSession(
  deps: ServiceDependencies,
  wallet: PartnerWalletRecord,
  sessionToken: string,
): Promise<AuthenticatedSession> {
  if (contractOf(wallet) < 2)
    throw new ServiceError('FORBIDDEN', "Your platform's wallet is on version 1 of the contract, which has no sessions.", null);
  if (!SESSION_TOKEN.test(sessionToken))
    throw new ServiceError('BAD_USER_INPUT', 'sessionToken: 1 to 256 printable characters, no spaces.', 'sessionToken');
  const endpoint = await walletEndpointOf(deps, wallet);
  deps.reads?.spendWalletCall();
  const result = await callWallet(endpoint, 'authenticate', {
    requestId: `authenticate:${deps.newId()}`,
    partner: wallet.partner,
    sessionToken,
  });
  if (result.kind !== 'ANSWERED') throw new ServiceError('WALLET_UNAVAILABLE', 'Your wallet did not answer; try again.');
  const { answer } = result;
  if (answer.status === 'OK') {
    if (answer.playerId === undefined || !wallet.currencies!.includes(answer.currency))
      throw new ServiceError('WALLET_UNAVAILABLE', "Your platform's wallet answered what the contract does not allow; try again later.");
    return {
      subject: answer.playerId,
      currency: answer.currency,
      balance: answer.balance,
      ...(answer.country ? { country: answer.country } : {}),
    };
  }
  const refusal = SESSION_REFUSALS[answer.code];
  if (refusal) throw new ServiceError(refusal.code, refusal.message, null);
  throw new ServiceError('WALLET_UNAVAILABLE', "Your platform's wallet refused the session unexpectedly; try again later.");
}

/** An `authenticate` refusal, as the player is told it. */
const SESSION_REFUSALS: Partial<Record<string, { code: 'SESSION_ENDED' | 'PLAYER_BLOCKED' | 'NOT_FOUND'; message: string }>> = {
  INVALID_TOKEN: {
    code: 'SESSION_ENDED',
    message: 'Your platform does not know that session, or it ended: come in again from your platform.',
  },
  PLAYER_BLOCKED: { code: 'PLAYER_BLOCKED', message: 'Your wallet refuses play for you: ask your platform.' },
  UNKNOWN_PLAYER: { code: 'NOT_FOUND', message: "Your platform's wallet does not know you." },
};

/**
 * A seamless player starts a session with the token their partner gave them: the wallet says it
 * is theirs, and from now on every call for them carries it (a debit refused INVALID_TOKEN once the
 * partner ends it). Replaces the player's session before it.
 */
export async function startWalletSession(
  deps: ServiceDependencies,
  caller: Caller,
  { sessionToken }: { readonly sessionToken: string },
): Promise<WalletSessionRecord> {
  const wallet = await seamlessWalletOf(deps, caller.playerId);
  if (!wallet) throw new ServiceError('FORBIDDEN', "Only a seamless partner's players start a session with their wallet.", null);
  return openWalletSession(deps, wallet, caller.playerId, sessionToken);
}

/**
 * The player's session with their wallet, authenticated and kept: refused, and nothing kept, when
 * the wallet says the token is another player's, or (a launch's) holds their money in another
 * currency than `currency`.
 */
export async function openWalletSession(
  deps: ServiceDependencies,
  wallet: PartnerWalletRecord,
  playerId: string,
  sessionToken: string,
  currency?: string,
): Promise<WalletSessionRecord> {
  const session = await authenticateSession(deps, wallet, sessionToken);
  if (session.subject !== subjectOf(playerId)) throw new ServiceError('FORBIDDEN', "The session is another player's.", 'sessionToken');
  if (currency !== undefined && session.currency !== currency)
    throw new ServiceError('CURRENCY_MISMATCH', "The wallet holds the player's money in another currency.", 'currency');
  const record: WalletSessionRecord = {
    playerId,
    partner: wallet.partner,
    sessionToken,
    currency: session.currency,
    ...(session.country ? { country: session.country } : {}),
    balance: session.balance,
    startedAt: deps.now(),
  };
  await putWalletSession(deps.db, record);
  return record;
}

/** The token a version 2 player's calls carry: their session's, if they came in by one. */
export async function sessionTokenOf(
  deps: ServiceDependencies,
  wallet: PartnerWalletRecord,
  playerId: string,
): Promise<string | undefined> {
  return contractOf(wallet) >= 2 ? (await getWalletSession(deps.db, playerId))?.sessionToken : undefined;
}

/** The session token of each of `playerIds` on version 2 who has a session, read in one batch: for the calls a settlement or a prize writes. */
export async function walletSessionsOf(
  deps: ServiceDependencies,
  playerIds: Iterable<string>,
  contractOf: (playerId: string) => Contract,
): Promise<(playerId: string) => string | undefined> {
  const sessions = await getWalletSessions(
    deps.db,
    [...playerIds].filter((playerId) => contractOf(playerId) >= 2),
  );
  const tokens = new Map(sessions.map((session) => [session.playerId, session.sessionToken]));
  return (playerId) => tokens.get(playerId);
}
