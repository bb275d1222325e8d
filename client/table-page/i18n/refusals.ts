/**
 * A refusal said in the page's language, from its code and its parameters (the API's
 * ErrorParameter): the catalog's words for the code where it has them, the amounts formatted in
 * their currency's unit and the page's locale. In English, and for a code the catalogs have no
 * words for, the API's own message, which says the most (the rule and its article).
 */
import { formatMoney } from '../money';
import { betTypeName } from '../bet-names';
import { hasMessage, language, t } from './language';

export interface RefusalParameter {
  readonly name: string;
  readonly kind: 'MONEY' | 'BET_TYPE' | 'NUMBER' | 'TIME' | 'TEXT';
  readonly amount?: number | null;
  readonly currency?: string | null;
  readonly betType?: string | null;
  readonly number?: number | null;
  readonly momentAt?: string | null;
  readonly text?: string | null;
}

export interface Refusal {
  readonly code: string;
  readonly message: string;
  readonly params?: readonly RefusalParameter[] | null;
}

export function refusalText({ code, message, params }: Refusal): string {
  const key = `refusal.${code}`;
  if (language() === 'en' || !hasMessage(key)) return message;
  const values: Record<string, string | number> = {};
  for (const param of params ?? []) values[param.name] = parameterText(param);
  try {
    return t(key, values);
  } catch {
    // A parameter the catalog names and the API did not send: its own words, rather than none.
    return message;
  }
}

function parameterText(param: RefusalParameter): string | number {
  switch (param.kind) {
    case 'MONEY':
      return param.currency ? formatMoney(param.amount ?? 0, param.currency) : String(param.amount ?? '');
    case 'BET_TYPE':
      return betTypeName(param.betType as Parameters<typeof betTypeName>[0]);
    case 'NUMBER':
      return param.number ?? '';
    case 'TIME':
      return param.momentAt
        ? new Intl.DateTimeFormat(language(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(param.momentAt))
        : '';
    case 'TEXT':
      return param.text ?? '';
  }
}
