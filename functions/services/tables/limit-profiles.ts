import { getLimitAssignments, putLimitAssignment } from '../../store/tables/limit-assignments';
import type { LimitAssignmentRecord, LimitProfile, PlayerLimits, TableRecord } from '../../store/tables/table-records';
import { ServiceError } from '../kernel/service-error';
import { stampOf, type Caller, type ServiceDependencies } from '../kernel/services';
import { CACHE_MS } from './table-cache';
import { PARTNER, assertPlayerId, isHouseOperator, managesPlayer } from './tenancy';
import { textParam } from '../../rules/error-params';

/**
 * Limit profiles: a table offers other sets of limits under names (openTable's limitProfiles), and
 * operators assign a name to a player or to a whole partner. The name is global and the limits
 * are the table's, so that a "vip" at a 100-minimum table and at a 10,000-minimum table each bet
 * by what that table offers its VIPs.
 */

/** A profile's name: what operators type and assign. */
const PROFILE_NAME = /^[A-Za-z0-9_.:-]{1,64}$/;
/** Profiles one table offers, at most: each is a full set of options on the table item, read by every bet. */
export const MAX_LIMIT_PROFILES = 8;

export function assertProfileName(field: string, name: string): void {
  if (!PROFILE_NAME.test(name))
    throw new ServiceError('BAD_USER_INPUT', "{field}: a profile's name is 1 to 64 of letters, digits, _ . : -", undefined, [
      textParam('field', field),
    ]);
}

export interface AssignLimitProfileRequest {
  readonly playerId?: string | null;
  readonly partner?: string | null;
  readonly profile?: string | null;
}

/** An operator's assignment of a profile (or its removal) to one player, or to every player of a partner. */
export async function assignLimitProfile(
  deps: ServiceDependencies,
  caller: Caller,
  request: AssignLimitProfileRequest,
): Promise<LimitAssignmentRecord> {
  const { playerId, partner } = request;
  if ((playerId == null) === (partner == null)) throw new ServiceError('BAD_USER_INPUT', 'Give exactly one of playerId and partner.');
  if (request.profile != null) assertProfileName('profile', request.profile);
  if (playerId != null) {
    assertPlayerId('playerId', playerId);
    if (!managesPlayer(caller, playerId)) throw new ServiceError('FORBIDDEN', 'You do not manage that player.');
  } else {
    if (!PARTNER.test(partner!)) throw new ServiceError('BAD_USER_INPUT', "partner: 1 to 32 of lowercase letters, digits and '-'.");
    if (!isHouseOperator(caller)) throw new ServiceError('FORBIDDEN', "Only the house's operators assign a profile to a whole partner.");
  }
  const record: LimitAssignmentRecord = {
    ...(playerId != null ? { playerId } : { partner: partner! }),
    profile: request.profile ?? null,
    assignedBy: stampOf(caller, deps),
  };
  await putLimitAssignment(deps.db, record);
  // This process's bets see it at once; others' within CACHE_MS.
  if (playerId != null) copies.delete(cacheKey(deps, playerId));
  else copies.clear();
  return record;
}

/** The profile a player bets by, where a table offers it: their own assignment, else their partner's. */
export async function assignedProfile(deps: ServiceDependencies, playerId: string): Promise<string | null> {
  const { own, partner } = await getLimitAssignments(deps.db, playerId);
  return own ? own.profile : (partner?.profile ?? null);
}

/** The limits a set offers: the table's own (profile null) or one of its profiles. */
export interface TableLimits<O = TableRecord['options']> {
  readonly profile: string | null;
  readonly options: O;
  readonly playerLimits: PlayerLimits;
}

export const ownLimits = (table: TableRecord): TableLimits => ({ profile: null, options: table.options, playerLimits: table.playerLimits });

/** Every set of limits the table offers besides its own, in the order the operator gave them. */
export const tableProfiles = (table: TableRecord): TableLimits[] =>
  ((table.limitProfiles ?? []) as readonly LimitProfile<TableRecord['options']>[]).map(({ name, options, playerLimits }) => ({
    profile: name,
    options,
    playerLimits,
  }));

/**
 * The limits `caller`'s bets are judged by at `table`. No read at a table without profiles, and
 * for staff (who bet nowhere); otherwise the caller's assignment from this process's copy, at most
 * CACHE_MS old (as the table's own copy is).
 */
export async function limitsFor(deps: ServiceDependencies, caller: Caller, table: TableRecord): Promise<TableLimits> {
  const profiles = tableProfiles(table);
  if (profiles.length === 0 || caller.roles.has('OPERATOR') || caller.roles.has('DEALER')) return ownLimits(table);
  const name = await cachedAssignment(deps, caller.playerId);
  return profiles.find((limits) => limits.profile === name) ?? ownLimits(table);
}

/** The table as a bet judged by `limits` sees it: the same table, with that set's options and player limits. */
export function judgedBy<T extends TableRecord>(table: T, limits: TableLimits): T {
  return limits.profile === null ? table : { ...table, options: limits.options, playerLimits: limits.playerLimits };
}

const MAX_PLAYERS = 10_000;
const copies = new Map<string, { readonly profile: string | null; readonly readAt: number }>();
const cacheKey = (deps: ServiceDependencies, playerId: string) => `${deps.db.tableName}\u0000${playerId}`;

async function cachedAssignment(deps: ServiceDependencies, playerId: string): Promise<string | null> {
  const key = cacheKey(deps, playerId);
  const copy = copies.get(key);
  if (copy && performance.now() - copy.readAt < CACHE_MS) return copy.profile;
  const profile = await assignedProfile(deps, playerId);
  if (copies.size >= MAX_PLAYERS) copies.delete(copies.keys().next().value!);
  copies.set(key, { profile, readAt: performance.now() });
  return profile;
}
