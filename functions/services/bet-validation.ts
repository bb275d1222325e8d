import { validateBet as validateCrapsBet } from '../rules/craps';
import { validatePlayerBets as validateBaccaratBets } from '../rules/baccarat';
import type { BaccaratBetType } from '../rules/baccarat';
import type { CrapsBet } from '../rules/craps';
import type { BetRecord } from '../store/records';
import { asCrapsBets } from './craps-table';
import { ServiceError } from './service-error';
import type { TableOf } from './table-access';

/** Seats at a baccarat table (art. 13.3: jackpot bets are for seated players only). */
export const BACCARAT_SEATS = 14;

/**
 * Bets one table's layout may hold at once: a roll's or deal's settlement plan is stored in one
 * DynamoDB item (400 KB), and every bet placed reads the whole layout.
 */
export const MAX_OPEN_BETS_PER_TABLE = 1_000;

/**
 * Asks the table's game rules whether `bet` may go on the layout now, next to `openBets`;
 * returns the bet as it will be laid (craps odds carry the number they work on). Throws the
 * rules' RuleViolation, or a ServiceError for input that belongs to the other game.
 */
export function validatePlacement(table: TableOf<'CRAPS' | 'BACCARAT'>, bet: BetRecord, openBets: readonly BetRecord[]): BetRecord {
  if (openBets.length >= MAX_OPEN_BETS_PER_TABLE) {
    throw new ServiceError(
      'TABLE_FULL',
      `Table "${table.id}" holds the most bets it takes at once (${MAX_OPEN_BETS_PER_TABLE}); bet after the next outcome.`,
    );
  }
  if (table.game === 'CRAPS') {
    if (bet.seat != null) throw new ServiceError('BAD_USER_INPUT', 'seat applies to baccarat tables only.');
    const laid = validateCrapsBet(table.state, table.options, bet as CrapsBet, asCrapsBets(openBets));
    return laid.number === bet.number ? bet : { ...bet, number: laid.number };
  }
  if (bet.baseBetId != null) throw new ServiceError('BAD_USER_INPUT', 'baseBetId applies to craps odds only.');
  if (bet.seat != null && (!Number.isInteger(bet.seat) || bet.seat < 1 || bet.seat > BACCARAT_SEATS)) {
    throw new ServiceError('BAD_USER_INPUT', `seat must be from 1 to ${BACCARAT_SEATS}, got ${bet.seat}.`);
  }
  // One player per seat: the round's jackpot bettors are then at most the table's seats.
  const seatedElsewhere = bet.seat != null && openBets.find((open) => open.seat === bet.seat && open.playerId !== bet.playerId);
  if (seatedElsewhere) throw new ServiceError('SEAT_TAKEN', `Seat ${bet.seat} is taken by another player this round.`);
  const own = [...openBets.filter((open) => open.playerId === bet.playerId), bet];
  validateBaccaratBets(
    table.options,
    own.map((b) => ({ type: b.type as BaccaratBetType, amount: b.amount, seated: b.seat != null })),
  );
  return bet;
}
