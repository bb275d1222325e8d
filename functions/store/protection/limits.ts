import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../kernel/db';
import { accountKey, limitsKey } from '../kernel/keys';
import { toRecord } from '../kernel/items';
import { protectionChangeAction, versionedPutAction } from './protection-actions';
import type { LimitsRecord, ProtectionChangeRecord } from './protection-records';
import { transact } from '../kernel/transact';
import { isRetryable, writtenUnlessConditionFails } from '../kernel/transaction-cancellation';

/**
 * A player's limits (docs/PLAYER-PROTECTION.md), kept where every stake and deposit already
 * writes: on their account, as each limit in force and the room left under it in the current
 * day, week and month. A stake takes its amount off the stake and net-loss rooms, a deposit off
 * the deposit rooms, each on condition the room holds it and the account counts the current
 * periods; a payment gives it back to the net-loss rooms. So a limit is exact however many bets
 * race for it (they all write the account), and nothing scans a player's history. A new period's
 * rooms start again from the limits (rollPeriods), once, the first time a stake or deposit meets it.
 */

export const LIMIT_KINDS = ['DEPOSIT', 'STAKE', 'LOSS', 'SESSION_TIME'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
export const LIMIT_PERIODS = ['DAY', 'WEEK', 'MONTH'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];
/**
 * A limit not set: a room nothing reaches. 2^52, half of JavaScript's exact integers: winnings
 * paid back raise a net-loss room above it, and it must stay a number every reader can hold.
 */
export const NO_LIMIT = 2 ** 52;

/** The current period of each length, as keys ("2026-12-04", "2026-W49", "2026-12"): UTC. */
export type PeriodKeys = Readonly<Record<LimitPeriod, string>>;

const KIND_CODE: Readonly<Record<LimitKind, string>> = { DEPOSIT: 'de', STAKE: 'st', LOSS: 'lo', SESSION_TIME: 'ti' };
const PERIOD_CODE: Readonly<Record<LimitPeriod, string>> = { DAY: 'D', WEEK: 'W', MONTH: 'M' };
/** The account's attributes: the limit in force, the room left under it, the period counted. */
export const limitAttribute = (kind: LimitKind, period: LimitPeriod): string => `lim_${KIND_CODE[kind]}${PERIOD_CODE[period]}`;
export const roomAttribute = (kind: LimitKind, period: LimitPeriod): string => `room_${KIND_CODE[kind]}${PERIOD_CODE[period]}`;
export const periodAttribute = (period: LimitPeriod): string => `per_${PERIOD_CODE[period]}`;

/** The periods `at` (ISO-8601) falls in. Pure. */
export function periodKeysAt(at: string): PeriodKeys {
  const day = at.slice(0, 10);
  const date = new Date(`${day}T00:00:00.000Z`);
  // ISO week: the week (Monday to Sunday) holding the Thursday of this one.
  const thursday = new Date(date);
  thursday.setUTCDate(date.getUTCDate() + 3 - ((date.getUTCDay() + 6) % 7));
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = Math.floor((thursday.getTime() - yearStart) / 86_400_000 / 7) + 1;
  return { DAY: day, WEEK: `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}`, MONTH: at.slice(0, 7) };
}

/**
 * What a stake or deposit of `amount` adds to its account's write: the condition that the account
 * counts the current periods and each room of `kinds` holds the amount, and the rooms taken. Pure.
 */
export function countedAgainst(
  kinds: readonly LimitKind[],
  amount: number,
  periods: PeriodKeys,
): { condition: string; adds: string[]; values: Record<string, unknown> } {
  const values: Record<string, unknown> = { ':counted': amount, ':taken': -amount };
  const condition: string[] = [];
  const adds: string[] = [];
  for (const period of LIMIT_PERIODS) {
    values[`:per${PERIOD_CODE[period]}`] = periods[period];
    condition.push(`${periodAttribute(period)} = :per${PERIOD_CODE[period]}`);
    for (const kind of kinds) {
      condition.push(`${roomAttribute(kind, period)} >= :counted`);
      adds.push(`${roomAttribute(kind, period)} :taken`);
    }
  }
  return { condition: condition.join(' AND '), adds, values };
}

/** What a payment to the player adds to its account's write: the net-loss rooms given back. Pure. */
export function paidBack(amount: number): { adds: string[]; values: Record<string, unknown> } {
  return { adds: LIMIT_PERIODS.map((period) => `${roomAttribute('LOSS', period)} :paidBack`), values: { ':paidBack': amount } };
}

/** A new account's counting: the current periods, every room at its limit (none set: NO_LIMIT). Pure. */
export function freshCounting(periods: PeriodKeys): Record<string, string | number> {
  return Object.fromEntries(
    LIMIT_PERIODS.flatMap((period) => [
      [periodAttribute(period), periods[period]],
      ...LIMIT_KINDS.map((kind) => [roomAttribute(kind, period), NO_LIMIT]),
    ]),
  );
}

/**
 * Starts the account's counting again for the periods it counts that are over (`stale`: each with
 * the key the account holds, undefined if none): each room back to its limit. Conditional on each
 * still being the stale one, so that of two requests meeting a new day one starts it. False if another did.
 */
export async function rollPeriods(
  db: Db,
  playerId: string,
  stale: readonly { readonly period: LimitPeriod; readonly from: string | undefined; readonly to: string }[],
): Promise<boolean> {
  if (stale.length === 0) return true;
  const set: string[] = [];
  const condition: string[] = ['attribute_exists(pk)'];
  const values: Record<string, unknown> = { ':none': NO_LIMIT };
  for (const { period, from, to } of stale) {
    const code = PERIOD_CODE[period];
    set.push(`${periodAttribute(period)} = :to${code}`);
    values[`:to${code}`] = to;
    for (const kind of LIMIT_KINDS) set.push(`${roomAttribute(kind, period)} = if_not_exists(${limitAttribute(kind, period)}, :none)`);
    if (from === undefined) condition.push(`attribute_not_exists(${periodAttribute(period)})`);
    else {
      condition.push(`${periodAttribute(period)} = :from${code}`);
      values[`:from${code}`] = from;
    }
  }
  return writtenUnlessConditionFails(
    db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: accountKey(playerId),
        UpdateExpression: `SET ${set.join(', ')}`,
        ConditionExpression: condition.join(' AND '),
        ExpressionAttributeValues: values,
      }),
    ),
  );
}

export async function getLimits(db: Db, playerId: string): Promise<LimitsRecord | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: limitsKey(playerId), ConsistentRead: true }));
  return Item ? toRecord<LimitsRecord>(Item) : undefined;
}

/** Clauses of an update of the account (attribute values named apart from writeLimits' own). */
export interface AccountChange {
  readonly set: readonly string[];
  readonly remove: readonly string[];
  readonly values: Readonly<Record<string, unknown>>;
}

/** A limit in force on the account moving from `from` to `to` (NO_LIMIT: none), its rooms with it. */
export interface LimitInForce {
  readonly kind: LimitKind;
  readonly period: LimitPeriod;
  readonly from: number;
  readonly to: number;
}

/**
 * The limits as they become, written if still at `version` (absent: none yet), with the change's
 * audit record, and the limits in force on the account moved (each room by as much as its limit,
 * on condition the limit is still the one read): false if anything changed first.
 */
export async function writeLimits(
  db: Db,
  next: LimitsRecord,
  version: number | undefined,
  inForce: readonly LimitInForce[],
  change: ProtectionChangeRecord | undefined,
  /** More of the account's counting that moves with the limits (a session-time limit's clock: store/protection/play-time.ts). */
  also: AccountChange = { set: [], remove: [], values: {} },
): Promise<boolean> {
  const set: string[] = [...also.set];
  const condition: string[] = ['attribute_exists(pk)'];
  const values: Record<string, unknown> = { ...also.values };
  inForce.forEach(({ kind, period, from, to }, i) => {
    const limit = limitAttribute(kind, period);
    const room = roomAttribute(kind, period);
    set.push(`${limit} = :to${i}`, `${room} = if_not_exists(${room}, :from${i}) + :delta${i}`);
    condition.push(from === NO_LIMIT ? `(attribute_not_exists(${limit}) OR ${limit} = :from${i})` : `${limit} = :from${i}`);
    Object.assign(values, { [`:to${i}`]: to, [`:from${i}`]: from, [`:delta${i}`]: to - from });
  });
  try {
    const sent = await transact(db, {
      limits: versionedPutAction(db, limitsKey(next.playerId), next, version),
      account:
        set.length > 0 || also.remove.length > 0
          ? {
              Update: {
                TableName: db.tableName,
                Key: accountKey(next.playerId),
                UpdateExpression: [
                  ...(set.length > 0 ? [`SET ${set.join(', ')}`] : []),
                  ...(also.remove.length > 0 ? [`REMOVE ${also.remove.join(', ')}`] : []),
                ].join(' '),
                ConditionExpression: condition.join(' AND '),
                ExpressionAttributeValues: values,
              },
            }
          : undefined,
      change: change && protectionChangeAction(db, change),
    });
    return sent.written;
  } catch (error) {
    if (isRetryable(error)) return false;
    throw error;
  }
}
