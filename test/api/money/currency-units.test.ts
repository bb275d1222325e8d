/**
 * The API says how each currency's amounts are written (ISO 4217's minor unit), so that a client
 * formats a JPY table's amounts in yen and a KWD account's in thousandths: every Money is a whole
 * count of its currency's minor unit. Through real HTTP.
 */
import { describe, expect, it } from 'vitest';
import { useTestApi } from '../../support/use-test-api';

const api = useTestApi();

describe("a currency's unit", () => {
  it("is ISO 4217's minor unit of any code, and a code out of form is refused without being echoed: MOP and HKD 2, JPY 0, KWD 3", async () => {
    const units = await Promise.all(
      ['MOP', 'HKD', 'JPY', 'KWD'].map(
        async (code) =>
          (await api.data('unit-reader', 'query ($c: Currency!) { currencyUnit(code: $c) { code minorUnitDigits } }', { c: code }))
            .currencyUnit,
      ),
    );
    expect(units).toEqual([
      { code: 'MOP', minorUnitDigits: 2 },
      { code: 'HKD', minorUnitDigits: 2 },
      { code: 'JPY', minorUnitDigits: 0 },
      { code: 'KWD', minorUnitDigits: 3 },
    ]);
    const refused = await api.graphql('unit-reader', 'query ($c: Currency!) { currencyUnit(code: $c) { code } }', { c: 'yen' });
    expect(refused.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(refused)).not.toContain('yen');
  });

  it("is a table's and an account's, as their currency's", async () => {
    const table = await api.openTable({ currency: 'JPY', minimumBet: 100, maximumBet: 100_000 });
    await api.fundAccount('kuwait-player', 5_000, 'KWD');
    const { table: jpy, me } = await api.data(
      'kuwait-player',
      'query ($t: ID!) { table(id: $t) { currency currencyUnit { code minorUnitDigits } } me { currencyUnit { code minorUnitDigits } } }',
      { t: table },
    );
    expect(jpy).toEqual({ currency: 'JPY', currencyUnit: { code: 'JPY', minorUnitDigits: 0 } });
    expect(me.currencyUnit).toEqual({ code: 'KWD', minorUnitDigits: 3 });
  });
});
