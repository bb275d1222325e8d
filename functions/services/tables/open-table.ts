import { initialCrapsState, makeCrapsOptions, type CrapsOptionsInput } from '../../rules/craps';
import {
  combinationsWithFixedAmount,
  makeBaccaratOptions,
  type CommissionOption,
  type JackpotCombination,
  type JackpotModality,
} from '../../rules/baccarat';
import { BASIS_POINTS, MAX_MONEY, MAX_STAKE_PER_ROUND } from '../../rules/money';
import { requireJackpotPool } from '../money/jackpot-pools';
import { createTableSession, getTableSession } from '../../store/tables/tables';
import { createOnce, creation } from '../kernel/creation-keys';
import type { BaccaratTableRecord, CrapsTableRecord, Game, LimitProfile, PlayerLimits, TableRecord } from '../../store/kernel/records';
import { ServiceError } from '../kernel/service-error';
import { RuleViolation } from '../../rules/rule-violation';
import { MAX_LIMIT_PROFILES, assertProfileName } from './limit-profiles';
import { PARTNER } from './tenancy';
import { assertCurrency } from '../kernel/request-checks';
import type { Caller, ServiceDependencies } from '../kernel/services';

export interface OpenTableRequest {
  readonly game: Game;
  readonly currency: string;
  readonly minimumBet: number;
  readonly maximumBet: number;
  readonly craps?: CrapsTableRequest | null;
  readonly baccarat?: BaccaratTableRequest | null;
  /** Stake limits of single bet types, where they differ from the table's. */
  readonly betLimits?: readonly BetLimitRequest[] | null;
  readonly playerLimits?: PlayerLimitsRequest | null;
  /** What the lobby calls the table. */
  readonly name?: string | null;
  /** The partners whose players are offered the table (the lobby, bets); absent, every partner's. */
  readonly partners?: readonly string[] | null;
  /** The betting clock: betting closes this many seconds after it opens each round (the dealer may close it sooner). */
  readonly bettingWindowSeconds?: number | null;
  /** Other sets of limits the table offers, by name (services/tables/limit-profiles.ts). */
  readonly limitProfiles?: readonly LimitProfileRequest[] | null;
  /** The client's key: the same key from the same operator opens one table, however often it is sent. */
  readonly idempotencyKey?: string | null;
}

/**
 * A player's open bets at one table, at most: their settlement is one transaction (each bet and
 * the player's credit, within DynamoDB's 100 items), so a player is paid exactly with their bets.
 * By default 48, so that two players' settlements fill one transaction.
 */
export const MAX_OPEN_BETS_PER_PLAYER = 99;
export const DEFAULT_PLAYER_LIMITS = { maxOpenBets: 48, maxStakeInMaximumBets: 10 } as const;

export interface CrapsTableRequest {
  readonly field12Pays?: number | null;
  readonly maxOdds?: readonly { readonly point: number; readonly multiple: number }[] | null;
  readonly layOddsLimit?: 'WINNINGS' | 'STAKE' | null;
  readonly oddsCappedByTableMaximum?: boolean | null;
  readonly comeOddsWorkingOnComeOut?: boolean | null;
  readonly dontComeOddsWorkingOnComeOut?: boolean | null;
  readonly bigNumbersWorkingOnComeOut?: boolean | null;
  readonly hardwaysWorkingOnComeOut?: boolean | null;
}

export interface PlayerLimitsRequest {
  readonly maxOpenBets?: number | null;
  readonly maxStakePerRound?: number | null;
}

/** A table's stakes: its own, or one limit profile's. */
interface Stakes {
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

export interface BaccaratTableRequest {
  readonly decks?: number | null;
  readonly commission?: CommissionOption | null;
  readonly shoeTracking?: boolean | null;
  /** The jackpot pool the table feeds and pays from, by the pool's prize table. */
  readonly jackpot?: { readonly poolId: string; readonly contributionBasisPoints: number } | null;
}

/** The largest table maximum: at the highest payout (40:1) a winning stake still pays an exact integer. */
export const MAX_TABLE_MAXIMUM = Math.floor(MAX_MONEY / 100);

/** Opens a table session with options the game's rules have validated. */
export async function openTable(deps: ServiceDependencies, caller: Caller, request: OpenTableRequest): Promise<TableRecord> {
  assertCurrency(request.currency);
  assertTableMaximum(request.maximumBet);
  const { idempotencyKey, ...options } = request;
  const made = creation(deps, caller, 'table', idempotencyKey, options);
  const now = deps.now();
  const common = {
    id: made.id,
    ...(made.creationKey ? { creationKey: made.creationKey } : {}),
    status: 'OPEN' as const,
    currency: request.currency,
    minimumBet: request.minimumBet,
    maximumBet: request.maximumBet,
    version: 0,
    playerLimits: playerLimits(request),
    ...bettingClock(request),
    ...lobbyFields(request),
    bettingOpenedAt: now,
    createdAt: now,
    openedBy: caller.playerId,
  };
  const table = request.game === 'CRAPS' ? crapsTable(common, request) : await baccaratTable(deps, common, request);
  // Betting opens for the table's first outcome.
  return createOnce(
    made,
    table,
    () => createTableSession(deps.db, table, 1),
    () => getTableSession(deps.db, table.id),
  );
}

/** A table's name: what a lobby shows, so letters, digits, spaces and common punctuation, 1 to 64 of them. */
const TABLE_NAME = /^[\p{L}\p{N}][\p{L}\p{N} .,'&()#+:-]{0,63}$/u;
const MAX_PARTNERS = 50;

function lobbyFields(request: OpenTableRequest): { name?: string; partners?: readonly string[] } {
  if (request.name != null && !TABLE_NAME.test(request.name)) {
    throw new ServiceError(
      'BAD_USER_INPUT',
      "name must be 1 to 64 letters, digits, spaces and . , ' & ( ) # + : -, starting with a letter or digit.",
    );
  }
  const partners = request.partners == null ? undefined : once(request.partners, 'partners', (partner) => partner);
  if (partners && (partners.length > MAX_PARTNERS || !partners.every((partner) => PARTNER.test(partner)))) {
    throw new ServiceError(
      'BAD_USER_INPUT',
      `partners: at most ${MAX_PARTNERS} partner ids, each 1 to 32 of lowercase letters, digits and '-'.`,
    );
  }
  return { ...(request.name != null ? { name: request.name } : {}), ...(partners ? { partners } : {}) };
}

/** A betting window long enough to bet in and short enough to be a live table's: 5 s to 10 minutes. */
export const BETTING_WINDOW_SECONDS = { min: 5, max: 600 } as const;

function bettingClock(request: OpenTableRequest): { bettingWindowSeconds?: number } {
  const seconds = request.bettingWindowSeconds;
  if (seconds == null) return {};
  if (!Number.isInteger(seconds) || seconds < BETTING_WINDOW_SECONDS.min || seconds > BETTING_WINDOW_SECONDS.max) {
    throw new ServiceError(
      'BAD_USER_INPUT',
      `bettingWindowSeconds must be a whole number of seconds from ${BETTING_WINDOW_SECONDS.min} to ${BETTING_WINDOW_SECONDS.max}.`,
    );
  }
  return { bettingWindowSeconds: seconds };
}

function assertTableMaximum(maximumBet: number): void {
  if (maximumBet > MAX_TABLE_MAXIMUM) {
    throw new ServiceError(
      'BAD_USER_INPUT',
      `maximumBet may be at most ${MAX_TABLE_MAXIMUM}, so that every payout stays an exact integer.`,
    );
  }
}

/** The table's per-player limits; where the request is silent, 48 open bets and ten maximum bets a round. */
function playerLimits(request: Stakes): PlayerLimits {
  const maxOpenBets = request.playerLimits?.maxOpenBets ?? DEFAULT_PLAYER_LIMITS.maxOpenBets;
  if (!Number.isInteger(maxOpenBets) || maxOpenBets < 1 || maxOpenBets > MAX_OPEN_BETS_PER_PLAYER) {
    throw new ServiceError('BAD_USER_INPUT', `playerLimits.maxOpenBets must be from 1 to ${MAX_OPEN_BETS_PER_PLAYER}, got ${maxOpenBets}.`);
  }
  const maxStakePerRound =
    request.playerLimits?.maxStakePerRound ??
    Math.min(MAX_STAKE_PER_ROUND, DEFAULT_PLAYER_LIMITS.maxStakeInMaximumBets * request.maximumBet);
  if (!Number.isSafeInteger(maxStakePerRound) || maxStakePerRound < request.minimumBet || maxStakePerRound > MAX_STAKE_PER_ROUND) {
    throw new ServiceError(
      'BAD_USER_INPUT',
      `playerLimits.maxStakePerRound must be a whole amount from the minimum bet (${request.minimumBet}) to ${MAX_STAKE_PER_ROUND}, got ${maxStakePerRound}.`,
    );
  }
  return { maxOpenBets, maxStakePerRound };
}

type Common = Omit<CrapsTableRecord, 'game' | 'options' | 'state' | 'limitProfiles'>;

/**
 * The table's limit profiles, each made by the game's rules as the table's own options are, with
 * the profile's stakes; a refusal names the profile by its place in the list.
 */
function limitProfiles<O>(request: OpenTableRequest, optionsWith: (stakes: Stakes) => O): LimitProfile<O>[] | undefined {
  const profiles = once(request.limitProfiles ?? [], 'limitProfiles', (profile) => profile.name);
  if (profiles.length === 0) return undefined;
  if (profiles.length > MAX_LIMIT_PROFILES) {
    throw new ServiceError('BAD_USER_INPUT', `A table offers at most ${MAX_LIMIT_PROFILES} limit profiles.`);
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

function crapsTable(common: Common, request: OpenTableRequest): CrapsTableRecord {
  if (request.baccarat) throw new ServiceError('BAD_USER_INPUT', 'baccarat options were given for a CRAPS table.');
  const { maxOdds, ...flags } = request.craps ?? {};
  // The rules layer checks every value (INVALID_TABLE_OPTIONS, naming the field); here only the shape.
  const optionsWith = (stakes: Stakes) =>
    makeCrapsOptions({
      minimum: stakes.minimumBet,
      maximum: stakes.maximumBet,
      limits: limitsOf(stakes),
      ...(maxOdds
        ? { maxOdds: Object.fromEntries(once(maxOdds, 'maxOdds', (odds) => String(odds.point)).map((odds) => [odds.point, odds.multiple])) }
        : {}),
      ...(Object.fromEntries(Object.entries(flags).filter(([, value]) => value != null)) as Partial<CrapsOptionsInput>),
    });
  const profiles = limitProfiles(request, optionsWith);
  return {
    ...common,
    game: 'CRAPS',
    options: optionsWith(request),
    state: initialCrapsState(),
    ...(profiles ? { limitProfiles: profiles } : {}),
  };
}

/** The request's per-bet-type limits, as the rules layer takes them (which refuses a type of another game). */
function limitsOf(request: Stakes): Record<string, { minimum?: number; maximum?: number }> {
  return Object.fromEntries(
    once(request.betLimits ?? [], 'betLimits', (limit) => limit.type).map((limit) => [
      limit.type,
      { ...(limit.minimum != null ? { minimum: limit.minimum } : {}), ...(limit.maximum != null ? { maximum: limit.maximum } : {}) },
    ]),
  );
}

/** The entries of a list keyed by one field, each key at most once. */
function once<T>(entries: readonly T[], name: string, keyOf: (entry: T) => string): readonly T[] {
  if (new Set(entries.map(keyOf)).size !== entries.length) throw new ServiceError('BAD_USER_INPUT', `${name} names the same one twice.`);
  return entries;
}

async function baccaratTable(deps: ServiceDependencies, common: Common, request: OpenTableRequest): Promise<BaccaratTableRecord> {
  if (request.craps) throw new ServiceError('BAD_USER_INPUT', 'craps options were given for a BACCARAT table.');
  const input = request.baccarat ?? {};
  const jackpot = input.jackpot ?? null;
  const pool = jackpot && (await requireJackpotPool(deps, jackpot.poolId));
  if (pool && pool.currency !== request.currency) {
    throw new ServiceError('CURRENCY_MISMATCH', `The jackpot pool holds ${pool.currency}; the table plays in ${request.currency}.`);
  }
  if (
    jackpot &&
    (!Number.isInteger(jackpot.contributionBasisPoints) ||
      jackpot.contributionBasisPoints < 0 ||
      jackpot.contributionBasisPoints > BASIS_POINTS)
  ) {
    throw new ServiceError(
      'BAD_USER_INPUT',
      `contributionBasisPoints must be from 0 to ${BASIS_POINTS}, got ${jackpot.contributionBasisPoints}.`,
    );
  }
  const optionsWith = (stakes: Stakes) =>
    makeBaccaratOptions({
      minimum: stakes.minimumBet,
      maximum: stakes.maximumBet,
      limits: limitsOf(stakes),
      ...(input.decks != null ? { decks: input.decks } : {}),
      ...(input.commission != null ? { commission: input.commission } : {}),
      // The rules see the pool's prize table as the table's jackpot (modality, what pays).
      jackpot: pool ? pool.prizes : null,
    });
  const options = optionsWith(request);
  const profiles = limitProfiles(request, optionsWith);
  return {
    ...common,
    game: 'BACCARAT',
    options,
    ...(profiles ? { limitProfiles: profiles } : {}),
    state: { roundCount: 0, shoe: [] },
    shoeTracking: input.shoeTracking ?? true,
    jackpotPool: jackpot && { poolId: jackpot.poolId, contributionBasisPoints: jackpot.contributionBasisPoints },
  };
}
