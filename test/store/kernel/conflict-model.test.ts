/**
 * The conflict model makes DynamoDB Local refuse what real DynamoDB refuses while a transaction
 * is in flight. A gate in the real client's pipeline (below the model, above the wire) keeps a
 * transaction in flight for as long as a test needs; everything else is real DynamoDB Local.
 */
import { randomUUID } from 'node:crypto';
import { inject, afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { createDb, type Db } from '../../../functions/store/kernel/db';
import { TransactionConflictModel } from '../../../functions/store/kernel/conflict-model';
import { cancellationReasons, isRetryable } from '../../../functions/store/kernel/transaction-cancellation';
import { ensureTable } from '../../../local/table-setup';
import { localCredentials, localRegion } from '../../../local/dynamodb-local';

const endpoint = inject('dynamoEndpoint');
const tableName = `conflict-model-${randomUUID()}`;

beforeAll(async () => {
  const client = new DynamoDBClient({ endpoint, region: localRegion, credentials: localCredentials });
  await ensureTable(client, tableName);
  client.destroy();
});

const clients: Db[] = [];
afterAll(() => {
  for (const db of clients) db.doc.destroy();
});

/** A client against DynamoDB Local whose next transaction can be held in flight until released. */
function heldClient(
  conflictModel?: TransactionConflictModel,
  onRaceLost?: () => void,
): Db & { holdNextTransaction(): { sent: Promise<void>; release(): void } } {
  const db = createDb({
    tableName,
    endpoint,
    region: localRegion,
    credentials: localCredentials,
    ...(conflictModel ? { conflictModel } : {}),
    ...(onRaceLost ? { onRaceLost } : {}),
  });
  let gate: { arrived: () => void; released: Promise<void> } | undefined;
  db.doc.middlewareStack.add(
    (next, context) => async (args) => {
      const held = context.commandName === 'TransactWriteItemsCommand' ? gate : undefined;
      if (held) {
        gate = undefined;
        held.arrived();
        await held.released;
      }
      return next(args);
    },
    { step: 'deserialize', name: 'testGate' },
  );
  return {
    ...db,
    holdNextTransaction() {
      let release!: () => void;
      let arrived!: () => void;
      const sent = new Promise<void>((resolve) => (arrived = resolve));
      gate = { arrived, released: new Promise<void>((resolve) => (release = resolve)) };
      return { sent, release };
    },
  };
}

const key = (name: string) => ({ pk: `ITEM#${name}`, sk: 'ITEM' });

async function put(db: Db, name: string, value: number): Promise<void> {
  await db.doc.send(new PutCommand({ TableName: tableName, Item: { ...key(name), value } }));
}

async function valueOf(db: Db, name: string): Promise<number | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: tableName, Key: key(name), ConsistentRead: true }));
  return Item?.value as number | undefined;
}

const setValue = (name: string, value: number) => ({
  Update: {
    TableName: tableName,
    Key: key(name),
    UpdateExpression: 'SET #value = :value',
    ExpressionAttributeNames: { '#value': 'value' },
    ExpressionAttributeValues: { ':value': value },
  },
});

const transaction = (...TransactItems: NonNullable<TransactWriteCommandInput['TransactItems']>) =>
  new TransactWriteCommand({ TransactItems });

/** Starts `first` and waits until it is on its way to DynamoDB Local, held there until `release`. */
async function inFlight(db: ReturnType<typeof heldClient>, first: TransactWriteCommand) {
  const hold = db.holdNextTransaction();
  const result = db.doc.send(first);
  await hold.sent;
  return { release: hold.release, result };
}

describe('with the conflict model', () => {
  it('refuses a transaction that names an item another transaction holds, at that position only', async () => {
    const db = heldClient(new TransactionConflictModel());
    await Promise.all([put(db, 'a1', 0), put(db, 'b1', 0)]);
    const first = await inFlight(db, transaction(setValue('a1', 1)));

    const error = await db.doc.send(transaction(setValue('b1', 2), setValue('a1', 2))).catch((e: unknown) => e);
    expect((error as Error).name).toBe('TransactionCanceledException');
    expect(cancellationReasons(error)!.map((reason) => reason.Code)).toEqual(['None', 'TransactionConflict']);
    expect(isRetryable(error)).toBe(true);

    first.release();
    await first.result;
    // The refused transaction changed nothing, and goes through once the item is free.
    expect([await valueOf(db, 'a1'), await valueOf(db, 'b1')]).toEqual([1, 0]);
    await db.doc.send(transaction(setValue('b1', 2), setValue('a1', 2)));
    expect([await valueOf(db, 'a1'), await valueOf(db, 'b1')]).toEqual([2, 2]);
  });

  it('lets transactions on disjoint items run at the same time', async () => {
    const db = heldClient(new TransactionConflictModel());
    await Promise.all([put(db, 'a2', 0), put(db, 'b2', 0)]);
    const first = await inFlight(db, transaction(setValue('a2', 1)));
    await db.doc.send(transaction(setValue('b2', 1)));
    first.release();
    await first.result;
    expect([await valueOf(db, 'a2'), await valueOf(db, 'b2')]).toEqual([1, 1]);
  });

  it('holds an item that a transaction only condition-checks', async () => {
    const db = heldClient(new TransactionConflictModel());
    await put(db, 'a3', 0);
    const first = await inFlight(
      db,
      transaction({ ConditionCheck: { TableName: tableName, Key: key('a3'), ConditionExpression: 'attribute_exists(pk)' } }),
    );
    const error = await db.doc.send(transaction(setValue('a3', 1))).catch((e: unknown) => e);
    expect(cancellationReasons(error)!.map((reason) => reason.Code)).toEqual(['TransactionConflict']);
    first.release();
    await first.result;
    expect(await valueOf(db, 'a3')).toBe(0);
  });

  it('refuses a plain UpdateItem on an item a transaction holds, and reads still answer', async () => {
    const db = heldClient(new TransactionConflictModel());
    await Promise.all([put(db, 'a4', 0), put(db, 'b4', 0)]);
    const first = await inFlight(db, transaction(setValue('a4', 1)));

    const update = new UpdateCommand({
      TableName: tableName,
      Key: key('a4'),
      UpdateExpression: 'SET #v = :v',
      ExpressionAttributeNames: { '#v': 'value' },
      ExpressionAttributeValues: { ':v': 9 },
    });
    const error = await db.doc.send(update).catch((e: unknown) => e);
    expect((error as Error).name).toBe('TransactionConflictException');
    expect(isRetryable(error)).toBe(true);
    // A write elsewhere, and a read of the held item (committed data), are answered.
    await put(db, 'b4', 5);
    expect(await valueOf(db, 'a4')).toBe(0);

    first.release();
    await first.result;
    expect(await valueOf(db, 'a4')).toBe(1);
    await db.doc.send(update);
    expect(await valueOf(db, 'a4')).toBe(9);
  });

  it('refuses a plain PutItem or DeleteItem on a held item too', async () => {
    const db = heldClient(new TransactionConflictModel());
    await put(db, 'a7', 0);
    const first = await inFlight(db, transaction(setValue('a7', 1)));
    const refused = async (send: Promise<unknown>) => ((await send.catch((e: unknown) => e)) as Error).name;
    expect(await refused(db.doc.send(new PutCommand({ TableName: tableName, Item: { ...key('a7'), value: 5 } })))).toBe(
      'TransactionConflictException',
    );
    expect(await refused(db.doc.send(new DeleteCommand({ TableName: tableName, Key: key('a7') })))).toBe('TransactionConflictException');
    first.release();
    await first.result;
    expect(await valueOf(db, 'a7')).toBe(1);
  });

  it('releases the items of a transaction that DynamoDB refused', async () => {
    const db = heldClient(new TransactionConflictModel());
    await put(db, 'a8', 0);
    const failing = transaction({
      ...setValue('a8', 1),
      Update: { ...setValue('a8', 1).Update, ConditionExpression: 'attribute_not_exists(pk)' },
    });
    expect(((await db.doc.send(failing).catch((e: unknown) => e)) as Error).name).toBe('TransactionCanceledException');
    await db.doc.send(transaction(setValue('a8', 2)));
    await db.doc.send(
      new UpdateCommand({
        TableName: tableName,
        Key: key('a8'),
        UpdateExpression: 'SET #v = :v',
        ExpressionAttributeNames: { '#v': 'value' },
        ExpressionAttributeValues: { ':v': 3 },
      }),
    );
    expect(await valueOf(db, 'a8')).toBe(3);
  });

  it('is seen by every client that shares it', async () => {
    const model = new TransactionConflictModel();
    const [one, other] = [heldClient(model), heldClient(model)];
    await put(one, 'a5', 0);
    const first = await inFlight(one, transaction(setValue('a5', 1)));
    const error = await other.doc.send(transaction(setValue('a5', 2))).catch((e: unknown) => e);
    expect(cancellationReasons(error)!.map((reason) => reason.Code)).toEqual(['TransactionConflict']);
    first.release();
    await first.result;
    expect(model.stats).toEqual({ transactions: 2, refusedTransactions: 1, refusedWrites: 0 });
  });
});

describe('without it (DynamoDB Local as it is)', () => {
  it('lets overlapping transactions on one item both through', async () => {
    const db = heldClient();
    await put(db, 'a6', 0);
    const first = await inFlight(db, transaction(setValue('a6', 1)));
    await db.doc.send(transaction(setValue('a6', 2)));
    first.release();
    await first.result;
    expect(await valueOf(db, 'a6')).toBe(1);
  });
});

describe('the client counts the races it loses (the ConflictsRetried metric)', () => {
  it('once per request refused for a conflict, and not for a condition that failed or a request that went through', async () => {
    let lost = 0;
    const db = heldClient(new TransactionConflictModel(), () => lost++);
    await Promise.all([put(db, 'count-a', 0), put(db, 'count-b', 0)]);
    const first = await inFlight(db, transaction(setValue('count-a', 1)));
    await db.doc.send(transaction(setValue('count-a', 2))).catch(() => undefined);
    await db.doc.send(new UpdateCommand({ ...setValue('count-a', 3).Update })).catch(() => undefined);
    expect(lost).toBe(2);
    first.release();
    await first.result;

    await db.doc.send(transaction(setValue('count-b', 1)));
    const refused = await db.doc
      .send(
        new PutCommand({ TableName: tableName, Item: { ...key('count-b'), value: 9 }, ConditionExpression: 'attribute_not_exists(pk)' }),
      )
      .catch((error: unknown) => error);
    expect((refused as Error).name).toBe('ConditionalCheckFailedException');
    expect(lost).toBe(2);
  });
});
