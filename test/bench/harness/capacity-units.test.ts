import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import {
  CapacityMeter,
  itemSize,
  numberSize,
  readUnits,
  transactionalWriteCapacity,
  writeUnits,
} from '../../../bench/harness/capacity-units';
import { ensureTable } from '../../../local/table-setup';
import { localCredentials, localRegion } from '../../../local/dynamodb-local';

describe('item size, as DynamoDB counts it', () => {
  it('adds attribute names and values: strings in UTF-8 bytes', () => {
    expect(itemSize({ pk: { S: 'TABLE#1' }, sk: { S: 'TABLE' } })).toBe(2 + 7 + 2 + 5);
    expect(itemSize({ name: { S: 'é' } })).toBe(4 + 2);
  });

  it('counts a number as a byte per two significant digits, plus one', () => {
    expect(numberSize('5')).toBe(2);
    expect(numberSize('100')).toBe(2);
    expect(numberSize('12345')).toBe(4);
    expect(numberSize('-0.0012')).toBe(2);
    expect(numberSize('0')).toBe(2);
  });

  it('counts booleans and nulls as one byte, lists and maps as 3 plus a byte per element', () => {
    expect(itemSize({ b: { BOOL: true }, n: { NULL: true } })).toBe(1 + 1 + 1 + 1);
    expect(itemSize({ l: { L: [{ S: 'ab' }, { N: '1' }] } })).toBe(1 + 3 + (1 + 2) + (1 + 2));
    expect(itemSize({ m: { M: { k: { S: 'v' } } } })).toBe(1 + 3 + (1 + 1 + 1));
    expect(itemSize({ e: { L: [] } })).toBe(1 + 3);
  });
});

describe('capacity units', () => {
  it('round up per item: 1 KB a write unit, 4 KB a read unit', () => {
    expect([writeUnits(0), writeUnits(1024), writeUnits(1025)]).toEqual([1, 1, 2]);
    expect([readUnits(1), readUnits(4096), readUnits(4097)]).toEqual([1, 1, 2]);
  });

  it('double in a transaction, on the larger of the item before and after', () => {
    const small = { pk: { S: 'a' }, sk: { S: 'b' } };
    const large = { ...small, blob: { S: 'x'.repeat(1500) } };
    expect(transactionalWriteCapacity(undefined, small)).toEqual({ write: 2, indexWrite: 0 });
    expect(transactionalWriteCapacity(large, small)).toEqual({ write: 4, indexWrite: 0 });
    expect(transactionalWriteCapacity(small, undefined)).toEqual({ write: 2, indexWrite: 0 });
  });

  it('add one index write per change of an indexed item, two when its index key changes', () => {
    const bet = { pk: { S: 'a' }, sk: { S: 'b' }, ownerPk: { S: 'PLAYER#p' }, ownerSk: { S: '1' } };
    expect(transactionalWriteCapacity(undefined, bet).indexWrite).toBe(1);
    expect(transactionalWriteCapacity(bet, { ...bet, status: { S: 'WON' } }).indexWrite).toBe(1);
    expect(transactionalWriteCapacity(bet, { ...bet, ownerSk: { S: '2' } }).indexWrite).toBe(2);
    expect(transactionalWriteCapacity(bet, undefined).indexWrite).toBe(1);
    const { ownerPk: _, ...unindexed } = bet;
    expect(transactionalWriteCapacity(bet, unindexed).indexWrite).toBe(1);
  });
});

describe('the capacity meter, on a real DynamoDB Local', () => {
  it('prices a transaction from its items and takes reads as DynamoDB reports them', async () => {
    const endpoint = inject('dynamoEndpoint');
    const connection = { endpoint, region: localRegion, credentials: localCredentials };
    const tableName = `capacity-${randomUUID()}`;
    const client = new DynamoDBClient(connection);
    await ensureTable(client, tableName);
    const doc = DynamoDBDocumentClient.from(client);
    await doc.send(new PutCommand({ TableName: tableName, Item: { pk: 'a', sk: 'a', blob: 'x'.repeat(2500) } }));

    const meter = new CapacityMeter(new DynamoDBClient(connection));
    meter.attachTo(doc);
    await doc.send(new GetCommand({ TableName: tableName, Key: { pk: 'a', sk: 'a' }, ConsistentRead: true }));
    expect(meter.total).toMatchObject({ read: 0, write: 0 });

    meter.enabled = true;
    await doc.send(
      new TransactWriteCommand({
        TransactItems: [
          // 3 KB rewritten: 2 x 3; a new small indexed item: 2 x 1, and 1 index write; a check of a missing item: 2 x 1.
          {
            Update: {
              TableName: tableName,
              Key: { pk: 'a', sk: 'a' },
              UpdateExpression: 'SET v = :v',
              ExpressionAttributeValues: { ':v': 1 },
            },
          },
          { Put: { TableName: tableName, Item: { pk: 'b', sk: 'b', ownerPk: 'o', ownerSk: 's' } } },
          { ConditionCheck: { TableName: tableName, Key: { pk: 'c', sk: 'c' }, ConditionExpression: 'attribute_not_exists(pk)' } },
        ],
      }),
    );
    expect(meter.total).toMatchObject({ read: 0, write: 6 + 2 + 2, indexWrite: 1 });
    await doc.send(new GetCommand({ TableName: tableName, Key: { pk: 'a', sk: 'a' }, ConsistentRead: true }));
    expect(meter.total.read).toBe(1);
    client.destroy();
  });
});
