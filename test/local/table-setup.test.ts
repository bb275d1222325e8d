import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { ensureTable } from '../../local/table-setup';
import { createTableInput } from '../../functions/store/kernel/table-definition';
import { localCredentials, localRegion } from '../../local/dynamodb-local';

const client = () => new DynamoDBClient({ endpoint: inject('dynamoEndpoint'), region: localRegion, credentials: localCredentials });

describe('the local table', () => {
  it('is created as defined, and left alone when it exists as defined', async () => {
    const db = client();
    const name = `setup-${randomUUID()}`;
    expect(await ensureTable(db, name)).toBe('CREATED');
    expect(await ensureTable(db, name)).toBe('EXISTS');
    db.destroy();
  });

  it('is made again when an older version left it with other indexes', async () => {
    const db = client();
    const name = `setup-${randomUUID()}`;
    const { LocalSecondaryIndexes: _, ...older } = createTableInput(name);
    await db.send(
      new CreateTableCommand({ ...older, AttributeDefinitions: older.AttributeDefinitions!.filter((a) => a.AttributeName !== 'layoutSk') }),
    );
    expect(await ensureTable(db, name)).toBe('RECREATED');
    const { Table } = await db.send(new DescribeTableCommand({ TableName: name }));
    expect(Table!.LocalSecondaryIndexes!.map((index) => index.IndexName)).toEqual(['layout']);
    db.destroy();
  });

  it('gets its stream turned on in place, keeping its items, when subscriptions need it (a table from before them)', async () => {
    const db = client();
    const name = `setup-${randomUUID()}`;
    expect(await ensureTable(db, name)).toBe('CREATED');
    await db.send(new PutItemCommand({ TableName: name, Item: { pk: { S: 'kept' }, sk: { S: 'kept' } } }));
    expect(await ensureTable(db, name, { stream: true })).toBe('EXISTS');
    const { Table } = await db.send(new DescribeTableCommand({ TableName: name }));
    expect(Table!.StreamSpecification).toEqual({ StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' });
    const { Item } = await db.send(new GetItemCommand({ TableName: name, Key: { pk: { S: 'kept' }, sk: { S: 'kept' } } }));
    expect(Item).toBeDefined();
    db.destroy();
  });
});
