import { getAccount } from '../../store/money/accounts';
import { PERMANENT_UNTIL, getRestriction, listProtectionChanges, writeRestriction } from '../../store/protection/restrictions';
import type { AccountRecord } from '../../store/money/account-records';
import type { ProtectionChangeRecord, RestrictionRecord } from '../../store/protection/protection-records';
import { ServiceError } from '../kernel/service-error';
import type { Caller, ServiceDependencies } from '../kernel/services';
import { assertPlayerId, managesPlayer } from '../tables/tenancy';
import { inPlayersTurn, untilTaken } from '../kernel/player-requests';
import { numberParam, timeParam } from '../../rules/error-params';

/**
 * Time-outs, self-exclusions and operators' blocks (docs/PLAYER-PROTECTION.md). Each is on the
 * player's restriction item and, when they have an account, on the account too, written together;
 * every bet and deposit checks it in its own transaction (withdrawals never), so none lands once a
 * restriction is written, whichever table or partner it comes through. A time-out or
 * self-exclusion takes effect at once and cannot be shortened or lifted; a block lasts until the
 * operator lifts it. Every change is kept with who made it, when, and what it was before.
 */

/** A time-out: 24 hours to 6 weeks (UKGC RTS 12; MGA). */
export const TIME_OUT_HOURS = { min: 24, max: 6 * 7 * 24 } as const;
/** A self-exclusion: 6 months to 5 years, or for good (UKGC RTS 12; MGA). */
export const SELF_EXCLUSION_MONTHS = { min: 6, max: 60 } as const;
const REASON = /^\S[\s\S]{0,255}$/;

/** The player a request is about: the caller's own (a player for themselves), or one the caller manages (an operator of theirs). */
function playerFor(caller: Caller, playerId: string | null | undefined, { operatorsOnly = false } = {}): string {
  const player = playerId ?? caller.playerId;
  assertPlayerId('playerId', player);
  if (player === caller.playerId && !operatorsOnly) return player;
  if (!managesPlayer(caller, player)) throw new ServiceError('FORBIDDEN', 'You may not change this player\u2019s protection.');
  return player;
}

export async function takeTimeOut(
  deps: ServiceDependencies,
  caller: Caller,
  request: { readonly playerId?: string | null; readonly hours: number },
): Promise<RestrictionRecord> {
  const playerId = playerFor(caller, request.playerId);
  if (!Number.isInteger(request.hours) || request.hours < TIME_OUT_HOURS.min || request.hours > TIME_OUT_HOURS.max) {
    throw new ServiceError('BAD_USER_INPUT', 'hours: a time-out lasts {min} to {max} hours (24 hours to 6 weeks).', 'hours', [
      numberParam('min', TIME_OUT_HOURS.min),
      numberParam('max', TIME_OUT_HOURS.max),
    ]);
  }
  const now = deps.now();
  const until = new Date(Date.parse(now) + request.hours * 3_600_000).toISOString();
  return restrict(deps, caller, playerId, 'TIME_OUT', until);
}

export async function selfExclude(
  deps: ServiceDependencies,
  caller: Caller,
  request: { readonly playerId?: string | null; readonly months?: number | null; readonly permanent?: boolean | null },
): Promise<RestrictionRecord> {
  const playerId = playerFor(caller, request.playerId);
  const { months, permanent } = request;
  if (
    permanent === true
      ? months != null
      : months == null || !Number.isInteger(months) || months < SELF_EXCLUSION_MONTHS.min || months > SELF_EXCLUSION_MONTHS.max
  ) {
    throw new ServiceError(
      'BAD_USER_INPUT',
      'A self-exclusion lasts {min} to {max} months (months), or for good (permanent: true), one or the other.',
      'months',
      [numberParam('min', SELF_EXCLUSION_MONTHS.min), numberParam('max', SELF_EXCLUSION_MONTHS.max)],
    );
  }
  const now = new Date(deps.now());
  const until = permanent ? PERMANENT_UNTIL : addMonths(now, months!).toISOString();
  return restrict(deps, caller, playerId, 'SELF_EXCLUSION', until);
}

/** A calendar's months later: the same day and time, or the month's last day if it has no such day. */
function addMonths(from: Date, months: number): Date {
  const to = new Date(from);
  to.setUTCDate(1);
  to.setUTCMonth(to.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(to.getUTCFullYear(), to.getUTCMonth() + 1, 0)).getUTCDate();
  to.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  return to;
}

async function restrict(
  deps: ServiceDependencies,
  caller: Caller,
  playerId: string,
  kind: 'TIME_OUT' | 'SELF_EXCLUSION',
  until: string,
): Promise<RestrictionRecord> {
  const field = kind === 'TIME_OUT' ? 'timeOutUntil' : 'selfExclusionUntil';
  return change(deps, playerId, (current, now) => {
    const before = current?.[field];
    // Neither can be shortened or lifted before it ends: one running is only ever made longer.
    if (before !== undefined && before > now && before >= until) {
      throw new ServiceError(
        'RESTRICTION_IN_FORCE',
        `${kind === 'TIME_OUT' ? 'A time-out' : 'A self-exclusion'} runs ${before === PERMANENT_UNTIL ? 'for good' : 'until {until}'}: it cannot be shortened or lifted.`,
        undefined,
        before === PERMANENT_UNTIL ? [] : [timeParam('until', before)],
      );
    }
    const next = { ...current, playerId, [field]: until };
    return {
      next: { ...next, restrictedUntil: latest(next.timeOutUntil, next.selfExclusionUntil) },
      change: { kind, by: caller.playerId, at: now, effectiveAt: now, before: before ?? null, after: until },
    };
  });
}

interface BlockRequest {
  readonly playerId: string;
  readonly reason: string;
}

export const blockPlayer = (deps: ServiceDependencies, caller: Caller, request: BlockRequest) => setBlock(deps, caller, request, true);
export const unblockPlayer = (deps: ServiceDependencies, caller: Caller, request: BlockRequest) => setBlock(deps, caller, request, false);

/** An operator of the player blocks them (until lifted) or lifts the block, with the reason. */
async function setBlock(deps: ServiceDependencies, caller: Caller, request: BlockRequest, blocked: boolean): Promise<RestrictionRecord> {
  const playerId = playerFor(caller, request.playerId, { operatorsOnly: true });
  const reason = checkedReason(request.reason);
  return change(deps, playerId, (current, now) => {
    const { block, blocked: _blocked, ...rest } = current ?? { playerId };
    return {
      next: blocked ? { ...rest, playerId, block: { by: caller.playerId, at: now, reason }, blocked: true } : { ...rest, playerId },
      change: {
        kind: blocked ? 'BLOCK' : 'UNBLOCK',
        by: caller.playerId,
        at: now,
        effectiveAt: now,
        before: block?.reason ?? null,
        after: blocked ? reason : null,
        reason,
      },
    };
  });
}

function checkedReason(reason: string): string {
  const trimmed = reason.trim();
  if (!REASON.test(trimmed)) throw new ServiceError('BAD_USER_INPUT', 'reason must say why, in at most 256 characters.', 'reason');
  return trimmed;
}

const latest = (...untils: (string | undefined)[]): string | undefined =>
  untils
    .filter((until): until is string => until !== undefined)
    .sort()
    .at(-1);

/**
 * Reads, changes and writes the player's restrictions under their version, with the change's
 * audit record: in the player's turn, again after a wait whenever raced (player-requests.ts).
 */
async function change(
  deps: ServiceDependencies,
  playerId: string,
  apply: (
    current: RestrictionRecord | undefined,
    now: string,
  ) => { next: Omit<RestrictionRecord, 'version'>; change: Omit<ProtectionChangeRecord, 'id' | 'playerId'> },
): Promise<RestrictionRecord> {
  return inPlayersTurn(deps, playerId, () =>
    untilTaken(async () => {
      const [current, account] = await Promise.all([getRestriction(deps.db, playerId), getAccount(deps.db, playerId)]);
      const { next, change } = apply(current, deps.now());
      const written: RestrictionRecord = { ...next, version: (current?.version ?? 0) + 1 };
      const audit = { ...change, id: deps.newId(), playerId };
      return (await writeRestriction(deps.db, written, current?.version, audit, account !== undefined)) ? written : undefined;
    }),
  );
}

/** Why a restricted player may not bet or deposit now, or undefined if they may. */
export function restrictionRefusal(
  restriction: Pick<RestrictionRecord, 'timeOutUntil' | 'selfExclusionUntil' | 'block'> | undefined,
  now: string,
): ServiceError | undefined {
  if (!restriction) return undefined;
  const { selfExclusionUntil, timeOutUntil, block } = restriction;
  if (selfExclusionUntil !== undefined && selfExclusionUntil > now) {
    return new ServiceError(
      'PLAYER_SELF_EXCLUDED',
      selfExclusionUntil === PERMANENT_UNTIL
        ? 'You excluded yourself from play for good.'
        : 'You excluded yourself from play until {until}.',
      undefined,
      selfExclusionUntil === PERMANENT_UNTIL ? [] : [timeParam('until', selfExclusionUntil)],
    );
  }
  if (timeOutUntil !== undefined && timeOutUntil > now)
    return new ServiceError('PLAYER_TIMED_OUT', 'You took a time-out from play until {until}.', undefined, [
      timeParam('until', timeOutUntil),
    ]);
  if (block) return new ServiceError('PLAYER_BLOCKED', 'Your operator has blocked you from play.');
  return undefined;
}

/** Before a seamless player's stake is asked of their wallet: refused at once if a restriction runs. */
export async function assertMayPlay(deps: ServiceDependencies, playerId: string, now: string): Promise<void> {
  const refusal = restrictionRefusal(await getRestriction(deps.db, playerId), now);
  if (refusal) throw refusal;
}

/** An account whose copy of the restrictions refuses a bet or deposit now: why, from the restriction item. */
export async function accountRestriction(
  deps: ServiceDependencies,
  account: AccountRecord,
  now: string,
): Promise<ServiceError | undefined> {
  if (!account.blocked && !(account.restrictedUntil && account.restrictedUntil > now)) return undefined;
  return restrictionRefusal(await getRestriction(deps.db, account.id), now) ?? new ServiceError('PLAYER_BLOCKED', 'You may not play now.');
}

/** A player's protection as the API shows it (PlayerProtection), as of `now`. */
export interface ProtectionView {
  readonly playerId: string;
  readonly mayPlay: boolean;
  readonly timeOutEndsAt: string | null;
  readonly selfExclusionEndsAt: string | null;
  readonly permanentlyExcluded: boolean;
  readonly blocked: { readonly reason: string; readonly blockedBy: string; readonly blockedAt: string } | null;
}

export function protectionView(playerId: string, restriction: RestrictionRecord | undefined, now: string): ProtectionView {
  const excludedUntil = restriction?.selfExclusionUntil;
  const block = restriction?.block;
  return {
    playerId,
    mayPlay: restrictionRefusal(restriction, now) === undefined,
    timeOutEndsAt: restriction?.timeOutUntil ?? null,
    selfExclusionEndsAt: excludedUntil !== undefined && excludedUntil !== PERMANENT_UNTIL ? excludedUntil : null,
    permanentlyExcluded: excludedUntil === PERMANENT_UNTIL,
    blocked: block ? { reason: block.reason, blockedBy: block.by, blockedAt: block.at } : null,
  };
}

/** The player's protection, for themselves or an operator of theirs. */
export async function playerProtection(
  deps: ServiceDependencies,
  caller: Caller,
  playerId: string | null | undefined,
): Promise<ProtectionView> {
  const player = playerFor(caller, playerId);
  return protectionView(player, await getRestriction(deps.db, player), deps.now());
}

/** The changes of a protection already shown to the caller, newest first. */
export async function protectionChanges(deps: ServiceDependencies, playerId: string, last: number): Promise<ProtectionChangeRecord[]> {
  if (!Number.isInteger(last) || last < 1 || last > 200) throw new ServiceError('BAD_USER_INPUT', 'last: 1 to 200.', 'last');
  return listProtectionChanges(deps.db, playerId, last);
}

/** A change made, answered as the player's protection after it. */
export const changedProtection = (deps: ServiceDependencies, written: RestrictionRecord): ProtectionView =>
  protectionView(written.playerId, written, deps.now());
