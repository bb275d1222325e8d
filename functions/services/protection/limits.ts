import type { AccountRecord } from '../../store/money/account-records';
import type { LimitSetting, LimitsRecord, ProtectionChangeRecord } from '../../store/protection/protection-records';
import { getAccount } from '../../store/money/accounts';
import {
  LIMIT_KINDS,
  LIMIT_PERIODS,
  NO_LIMIT,
  getLimits,
  limitAttribute,
  periodAttribute,
  periodKeysAt,
  roomAttribute,
  rollPeriods,
  writeLimits,
  type LimitInForce,
  type LimitKind,
  type LimitPeriod,
} from '../../store/protection/limits';
import { PLAY_STEP_MINUTES, countPlayStep, playClock } from '../../store/protection/play-time';
import { MAX_BALANCE } from '../../rules/money';
import { ServiceError } from '../kernel/service-error';
import type { Caller, ServiceDependencies } from '../kernel/services';
import { assertPlayerId, managesPlayer } from '../tables/tenancy';
import { inPlayersTurn, untilTaken } from '../kernel/player-requests';
import { moneyParam, numberParam, textParam } from '../../rules/error-params';

/**
 * Deposit, stake, net-loss and session-time limits per day, week and month (docs/PLAYER-PROTECTION.md): a
 * player sets their own, an operator of theirs may set them too, and the lower of the two applies.
 * Lowering a limit (or setting one) applies at once; raising or removing one only after 24 hours
 * of cooling-off, shown as pending until then. What is in force is kept on the player's account,
 * where every stake and deposit counts against it (store/protection/limits.ts).
 */

/** How long a rise or removal of a limit waits (UKGC RTS 12: at least 24 hours). */
export const COOLING_OFF_MS = 24 * 3_600_000;
/** The longest session-time limit: a month's minutes (31 days). */
const MAX_SESSION_MINUTES = 31 * 24 * 60;

export type LimitSetter = 'PLAYER' | 'OPERATOR';
const slot = (kind: LimitKind, period: LimitPeriod): string => `${kind}_${period}`;

export interface SetLimitRequest {
  readonly playerId?: string | null;
  readonly kind: LimitKind;
  readonly period: LimitPeriod;
  /** Minor units; null removes the limit (after the cooling-off). */
  readonly amount: number | null;
}

export async function setLimit(deps: ServiceDependencies, caller: Caller, request: SetLimitRequest): Promise<string> {
  const playerId = request.playerId ?? caller.playerId;
  assertPlayerId('playerId', playerId);
  const setBy: LimitSetter = playerId === caller.playerId ? 'PLAYER' : 'OPERATOR';
  if (setBy === 'OPERATOR' && !managesPlayer(caller, playerId))
    throw new ServiceError('FORBIDDEN', 'You may not set this player\u2019s limits.');
  const { amount } = request;
  if (request.kind === 'SESSION_TIME') {
    if (amount !== null && (!Number.isInteger(amount) || amount < PLAY_STEP_MINUTES || amount > MAX_SESSION_MINUTES))
      throw new ServiceError(
        'BAD_USER_INPUT',
        'amount: a session-time limit is a whole number of minutes from {min} to {max}, or null to remove the limit.',
        'amount',
        [numberParam('min', PLAY_STEP_MINUTES), numberParam('max', MAX_SESSION_MINUTES)],
      );
  } else if (amount !== null && (!Number.isInteger(amount) || amount <= 0 || amount > MAX_BALANCE)) {
    throw new ServiceError(
      'BAD_USER_INPUT',
      'amount: a whole number of minor units from 1 to {max}, or null to remove the limit.',
      'amount',
      [moneyParam('max', MAX_BALANCE)],
    );
  }
  // In the player's turn: their bets wait for the limit, and it is taken whatever it races.
  await inPlayersTurn(deps, playerId, () =>
    changeLimits(deps, playerId, (limits, now) => {
      const key = slot(request.kind, request.period);
      const side = setBy === 'PLAYER' ? 'player' : 'operator';
      const current = limits[side][key]?.amount ?? null;
      // Tighter applies at once; looser waits out the cooling-off (the one asked last is what waits).
      const tighter = amount !== null && (current === null || amount < current);
      const setting: LimitSetting =
        tighter || amount === current
          ? { amount }
          : { amount: current, pending: { amount, effectiveAt: new Date(Date.parse(now) + COOLING_OFF_MS).toISOString() } };
      const change: Omit<ProtectionChangeRecord, 'id' | 'playerId'> = {
        kind: 'LIMIT',
        limit: key,
        setBy,
        by: caller.playerId,
        at: now,
        effectiveAt: setting.pending?.effectiveAt ?? now,
        before: current === null ? null : String(current),
        after: amount === null ? null : String(amount),
      };
      return { next: { ...limits, [side]: { ...limits[side], [key]: setting } }, change };
    }),
  );
  return playerId;
}

/** Rises and removals whose cooling-off is over, applied (what a stake, deposit or read that meets one does first). */
export async function applyDueLimits(deps: ServiceDependencies, playerId: string): Promise<boolean> {
  return (await changeLimits(deps, playerId, (limits) => ({ next: limits }))) === 'WRITTEN';
}

/** Every limit's setting once due cooling-offs are over. */
function settled(limits: LimitsRecord, now: string): { record: LimitsRecord; changed: boolean } {
  let changed = false;
  const settle = (side: Readonly<Record<string, LimitSetting>>) =>
    Object.fromEntries(
      Object.entries(side).map(([key, setting]) => {
        if (!setting.pending || setting.pending.effectiveAt > now) return [key, setting];
        changed = true;
        return [key, { amount: setting.pending.amount }];
      }),
    );
  return { record: { ...limits, player: settle(limits.player), operator: settle(limits.operator) }, changed };
}

/** The limit in force for each kind and period: the lower of the player's and the operator's (NO_LIMIT: neither). */
export function limitsInForce(limits: LimitsRecord | undefined): Map<string, number> {
  const inForce = new Map<string, number>();
  for (const kind of LIMIT_KINDS)
    for (const period of LIMIT_PERIODS) {
      const key = slot(kind, period);
      const amounts = [limits?.player[key]?.amount, limits?.operator[key]?.amount].filter((a): a is number => typeof a === 'number');
      inForce.set(key, amounts.length > 0 ? Math.min(...amounts) : NO_LIMIT);
    }
  return inForce;
}

async function changeLimits(
  deps: ServiceDependencies,
  playerId: string,
  apply: (limits: LimitsRecord, now: string) => { next: LimitsRecord; change?: Omit<ProtectionChangeRecord, 'id' | 'playerId'> },
): Promise<'WRITTEN' | 'UNCHANGED'> {
  return untilTaken(async () => {
    const [stored, account] = await Promise.all([getLimits(deps.db, playerId), getAccount(deps.db, playerId)]);
    if (!account)
      throw new ServiceError(
        'NOT_FOUND',
        'That player has no account here: a seamless partner keeps its players\u2019 limits in its own wallet.',
      );
    const now = deps.now();
    const base: LimitsRecord = stored ?? { playerId, player: {}, operator: {}, version: 0 };
    const due = settled(base, now);
    const { next, change } = apply(due.record, now);
    if (!change && !due.changed) return 'UNCHANGED';
    const before = limitsInForce(base);
    const after = limitsInForce(next);
    const inForce: LimitInForce[] = [];
    for (const kind of LIMIT_KINDS)
      for (const period of LIMIT_PERIODS) {
        const from = accountLimit(account, kind, period) ?? before.get(slot(kind, period))!;
        const to = after.get(slot(kind, period))!;
        if (from !== to) inForce.push({ kind, period, from, to });
      }
    // Play time is counted only while a session-time limit is in force (store/protection/play-time.ts).
    const timed = LIMIT_PERIODS.some((period) => after.get(slot('SESSION_TIME', period))! < NO_LIMIT);
    const written = await writeLimits(
      deps.db,
      { ...next, version: base.version + 1 },
      stored?.version,
      inForce,
      change && { ...change, id: deps.newId(), playerId },
      inForce.some(({ kind }) => kind === 'SESSION_TIME') ? playClock(timed) : undefined,
    );
    return written ? 'WRITTEN' : undefined;
  });
}

const accountLimit = (account: AccountRecord, kind: LimitKind, period: LimitPeriod): number | undefined =>
  (account as unknown as Record<string, number | undefined>)[limitAttribute(kind, period)];

/**
 * Why the account refused a stake or deposit of `amount` counted against `kinds`, as far as its
 * limits go: 'ROLLED' when a period it counted was over (its rooms start again: send it again),
 * 'APPLIED' when a rise or removal came due (send it again), a refusal naming the limit reached,
 * or undefined when the limits are not why.
 */
export async function limitRefusal(
  deps: ServiceDependencies,
  account: AccountRecord,
  kinds: readonly LimitKind[],
  amount: number,
  at: string,
): Promise<'ROLLED' | 'APPLIED' | ServiceError | undefined> {
  const periods = periodKeysAt(at);
  const attributes = account as unknown as Record<string, string | number | undefined>;
  const stale = LIMIT_PERIODS.filter((period) => attributes[periodAttribute(period)] !== periods[period]).map((period) => ({
    period,
    from: attributes[periodAttribute(period)] as string | undefined,
    to: periods[period],
  }));
  if (stale.length > 0) {
    await rollPeriods(deps.db, account.id, stale);
    return 'ROLLED';
  }
  // A stake is play: past the step of play last counted, it counts the next (or meets the limit).
  if (kinds.includes('STAKE') && account.playUntil !== undefined && account.playUntil <= at) {
    const short = LIMIT_PERIODS.find(
      (period) => ((attributes[roomAttribute('SESSION_TIME', period)] as number | undefined) ?? NO_LIMIT) < PLAY_STEP_MINUTES,
    );
    if (short === undefined) {
      await countPlayStep(deps.db, account.id, at, periods);
      return 'ROLLED';
    }
    if (await applyDueLimits(deps, account.id)) return 'APPLIED';
    const room = attributes[roomAttribute('SESSION_TIME', short)] as number;
    return limitReached(
      'SESSION_TIME',
      short,
      accountLimit(account, 'SESSION_TIME', short) ?? NO_LIMIT,
      Math.max(0, room),
      account.currency,
    );
  }
  for (const kind of kinds)
    for (const period of LIMIT_PERIODS) {
      const room = attributes[roomAttribute(kind, period)] as number | undefined;
      if (room === undefined || room >= amount) continue;
      if (await applyDueLimits(deps, account.id)) return 'APPLIED';
      return limitReached(kind, period, accountLimit(account, kind, period) ?? NO_LIMIT, Math.max(0, room), account.currency);
    }
  return undefined;
}

const PERIOD_WORD: Readonly<Record<LimitPeriod, string>> = { DAY: 'daily', WEEK: 'weekly', MONTH: 'monthly' };
const CODES = {
  DEPOSIT: 'DEPOSIT_LIMIT_REACHED',
  STAKE: 'STAKE_LIMIT_REACHED',
  LOSS: 'LOSS_LIMIT_REACHED',
  SESSION_TIME: 'SESSION_TIME_LIMIT_REACHED',
} as const;
const WHAT: Readonly<Record<LimitKind, string>> = {
  DEPOSIT: 'deposit',
  STAKE: 'stake',
  LOSS: 'net loss',
  SESSION_TIME: 'session-time',
};

function limitReached(kind: LimitKind, period: LimitPeriod, limit: number, room: number, currency: string): ServiceError {
  const minutes = kind === 'SESSION_TIME';
  const [limitText, left] = minutes
    ? ['{limit} min (a stake counts the {step} min from it)', '{room} min left']
    : ['{limit}', '{room} is left'];
  return new ServiceError(
    CODES[kind],
    `This would pass your ${PERIOD_WORD[period]} ${WHAT[kind]} limit of ${limitText}: ${left} until the ${period.toLowerCase()} ends (UTC).`,
    undefined,
    [
      textParam('period', period),
      ...(minutes
        ? [numberParam('limit', limit), numberParam('room', room), numberParam('step', PLAY_STEP_MINUTES)]
        : [moneyParam('limit', limit, currency), moneyParam('room', room, currency)]),
    ],
  );
}

/** A player's limits as the API shows them: each kind and period, what applies, each side's setting, and this period's use. */
export interface LimitView {
  readonly kind: LimitKind;
  readonly period: LimitPeriod;
  readonly amount: number | null;
  readonly byPlayer: SideView | null;
  readonly byOperator: SideView | null;
  readonly used: number;
}
interface SideView {
  readonly amount: number | null;
  readonly pendingAmount: number | null;
  readonly pendingRemoval: boolean;
  readonly pendingAt: string | null;
}

export async function limitViews(deps: ServiceDependencies, playerId: string): Promise<LimitView[]> {
  const [stored, account] = await Promise.all([getLimits(deps.db, playerId), getAccount(deps.db, playerId)]);
  const now = deps.now();
  const limits = stored && settled(stored, now).record;
  const inForce = limitsInForce(limits);
  const periods = periodKeysAt(now);
  const attributes = (account ?? {}) as unknown as Record<string, string | number | undefined>;
  const side = (setting: LimitSetting | undefined): SideView | null =>
    setting === undefined
      ? null
      : {
          amount: setting.amount,
          pendingAmount: setting.pending?.amount ?? null,
          pendingRemoval: setting.pending !== undefined && setting.pending.amount === null,
          pendingAt: setting.pending?.effectiveAt ?? null,
        };
  return LIMIT_KINDS.flatMap((kind) =>
    LIMIT_PERIODS.map((period) => {
      const key = slot(kind, period);
      const limit = inForce.get(key)!;
      const room = attributes[roomAttribute(kind, period)] as number | undefined;
      const counted = attributes[periodAttribute(period)] === periods[period] && room !== undefined;
      const held = (attributes[limitAttribute(kind, period)] as number | undefined) ?? NO_LIMIT;
      return {
        kind,
        period,
        amount: limit === NO_LIMIT ? null : limit,
        byPlayer: side(limits?.player[key]),
        byOperator: side(limits?.operator[key]),
        used: counted ? held - room : 0,
      };
    }),
  );
}
