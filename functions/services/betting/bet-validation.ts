import { LARGEST_CRAPS_RETURN, validateBet as validateCrapsBet } from '../../rules/craps';
import { LARGEST_BACCARAT_RETURN, validatePlayerBets as validateBaccaratBets } from '../../rules/baccarat';
import { balanceCeiling, LARGEST_JACKPOT_PRIZE, MAX_MONEY } from '../../rules/money';
import type { BaccaratBetType } from '../../rules/baccarat';
import type { CrapsBet } from '../../rules/craps';
import type { BetRecord, Game } from '../../store/kernel/records';
import { asCrapsBets } from '../tables/craps-table';
import { ServiceError } from '../kernel/service-error';
import type { TableOf } from '../tables/table-access';

/**
 * Seats at a table, numbered from 1. Baccarat: jackpot bets are for seated players only
 * (art. 13.3). Craps: the dice pass round the table in seat order (art. 2.3).
 */
export const SEATS: Readonly<Record<Game, number>> = { BACCARAT: 14, CRAPS: 20 };

/**
 * Asks the table's game rules whether `bet` may go on the layout now, next to the player's own
 * open bets (`own`, as they stand once any pending outcome is paid: the only bets a bet's
 * validity depends on); returns the bet as it will be laid (craps odds carry the number they work
 * on). Throws the rules' RuleViolation, or a ServiceError for a player over the table's limits,
 * a seat out of range, or input that belongs to the other game.
 */
export function validatePlacement(table: TableOf<Game>, bet: BetRecord, own: readonly BetRecord[]): BetRecord {
  assertSeatExists(table, bet);
  assertPlayerLimits(table, bet, own);
  if (table.game === 'CRAPS') {
    const laid = validateCrapsBet(table.state, table.options, bet as CrapsBet, asCrapsBets(own));
    return laid.number === bet.number ? bet : { ...bet, number: laid.number };
  }
  if (bet.baseBetId != null) throw new ServiceError('BAD_USER_INPUT', 'baseBetId applies to craps odds only.');
  validateBaccaratBets(
    table.options,
    [...own, bet].map((b) => ({ type: b.type as BaccaratBetType, amount: b.amount, seated: b.seat != null, seat: b.seat ?? null })),
  );
  return bet;
}

function assertSeatExists(table: TableOf<Game>, bet: BetRecord): void {
  if (bet.seat == null) return;
  const seats = SEATS[table.game];
  if (!Number.isInteger(bet.seat) || bet.seat < 1 || bet.seat > seats) {
    throw new ServiceError('BAD_USER_INPUT', `seat must be from 1 to ${seats}, got ${bet.seat}.`);
  }
}

/** One player cannot fill a table: at most so many open bets, and so much staked in one round. */
function assertPlayerLimits(table: TableOf<Game>, bet: BetRecord, own: readonly BetRecord[]): void {
  const { maxOpenBets, maxStakePerRound } = table.playerLimits;
  if (own.length >= maxOpenBets) {
    throw new ServiceError(
      'PLAYER_BET_LIMIT',
      `You have ${own.length} open bets at the table, the most one player may have there (${maxOpenBets}).`,
    );
  }
  const staked = own.filter((open) => open.round === bet.round).reduce((sum, open) => sum + open.amount, 0);
  if (staked + bet.amount > maxStakePerRound) {
    throw new ServiceError(
      'PLAYER_STAKE_LIMIT',
      `A stake of ${bet.amount} would make ${staked + bet.amount} this round at the table, above the ${maxStakePerRound} one player may stake in a round.`,
    );
  }
}

/**
 * The most the player's balance may hold before `bet`'s stake leaves it (the placement's debit is
 * conditioned on it): so that were the bet and the player's other open bets at the table (`own`)
 * each to return the most its game pays (stake included; the round's jackpot bets, the largest
 * prize together), the balance would still be within MAX_MONEY, the Money scalar's exact range.
 * Refuses at once (BALANCE_LIMIT) a bet that no balance could take.
 */
export function largestBalanceBeforeStake(table: TableOf<Game>, bet: BetRecord, own: readonly BetRecord[]): number {
  const bets = [...own, bet];
  const perUnit = BigInt(table.game === 'CRAPS' ? LARGEST_CRAPS_RETURN : LARGEST_BACCARAT_RETURN);
  let largestReturns = bets.some((b) => b.type === 'JACKPOT') ? BigInt(LARGEST_JACKPOT_PRIZE) : 0n;
  for (const b of bets) if (b.type !== 'JACKPOT') largestReturns += BigInt(b.amount) * perUnit;
  const ceiling = balanceCeiling(bet.amount, largestReturns);
  if (ceiling < 0n) throw balanceLimit();
  return Number(ceiling < BigInt(MAX_MONEY) ? ceiling : BigInt(MAX_MONEY));
}

/** A bet whose largest win could take the balance past MAX_MONEY: the message says why, never the amounts sent. */
export const balanceLimit = (): ServiceError =>
  new ServiceError(
    'BALANCE_LIMIT',
    `Were this bet and your open bets at the table to win the most they can, your balance would pass ${MAX_MONEY}, the most one may hold: bet less, or withdraw first.`,
  );
