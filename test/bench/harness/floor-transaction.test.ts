import { describe, expect, it } from 'vitest';
import { floorTransaction, scratchCopy } from '../../../bench/harness/floor-transaction';
import { itemSize } from '../../../bench/harness/capacity-units';

const TABLE = 'casino';
const placement = {
  TransactItems: [
    {
      Update: {
        TableName: TABLE,
        Key: { pk: { S: 'TABLE#t1' }, sk: { S: 'TABLE' } },
        UpdateExpression: 'SET version = :next',
        ConditionExpression: 'version = :v',
        ExpressionAttributeValues: { ':v': { N: '3' }, ':next': { N: '4' } },
      },
    },
    {
      Put: {
        TableName: TABLE,
        Item: {
          pk: { S: 'TABLE#5b0c7c2e-4f0e-4d55-9d3e-0c1f5a9a6f10' },
          sk: { S: 'BET#a41e5cf0-2b7b-4a8e-8f7e-6a3f3c2d1e0b' },
          ownerPk: { S: 'PLAYER#bench-player-0001' },
          ownerSk: { S: '2026-12-01T00:00:00.000Z#5b0c7c2e-4f0e-4d55-9d3e-0c1f5a9a6f10.a41e5cf0' },
          amount: { N: '100' },
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    { ConditionCheck: { TableName: TABLE, Key: { pk: { S: 'GATE#t1#3' }, sk: { S: 'GATE' } }, ConditionExpression: 'isOpen = :yes' } },
    { Delete: { TableName: TABLE, Key: { pk: { S: 'TABLE#t1' }, sk: { S: 'BET#old' } }, ConditionExpression: 'attribute_exists(pk)' } },
  ],
};

describe("a use case's floor transaction", () => {
  const floor = floorTransaction(placement, 'run-1').TransactItems!;

  it('names every item the original named, in order, with the same kinds of write', () => {
    expect(floor).toHaveLength(4);
    expect(floor[0]!.Update!.Key).toEqual(placement.TransactItems[0]!.Update!.Key);
    expect(floor[2]!.ConditionCheck!.Key).toEqual(placement.TransactItems[2]!.ConditionCheck!.Key);
    expect(floor[3]!.Update!.Key).toEqual(placement.TransactItems[3]!.Delete!.Key);
  });

  it('rewrites updated and deleted items unchanged, only where they exist, and checks what always holds', () => {
    expect(floor[0]!.Update).toMatchObject({ UpdateExpression: 'REMOVE #floor', ConditionExpression: 'attribute_exists(pk)' });
    expect(floor[0]!.Update!.ExpressionAttributeValues).toBeUndefined();
    expect(floor[2]!.ConditionCheck!.ConditionExpression).toBe('attribute_exists(pk) OR attribute_not_exists(pk)');
  });

  it('writes a new item of the same size under scratch keys (as long as the originals), its index keys too', () => {
    const original = placement.TransactItems[1]!.Put!.Item;
    const copy = floor[1]!.Put!.Item!;
    expect(itemSize(copy)).toBe(itemSize(original));
    for (const key of ['pk', 'sk', 'ownerPk', 'ownerSk'] as const) {
      expect(copy[key]!.S).not.toBe(original[key]!.S);
      expect(copy[key]!.S).toHaveLength(original[key]!.S.length);
    }
    expect(copy.amount).toEqual(original.amount);
    expect(floor[1]!.Put!.ConditionExpression).toBeUndefined();
  });

  it('keeps the size whatever the scratch id, for keys of 16 characters or more', () => {
    const item = { pk: { S: 'TABLE#0123456789' }, ownerPk: { S: 'PLAYER#bench-client-0' } };
    for (const id of ['1', 'throughput-99-123456.2', 'x'.repeat(300)]) expect(itemSize(scratchCopy(item, id))).toBe(itemSize(item));
  });

  it('gives every scratch copy keys of its own (16 characters at least, even for a shorter original)', () => {
    const [a, b] = [scratchCopy({ pk: { S: 'x' }, sk: { S: 'y' } }, 'a'), scratchCopy({ pk: { S: 'x' }, sk: { S: 'y' } }, 'b')];
    expect(a.pk).not.toEqual(b.pk);
    expect(a.pk).not.toEqual(a.sk);
    expect(a.pk!.S).toHaveLength(16);
  });
});
