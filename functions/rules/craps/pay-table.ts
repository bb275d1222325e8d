import { odds, type PayoutOdds } from '../money';
import type { PointNumber } from './types';

/**
 * The prizes of art. 6, as data. Every payout in the craps rules layer is one of these,
 * turned into money by `winnings()` (functions/rules/money.ts), the one rounding rule.
 * Arrays indexed by the dice total (or the point number) keep the settlement loop free of
 * lookups by string.
 */

const EVEN = odds(1, 1);

export const PAYS = {
  /** art. 6(1), 6(3) */
  LINE: EVEN,
  /** art. 6(5) */
  ANY_CRAPS: odds(7, 1),
  /** art. 6(6) */
  ANY_SEVEN: odds(4, 1),
  /** art. 6(7) */
  ELEVEN: odds(15, 1),
  /** art. 6(8) */
  ACE_DEUCE: odds(15, 1),
  /** art. 6(9) */
  ACES: odds(30, 1),
  /** art. 6(10) */
  BOXCARS: odds(30, 1),
  /** art. 6(11): the whole Horn stake, a quarter on each of 2, 3, 11, 12 (art. 5.3(7)). */
  HORN_2_OR_12: odds(27, 4),
  HORN_3_OR_11: odds(3, 1),
  /** art. 6(12) */
  FIELD: EVEN,
  FIELD_2: odds(2, 1),
  /** art. 6(12): the concessionaire chooses 2:1 or 3:1 for the 12 (table option `field12Pays`). */
  FIELD_12_DOUBLE: odds(2, 1),
  FIELD_12_TRIPLE: odds(3, 1),
  /** art. 6(13) */
  BIG_OR_SMALL: EVEN,
  /** art. 6(14) */
  HARD_6_OR_8: odds(9, 1),
  HARD_4_OR_10: odds(7, 1),
} as const;

/** Fills the totals that are not point numbers: never paid. */
const NOT_A_POINT = odds(0, 1);

/** art. 6(2): Pass and Come odds pay the true odds of the number against the seven. */
export const TRUE_ODDS: readonly PayoutOdds[] = numberTable({
  4: odds(2, 1),
  5: odds(3, 2),
  6: odds(6, 5),
  8: odds(6, 5),
  9: odds(3, 2),
  10: odds(2, 1),
});

/** art. 6(4): Don't Pass and Don't Come lay odds pay the seven against the number. */
export const LAY_ODDS: readonly PayoutOdds[] = numberTable({
  4: odds(1, 2),
  5: odds(2, 3),
  6: odds(5, 6),
  8: odds(5, 6),
  9: odds(2, 3),
  10: odds(1, 2),
});

/** art. 6(15): Big 6/8 7:6, Big 5/9 7:5, Big 4/10 9:5. */
export const BIG_NUMBER_PAYS: readonly PayoutOdds[] = numberTable({
  4: odds(9, 5),
  5: odds(7, 5),
  6: odds(7, 6),
  8: odds(7, 6),
  9: odds(7, 5),
  10: odds(9, 5),
});

export const field12Pays = (option: 2 | 3): PayoutOdds => (option === 3 ? PAYS.FIELD_12_TRIPLE : PAYS.FIELD_12_DOUBLE);

function numberTable(byNumber: Record<PointNumber, PayoutOdds>): readonly PayoutOdds[] {
  const table: PayoutOdds[] = new Array<PayoutOdds>(13).fill(NOT_A_POINT);
  for (const [n, pays] of Object.entries(byNumber)) table[Number(n)] = pays;
  return Object.freeze(table);
}
