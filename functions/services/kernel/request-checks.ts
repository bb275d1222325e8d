import { ServiceError } from './service-error';
import { textParam } from '../../rules/error-params';

/** Checks on request fields that several use cases share. */

/** An ISO-4217 currency code: three capital letters. */
export const isCurrencyCode = (currency: string): boolean => /^[A-Z]{3}$/.test(currency);

/** A day of the calendar, YYYY-MM-DD: Date.parse takes 2026-02-30 for March 2nd, so the day must read back as itself. */
export function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const midnight = Date.parse(`${day}T00:00:00.000Z`);
  return !Number.isNaN(midnight) && new Date(midnight).toISOString().slice(0, 10) === day;
}

export function assertCurrency(currency: string): void {
  if (!isCurrencyCode(currency)) {
    throw new ServiceError('BAD_USER_INPUT', 'currency must be an ISO-4217 code of three capital letters.');
  }
}

/** A client's idempotency key or reference: 1 to 128 letters, digits and _ . : - */
export function assertClientKey(name: string, value: string): void {
  if (!/^[A-Za-z0-9_.:-]{1,128}$/.test(value)) {
    throw new ServiceError('BAD_USER_INPUT', '{field} must be 1 to 128 characters among letters, digits and _ . : -', undefined, [
      textParam('field', name),
    ]);
  }
}

/** Who a player, dealer or operator is: a token subject's alphabet (what identity providers use: UUIDs, e-mail addresses, `auth0|...`). */
export const SUBJECT = /^[A-Za-z0-9._@+:|-]{1,128}$/;
