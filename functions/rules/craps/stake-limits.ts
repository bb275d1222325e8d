import { RuleViolation } from '../rule-violation';
import { betTypeParam, moneyParam } from '../error-params';
import type { CrapsTableOptions } from './options';
import type { CrapsBet } from './types';

/**
 * art. 5.6: "the value of bets must be a multiple of the fixed minimums": a positive whole
 * multiple of the bet type's minimum, and no more than its maximum on one spot of the layout.
 */
export function assertStakeWithinLimits(options: CrapsTableOptions, bet: CrapsBet, alreadyOnSpot: number): void {
  const { amount, type } = bet;
  const { minimum, maximum } = options.limits[type];
  const kind = [betTypeParam('betType', type)];
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount)) {
    throw new RuleViolation('STAKE_NOT_INTEGER', 'The {betType} stake must be a whole number of minor units.', kind);
  }
  if (amount <= 0) {
    throw new RuleViolation('STAKE_NOT_POSITIVE', 'The {betType} stake must be positive.', kind);
  }
  // art. 5.3(7): the Horn is four equal bets, one on each of 2, 3, 11 and 12, each itself a
  // multiple of the minimum: so the whole stake is a multiple of four minimums.
  if (type === 'HORN' && amount % (4 * minimum) !== 0) {
    throw new RuleViolation(
      'HORN_NOT_MULTIPLE_OF_FOUR',
      'The stake is refused: a Horn is four equal bets on 2, 3, 11 and 12 (art. 5.3(7)), each a multiple of the minimum {minimum} (art. 5.6), so its stake must be a multiple of {unit}.',
      [...kind, moneyParam('minimum', minimum), moneyParam('unit', 4 * minimum)],
    );
  }
  if (amount % minimum !== 0) {
    throw new RuleViolation(
      'STAKE_NOT_MULTIPLE_OF_MINIMUM',
      'The stake is refused: it must be a multiple of the {betType} minimum, {minimum} (art. 5.6).',
      [...kind, moneyParam('minimum', minimum)],
    );
  }
  if (alreadyOnSpot + amount > maximum) {
    throw new RuleViolation(
      'STAKE_ABOVE_MAXIMUM',
      alreadyOnSpot > 0
        ? 'The stake, with {already} already on this bet, is above the {betType} maximum of {maximum}.'
        : 'The stake is above the {betType} maximum of {maximum}.',
      [...kind, moneyParam('maximum', maximum), ...(alreadyOnSpot > 0 ? [moneyParam('already', alreadyOnSpot)] : [])],
    );
  }
}
