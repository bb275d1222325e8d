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
 * Bets one table's layout may hold at once: a roll's or deal's settlement plan is stored in one
 * DynamoDB item (400 KB), and every bet placed reads the whole layout.
 */
export const MAX_OPEN_BETS_PER_TABLE = 1_000;

/**
 * Asks the table's game rules whether `bet` may go on the layout now, next to `openBets`;
 * returns the bet as it will be laid (craps odds carry the number they work on). Throws the
 * rules' RuleViolation, or a ServiceError for a full table, a taken seat, or input that belongs
 * to the other game.
 */
export function validatePlacement(table: TableOf<Game>, bet: BetRecord, openBets: readonly BetRecord[]): BetRecord {
  if (openBets.length >= MAX_OPEN_BETS_PER_TABLE) {
    throw new ServiceError(
      'TABLE_FULL',
      `Table "${table.id}" holds the most bets it takes at once (${MAX_OPEN_BETS_PER_TABLE}); bet after the next outcome.`,
    );
  }
  assertSeatFree(table, bet, openBets);
  if (table.game === 'CRAPS') {
    const laid = validateCrapsBet(table.state, table.options, bet as CrapsBet, asCrapsBets(openBets));
    return laid.number === bet.number ? bet : { ...bet, number: laid.number };
  }
  if (bet.baseBetId != null) throw new ServiceError('BAD_USER_INPUT', 'baseBetId applies to craps odds only.');
  const own = [...openBets.filter((open) => open.playerId === bet.playerId), bet];
  validateBaccaratBets(
    table.options,
    own.map((b) => ({ type: b.type as BaccaratBetType, amount: b.amount, seated: b.seat != null })),
  );
  return bet;
}

/** One player per seat: a baccarat round's jackpot bettors are then at most the table's seats. */
function assertSeatFree(table: TableOf<Game>, bet: BetRecord, openBets: readonly BetRecord[]): void {
  if (bet.seat == null) return;
  const seats = SEATS[table.game];
  if (!Number.isInteger(bet.seat) || bet.seat < 1 || bet.seat > seats) {
    throw new ServiceError('BAD_USER_INPUT', `seat must be from 1 to ${seats}, got ${bet.seat}.`);
  }
  if (openBets.some((open) => open.seat === bet.seat && open.playerId !== bet.playerId)) {
    throw new ServiceError('SEAT_TAKEN', `Seat ${bet.seat} is taken by another player.`);
  }
}
