/**
 * What a refusal names, as data (docs/API.md, "Errors"): each value a message fills in is also
 * a parameter of the refusal, typed, so that any client says the refusal in its own language
 * from its code and parameters. The API's own message is English, written from the same values:
 * a template whose `{name}` stands for the parameter of that name. Pure.
 */
import { moneyText } from './currencies';
import { betTypeName } from './bet-names';

/** How a parameter's value is to be read: an amount, a bet type, a number, a moment, or a text. */
export type ErrorParamKind = 'MONEY' | 'BET_TYPE' | 'NUMBER' | 'TIME' | 'TEXT';

export interface ErrorParam {
  /** Its name in the message's template (`maximum`, `betType`, `until`...). */
  readonly name: string;
  readonly kind: ErrorParamKind;
  /** MONEY: whole minor units, and their currency (absent where the rules do not know it; the service adds it). */
  readonly amount?: number;
  readonly currency?: string;
  /** BET_TYPE: the API's bet type (PASS_LINE, BANKER). */
  readonly betType?: string;
  /** NUMBER: a count, minutes, a point number. */
  readonly number?: number;
  /** TIME: an instant (ISO 8601). */
  readonly at?: string;
  readonly text?: string;
}

export const moneyParam = (name: string, amount: number, currency?: string): ErrorParam => ({
  name,
  kind: 'MONEY',
  amount,
  ...(currency !== undefined ? { currency } : {}),
});
export const betTypeParam = (name: string, betType: string): ErrorParam => ({ name, kind: 'BET_TYPE', betType });
export const numberParam = (name: string, number: number): ErrorParam => ({ name, kind: 'NUMBER', number });
export const timeParam = (name: string, at: string): ErrorParam => ({ name, kind: 'TIME', at });
export const textParam = (name: string, text: string): ErrorParam => ({ name, kind: 'TEXT', text });

/** The parameters, their amounts in `currency` where none was named. */
export const inCurrency = (params: readonly ErrorParam[], currency: string): ErrorParam[] =>
  params.map((param) => (param.kind === 'MONEY' && param.currency === undefined ? { ...param, currency } : param));

/**
 * The English message: each `{name}` of the template in words. An amount with its currency is
 * written in its units ("10,000.00 MOP"); one without, as the count of minor units it is.
 */
export function renderMessage(template: string, params: readonly ErrorParam[]): string {
  const byName = new Map(params.map((param) => [param.name, param]));
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const param = byName.get(name);
    return param ? paramText(param) : placeholder;
  });
}

function paramText(param: ErrorParam): string {
  switch (param.kind) {
    case 'MONEY':
      return param.currency === undefined ? String(param.amount) : moneyText(param.amount!, param.currency);
    case 'BET_TYPE':
      return betTypeName(param.betType!);
    case 'NUMBER':
      return String(param.number);
    case 'TIME':
      return param.at!;
    case 'TEXT':
      return param.text!;
  }
}
