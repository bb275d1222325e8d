import { describe, expect, it } from 'vitest';
import { parseCall } from '../../functions/wallet/wallet-protocol';

const debit = {
  requestId: 'req-1',
  playerId: 'acme/p-1',
  currency: 'MOP',
  transactionId: 'STAKE:t1.S#07-0b2c',
  amount: 500,
  tableId: 't1',
  roundId: 't1.12',
  betIds: ['t1#07-0b2c'],
};

describe('a wallet call, as a wallet reads it', () => {
  it('takes each operation with its fields', () => {
    expect(parseCall('balance', { requestId: 'r', playerId: 'p', currency: 'USD' })).toEqual({
      call: { requestId: 'r', playerId: 'p', currency: 'USD' },
    });
    expect(parseCall('debit', debit)).toEqual({ call: debit });
    expect(parseCall('credit', { ...debit, amount: 0 })).toEqual({ call: { ...debit, amount: 0 } });
    expect(parseCall('rollback', { ...debit, rolledBackTransactionId: 'STAKE:x' })).toHaveProperty('call');
  });

  it.each([
    ['not an object', 'debit', [debit], /not a JSON object/],
    ['a debit of 0', 'debit', { ...debit, amount: 0 }, /more than 0/],
    ['a fractional amount', 'credit', { ...debit, amount: 1.5 }, /whole number/],
    ['a negative amount', 'credit', { ...debit, amount: -1 }, /whole number/],
    ['an amount as a string', 'debit', { ...debit, amount: '500' }, /whole number/],
    ['an id of 2 KB', 'debit', { ...debit, transactionId: 'x'.repeat(2048) }, /transactionId is not an id/],
    ['a lowercase currency', 'debit', { ...debit, currency: 'mop' }, /currency/],
    ['bets not a list', 'debit', { ...debit, betIds: 't1#07' }, /betIds/],
    ['a rollback naming no debit', 'rollback', debit, /rolledBackTransactionId/],
    ['no round', 'credit', { ...debit, roundId: undefined }, /roundId/],
  ] as const)('refuses %s', (_, operation, body, reason) => {
    const parsed = parseCall(operation, body);
    expect(parsed).toHaveProperty('invalid');
    expect((parsed as { invalid: string }).invalid).toMatch(reason);
  });
});
