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
 * The most a deposit may bring a balance to (2^50, about 11 trillion MOP). Winnings may take a
 * balance past it, never past MAX_MONEY (see MAX_EXPOSURE).
 */
export const MAX_BALANCE = 2 ** 50;

/**
 * The most a balance may hold when a stake leaves it (2^52): a player above it may withdraw, not
 * bet. Half of MAX_MONEY's room; the other half is for the wins of open bets (MAX_EXPOSURE).
 */
export const MAX_BETTING_BALANCE = 2 ** 52;

/**
 * The most all of a player's open bets, at every table, may be reserved for at once (2^52 - 1):
 * what MAX_BETTING_BALANCE leaves of MAX_MONEY. Each bet reserves the most it could return
 * (reserveOf) while it is open, so that the balance plus the reserve never passes MAX_MONEY:
 * - a placement needs the balance at most MAX_BETTING_BALANCE and the reserve, the bet's
 *   included, at most MAX_EXPOSURE: balance after the stake + reserve <= MAX_MONEY;
 * - a bet decided returns at most its reserve, which is released as it returns;
 * - a deposit brings the balance to MAX_BALANCE at most, below MAX_BETTING_BALANCE.
 */
export const MAX_EXPOSURE = MAX_MONEY - MAX_BETTING_BALANCE;

/**
 * The most a progressive jackpot pool holds (2^46, about 703 billion MOP): a round's contributions
 * past it stay with the house [interpretation, docs/RULES.md], and no pool is seeded above it, so
 * that a pool and its prizes stay exact Money, and a player may hold jackpot bets at 31 tables at
 * once within MAX_EXPOSURE (each reserves LARGEST_JACKPOT_PRIZE).
 */
export const MAX_POOL = 2 ** 46;

/** What a round's `contributions` add to a pool holding `amount`: all of them, up to MAX_POOL. */
export function poolContribution(amount: number, contributions: number): number {
  return Math.max(0, Math.min(contributions, MAX_POOL - amount));
}

/**
 * The most one jackpot bet may win in one round: its share of the pool before the prize, which
 * holds at most MAX_POOL, or after a whole-pool prize a new seed (at most MAX_POOL) beside the
 * few minor units a split left; or a fixed prize, which the seed covers. Twice MAX_POOL bounds all.
 */
export const LARGEST_JACKPOT_PRIZE = 2 * MAX_POOL;

/**
 * What a bet reserves of its player's MAX_EXPOSURE while it is open: the most it could ever
 * return, stake included. A jackpot bet, the largest jackpot prize; any other, its stake at its
 * game's largest return per unit staked (`largestReturnPerUnit`, rules/game.ts), never under the
 * most any outcome returns it. A whole number: the stake is at most MAX_STAKE_PER_ROUND.
 */
export function reserveOf(bet: { readonly type: string; readonly amount: number }, largestReturnPerUnit: number): number {
  return bet.type === 'JACKPOT' ? LARGEST_JACKPOT_PRIZE : bet.amount * largestReturnPerUnit;
}

/** The most one player may stake on one round: at the highest payout (40:1) its return stays below MAX_MONEY / 2. */
export const MAX_STAKE_PER_ROUND = Math.floor(MAX_MONEY / 100);

/**
 * The exact sum of amounts, as a BigInt. A balance, a stake or a leg fits a double exactly (at
 * most MAX_MONEY), but a sum over many accounts or journals (the books' totals, a day's report, a
 * layout) may pass 2^53, where a double would round it: every such total is summed here.
 */
export function moneyTotal(amounts: Iterable<number>): bigint {
  let total = 0n;
  for (const amount of amounts) total += BigInt(amount);
  return total;
}

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
