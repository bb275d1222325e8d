import { parseCard, type Card } from '../../../../functions/rules/baccarat';

/** The cards of a round from compact codes in dealt order: deal('9S KH 3D 2C'). */
export const deal = (codes: string): Card[] => codes.trim().split(/\s+/).map(parseCard);

/** A rank worth `value` points, for building hands by totals: 0 -> K, 1 -> A, 2..9 -> face. */
export const rankWorth = (value: number): string => (value === 0 ? 'K' : value === 1 ? 'A' : String(value));
