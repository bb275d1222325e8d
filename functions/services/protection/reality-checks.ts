import type { AccountRecord } from '../../store/money/account-records';
import { getAccount } from '../../store/money/accounts';
import { acknowledgeCheck, dueChecks, markTold, writeRealityCheck } from '../../store/protection/reality-checks';
import { ServiceError } from '../kernel/service-error';
import type { Caller, ServiceDependencies } from '../kernel/services';
import { assertPlayerId, managesPlayer } from '../tables/tenancy';
import { inPlayersTurn, untilTaken } from '../kernel/player-requests';
import { moneyParam, numberParam, timeParam } from '../../rules/error-params';

/**
 * Reality checks (docs/PLAYER-PROTECTION.md; UKGC RTS 14): every so many minutes of a session,
 * the player is told how long they have played, what they staked and their net result (myEvents,
 * REALITY_CHECK), and no bet of theirs is taken until they acknowledge it. The session starts when
 * the check is turned on. The sweeper tells each check as it falls due; a bet meeting one first
 * tells it too.
 */

export const REALITY_CHECK_MINUTES = { min: 10, max: 240 } as const;

/** What a reality check tells, and the API shows. */
export interface RealityCheckView {
  readonly everyMinutes: number;
  readonly sessionStartedAt: string;
  readonly dueAt: string;
  readonly staked: number;
  readonly returned: number;
  readonly net: number;
}

export function realityCheckOf(account: AccountRecord): RealityCheckView | null {
  if (account.rcEvery === undefined || account.rcDueAt === undefined || account.sessionAt === undefined) return null;
  const staked = account.sessionStaked ?? 0;
  const returned = account.sessionReturned ?? 0;
  return {
    everyMinutes: account.rcEvery,
    sessionStartedAt: account.sessionAt,
    dueAt: account.rcDueAt,
    staked,
    returned,
    net: returned - staked,
  };
}

const later = (at: string, minutes: number): string => new Date(Date.parse(at) + minutes * 60_000).toISOString();

/** Turns the player's reality checks on (every `minutes`, a session starting now) or off (null). */
export async function setRealityCheck(
  deps: ServiceDependencies,
  caller: Caller,
  request: { readonly playerId?: string | null; readonly minutes: number | null },
): Promise<string> {
  const playerId = request.playerId ?? caller.playerId;
  assertPlayerId('playerId', playerId);
  if (playerId !== caller.playerId && !managesPlayer(caller, playerId))
    throw new ServiceError('FORBIDDEN', 'You may not set this player\u2019s reality checks.');
  const { minutes } = request;
  if (minutes !== null && (!Number.isInteger(minutes) || minutes < REALITY_CHECK_MINUTES.min || minutes > REALITY_CHECK_MINUTES.max)) {
    throw new ServiceError('BAD_USER_INPUT', 'minutes: {min} to {max}, or null to turn them off.', 'minutes', [
      numberParam('min', REALITY_CHECK_MINUTES.min),
      numberParam('max', REALITY_CHECK_MINUTES.max),
    ]);
  }
  return inPlayersTurn(deps, playerId, () =>
    untilTaken(async () => {
      const account = await getAccount(deps.db, playerId);
      if (!account) throw new ServiceError('NOT_FOUND', 'That player has no account here.');
      const at = deps.now();
      // The check is meant to be seen: a player whose check is due acknowledges it before changing or ending them.
      const due = realityCheckOf(account);
      if (due && due.dueAt <= at && playerId === caller.playerId) throw checkDue(due.dueAt);
      const setting = minutes === null ? null : { minutes, at, dueAt: later(at, minutes) };
      return (await writeRealityCheck(deps.db, playerId, setting, account.rcDueAt)) ? playerId : undefined;
    }),
  );
}

const checkDue = (dueAt: string): ServiceError =>
  new ServiceError(
    'REALITY_CHECK_DUE',
    'Your reality check due at {dueAt} waits for you: acknowledge it (acknowledgeRealityCheck) before changing your reality checks.',
    null,
    [timeParam('dueAt', dueAt)],
  );

/**
 * The player acknowledges the check due at `dueAt` (the one they were told): bets are taken again
 * until the next. The same acknowledgement sent again is answered as done; any other moment (one
 * made up, one not due yet, an older check's) is refused, and nothing changes.
 */
export async function acknowledgeRealityCheck(deps: ServiceDependencies, caller: Caller, dueAt: string): Promise<string> {
  return inPlayersTurn(deps, caller.playerId, () =>
    untilTaken(async () => {
      const account = await getAccount(deps.db, caller.playerId);
      const check = account && realityCheckOf(account);
      if (!account || !check) throw new ServiceError('NOT_FOUND', 'You have no reality check turned on.');
      if (check.dueAt !== dueAt) {
        if (account.rcAckedAt === dueAt) return caller.playerId;
        throw new ServiceError(
          'BAD_USER_INPUT',
          'No reality check of yours fell due at that moment: the one to acknowledge is due at {dueAt}.',
          'dueAt',
          [timeParam('dueAt', check.dueAt)],
        );
      }
      if (dueAt > deps.now())
        throw new ServiceError('BAD_USER_INPUT', 'That reality check is due at {dueAt}, not yet.', 'dueAt', [
          timeParam('dueAt', check.dueAt),
        ]);
      return (await acknowledgeCheck(deps.db, caller.playerId, dueAt, later(deps.now(), check.everyMinutes))) ? caller.playerId : undefined;
    }),
  );
}

/** Why the account refused a stake, as far as reality checks go: the check due, told now if it was not yet. */
export async function realityCheckRefusal(
  deps: ServiceDependencies,
  account: AccountRecord,
  at: string,
): Promise<ServiceError | undefined> {
  const check = realityCheckOf(account);
  if (!check || check.dueAt > at) return undefined;
  await markTold(deps.db, account.id, check.dueAt);
  const minutes = Math.round((Date.parse(at) - Date.parse(check.sessionStartedAt)) / 60_000);
  return new ServiceError(
    'REALITY_CHECK_DUE',
    `Reality check: you have played for {hours} h {minutes} min, staked {staked} and are ${check.net >= 0 ? 'up' : 'down'} {netAbs}. Acknowledge it (acknowledgeRealityCheck, dueAt {dueAt}) to go on.`,
    undefined,
    [
      numberParam('hours', Math.floor(minutes / 60)),
      numberParam('minutes', minutes % 60),
      moneyParam('staked', check.staked, account.currency),
      moneyParam('net', check.net, account.currency),
      moneyParam('netAbs', Math.abs(check.net), account.currency),
      timeParam('dueAt', check.dueAt),
    ],
  );
}

/** The sweeper's part (every minute): each check due is told to its player (their myEvents). */
export async function sweepRealityChecks(deps: ServiceDependencies): Promise<{ told: number }> {
  let told = 0;
  for (const { playerId, dueAt } of await dueChecks(deps.db, deps.now())) if (await markTold(deps.db, playerId, dueAt)) told++;
  return { told };
}

/** The player's reality checks while on (their account's), for the API. */
export async function playerRealityCheck(deps: ServiceDependencies, playerId: string): Promise<RealityCheckView | null> {
  const account = await getAccount(deps.db, playerId);
  return account ? realityCheckOf(account) : null;
}
