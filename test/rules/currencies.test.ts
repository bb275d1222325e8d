/**
 * Each currency's minor unit as ISO 4217 gives it, and amounts written from it exactly: the
 * API keeps whole minor units, and a JPY amount is yen while a KWD amount is fils (a thousandth).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { majorUnits, minorUnitDigits, moneyText } from '../../functions/rules/currencies';

describe("a currency's minor unit", () => {
  it('is as ISO 4217 states it: 2 for MOP and HKD, 0 for JPY, 3 for KWD, 4 for CLF; demo chips (XTS) 2', () => {
    expect(['MOP', 'HKD', 'USD', 'JPY', 'KRW', 'KWD', 'BHD', 'CLF', 'XTS'].map(minorUnitDigits)).toEqual([2, 2, 2, 0, 0, 3, 3, 4, 2]);
  });

  it('writes amounts in major units exactly, negative ones too', () => {
    expect(majorUnits(1_000_050, 'MOP')).toBe('10000.50');
    expect(majorUnits(5, 'HKD')).toBe('0.05');
    expect(majorUnits(1_500, 'JPY')).toBe('1500');
    expect(majorUnits(1_500, 'KWD')).toBe('1.500');
    expect(majorUnits(7, 'KWD')).toBe('0.007');
    expect(majorUnits(-250, 'MOP')).toBe('-2.50');
    expect(majorUnits(0, 'JPY')).toBe('0');
    expect(() => majorUnits(1.5, 'MOP')).toThrow(RangeError);
  });

  it('gives back the same count of minor units when the major units are read again, for any amount', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), fc.constantFrom('MOP', 'JPY', 'KWD', 'CLF'), (minor, currency) => {
        const digits = minorUnitDigits(currency);
        const [whole, fraction = ''] = majorUnits(minor, currency).replace('-', '').split('.');
        expect(fraction.length).toBe(digits);
        expect(BigInt(whole! + fraction) * (minor < 0 ? -1n : 1n)).toBe(BigInt(minor));
      }),
    );
  });

  it('writes an amount as English messages do, grouped by thousands, with its code', () => {
    expect(moneyText(1_000_000, 'MOP')).toBe('10,000.00 MOP');
    expect(moneyText(1_500, 'JPY')).toBe('1,500 JPY');
    expect(moneyText(1_234_567, 'KWD')).toBe('1,234.567 KWD');
    expect(moneyText(99, 'HKD')).toBe('0.99 HKD');
    expect(moneyText(-1_000_000_000, 'JPY')).toBe('-1,000,000,000 JPY');
  });
});
