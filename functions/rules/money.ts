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
 * leaving room for winnings; what keeps a balance within MAX_MONEY through them is the ceiling on
 * each bet (balanceCeiling, below).
 */
export const MAX_BALANCE = 2 ** 50;

/**
 * The most a progressive jackpot pool holds (2^46, about 703 billion MOP): a round's contributions
 * past it stay with the house [interpretation, docs/RULES.md], and no pool is seeded above it, so
 * that a pool and its prizes stay exact Money. Small enough that a player's jackpot bets at 55
 * tables at once fit the room MAX_EXPOSURE leaves (see reserveOf).
 */
export const MAX_POOL = 2 ** 46;

/** What a round's `contributions` add to a pool holding `amount`: all of them, up to MAX_POOL. */
export function poolContribution(amount: number, contributions: number): number {
  return Math.max(0, Math.min(contributions, MAX_POOL - amount));
}

/**
 * The most a player's jackpot bets at a table may win in one round: the pool before the prize,
 * which holds at most MAX_POOL, or after a whole-pool prize a new seed (at most MAX_POOL) beside
 * the few minor units a split left; or a fixed prize, which the seed covers. Twice MAX_POOL bounds both.
 */
export const LARGEST_JACKPOT_PRIZE = 2 * MAX_POOL;

/**
 * The most a player's balance may hold before a stake leaves it: the bound that keeps every
 * balance within MAX_MONEY through winnings. `largestReturns` is the most the bet and the player's
 * other open bets it is judged with could bring back (stakes included), were each to win the
 * most it can. Negative: no balance is low enough (the bets alone could pass MAX_MONEY).
 */
export function balanceCeiling(stake: number, largestReturns: bigint): bigint {
  return BigInt(MAX_MONEY) - largestReturns + BigInt(stake);
}

/**
 * The most all of a player's open bets, at every table, may be counted to return at once: what a
 * deposit's bound (MAX_BALANCE) leaves of MAX_MONEY. A deposit checks only the balance; because
 * every placement keeps the player's exposure within this, a balance brought to MAX_BALANCE by a
 * deposit still has room for every open bet's largest win.
 */
export const MAX_EXPOSURE = BigInt(MAX_MONEY) - BigInt(MAX_BALANCE);

/** What reserveOf needs of a bet: its type (a jackpot bet is counted by its round's prize), stake and round. */
export interface ReservedBet {
  readonly type: string;
  readonly amount: number;
  readonly round: number;
}

/**
 * The most a player's open bets at one table could ever return (stakes included): each
 * non-jackpot bet at its game's largest return per unit staked, and the largest jackpot prize
 * once for each round the player holds jackpot bets in (a round's jackpot bets share one prize;
 * a decided but unpaid round and the next one may both pay). Exact (BigInt): never under the
 * most any outcome returns.
 */
export function reserveOf(bets: Iterable<ReservedBet>, largestReturnPerUnit: number): bigint {
  let reserve = 0n;
  const jackpotRounds = new Set<number>();
  for (const bet of bets) {
    if (bet.type === 'JACKPOT') jackpotRounds.add(bet.round);
    else reserve += BigInt(bet.amount) * BigInt(largestReturnPerUnit);
  }
  return reserve + BigInt(jackpotRounds.size) * BigInt(LARGEST_JACKPOT_PRIZE);
}

/**
 * The most the balance may hold before `stake` leaves it, for a placement that leaves the player
 * `exposure` (the reserves of their open bets at every table, the new bet's included): the
 * balance after the stake, plus every win the exposure counts, stays within MAX_MONEY. Undefined
 * when the exposure alone passes MAX_EXPOSURE: no balance fits (BALANCE_LIMIT).
 */
export function placementCeiling(stake: number, exposure: bigint): bigint | undefined {
  if (exposure > MAX_EXPOSURE) return undefined;
  return BigInt(MAX_MONEY) - exposure + BigInt(stake);
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
