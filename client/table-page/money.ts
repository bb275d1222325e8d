/**
 * Money as the API keeps it: whole minor units of a currency, which the API says the size of
 * (CurrencyUnit.minorUnitDigits: 2 for MOP, 0 for JPY, 3 for KWD). Shown in the page's locale with
 * Intl.NumberFormat, the code after the number ("10,000.50 MOP", "10.000,50 MOP" in Portuguese).
 * Integer arithmetic only: the whole part is formatted as a BigInt and the digits after the point
 * are the amount's own, so 10,000.00 is never shown as 9,999.99 by a floating-point division.
 */

/** The minor units the API told the page (each answer that carries an amount asks for its currencyUnit). */
const told = new Map<string, number>();

export function rememberCurrencyUnit(unit: { readonly code: string; readonly minorUnitDigits: number }): void {
  told.set(unit.code, unit.minorUnitDigits);
}

/** The digits after the point in `currency`'s amounts: as the API said, else as the browser's Intl knows them (ISO 4217's, by CLDR). */
export function minorUnitDigits(currency: string): number {
  const known = told.get(currency);
  if (known !== undefined) return known;
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** The locale amounts are written in: the page's language. */
let locale = 'en';
export function setMoneyLocale(tag: string): void {
  locale = Intl.NumberFormat.supportedLocalesOf([tag])[0] ?? 'en';
}

/** 1000050 in MOP → "10,000.50 MOP"; 1500 in JPY → "1,500 JPY"; a negative amount gets a minus sign. */
export function formatMoney(minor: number, currency: string): string {
  return `${formatAmount(minor, currency)} ${currency}`;
}

/** The number alone, in the page's locale: 1000050 MOP → "10,000.50"; 1500 KWD → "1.500". */
export function formatAmount(minor: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  const units = BigInt(Math.abs(minor));
  const scale = 10n ** BigInt(digits);
  const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(units / scale);
  const sign = minor < 0 ? '−' : '';
  if (digits === 0) return `${sign}${whole}`;
  const fraction = String(units % scale).padStart(digits, '0');
  return `${sign}${whole}${decimalSeparator()}${fraction}`;
}

/** An amount as a form field holds it, the same in every locale: no grouping, a point (1000050 MOP → "10000.50"), as parseMoney reads it. */
export function plainAmount(minor: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  const text = String(Math.abs(minor)).padStart(digits + 1, '0');
  const sign = minor < 0 ? '-' : '';
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

const decimalSeparator = (): string =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: 1 }).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';

/**
 * An amount as typed in `currency` ("50", "12.5", "1,000.00"; a JPY amount whole) in minor units,
 * or undefined if it is not one: at most as many digits after the point as the currency has.
 */
export function parseMoney(text: string, currency: string): number | undefined {
  const digits = minorUnitDigits(currency);
  const plain = text.trim().replace(/,/g, '');
  const match = (digits === 0 ? /^(\d{1,16})$/ : new RegExp(`^(\\d{1,16})(?:\\.(\\d{1,${digits}}))?$`)).exec(plain);
  if (!match) return undefined;
  const minor = BigInt(match[1]!) * 10n ** BigInt(digits) + BigInt((match[2] ?? '').padEnd(digits, '0') || '0');
  return minor <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(minor) : undefined;
}
