/**
 * The page's languages (client/table-page/i18n/): every catalog has exactly the English one's
 * keys, each message is valid ICU MessageFormat with the same placeholders as the English, the
 * English bet names are the API's own, and the language is chosen as the issue orders it.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATALOGS, chooseLanguage, languageOfTag, LANGUAGES, setLanguage, t } from '../../client/table-page/i18n/language';
import { en } from '../../client/table-page/i18n/en';
import { betTypeName } from '../../functions/rules/bet-names';
import { refusalText } from '../../client/table-page/i18n/refusals';
import { rememberCurrencyUnit, setMoneyLocale } from '../../client/table-page/money';

/** The placeholders a message fills, by name, wherever they sit (plurals, selects). */
function placeholders(elements: readonly MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.argument || element.type === TYPE.number || element.type === TYPE.date || element.type === TYPE.time)
      into.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      into.add(element.value);
      for (const option of Object.values(element.options)) placeholders(option.value, into);
    }
  }
  return into;
}

describe("the page's catalogs", () => {
  it('hold every key of the English one, and no other, in every language', () => {
    for (const language of LANGUAGES) expect(Object.keys(CATALOGS[language]).sort(), language).toEqual(Object.keys(en).sort());
  });

  it('are valid ICU MessageFormat, each message with the placeholders of its English one', () => {
    for (const language of LANGUAGES)
      for (const [key, message] of Object.entries(CATALOGS[language])) {
        const english = placeholders(parse(en[key as keyof typeof en]));
        expect([...placeholders(parse(message))].sort(), `${language} ${key}`).toEqual([...english].sort());
      }
  });

  it('say every refusal a player can meet at the table in every language: each code placeBet and takeDownBet answer', () => {
    const schema = readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8');
    const codesOf = (name: string) =>
      [...(new RegExp(`enum ${name} \\{([^}]*)\\}`).exec(schema)?.[1] ?? '').matchAll(/^\s{2}([A-Z][A-Z0-9_]+)$/gm)].map((m) => m[1]!);
    const codes = [...codesOf('PlaceBetErrorCode'), ...codesOf('TakeDownBetErrorCode')];
    expect(codes.length).toBeGreaterThan(30);
    for (const code of codes) expect(Object.hasOwn(en, `refusal.${code}`), code).toBe(true);
  });

  it("name the bets in English as the API's messages do", () => {
    for (const [key, name] of Object.entries(en).filter(([key]) => key.startsWith('bet.')))
      expect(name, key).toBe(betTypeName(key.slice(4)));
  });
});

describe("the page's language", () => {
  it("is the player's own choice, else the launch's, else ?lang=, else the browser's first the page speaks, else English", () => {
    expect(chooseLanguage({ chosen: 'pt', launched: 'zh-Hant', query: 'en', browser: ['zh-CN'] })).toBe('pt');
    expect(chooseLanguage({ launched: 'zh-Hant', query: 'en', browser: ['zh-CN'] })).toBe('zh-Hant');
    expect(chooseLanguage({ launched: 'klingon', query: 'pt', browser: ['zh-CN'] })).toBe('pt');
    expect(chooseLanguage({ query: 'xx', browser: ['fr-FR', 'zh-MO', 'en'] })).toBe('zh-Hant');
    expect(chooseLanguage({ browser: ['fr-FR', 'de'] })).toBe('en');
    expect(['zh-TW', 'zh-HK', 'zh-Hant-MO', 'zh-CN', 'zh', 'zh-Hans-SG', 'pt-BR', 'pt-PT', 'en-GB', 'es'].map(languageOfTag)).toEqual([
      'zh-Hant',
      'zh-Hant',
      'zh-Hant',
      'zh-Hans',
      'zh-Hans',
      'zh-Hans',
      'pt',
      'pt',
      'en',
      undefined,
    ]);
  });

  it('says a refusal in the language from its code and parameters, amounts in the currency and the locale', () => {
    rememberCurrencyUnit({ code: 'MOP', minorUnitDigits: 2 });
    const refusal = {
      code: 'STAKE_ABOVE_MAXIMUM',
      message: 'The stake is above the Pass Line maximum of 10,000.00 MOP.',
      params: [
        { name: 'betType', kind: 'BET_TYPE', betType: 'PASS_LINE' },
        { name: 'maximum', kind: 'MONEY', amount: 1_000_000, currency: 'MOP' },
      ],
    } as const;
    try {
      setLanguage('pt');
      setMoneyLocale('pt');
      expect(refusalText(refusal)).toBe('A aposta ultrapassa o máximo de Pass Line, 10.000,00 MOP.');
      setLanguage('zh-Hant');
      setMoneyLocale('zh-Hant');
      expect(refusalText(refusal)).toBe('注碼超過過關線的上限 10,000.00 MOP。');
      expect(t('bet.BANKER')).toBe('莊');
      // A code the catalogs do not have words for yet: the API's own message.
      expect(refusalText({ code: 'INVALID_DIE', message: 'A die shows 1 to 6.' })).toBe('A die shows 1 to 6.');
    } finally {
      setLanguage('en');
      setMoneyLocale('en');
    }
  });
});
