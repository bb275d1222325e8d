import { MAX_MONEY, MAX_STAKE_PER_ROUND } from '../../rules/money';
import { RuleViolation } from '../../rules/rule-violation';
import type { LimitProfile, PlayerLimits } from '../../store/tables/table-records';
import { ServiceError } from '../kernel/service-error';
import { MAX_LIMIT_PROFILES, assertProfileName } from './limit-profiles';
import { moneyParam, numberParam, textParam } from '../../rules/error-params';

/** What a table is opened with, whatever its game: its stakes, and the other sets of limits it offers. */

/**
 * A player's open bets at one table, at most: their settlement is one transaction (each bet and
 * the player's credit, within DynamoDB's 100 items), so a player is paid exactly with their bets.
 * By default 48, so that two players' settlements fill one transaction.
 */
export const MAX_OPEN_BETS_PER_PLAYER = 99;
export const DEFAULT_PLAYER_LIMITS = { maxOpenBets: 48, maxStakeInMaximumBets: 10 } as const;

export interface PlayerLimitsRequest {
  readonly maxOpenBets?: number | null;
  readonly maxStakePerRound?: number | null;
}

/** A table's stakes: its own, or one limit profile's. */
export interface Stakes {
  readonly minimumBet: number;
  readonly maximumBet: number;
  readonly betLimits?: readonly BetLimitRequest[] | null;
  readonly playerLimits?: PlayerLimitsRequest | null;
}

export interface LimitProfileRequest {
  readonly name: string;
  readonly minimumBet?: number | null;
  readonly maximumBet?: number | null;
  readonly betLimits?: readonly BetLimitRequest[] | null;
  readonly playerLimits?: PlayerLimitsRequest | null;
}

export interface BetLimitRequest {
  readonly type: string;
  readonly minimum?: number | null;
  readonly maximum?: number | null;
}

/** A table's own stakes, with its limit profiles'. */
export interface TableStakesRequest extends Stakes {
  /** Other sets of limits the table offers, by name (services/tables/limit-profiles.ts). */
  readonly limitProfiles?: readonly LimitProfileRequest[] | null;
}

/** The largest table maximum: at the highest payout (40:1) a winning stake still pays an exact integer. */
export const MAX_TABLE_MAXIMUM = Math.floor(MAX_MONEY / 100);

export function assertTableMaximum(maximumBet: number): void {
  if (maximumBet > MAX_TABLE_MAXIMUM) {
    throw new ServiceError('BAD_USER_INPUT', 'maximumBet may be at most {max}, so that every payout stays an exact integer.', undefined, [
      moneyParam('max', MAX_TABLE_MAXIMUM),
    ]);
  }
}

/** The table's per-player limits; where the request is silent, 48 open bets and ten maximum bets a round. */
export function playerLimits(request: Stakes): PlayerLimits {
  const maxOpenBets = request.playerLimits?.maxOpenBets ?? DEFAULT_PLAYER_LIMITS.maxOpenBets;
  if (!Number.isInteger(maxOpenBets) || maxOpenBets < 1 || maxOpenBets > MAX_OPEN_BETS_PER_PLAYER) {
    throw new ServiceError('BAD_USER_INPUT', 'playerLimits.maxOpenBets must be from 1 to {max}.', undefined, [
      numberParam('max', MAX_OPEN_BETS_PER_PLAYER),
    ]);
  }
  const maxStakePerRound =
    request.playerLimits?.maxStakePerRound ??
    Math.min(MAX_STAKE_PER_ROUND, DEFAULT_PLAYER_LIMITS.maxStakeInMaximumBets * request.maximumBet);
  if (!Number.isSafeInteger(maxStakePerRound) || maxStakePerRound < request.minimumBet || maxStakePerRound > MAX_STAKE_PER_ROUND) {
    throw new ServiceError(
      'BAD_USER_INPUT',
      'playerLimits.maxStakePerRound must be a whole amount from the minimum bet ({min}) to {max}.',
      undefined,
      [moneyParam('min', request.minimumBet), moneyParam('max', MAX_STAKE_PER_ROUND)],
    );
  }
  return { maxOpenBets, maxStakePerRound };
}

/**
 * The table's limit profiles, each made by the game's rules as the table's own options are, with
 * the profile's stakes; a refusal names the profile by its place in the list.
 */
export function limitProfiles<O>(request: TableStakesRequest, optionsWith: (stakes: Stakes) => O): LimitProfile<O>[] | undefined {
  const profiles = once(request.limitProfiles ?? [], 'limitProfiles', (profile) => profile.name);
  if (profiles.length === 0) return undefined;
  if (profiles.length > MAX_LIMIT_PROFILES) {
    throw new ServiceError('BAD_USER_INPUT', 'A table offers at most {max} limit profiles.', undefined, [
      numberParam('max', MAX_LIMIT_PROFILES),
    ]);
  }
  return profiles.map((profile, index) => {
    const field = `limitProfiles[${index}]`;
    assertProfileName(`${field}.name`, profile.name);
    const stakes: Stakes = {
      minimumBet: profile.minimumBet ?? request.minimumBet,
      maximumBet: profile.maximumBet ?? request.maximumBet,
      betLimits: profile.betLimits ?? null,
      playerLimits: profile.playerLimits ?? null,
    };
    try {
      assertTableMaximum(stakes.maximumBet);
      return { name: profile.name, options: optionsWith(stakes), playerLimits: playerLimits(stakes) };
    } catch (error) {
      // The same refusal, saying which profile it is about.
      if (error instanceof ServiceError || error instanceof RuleViolation) error.message = `${field}: ${error.message}`;
      throw error;
    }
  });
}

/** The request's per-bet-type limits, as the rules layer takes them (which refuses a type of another game). */
export function limitsOf(request: Stakes): Record<string, { minimum?: number; maximum?: number }> {
  return Object.fromEntries(
    once(request.betLimits ?? [], 'betLimits', (limit) => limit.type).map((limit) => [
      limit.type,
      { ...(limit.minimum != null ? { minimum: limit.minimum } : {}), ...(limit.maximum != null ? { maximum: limit.maximum } : {}) },
    ]),
  );
}

/** The entries of a list keyed by one field, each key at most once. */
export function once<T>(entries: readonly T[], name: string, keyOf: (entry: T) => string): readonly T[] {
  if (new Set(entries.map(keyOf)).size !== entries.length)
    throw new ServiceError('BAD_USER_INPUT', '{field} names the same one twice.', undefined, [textParam('field', name)]);
  return entries;
}
