/**
 * The store's client signs what it sends to DynamoDB in AWS, and sends DynamoDB Local (which
 * checks no signature) its requests unsigned: SigV4's hashing is CPU spent for nothing there.
 * Each request is read as it leaves the client, after the signing step.
 */
import { randomUUID } from 'node:crypto';
import { inject, afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { createDb, type Db } from '../../../functions/store/kernel/db';
import { ensureTable } from '../../../local/table-setup';
import { localCredentials, localRegion } from '../../../local/dynamodb-local';

const endpoint = inject('dynamoEndpoint');
const tableName = `db-${randomUUID()}`;
const dbs: Db[] = [];

beforeAll(async () => {
  const client = new DynamoDBClient({ endpoint, region: localRegion, credentials: localCredentials });
  await ensureTable(client, tableName);
  client.destroy();
});
afterAll(() => {
  for (const db of dbs) db.doc.destroy();
});

/** The store's client, with the Authorization header of each request it sends kept in `sent`. */
function watchedDb(config: Parameters<typeof createDb>[0]): { db: Db; sent: string[] } {
  const db = createDb(config);
  dbs.push(db);
  const sent: string[] = [];
  db.doc.middlewareStack.add(
    (next) => async (args) => {
      sent.push((args.request as { headers: Record<string, string> }).headers.authorization ?? '');
      return next(args);
    },
    // The last step before the wire: the request as it is sent, signed or not.
    { step: 'deserialize', name: 'watchAuthorization' },
  );
  return { db, sent };
}

describe("the store's DynamoDB client", () => {
  it('sends DynamoDB Local its requests unsigned, and DynamoDB Local takes them', async () => {
    const { db, sent } = watchedDb({ tableName, endpoint, region: localRegion, credentials: localCredentials });
    await db.doc.send(new PutCommand({ TableName: tableName, Item: { pk: 'unsigned', sk: 'item', value: 7 } }));
    const { Item } = await db.doc.send(new GetCommand({ TableName: tableName, Key: { pk: 'unsigned', sk: 'item' }, ConsistentRead: true }));
    expect(Item).toEqual({ pk: 'unsigned', sk: 'item', value: 7 });
    expect(sent).toHaveLength(2);
    for (const authorization of sent) expect(authorization).toMatch(/Signature=unsigned$/);
  });

  it('signs every request for DynamoDB in AWS (SigV4, a signature of 64 hex digits)', async () => {
    const { db, sent } = watchedDb({
      tableName,
      region: 'eu-west-1',
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' },
    });
    // Stopped before the wire: this machine reaches no AWS endpoint, and the header is what is checked.
    db.doc.middlewareStack.add(
      () => async () => {
        throw new Error('not sent');
      },
      { step: 'deserialize', name: 'stopBeforeTheWire', priority: 'low' },
    );
    await expect(db.doc.send(new GetCommand({ TableName: tableName, Key: { pk: 'signed', sk: 'item' } }))).rejects.toThrow('not sent');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/dynamodb\/aws4_request, SignedHeaders=[^,]+, Signature=[0-9a-f]{64}$/,
    );
  });
});
