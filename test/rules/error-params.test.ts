/**
 * A refusal's message is written from its parameters (functions/rules/error-params.ts): each
 * `{name}` from the parameter of that name, an amount in its currency's units once it has one,
 * a bet type by its English name.
 */
import { describe, expect, it } from 'vitest';
import { betTypeParam, inCurrency, moneyParam, numberParam, renderMessage, textParam, timeParam } from '../../functions/rules/error-params';
import { betTypeName } from '../../functions/rules/bet-names';

describe("a refusal's message", () => {
  it('fills each placeholder from its parameter, an amount as a count of minor units until it has a currency', () => {
    const params = [betTypeParam('betType', 'DONT_PASS'), moneyParam('maximum', 1_000_000), numberParam('multiple', 3)];
    const template = 'Above the {betType} maximum of {maximum} ({multiple}x).';
    expect(renderMessage(template, params)).toBe("Above the Don't Pass maximum of 1000000 (3x).");
    expect(renderMessage(template, inCurrency(params, 'MOP'))).toBe("Above the Don't Pass maximum of 10,000.00 MOP (3x).");
    expect(renderMessage(template, inCurrency(params, 'JPY'))).toBe("Above the Don't Pass maximum of 1,000,000 JPY (3x).");
  });

  it('keeps an amount in the currency it already names, and leaves a placeholder with no parameter as written', () => {
    const params = inCurrency([moneyParam('balance', 1_500, 'KWD')], 'MOP');
    expect(params).toEqual([{ name: 'balance', kind: 'MONEY', amount: 1_500, currency: 'KWD' }]);
    expect(renderMessage('{balance} left; {other}', params)).toBe('1.500 KWD left; {other}');
    expect(renderMessage('Due {at}, {period}', [timeParam('at', '2026-12-05T10:00:00.000Z'), textParam('period', 'DAY')])).toBe(
      'Due 2026-12-05T10:00:00.000Z, DAY',
    );
  });

  it('names the bets in English as the layouts do', () => {
    expect(['PASS_LINE', 'HARD_4', 'DONT_COME_ODDS', 'ACE_DEUCE', 'DRAGON_7', 'BANKER'].map(betTypeName)).toEqual([
      'Pass Line',
      'Hard 4',
      "Don't Come Odds",
      'Ace-Deuce',
      'Dragon 7',
      'Banker',
    ]);
  });
});
