/**
 * Payout arithmetic: the one place where a stake turns into winnings.
 *
 * Money is an integer count of the currency's minor unit (docs/RULES.md, "Money"). A payout
 * quoted `a:b` ("a to b") on stake `s` wins `s*a/b`; when that is not a whole minor unit
 * the fraction is dropped, in the house's favour [interpretation, docs/RULES.md]. A table that
 * wants exact payouts requires stakes in suitable multiples instead (craps art. 5.6).
 */

/** Odds quoted "to": `{ to: 7, per: 6 }` is 7:6, winning 7 for every 6 staked. */
export interface PayoutOdds {
  readonly to: number;
  readonly per: number;
}

/** A payout as the regulation writes it: "7:1", "6:5". */
export const oddsText = (payout: PayoutOdds): string => `${payout.to}:${payout.per}`;

export const odds = (to: number, per = 1): PayoutOdds => ({ to, per });

/** Shares of an amount are given in basis points: 10,000 is the whole. */
export const BASIS_POINTS = 10_000;

/** Largest amount any single stake or payout may reach: keeps every product exact in a double. */
export const MAX_MONEY = Number.MAX_SAFE_INTEGER;

/**
 * The most a deposit may bring a balance to (2^50, about 11 trillion MOP): an eighth of MAX_MONEY,
 * so that the winnings of many rounds at the largest table still fit the Money scalar exactly.
 */
export const MAX_BALANCE = 2 ** 50;

/** The most one player may stake on one round: at the highest payout (40:1) its return stays below MAX_MONEY / 2. */
export const MAX_STAKE_PER_ROUND = Math.floor(MAX_MONEY / 100);

export function assertMoney(amount: number, what = 'amount'): void {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RangeError(`${what} must be a non-negative integer number of minor units, got ${amount}`);
  }
}

/**
 * Winnings (not counting the returned stake) of `stake` at `payout`, rounded down to the
 * minor unit. Exact integer arithmetic: the remainder is removed before dividing, so no
 * floating-point quotient is ever rounded.
 */
export function winnings(stake: number, payout: PayoutOdds): number {
  const gross = stake * payout.to;
  if (!Number.isSafeInteger(gross)) {
    throw new RangeError(`stake ${stake} at ${payout.to}:${payout.per} exceeds exact integer range`);
  }
  return (gross - (gross % payout.per)) / payout.per;
}

/** True when `stake` at `payout` wins a whole number of minor units (nothing is rounded away). */
export function paysExactly(stake: number, payout: PayoutOdds): boolean {
  return (stake * payout.to) % payout.per === 0;
}
