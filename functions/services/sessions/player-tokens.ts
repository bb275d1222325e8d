import { createHash } from 'node:crypto';
import { listPlayerBets } from '../../store/betting/bets';
import {
  endPlayerSessionRecord,
  getPlayerSession,
  touchPlayerSession,
  useLaunchCode,
  type PlayerSessionRecord,
} from '../../store/sessions/player-sessions';
import { ServiceError } from '../kernel/service-error';
import type { PlayerTokenIssuer } from '../kernel/player-token-issuer';
import type { Caller, ServiceDependencies } from '../kernel/services';
import { isHouseOperator } from '../tables/tenancy';
import { partnerOfPlayer } from '../../store/kernel/keys';
import { subjectOf } from '../wallet/wallet-calls';

/** A player token: short-lived, refreshed while its session lives. */
export const PLAYER_TOKEN_SECONDS = 15 * 60;
/** A session without play this long (no bet, since its launch) has ended. */
export const SESSION_IDLE_SECONDS = 30 * 60;

export interface IssuedPlayerToken {
  readonly token: string;
  readonly expiresAt: string;
  readonly session: PlayerSessionRecord;
}

/** A launch code's hash: what the store keeps (the code itself travels only in the launch URL). */
export const launchCodeHash = (code: string): string => createHash('sha256').update(code).digest('base64url');

const sessionGone = () =>
  new ServiceError('SESSION_ENDED', 'The session has ended, or the code was used or has expired: open the game again from your platform.');

/** The launch's one-time code, used once, for a player token of its session. */
export async function exchangeLaunchCode(deps: ServiceDependencies, code: string): Promise<IssuedPlayerToken> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(code)) throw new ServiceError('BAD_USER_INPUT', 'code: the code of a launch URL.', 'code');
  const sessionId = await useLaunchCode(deps.db, launchCodeHash(code), deps.now());
  if (sessionId === undefined) throw sessionGone();
  return tokenFor(deps, sessionId, { played: 'NOW' });
}

/** A new token for the session of a token of ours, while the session lives. */
export async function refreshPlayerToken(deps: ServiceDependencies, token: string): Promise<IssuedPlayerToken> {
  const claims = await issuer(deps).verify(token);
  if (!claims) throw new ServiceError('UNAUTHENTICATED', 'Send a player token of ours that has not expired.');
  return tokenFor(deps, claims.sid, { played: 'LATEST_BET' });
}

/**
 * A token for the session while it lives. Its idle limit counts from the player's last play: the
 * launch, the code's exchange, their latest bet. A page left open without play refreshes its token
 * in vain: the session ends (IDLE) and the player comes in again from the partner's site.
 */
async function tokenFor(
  deps: ServiceDependencies,
  sessionId: string,
  { played }: { readonly played: 'NOW' | 'LATEST_BET' },
): Promise<IssuedPlayerToken> {
  const now = deps.now();
  const idleSince = new Date(Date.parse(now) - SESSION_IDLE_SECONDS * 1_000).toISOString();
  const session = await getPlayerSession(deps.db, sessionId);
  if (!session || session.endedAt !== undefined) throw sessionGone();
  let lastPlayed = played === 'NOW' ? now : session.lastUsedAt;
  if (played === 'LATEST_BET') {
    const [latest] = await listPlayerBets(deps.db, session.playerId, 1);
    if (latest && latest.placedAt > lastPlayed) lastPlayed = latest.placedAt;
  }
  if (lastPlayed <= idleSince) {
    await endPlayerSessionRecord(deps.db, sessionId, session.partner, now, 'IDLE');
    throw sessionGone();
  }
  // Moved on only, and only while open: refused, it was ended since it was read, or moved on by another refresh.
  if (!(await touchPlayerSession(deps.db, sessionId, lastPlayed)) && (await getPlayerSession(deps.db, sessionId))?.endedAt !== undefined)
    throw sessionGone();
  const token = await issuer(deps).sign(
    // A demo session's player is demo play's (its partner, DEMO_PARTNER), the launching partner's otherwise.
    { sub: subjectOf(session.playerId), partner: partnerOfPlayer(session.playerId)!, sid: sessionId },
    PLAYER_TOKEN_SECONDS,
  );
  return { token, expiresAt: new Date(Date.parse(now) + PLAYER_TOKEN_SECONDS * 1_000).toISOString(), session };
}

export function issuer(deps: ServiceDependencies): PlayerTokenIssuer {
  if (!deps.playerTokens) throw new Error('no player token issuer is configured (PLAYER_TOKEN_KEY)');
  return deps.playerTokens;
}

/**
 * The house's operators move the token keys on (docs/LAUNCH.md, "Rotating the keys"): the next key
 * signs from now, tokens of the key before are still taken until the rotation after. Answers the
 * key id signing now.
 */
export async function rotatePlayerTokenKeys(deps: ServiceDependencies, caller: Caller, fromKeyId: string): Promise<string> {
  if (!isHouseOperator(caller)) throw new ServiceError('FORBIDDEN', "Only the house's operators rotate the house's token keys.");
  const signing = await issuer(deps).rotate(fromKeyId);
  if (signing === undefined)
    throw new ServiceError('BAD_USER_INPUT', 'fromKeyId: not the key signing now; the keys moved on since it was read.', 'fromKeyId');
  return signing;
}
