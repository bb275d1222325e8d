import { MAX_MONEY } from '../money';
import { RuleViolation } from '../rule-violation';
import { CRAPS_BET_TYPES, ODDS_BASE, POINT_NUMBERS, isCrapsBetType, isLayOdds, isPointNumber, type OddsBetType } from './bet-types';
import { LAY_ODDS } from './pay-table';
import type { CrapsBetType, PointNumber } from './types';
import { moneyParam, numberParam, textParam, type ErrorParam } from '../error-params';

/**
 * A table's rule variant, as plain JSON data (it is stored with the table and approved with
 * it: art. 7). Every field is resolved: the settlement never falls back to a default.
 */
export interface CrapsTableOptions {
  /** The table minimum, in minor units: the least a player's open bets must total for them to shoot (art. 2.1). */
  readonly minimum: number;
  readonly maximum: number;
  /** Stake limits for each bet type; every stake is a multiple of its minimum (art. 5.6). */
  readonly limits: Readonly<Record<CrapsBetType, StakeLimits>>;
  /** What the 12 pays on the Field: 2 (2:1) or 3 (3:1), the concessionaire's choice (art. 6(12)). */
  readonly field12Pays: 2 | 3;
  /** Maximum odds per point, as a multiple of the line or come bet they back. */
  readonly maxOdds: Readonly<Record<PointNumber, number>>;
  /**
   * How the maximum applies to lay odds. WINNINGS: the lay may win up to the multiple of its
   * base bet (the usual practice, so 3x/4x/5x lets everyone lay 6x); STAKE: the lay stake
   * itself is capped at the multiple. [interpretation: the regulation is silent]
   */
  readonly layOddsLimit: 'WINNINGS' | 'STAKE';
  /**
   * Whether odds are also held to the table maximum. By default not: as casinos practise it, odds
   * are a multiple of the bet they back whatever the table maximum, and the odds types' maximum is
   * the largest stake that multiple allows (limits). An operator who wants the cap sets this.
   */
  readonly oddsCappedByTableMaximum: boolean;
  /** Odds on a come bet during a come-out roll: off by default (returned when the come bet is decided). */
  readonly comeOddsWorkingOnComeOut: boolean;
  /** Lay odds on a don't come bet during a come-out roll: working by default. */
  readonly dontComeOddsWorkingOnComeOut: boolean;
  /** Big 4, 5, 6, 8, 9, 10 on a come-out roll: the regulation makes no exception, so working by default. */
  readonly bigNumbersWorkingOnComeOut: boolean;
  /** Hardways on a come-out roll: working by default, as the Big numbers. */
  readonly hardwaysWorkingOnComeOut: boolean;
}

export interface StakeLimits {
  readonly minimum: number;
  readonly maximum: number;
}

export interface CrapsOptionsInput {
  minimum: number;
  maximum: number;
  /** Per bet type overrides of the table-wide minimum and maximum. */
  limits: Partial<Record<CrapsBetType, Partial<StakeLimits>>>;
  field12Pays: 2 | 3;
  maxOdds: Partial<Record<PointNumber, number>>;
  layOddsLimit: 'WINNINGS' | 'STAKE';
  oddsCappedByTableMaximum: boolean;
  comeOddsWorkingOnComeOut: boolean;
  dontComeOddsWorkingOnComeOut: boolean;
  bigNumbersWorkingOnComeOut: boolean;
  hardwaysWorkingOnComeOut: boolean;
}

/**
 * Defaults: what docs/RULES.md reads into the regulation. The stake limits are placeholders
 * (1.00 to 10,000.00 in a currency with 100 minor units): every real table sets its own.
 */
export const DEFAULT_CRAPS_OPTIONS = {
  minimum: 100,
  maximum: 1_000_000,
  field12Pays: 2,
  maxOdds: { 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3 },
  layOddsLimit: 'WINNINGS',
  oddsCappedByTableMaximum: false,
  comeOddsWorkingOnComeOut: false,
  dontComeOddsWorkingOnComeOut: true,
  bigNumbersWorkingOnComeOut: true,
  hardwaysWorkingOnComeOut: true,
} as const satisfies Omit<CrapsOptionsInput, 'limits'>;

const KNOWN_OPTIONS = new Set<string>([...Object.keys(DEFAULT_CRAPS_OPTIONS), 'limits']);

/** Builds and checks a table's options; throws `RuleViolation` (INVALID_TABLE_OPTIONS) naming the bad field. */
export function makeCrapsOptions(input: Partial<CrapsOptionsInput> = {}): CrapsTableOptions {
  for (const key of Object.keys(input)) {
    if (!KNOWN_OPTIONS.has(key)) invalid('an unknown craps table option');
  }
  const defined = <T>(value: T | undefined, fallback: T): T => (value === undefined ? fallback : value);

  const minimum = defined(input.minimum, DEFAULT_CRAPS_OPTIONS.minimum);
  const maximum = defined(input.maximum, Math.max(DEFAULT_CRAPS_OPTIONS.maximum, minimum));
  checkLimits('the table', minimum, maximum);

  const limitsInput = input.limits ?? {};
  for (const type of Object.keys(limitsInput)) {
    if (!isCrapsBetType(type)) invalid('limits given for a bet type craps does not have');
  }
  const limits = {} as Record<CrapsBetType, StakeLimits>;
  for (const type of CRAPS_BET_TYPES) {
    const own = limitsInput[type] ?? {};
    const limit = { minimum: defined(own.minimum, minimum), maximum: defined(own.maximum, maximum) };
    checkLimits(type, limit.minimum, limit.maximum);
    limits[type] = limit;
  }

  const field12Pays = defined(input.field12Pays, DEFAULT_CRAPS_OPTIONS.field12Pays);
  if (field12Pays !== 2 && field12Pays !== 3) {
    invalid('field12Pays must be 2 (2:1) or 3 (3:1) (art. 6(12))');
  }

  const maxOddsInput = input.maxOdds ?? {};
  for (const key of Object.keys(maxOddsInput)) {
    if (!isPointNumber(Number(key))) invalid('maxOdds names a number that is not a point number (4, 5, 6, 8, 9, 10)');
  }
  const maxOdds = {} as Record<PointNumber, number>;
  for (const n of POINT_NUMBERS) {
    const multiple = defined(maxOddsInput[n], DEFAULT_CRAPS_OPTIONS.maxOdds[n]);
    if (!Number.isSafeInteger(multiple) || multiple < 1 || multiple > MAX_ODDS_MULTIPLE) {
      invalid('maxOdds on {number} must be a whole multiple of the line bet, from 1 to {max}', [
        numberParam('number', n),
        numberParam('max', MAX_ODDS_MULTIPLE),
      ]);
    }
    maxOdds[n] = multiple;
  }

  const layOddsLimit = defined(input.layOddsLimit, DEFAULT_CRAPS_OPTIONS.layOddsLimit);
  if (layOddsLimit !== 'WINNINGS' && layOddsLimit !== 'STAKE') {
    invalid('layOddsLimit must be WINNINGS or STAKE');
  }

  const oddsCappedByTableMaximum = defined(input.oddsCappedByTableMaximum, DEFAULT_CRAPS_OPTIONS.oddsCappedByTableMaximum);
  if (typeof oddsCappedByTableMaximum !== 'boolean') invalid('oddsCappedByTableMaximum must be true or false');
  if (!oddsCappedByTableMaximum) {
    // An odds type without a maximum of its own takes the largest stake its multiple allows.
    for (const [odds, base] of Object.entries(ODDS_BASE) as [OddsBetType, CrapsBetType][]) {
      if (limitsInput[odds]?.maximum !== undefined) continue;
      const largest = Math.max(...POINT_NUMBERS.map((n) => largestOddsStake(odds, maxOdds[n] * limits[base].maximum, n, layOddsLimit)));
      if (largest > MAX_CRAPS_STAKE) {
        invalid('{betType} could take {largest}, past what exact payouts allow ({max}): lower maxOdds or the {baseType} maximum', [
          textParam('betType', odds),
          moneyParam('largest', largest),
          moneyParam('max', MAX_CRAPS_STAKE),
          textParam('baseType', base),
        ]);
      }
      limits[odds] = { minimum: limits[odds].minimum, maximum: Math.max(largest, limits[odds].minimum) };
    }
  }

  const flag = (name: keyof typeof DEFAULT_CRAPS_OPTIONS & `${string}WorkingOnComeOut`): boolean => {
    const value = defined(input[name], DEFAULT_CRAPS_OPTIONS[name]);
    if (typeof value !== 'boolean') invalid('{field} must be true or false', [textParam('field', name)]);
    return value;
  };

  return {
    minimum,
    maximum,
    limits,
    field12Pays,
    maxOdds,
    layOddsLimit,
    oddsCappedByTableMaximum,
    comeOddsWorkingOnComeOut: flag('comeOddsWorkingOnComeOut'),
    dontComeOddsWorkingOnComeOut: flag('dontComeOddsWorkingOnComeOut'),
    bigNumbersWorkingOnComeOut: flag('bigNumbersWorkingOnComeOut'),
    hardwaysWorkingOnComeOut: flag('hardwaysWorkingOnComeOut'),
  };
}

/**
 * The largest return of a stake at a craps table: Aces and Boxcars pay 30:1 (art. 6(9), 6(10)),
 * stake back included; odds pay at most 2:1 (art. 6(2)). Every stake's return must stay an exact
 * integer, so no stake limit may go past MAX_MONEY / 31.
 */
export const MAX_CRAPS_STAKE = Math.floor(MAX_MONEY / 31);
/** The most any craps bet returns per unit staked, stake included (30:1, art. 6(9), 6(10)). */
export const LARGEST_CRAPS_RETURN = 31;
/** The largest odds multiple a table may offer: beyond any casino's, and far within exact arithmetic. */
export const MAX_ODDS_MULTIPLE = 1000;

/** The largest odds stake on `point` that `limit` (the multiple times the base bet) allows: lay odds under WINNINGS, the stake that wins it. */
export function largestOddsStake(odds: OddsBetType, limit: number, point: PointNumber, layOddsLimit: 'WINNINGS' | 'STAKE'): number {
  if (!isLayOdds(odds) || layOddsLimit === 'STAKE') return limit;
  const pays = LAY_ODDS[point]!;
  return Math.ceil((limit * pays.per) / pays.to);
}

function checkLimits(what: string, minimum: number, maximum: number): void {
  if (!Number.isSafeInteger(minimum) || minimum < 1 || minimum > MAX_MONEY) {
    invalid('the minimum stake of {what} must be a positive integer number of minor units', [textParam('what', what)]);
  }
  if (!Number.isSafeInteger(maximum) || maximum < minimum) {
    invalid('the maximum stake of {what} must be an integer at least its minimum', [textParam('what', what)]);
  }
  if (maximum > MAX_CRAPS_STAKE) {
    invalid('the maximum stake of {what} may be at most {max}, so that a 30:1 win stays an exact integer', [
      textParam('what', what),
      moneyParam('max', MAX_CRAPS_STAKE),
    ]);
  }
}

function invalid(reason: string, params: readonly ErrorParam[] = []): never {
  throw new RuleViolation('INVALID_TABLE_OPTIONS', `Invalid craps table options: ${reason}.`, params);
}
