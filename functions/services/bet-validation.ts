import { validateBet as validateCrapsBet } from '../rules/craps';
import { validatePlayerBets as validateBaccaratBets } from '../rules/baccarat';
import type { BaccaratBetType } from '../rules/baccarat';
import type { CrapsBet } from '../rules/craps';
import type { BetRecord, Game } from '../store/records';
import { asCrapsBets } from './craps-table';
import { ServiceError } from './service-error';
import type { TableOf } from './table-access';

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
