/**
 * A transaction's actions by name (store/kernel/transact.ts): the command keeps the order they are
 * named in, and a refusal is read back by name, whichever position DynamoDB reports it at. Pure.
 */
import { describe, expect, it } from 'vitest';
import { namedTransaction, refusalOf } from '../../../functions/store/kernel/transact';

const put = (pk: string) => ({ Put: { TableName: 't', Item: { pk, sk: 'x' } } });
const cancelled = (codes: readonly string[], items: Record<number, Record<string, unknown>> = {}) =>
  Object.assign(new Error('cancelled'), {
    name: 'TransactionCanceledException',
    CancellationReasons: codes.map((Code, index) => ({ Code, ...(items[index] ? { Item: items[index] } : {}) })),
  });

describe('a named transaction', () => {
  it('lists its actions in the order named, several under one name, none for an action left out', () => {
    const { input, names } = namedTransaction({ gate: put('g'), shards: [put('s1'), put('s2')], seat: undefined, journal: put('j') });
    expect(input.TransactItems!.map((item) => item.Put!.Item!.pk)).toEqual(['g', 's1', 's2', 'j']);
    expect(names).toEqual(['gate', 'shards', 'shards', 'journal']);
  });

  it('reads a refusal by the names whose conditions failed, with the item a refused action asked for', () => {
    const { names } = namedTransaction({ gate: put('g'), shards: [put('s1'), put('s2')], journal: put('j') });
    const refusal = refusalOf(names, cancelled(['None', 'None', 'ConditionalCheckFailed', 'None'], { 2: { open: 320 } }))!;
    expect(refusal.written).toBe(false);
    expect([...refusal.refused]).toEqual(['shards']);
    expect(refusal.current('shards')).toEqual({ open: 320 });
    expect(refusal.current('gate')).toBeUndefined();
  });

  it('is no refusal for an error that names no failed condition (a race, a fault)', () => {
    expect(refusalOf(['a'], cancelled(['TransactionConflict']))).toBeUndefined();
    expect(refusalOf(['a'], new Error('network'))).toBeUndefined();
  });
});
