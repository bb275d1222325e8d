import { MAX_MONEY } from '../money';
import { RuleViolation } from '../rule-violation';
import type { JackpotCombination, JackpotModality } from './jackpot';
import { assertJackpotConfig, combinationsWithFixedAmount, type JackpotConfig } from './jackpot-prize';
import { DEFAULT_DECKS, assertDeckCount } from './shoe';
import { BACCARAT_BET_TYPES, COMMISSION_OPTIONS, type BaccaratBetType, type CommissionOption } from './types';
import { moneyParam, textParam } from '../error-params';

/** A bet type's stake limits, in minor units. */
export interface BetLimits {
  readonly minimum: number;
  readonly maximum: number;
}

/** A baccarat table's rules configuration: plain JSON, stored with the table, validated once here. */
export interface BaccaratTableOptions {
  readonly decks: number;
  /** The table-wide limits, in minor units; `limits` holds each bet type's own (art. 5.6 of craps, applied here too). */
  readonly minimum: number;
  readonly maximum: number;
  /** Art. 18: how the Banker bet is charged; changing it needs the regulator's authorisation (art. 19). */
  readonly commission: CommissionOption;
  readonly limits: Readonly<Record<BaccaratBetType, BetLimits>>;
  /** The progressive jackpot the table runs (one modality), or null when it offers none. */
  readonly jackpot: JackpotConfig | null;
}

export interface BaccaratOptionsInput {
  readonly decks: number;
  readonly commission: CommissionOption;
  /** Table-wide limits, applied to every bet type not given its own in `limits`. */
  readonly minimum: number;
  readonly maximum: number;
  readonly limits: Partial<Record<BaccaratBetType, Partial<BetLimits>>>;
  /** Omitted: modality A with the default prize table; null: no jackpot at this table. */
  readonly jackpot: (Partial<Omit<JackpotConfig, 'fixedAmounts'>> & { fixedAmounts?: JackpotConfig['fixedAmounts'] }) | null;
}

export const DEFAULT_MINIMUM = 100;
export const DEFAULT_MAXIMUM = 1_000_000;

/** The largest payout ratio at the table (Dragon 7, 40:1, art. 17.4): every stake's payout must stay exact. */
const LARGEST_PAYOUT = 40;
/** The most any baccarat bet but the jackpot returns per unit staked, stake included. */
export const LARGEST_BACCARAT_RETURN = LARGEST_PAYOUT + 1;

/**
 * Placeholder fixed prizes, as multiples of the jackpot bet's minimum stake. Real amounts are the
 * operator's and need the regulator's approval (art. 17.12): until a table records an approval
 * reference, these are only defaults for development.
 */
const DEFAULT_FIXED_PRIZE_MULTIPLES: Readonly<Record<JackpotModality, Partial<Record<JackpotCombination, number>>>> = {
  A: { PARADISE_STRAIGHT: 5000, FOUR_OF_A_KIND: 1000, DOUBLE_PAIRS: 100, THREE_OF_A_KIND: 30, SINGLE_PAIR: 2 },
  B: { FIVE_OF_A_KIND: 2000, DOUBLE_THREE: 500, FOUR_OF_A_KIND: 100, THREE_OF_A_KIND: 5 },
  C: { SIX_OF_A_KIND: 10000, FIVE_OF_A_KIND: 2000, DOUBLE_THREE: 500, FOUR_OF_A_KIND: 100, THREE_OF_A_KIND: 5 },
};
const DEFAULT_C_POOL_BASIS_POINTS = 1000;

const KNOWN_OPTIONS: readonly string[] = ['decks', 'commission', 'minimum', 'maximum', 'limits', 'jackpot'];

/** Table options with defaults (8 decks, standard commission, modality A jackpot), validated: throws RuleViolation. */
export function makeBaccaratOptions(input: Partial<BaccaratOptionsInput> = {}): BaccaratTableOptions {
  for (const key of Object.keys(input)) {
    if (!KNOWN_OPTIONS.includes(key)) {
      throw new RuleViolation('INVALID_TABLE_OPTIONS', 'an unknown baccarat table option');
    }
  }
  const decks = input.decks ?? DEFAULT_DECKS;
  assertDeckCount(decks);
  const commission = input.commission ?? 'STANDARD';
  if (!COMMISSION_OPTIONS.includes(commission)) {
    throw new RuleViolation('INVALID_TABLE_OPTIONS', 'commission must be one of {options} (art. 18)', [
      textParam('options', COMMISSION_OPTIONS.join(', ')),
    ]);
  }
  const tableWide = { minimum: input.minimum ?? DEFAULT_MINIMUM, maximum: input.maximum ?? DEFAULT_MAXIMUM };
  assertLimits('table', tableWide);
  const limits = Object.fromEntries(
    BACCARAT_BET_TYPES.map((type) => {
      const own = input.limits?.[type] ?? {};
      const typeLimits = { minimum: own.minimum ?? tableWide.minimum, maximum: own.maximum ?? tableWide.maximum };
      assertLimits(type, typeLimits);
      return [type, typeLimits];
    }),
  ) as Record<BaccaratBetType, BetLimits>;
  for (const type of Object.keys(input.limits ?? {})) {
    if (!BACCARAT_BET_TYPES.includes(type as BaccaratBetType)) {
      throw new RuleViolation('INVALID_TABLE_OPTIONS', 'limits given for a bet type baccarat does not have');
    }
  }
  const jackpot = input.jackpot === null ? null : jackpotConfigOf(input.jackpot ?? {}, limits.JACKPOT.minimum);
  return { decks, minimum: tableWide.minimum, maximum: tableWide.maximum, commission, limits, jackpot };
}

function assertLimits(type: BaccaratBetType | 'table', limits: BetLimits): void {
  const { minimum, maximum } = limits;
  if (!Number.isSafeInteger(minimum) || minimum <= 0) {
    throw new RuleViolation('INVALID_TABLE_OPTIONS', '{betType} minimum must be a positive whole number of minor units', [
      textParam('betType', type),
    ]);
  }
  if (!Number.isSafeInteger(maximum) || maximum < minimum) {
    throw new RuleViolation('INVALID_TABLE_OPTIONS', '{betType} maximum must be a whole amount no lower than its minimum', [
      textParam('betType', type),
    ]);
  }
  if (maximum * LARGEST_PAYOUT > MAX_MONEY) {
    throw new RuleViolation('INVALID_TABLE_OPTIONS', '{betType} maximum is too large for exact payouts (at most {max})', [
      textParam('betType', type),
      moneyParam('max', Math.floor(MAX_MONEY / LARGEST_PAYOUT)),
    ]);
  }
}

const KNOWN_JACKPOT_OPTIONS: readonly string[] = ['modality', 'fixedAmounts', 'poolPercentBasisPoints', 'approvalReference'];

function jackpotConfigOf(input: NonNullable<Partial<BaccaratOptionsInput['jackpot']>>, jackpotMinimum: number): JackpotConfig {
  for (const key of Object.keys(input)) {
    if (!KNOWN_JACKPOT_OPTIONS.includes(key)) {
      throw new RuleViolation('INVALID_JACKPOT_CONFIG', 'an unknown jackpot option');
    }
  }
  const modality = input.modality ?? 'A';
  const defaults = DEFAULT_FIXED_PRIZE_MULTIPLES[modality] ?? {};
  const fixedAmounts: Partial<Record<JackpotCombination, number>> = {};
  for (const combination of modality in DEFAULT_FIXED_PRIZE_MULTIPLES ? combinationsWithFixedAmount(modality) : []) {
    fixedAmounts[combination] = (defaults[combination] ?? 0) * jackpotMinimum;
  }
  const config: JackpotConfig = {
    modality,
    fixedAmounts: { ...fixedAmounts, ...input.fixedAmounts },
    poolPercentBasisPoints: input.poolPercentBasisPoints ?? (modality === 'C' ? DEFAULT_C_POOL_BASIS_POINTS : null),
    approvalReference: input.approvalReference ?? null,
  };
  assertJackpotConfig(config);
  return config;
}
