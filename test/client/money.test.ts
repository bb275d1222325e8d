/**
 * The page's amounts (client/table-page/money.ts): whole minor units shown in the player's locale
 * with as many digits after the point as the currency has (the API's CurrencyUnit), and typed
 * amounts read back exactly. MOP and HKD have 2, JPY none, KWD 3.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { formatAmount, formatMoney, parseMoney, plainAmount, rememberCurrencyUnit, setMoneyLocale } from '../../client/table-page/money';

afterEach(() => setMoneyLocale('en'));

describe("the page's amounts", () => {
  it("are written with the currency's own minor unit", () => {
    for (const unit of [
      { code: 'MOP', minorUnitDigits: 2 },
      { code: 'HKD', minorUnitDigits: 2 },
      { code: 'JPY', minorUnitDigits: 0 },
      { code: 'KWD', minorUnitDigits: 3 },
    ])
      rememberCurrencyUnit(unit);
    expect(formatMoney(1_000_050, 'MOP')).toBe('10,000.50 MOP');
    expect(formatMoney(99, 'HKD')).toBe('0.99 HKD');
    expect(formatMoney(1_000_050, 'JPY')).toBe('1,000,050 JPY');
    expect(formatMoney(1_000_050, 'KWD')).toBe('1,000.050 KWD');
    expect(formatMoney(-2_500, 'MOP')).toBe('−25.00 MOP');
  });

  it("are written in the player's locale: Portuguese and Chinese players each read them their way", () => {
    setMoneyLocale('pt-PT');
    expect(formatAmount(1_234_567, 'MOP')).toMatch(/^12\s?345,67$/);
    setMoneyLocale('pt-BR');
    expect(formatAmount(1_234_567, 'MOP')).toBe('12.345,67');
    expect(formatAmount(1_234_567, 'KWD')).toBe('1.234,567');
    setMoneyLocale('zh-Hant-MO');
    expect(formatAmount(1_234_567, 'MOP')).toBe('12,345.67');
    expect(formatAmount(1_234_567, 'JPY')).toBe('1,234,567');
  });

  it('say what the API told over what the browser knows (a currency the API writes its own way)', () => {
    rememberCurrencyUnit({ code: 'XTS', minorUnitDigits: 2 });
    expect(formatMoney(1_000_000, 'XTS')).toBe('10,000.00 XTS');
    rememberCurrencyUnit({ code: 'ZZZ', minorUnitDigits: 3 });
    expect(formatMoney(1_500, 'ZZZ')).toBe('1.500 ZZZ');
  });

  it('are read back exactly as typed, with no more digits after the point than the currency has', () => {
    rememberCurrencyUnit({ code: 'JPY', minorUnitDigits: 0 });
    rememberCurrencyUnit({ code: 'KWD', minorUnitDigits: 3 });
    expect(parseMoney('12.5', 'MOP')).toBe(1_250);
    expect(parseMoney('1,000.00', 'MOP')).toBe(100_000);
    expect(parseMoney('1500', 'JPY')).toBe(1_500);
    expect(parseMoney('15.5', 'JPY')).toBeUndefined();
    expect(parseMoney('1.5', 'KWD')).toBe(1_500);
    expect(parseMoney('1.5005', 'KWD')).toBeUndefined();
    expect(parseMoney('-5', 'MOP')).toBeUndefined();
    expect(parseMoney('9'.repeat(16), 'MOP')).toBeUndefined();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 50 }), fc.constantFrom('MOP', 'JPY', 'KWD'), (minor, currency) => {
        expect(parseMoney(plainAmount(minor, currency), currency)).toBe(minor);
        expect(parseMoney(formatAmount(minor, currency), currency)).toBe(minor);
      }),
    );
  });
});
