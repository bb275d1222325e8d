/**
 * Money as the API keeps it: whole minor units (avos for MOP), shown with 2 decimals. Integer
 * arithmetic only, so that 10,000.00 is never shown as 9,999.99 by a floating-point division.
 */

const GROUPED = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** 1000050 in MOP → "10,000.50 MOP"; a negative amount gets a minus sign. */
export function formatMoney(minor: number, currency: string): string {
  return `${formatAmount(minor)} ${currency}`;
}

/** The number alone: 1000050 → "10,000.50". */
export function formatAmount(minor: number): string {
  const sign = minor < 0 ? '−' : '';
  const units = Math.abs(minor);
  const whole = Math.floor(units / 100);
  const cents = units % 100;
  return `${sign}${GROUPED.format(whole)}.${String(cents).padStart(2, '0')}`;
}

/** An amount as typed ("50", "12.5", "1,000.00") in minor units, or undefined if it is not one. */
export function parseMoney(text: string): number | undefined {
  const plain = text.trim().replace(/,/g, '');
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(plain);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
