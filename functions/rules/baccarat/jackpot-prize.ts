import { BASIS_POINTS, MAX_MONEY, MAX_POOL, odds, winnings } from '../money';
import { RuleViolation } from '../rule-violation';
import { JACKPOT_COMBINATIONS, JACKPOT_MODALITIES, type JackpotCombination, type JackpotModality } from './jackpot';
import { moneyParam, textParam } from '../error-params';

/**
 * What each jackpot combination pays (art. 17.5-12) and how a prize is shared (docs/RULES.md, "Paying it").
 *
 * A prize is one of:
 *   WHOLE_POOL: the whole accumulated pool (art. 17.5 royal flush A, six of a kind B; 17.9 C i);
 *   FIXED_OR_POOL_PERCENT: the higher of a fixed amount and a percentage of the pool
 *     (art. 17.6 paradise straight: 10%, set by the article; 17.10 C six of a kind: percentage set by the operator);
 *   FIXED: a fixed amount set by the operator (art. 17.7, 17.8, 17.11).
 * Fixed amounts need the regulator's approval (art. 17.12): the table records its approval reference.
 */
export type JackpotPrizeRule =
  | { readonly kind: 'WHOLE_POOL' }
  | { readonly kind: 'FIXED_OR_POOL_PERCENT'; readonly percentSetBy: 'ARTICLE' | 'OPERATOR' }
  | { readonly kind: 'FIXED' };

const WHOLE: JackpotPrizeRule = { kind: 'WHOLE_POOL' };
const FIXED: JackpotPrizeRule = { kind: 'FIXED' };

/** Art. 17.6: the paradise straight pays at least 10% of the pool (1000 basis points). */
export const PARADISE_STRAIGHT_POOL_BASIS_POINTS = 1000;

export const JACKPOT_PRIZE_RULES: {
  readonly [M in JackpotModality]: Readonly<Record<(typeof JACKPOT_COMBINATIONS)[M][number], JackpotPrizeRule>>;
} = {
  A: {
    ROYAL_FLUSH: WHOLE, // art. 17.5
    PARADISE_STRAIGHT: { kind: 'FIXED_OR_POOL_PERCENT', percentSetBy: 'ARTICLE' }, // art. 17.6
    FOUR_OF_A_KIND: FIXED, // art. 17.7
    DOUBLE_PAIRS: FIXED,
    THREE_OF_A_KIND: FIXED,
    SINGLE_PAIR: FIXED,
  },
  B: {
    SIX_OF_A_KIND: WHOLE, // art. 17.5
    FIVE_OF_A_KIND: FIXED, // art. 17.8
    DOUBLE_THREE: FIXED,
    FOUR_OF_A_KIND: FIXED,
    THREE_OF_A_KIND: FIXED,
  },
  C: {
    SIX_OF_A_KIND_SAME_COLOUR: WHOLE, // art. 17.9
    SIX_OF_A_KIND: { kind: 'FIXED_OR_POOL_PERCENT', percentSetBy: 'OPERATOR' }, // art. 17.10
    // [interpretation] art. 17.11 lists double three, four and three for C but omits five of a kind;
    // docs/RULES.md (and art. 17.8 for B) make it a fixed prize, as here.
    FIVE_OF_A_KIND: FIXED,
    DOUBLE_THREE: FIXED, // art. 17.11
    FOUR_OF_A_KIND: FIXED,
    THREE_OF_A_KIND: FIXED,
  },
};

export function prizeRuleOf(modality: JackpotModality, combination: JackpotCombination): JackpotPrizeRule {
  const rule = (JACKPOT_PRIZE_RULES[modality] as Readonly<Record<string, JackpotPrizeRule>>)[combination];
  if (!rule) {
    throw new RuleViolation('JACKPOT_COMBINATION_NOT_IN_MODALITY', 'that is not a combination of jackpot modality {modality}', [
      textParam('modality', modality),
    ]);
  }
  return rule;
}

/** A table's jackpot configuration: plain JSON, stored with the table. */
export interface JackpotConfig {
  readonly modality: JackpotModality;
  /** Fixed amount, in minor units, of every combination whose prize has a fixed part (art. 17.6-8, 17.10-11). */
  readonly fixedAmounts: Readonly<Partial<Record<JackpotCombination, number>>>;
  /** Modality C six of a kind: the operator's percentage of the pool, in basis points (art. 17.10); null otherwise. */
  readonly poolPercentBasisPoints: number | null;
  /** The regulator's approval of the fixed amounts (art. 17.12); null until approved. */
  readonly approvalReference: string | null;
}

/** Combinations of `modality` that need a fixed amount configured. */
export function combinationsWithFixedAmount(modality: JackpotModality): JackpotCombination[] {
  return (JACKPOT_COMBINATIONS[modality] as readonly JackpotCombination[]).filter(
    (combination) => prizeRuleOf(modality, combination).kind !== 'WHOLE_POOL',
  );
}

export function assertJackpotConfig(config: JackpotConfig): void {
  if (!JACKPOT_MODALITIES.includes(config.modality)) {
    throw new RuleViolation('INVALID_JACKPOT_CONFIG', 'jackpot modality must be A, B or C (art. 13.1(4)(3))');
  }
  const needed = combinationsWithFixedAmount(config.modality);
  for (const combination of needed) {
    const amount = config.fixedAmounts[combination];
    if (amount === undefined || !Number.isSafeInteger(amount) || amount <= 0 || amount > MAX_MONEY) {
      throw new RuleViolation(
        'INVALID_JACKPOT_CONFIG',
        'modality {modality} needs a positive whole fixed amount (minor units) for {combination} (art. 17)',
        [textParam('modality', config.modality), textParam('combination', combination)],
      );
    }
  }
  for (const combination of Object.keys(config.fixedAmounts)) {
    if (!needed.includes(combination as JackpotCombination)) {
      throw new RuleViolation(
        'INVALID_JACKPOT_CONFIG',
        '{combination} has no fixed amount in modality {modality} (it is not one of its combinations, or it pays the whole pool)',
        [textParam('combination', combination), textParam('modality', config.modality)],
      );
    }
  }
  const bp = config.poolPercentBasisPoints;
  if (config.modality === 'C') {
    if (bp === null || !Number.isInteger(bp) || bp <= 0 || bp > BASIS_POINTS) {
      throw new RuleViolation(
        'INVALID_JACKPOT_CONFIG',
        'modality C needs the percentage of the pool for six of a kind (art. 17.10), in basis points 1..10000',
      );
    }
  } else if (bp !== null) {
    throw new RuleViolation(
      'INVALID_JACKPOT_CONFIG',
      "only modality C has an operator-set pool percentage (art. 17.10); modality {modality}'s are set by art. 17",
      [textParam('modality', config.modality)],
    );
  }
}

/**
 * A pool starts able to pay each of its fixed prizes in full [interpretation, docs/RULES.md]:
 * its seed is at least the largest (the house tops it up later where a prize needs it).
 */
export function assertPoolSeed(config: JackpotConfig, seed: number): void {
  const largest = Math.max(0, ...Object.values(config.fixedAmounts).map((amount) => amount ?? 0));
  if (!Number.isSafeInteger(seed) || seed < largest) {
    throw new RuleViolation('INVALID_JACKPOT_POOL', "a pool's seed must cover its largest fixed prize, {largest}", [
      moneyParam('largest', largest),
    ]);
  }
  if (seed > MAX_POOL)
    throw new RuleViolation('INVALID_JACKPOT_POOL', "a pool's seed may be at most {max}, the most a pool holds", [
      moneyParam('max', MAX_POOL),
    ]);
}

/** How one round's jackpot prize leaves the pool. All amounts in minor units. */
export interface JackpotPayout {
  readonly combination: JackpotCombination;
  /** The prize the combination earns, in full. */
  readonly prize: bigint;
  /** What the pool needed beyond what it held to pay a fixed amount in full: the house puts it in first. */
  readonly topUp: bigint;
  readonly bettors: number;
  /** What each of the round's jackpot bettors receives (equal parts, rounded down). */
  readonly share: bigint;
  /** share x bettors: what leaves the pool (after any top-up). */
  readonly paid: bigint;
  /** prize - paid: the part that cannot be split equally; it stays in the pool. */
  readonly remainder: bigint;
  readonly poolAfter: bigint;
  /** The combination pays the whole pool (the pool then restarts from its seed, a services concern). */
  readonly wholePool: boolean;
}

/**
 * The prize of `combination` under `config` for a pool holding `pool`, shared equally among the
 * round's `bettors` jackpot bets (art. 17.5-11: "pagos, em cada jogada, em partes iguais").
 * [interpretation, docs/RULES.md] A fixed amount is paid in full: where the pool holds less, the
 * house tops it up first (`topUp`); the part of the prize that cannot be split equally stays in
 * the pool. With no bettors nothing is paid (and nothing topped up). Invariant: share x bettors +
 * remainder = prize <= pool + topUp, and poolAfter = pool + topUp - paid >= 0.
 */
export function splitJackpotPrize(
  config: JackpotConfig,
  combination: JackpotCombination,
  pool: bigint | number,
  bettors: number,
): JackpotPayout {
  assertJackpotConfig(config);
  const poolAmount = typeof pool === 'bigint' ? pool : BigInt(asWholeAmount(pool, 'jackpot pool'));
  if (poolAmount < 0n) throw new RuleViolation('INVALID_JACKPOT_POOL', 'a jackpot pool cannot be negative');
  if (!Number.isSafeInteger(bettors) || bettors < 0) {
    throw new RuleViolation('INVALID_JACKPOT_BETTORS', 'the number of jackpot bettors must be a whole number >= 0');
  }
  const rule = prizeRuleOf(config.modality, combination);
  const earned = prizeEarned(config, combination, rule, poolAmount);
  // With nobody to pay, nothing is topped up: the prize is what the pool could have paid.
  const topUp = bettors > 0 && earned > poolAmount ? earned - poolAmount : 0n;
  const prize = earned > poolAmount + topUp ? poolAmount : earned;
  const share = bettors === 0 ? 0n : prize / BigInt(bettors);
  const paid = share * BigInt(bettors);
  return {
    combination,
    prize,
    topUp,
    bettors,
    share,
    paid,
    remainder: prize - paid,
    poolAfter: poolAmount + topUp - paid,
    wholePool: rule.kind === 'WHOLE_POOL',
  };
}

function prizeEarned(config: JackpotConfig, combination: JackpotCombination, rule: JackpotPrizeRule, pool: bigint): bigint {
  switch (rule.kind) {
    case 'WHOLE_POOL':
      return pool;
    case 'FIXED':
      return BigInt(config.fixedAmounts[combination] as number);
    case 'FIXED_OR_POOL_PERCENT': {
      const basisPoints = rule.percentSetBy === 'ARTICLE' ? PARADISE_STRAIGHT_POOL_BASIS_POINTS : (config.poolPercentBasisPoints as number);
      const fixed = BigInt(config.fixedAmounts[combination] as number);
      const percent = poolPercent(pool, basisPoints);
      return fixed > percent ? fixed : percent; // "o mais elevado dos seguintes valores"
    }
  }
}

/**
 * `basisPoints`/10000 of the pool, rounded down like every payout. The pool may exceed the range of
 * an exact double, so it is split as q x 10000 + r: q x basisPoints is exact, and only r < 10000
 * is rounded, by money.ts's winnings() (the one rounding rule).
 */
export function poolPercent(pool: bigint, basisPoints: number): bigint {
  const q = pool / BigInt(BASIS_POINTS);
  const r = Number(pool % BigInt(BASIS_POINTS));
  return q * BigInt(basisPoints) + BigInt(winnings(r, odds(basisPoints, BASIS_POINTS)));
}

function asWholeAmount(amount: number, what: string): number {
  if (!Number.isSafeInteger(amount)) {
    throw new RuleViolation('INVALID_JACKPOT_POOL', '{what} must be a whole number of minor units', [textParam('what', what)]);
  }
  return amount;
}
