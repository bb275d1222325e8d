/** A stream record read as an item's change: only the items subscribers hear of, without storage attributes. */
import { describe, expect, it } from 'vitest';
import { marshall } from '@aws-sdk/util-dynamodb';
import { changeOfRecord } from '../../../functions/store/live/stream-changes';

const record = (keys: { pk: string; sk: string }, before?: object, after?: object) => ({
  dynamodb: {
    Keys: marshall(keys),
    ...(before ? { OldImage: marshall({ ...keys, ...before }) } : {}),
    ...(after ? { NewImage: marshall({ ...keys, ...after }) } : {}),
  },
});

describe('a stream record', () => {
  it('of a bet becomes its change, records without keys', () => {
    const change = changeOfRecord(record({ pk: 'TABLE#t#S#07', sk: 'BET#07-x' }, { id: 'x', status: 'OPEN' }, { id: 'x', status: 'WON' }));
    expect(change).toEqual({ kind: 'BET', before: { id: 'x', status: 'OPEN' }, after: { id: 'x', status: 'WON' } });
  });

  it('of a table, an account, a pool or a call to a seamless wallet is kept; a creation has no before', () => {
    const table = { id: 't', game: 'BACCARAT', options: { decks: 8 }, betShards: 4 };
    expect(changeOfRecord(record({ pk: 'TABLE#t', sk: 'TABLE' }, undefined, table))).toEqual({ kind: 'TABLE', after: table });
    expect(changeOfRecord(record({ pk: 'ACCOUNT#p', sk: 'ACCOUNT' }, { balance: 1 }, { balance: 2 }))?.kind).toBe('ACCOUNT');
    expect(changeOfRecord(record({ pk: 'POOL#p', sk: 'POOL' }, { amount: 1 }, { amount: 2 }))?.kind).toBe('POOL');
    expect(changeOfRecord(record({ pk: 'WALLETCALL#PAYOUT:t.3:p:0', sk: 'CALL' }, { state: 'DUE' }, { state: 'CONFIRMED' }))).toEqual({
      kind: 'WALLET_CALL',
      before: { state: 'DUE' },
      after: { state: 'CONFIRMED' },
    });
  });

  it('of a table stored before a setting existed, reads it as a table read does (store/tables/table-item.ts)', () => {
    const change = changeOfRecord(record({ pk: 'TABLE#t', sk: 'TABLE' }, undefined, { id: 't', game: 'CRAPS', options: {} }));
    expect(change).toEqual({
      kind: 'TABLE',
      after: { id: 't', game: 'CRAPS', options: { oddsCappedByTableMaximum: true }, betShards: 64 },
    });
  });

  it('of anything else (a journal, a gate, a settlement marker) is none of the subscribers’ business', () => {
    for (const keys of [
      { pk: 'ACCOUNT#p', sk: 'ENTRY#2026#j' },
      { pk: 'TABLE#t#S#01', sk: 'GATE' },
      { pk: 'SETTLING', sk: 'TABLE#t' },
      { pk: 'LIVE#CONN#c', sk: 'CONNECTION' },
    ])
      expect(changeOfRecord(record(keys, {}, {}))).toBeUndefined();
  });
});
