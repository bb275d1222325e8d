import type { TableRecord } from '../store/records';
import { ServiceError } from './service-error';

/** Bets go on and come off the layout only while betting is open (between outcomes). */
export function assertBettingOpen(table: TableRecord): void {
  if (table.bettingClosed) throw bettingClosed(table.id);
}

export const bettingClosed = (tableId: string): ServiceError =>
  new ServiceError('BETTING_CLOSED', 'Betting is closed at the table until the outcome is recorded.');
