import { RuleViolation } from '../rule-violation';
import { withCapitalArticle } from '../article';
import type { CrapsTableOptions } from './options';
import type { CrapsBet } from './types';

/**
 * art. 5.6: "the value of bets must be a multiple of the fixed minimums": a positive whole
 * multiple of the bet type's minimum, and no more than its maximum on one spot of the layout.
 */
export function assertStakeWithinLimits(options: CrapsTableOptions, bet: CrapsBet, alreadyOnSpot: number): void {
  const { amount, type } = bet;
  const { minimum, maximum } = options.limits[type];
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount)) {
    throw new RuleViolation('STAKE_NOT_INTEGER', `${withCapitalArticle(type)} stake is a whole number of minor units.`);
  }
  if (amount <= 0) {
    throw new RuleViolation('STAKE_NOT_POSITIVE', `${withCapitalArticle(type)} stake must be positive.`);
  }
  // art. 5.3(7): the Horn is four equal bets, one on each of 2, 3, 11 and 12, each itself a
  // multiple of the minimum: so the whole stake is a multiple of four minimums.
  const unit = type === 'HORN' ? 4 * minimum : minimum;
  if (amount % unit !== 0) {
    const rule =
      type === 'HORN'
        ? `a Horn is four equal bets on 2, 3, 11 and 12 (art. 5.3(7)), each a multiple of the minimum ${minimum} (art. 5.6), so its stake must be a multiple of ${unit}`
        : `it must be a multiple of the ${type} minimum, ${minimum} (art. 5.6)`;
    throw new RuleViolation(
      type === 'HORN' ? 'HORN_NOT_MULTIPLE_OF_FOUR' : 'STAKE_NOT_MULTIPLE_OF_MINIMUM',
      `The stake is refused: ${rule}.`,
    );
  }
  if (alreadyOnSpot + amount > maximum) {
    const already = alreadyOnSpot > 0 ? `, with ${alreadyOnSpot} already on this bet,` : '';
    throw new RuleViolation('STAKE_ABOVE_MAXIMUM', `The stake${already} is above the ${type} maximum of ${maximum}.`);
  }
}
