import { GraphQLScalarType, Kind } from 'graphql';
import { isCalendarDay, isCurrencyCode } from '../services/kernel/request-checks';

/**
 * Money: an integer count of minor units. GraphQL's Int is 32-bit (at most 21,474,836.47 in
 * cents), too small for a casino's balances, so Money carries any safe integer (up to 2^53 - 1)
 * and refuses anything that is not one: no fractions, nothing rounded.
 */
export const MoneyScalar = new GraphQLScalarType<number, number>({
  name: 'Money',
  description: 'An integer number of minor units (within ±(2^53 - 1)). Inputs must be non-negative.',
  serialize(value) {
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw new TypeError(`Money cannot represent ${String(value)}`);
    return value;
  },
  parseValue(value) {
    return moneyInput(value);
  },
  parseLiteral(ast) {
    if (ast.kind !== Kind.INT)
      throw new TypeError('Money must be an integer number of minor units, e.g. 1000 (not a string or a fraction)');
    return moneyInput(Number(ast.value));
  },
});

/** SignedMoney: an integer count of minor units that may be negative (a result, a ledger leg); output only. */
export const SignedMoneyScalar = new GraphQLScalarType<number, number>({
  name: 'SignedMoney',
  description: 'An integer number of minor units, possibly negative (within ±(2^53 - 1)). Output only.',
  serialize: MoneyScalar.serialize,
  parseValue() {
    throw new TypeError('SignedMoney is output only');
  },
  parseLiteral() {
    throw new TypeError('SignedMoney is output only');
  },
});

/**
 * MoneyTotal: a sum of many amounts (the books' totals, a day's report, a layout), which may pass
 * 2^53 where a JSON number stops being exact: summed as a BigInt (rules/money.ts, moneyTotal) and
 * sent as its decimal string, e.g. "-12345". Output only.
 */
export const MoneyTotalScalar = new GraphQLScalarType<bigint, string>({
  name: 'MoneyTotal',
  description: 'An exact sum of minor units, possibly negative, as a decimal string (e.g. "-12345"). Output only.',
  serialize(value) {
    if (typeof value === 'bigint') return value.toString();
    if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
    throw new TypeError('MoneyTotal must be an exact integer');
  },
  parseValue() {
    throw new TypeError('MoneyTotal is output only');
  },
  parseLiteral() {
    throw new TypeError('MoneyTotal is output only');
  },
});

// The messages never repeat the value: the API sends back nothing it was sent.
function moneyInput(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new TypeError('Money must be an integer number of minor units.');
  if (value < 0) throw new TypeError('Money must not be negative.');
  if (!Number.isSafeInteger(value)) throw new TypeError(`Money must be at most ${Number.MAX_SAFE_INTEGER}.`);
  return value;
}

export const DateTimeScalar = new GraphQLScalarType<string, string>({
  name: 'DateTime',
  description: 'An ISO-8601 instant in UTC.',
  serialize(value) {
    if (typeof value !== 'string') throw new TypeError('DateTime must be an ISO-8601 string');
    return value;
  },
  parseValue(value) {
    if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) throw new TypeError('DateTime must be an ISO-8601 string');
    return new Date(value).toISOString();
  },
  parseLiteral(ast) {
    if (ast.kind !== Kind.STRING || Number.isNaN(Date.parse(ast.value))) throw new TypeError('DateTime must be an ISO-8601 string');
    return new Date(ast.value).toISOString();
  },
});

/** A string scalar whose values are checked by `valid`, and refused with `refusal` (which never repeats the value). */
function checkedString(name: string, description: string, valid: (value: string) => boolean, refusal: string) {
  const read = (value: unknown): string => {
    if (typeof value !== 'string' || !valid(value)) throw new TypeError(refusal);
    return value;
  };
  return new GraphQLScalarType<string, string>({
    name,
    description,
    serialize: read,
    parseValue: read,
    parseLiteral(ast) {
      if (ast.kind !== Kind.STRING) throw new TypeError(refusal);
      return read(ast.value);
    },
  });
}

export const DateScalar = checkedString(
  'Date',
  'A day of the calendar, YYYY-MM-DD, read in UTC.',
  isCalendarDay,
  'Date must be a day of the calendar, YYYY-MM-DD (UTC).',
);

export const CurrencyScalar = checkedString(
  'Currency',
  'An ISO-4217 currency code: three capital letters.',
  isCurrencyCode,
  'Currency must be an ISO-4217 code of three capital letters.',
);
