/**
 * DynamoDB JSON, the form an export holds items in: every attribute type goes to a line of JSON
 * and back unchanged, numbers as their exact strings; what is not DynamoDB JSON is refused with
 * its place.
 */
import { describe, expect, it } from 'vitest';
import { itemFromJson, itemToJson, type Item } from '../../../scripts/restore-drill/dynamodb-json';

const item: Item = {
  pk: { S: 'ACCOUNT#p1' },
  sk: { S: 'ACCOUNT' },
  balance: { N: '9007199254740993' }, // 2^53 + 1: a JavaScript number would round it
  small: { N: '-1.5e-3' },
  raw: { B: new Uint8Array([0, 1, 254, 255]) },
  open: { BOOL: false },
  nothing: { NULL: true },
  legs: { L: [{ M: { amount: { N: '-100' }, account: { S: 'HOUSE' } } }, { S: 'x' }] },
  tags: { SS: ['a', 'b'] },
  numbers: { NS: ['1', '2.5'] },
  blobs: { BS: [new Uint8Array([7])] },
};

describe('DynamoDB JSON', () => {
  it('writes each attribute as its wire value, binary as base64', () => {
    expect(itemToJson(item)).toMatchObject({
      balance: { N: '9007199254740993' },
      raw: { B: 'AAH+/w==' },
      blobs: { BS: ['Bw=='] },
      legs: { L: [{ M: { amount: { N: '-100' }, account: { S: 'HOUSE' } } }, { S: 'x' }] },
    });
  });

  it('reads back what it wrote, exactly, through a line of text', () => {
    const back = itemFromJson(JSON.parse(JSON.stringify(itemToJson(item))), 'line 1');
    expect({ ...back, raw: [...(back.raw!.B as Uint8Array)], blobs: back.blobs!.BS!.map((bytes) => [...bytes]) }).toEqual({
      ...item,
      raw: [0, 1, 254, 255],
      blobs: [[7]],
    });
  });

  it.each([
    ['a value of two types', { a: { S: 'x', N: '1' } }, 'attribute a'],
    ['a number that is not one', { a: { N: 'twelve' } }, 'attribute a'],
    ['a plain JSON value', { a: 12 }, 'attribute a'],
    ['an unknown type', { a: { X: 'x' } }, 'attribute a'],
    ['a bad element deep in a list', { a: { L: [{ S: 'ok' }, { N: 5 }] } }, 'attribute a[1]'],
    ['an item that is not an object', ['pk'], 'an item is an object'],
  ])('refuses %s, saying where', (_, json, where) => {
    expect(() => itemFromJson(json, 'data/x.json line 3')).toThrow(where);
    expect(() => itemFromJson(json, 'data/x.json line 3')).toThrow('data/x.json line 3');
  });
});
