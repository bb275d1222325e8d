/**
 * Currencies as ISO 4217 writes their amounts: every amount the API keeps is a whole count of a
 * currency's minor unit, and the minor unit is 10^-digits of the currency's major unit. Pure.
 *
 * ISO 4217's table of minor units, by exception: every active code not listed here has 2.
 * - XTS, the code ISO 4217 keeps for tests, has none there; here it is demo play's chips,
 *   written with 2 (docs/LAUNCH.md, "Demo play").
 * - A well-formed code ISO 4217 does not list is written with 2 as well.
 */
const MINOR_UNIT_DIGITS: Readonly<Record<string, number>> = {
  // 0: amounts in whole units.
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  // 3: thousandths.
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
  // 4: ten-thousandths.
  CLF: 4,
  UYW: 4,
};

/** How many digits follow the decimal point in `currency`'s amounts: 2 for MOP, 0 for JPY, 3 for KWD. */
export const minorUnitDigits = (currency: string): number => MINOR_UNIT_DIGITS[currency] ?? 2;

/** A currency and how its amounts are written: what the API says of it (CurrencyUnit). */
export const currencyUnitOf = (code: string): { readonly code: string; readonly minorUnitDigits: number } => ({
  code,
  minorUnitDigits: minorUnitDigits(code),
});

/**
 * A whole number of minor units as the exact decimal of major units: 1000050 MOP is "10000.50",
 * 1500 JPY "1500", 1500 KWD "1.500". Integer arithmetic on the digits, never a division.
 */
export function majorUnits(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not a whole amount of minor units: ${minor}`);
  const digits = minorUnitDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const text = String(Math.abs(minor)).padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/**
 * An amount as English messages write it (the API's messages; clients say them in their own
 * language from the error's parameters): 1000000 MOP is "10,000.00 MOP", 1500 JPY "1,500 JPY".
 */
export function moneyText(minor: number, currency: string): string {
  const [whole, fraction] = majorUnits(minor, currency).split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${fraction === undefined ? grouped : `${grouped}.${fraction}`} ${currency}`;
}
