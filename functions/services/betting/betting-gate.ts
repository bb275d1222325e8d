import type { TableRecord } from '../../store/tables/table-records';
import { ServiceError } from '../kernel/service-error';

/**
 * When betting closes by the table's clock: its window after betting opened (the table opened, or
 * the last outcome was recorded); null for a table without a clock, where only the dealer closes it.
 */
export function bettingDeadline(table: TableRecord): string | null {
  if (table.bettingWindowSeconds === undefined || table.bettingOpenedAt === undefined) return null;
  return new Date(Date.parse(table.bettingOpenedAt) + table.bettingWindowSeconds * 1_000).toISOString();
}

/** Whether bets may go on and come off the layout at `now`: between outcomes, and before the deadline. */
export function isBettingOpen(table: TableRecord, now: string): boolean {
  const deadline = bettingDeadline(table);
  return !table.bettingClosed && (deadline === null || Date.parse(now) < Date.parse(deadline));
}

/**
 * Bets go on and come off the layout only while betting is open, judged by the server's clock
 * when the request arrives: a bet after the deadline is refused even before a dealer closes betting.
 */
export function assertBettingOpen(table: TableRecord, now: string): void {
  if (isBettingOpen(table, now)) return;
  if (table.bettingClosed) throw bettingClosed();
  throw new ServiceError('BETTING_CLOSED', "The table's betting window has ended; bet on the next round.");
}

export const bettingClosed = (): ServiceError =>
  new ServiceError('BETTING_CLOSED', 'Betting is closed at the table until the outcome is recorded.');
