/**
 * A settlement job's marker and its parts' leases (store/rounds/settling-marker.ts), each clause of
 * a lease's condition at work on DynamoDB Local: a part is taken while free, expired or already the
 * taker's, never while another holds it, never once paid, never for another outcome or once the
 * job is gone; only its holder completes or releases it; a job from before parts is upgraded once.
 * And the conditions themselves, clause for clause as they were written as one literal.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { createDb, type Db } from '../../../functions/store/kernel/db';
import { settlingMarkerKey } from '../../../functions/store/kernel/keys';
import { toItem } from '../../../functions/store/kernel/items';
import {
  claimPartUpdate,
  claimSettlementPart,
  completePartUpdate,
  completeSettlementPart,
  getSettlingMarker,
  releasePartUpdate,
  releaseSettlementPart,
  upgradeMarkerUpdate,
  upgradeSettlingMarker,
  type SettlingMarker,
} from '../../../functions/store/rounds/settling-marker';
import { ensureTable } from '../../../local/table-setup';
import { localCredentials, localRegion } from '../../../local/dynamodb-local';

let db: Db;
beforeAll(async () => {
  const connection = { endpoint: inject('dynamoEndpoint'), region: localRegion, credentials: localCredentials };
  const tableName = `settling-marker-${randomUUID()}`;
  const client = new DynamoDBClient(connection);
  await ensureTable(client, tableName);
  client.destroy();
  db = createDb({ tableName, ...connection });
});

/** A table whose outcome 7 is being settled in `parts` (none given: a job recorded before parts). */
async function job(parts?: number): Promise<string> {
  const tableId = randomUUID();
  const marker: SettlingMarker = { tableId, sequence: 7, since: new Date().toISOString(), ...(parts ? { parts, leases: {} } : {}) };
  await db.doc.send(new PutCommand({ TableName: db.tableName, Item: toItem(settlingMarkerKey(tableId), marker) }));
  return tableId;
}

describe("the conditions of a job's writes", () => {
  it('are the clauses they were written as', () => {
    expect(claimPartUpdate(db, 't', 7, 0, 'a', 1, 2).ConditionExpression).toBe(
      'attribute_exists(pk) AND #sequence = :sequence AND NOT contains(done, :part) AND (attribute_not_exists(leases.#part) OR leases.#part.#until < :now OR leases.#part.#owner = :owner)',
    );
    expect(upgradeMarkerUpdate(db, 't', 7).ConditionExpression).toBe(
      'attribute_exists(pk) AND #sequence = :sequence AND attribute_not_exists(parts)',
    );
    expect(completePartUpdate(db, 't', 7, 0, 'a').ConditionExpression).toBe('#sequence = :sequence AND leases.#part.#owner = :owner');
    expect(releasePartUpdate(db, 't', 7, 0, 'a').ConditionExpression).toBe('#sequence = :sequence AND leases.#part.#owner = :owner');
  });
});

describe("a part's lease", () => {
  it('is taken while free, renewed by its holder, refused to another until it expires, then taken over', async () => {
    const tableId = await job(2);
    expect(await claimSettlementPart(db, tableId, 7, 0, 'a', 1_000, 2_000)).toBe('CLAIMED');
    expect(await claimSettlementPart(db, tableId, 7, 0, 'b', 1_500, 2_500)).toBe('HELD');
    expect(await claimSettlementPart(db, tableId, 7, 0, 'a', 1_500, 3_000)).toBe('CLAIMED');
    expect(await claimSettlementPart(db, tableId, 7, 0, 'b', 2_999, 4_000)).toBe('HELD');
    expect(await claimSettlementPart(db, tableId, 7, 0, 'b', 3_001, 4_000)).toBe('CLAIMED');
    expect((await getSettlingMarker(db, tableId))!.leases).toEqual({ '0': { owner: 'b', until: 4_000 } });
    // The other part is free all along.
    expect(await claimSettlementPart(db, tableId, 7, 1, 'a', 3_001, 4_000)).toBe('CLAIMED');
  });

  it('is completed or released only by its holder; a paid part is never taken again', async () => {
    const tableId = await job(2);
    await claimSettlementPart(db, tableId, 7, 0, 'a', 1_000, 2_000);
    await claimSettlementPart(db, tableId, 7, 0, 'b', 2_001, 3_000);
    expect(await completeSettlementPart(db, tableId, 7, 0, 'a')).toBeUndefined();
    await releaseSettlementPart(db, tableId, 7, 0, 'a');
    expect((await getSettlingMarker(db, tableId))!.leases).toEqual({ '0': { owner: 'b', until: 3_000 } });
    expect(await completeSettlementPart(db, tableId, 7, 0, 'b')).toBe(1);
    const marker = (await getSettlingMarker(db, tableId))!;
    expect([...marker.done!]).toEqual([0]);
    expect(marker.leases).toEqual({});
    expect(await claimSettlementPart(db, tableId, 7, 0, 'c', 10_000, 11_000)).toBe('DONE');
  });

  it('released, is free for the next runner at once', async () => {
    const tableId = await job(1);
    await claimSettlementPart(db, tableId, 7, 0, 'a', 1_000, 60_000);
    await releaseSettlementPart(db, tableId, 7, 0, 'a');
    expect(await claimSettlementPart(db, tableId, 7, 0, 'b', 1_001, 60_000)).toBe('CLAIMED');
  });

  it("is refused for another outcome than the job's, and once the job is gone", async () => {
    const tableId = await job(1);
    expect(await claimSettlementPart(db, tableId, 8, 0, 'a', 1_000, 2_000)).toBe('DONE');
    expect(await claimSettlementPart(db, randomUUID(), 7, 0, 'a', 1_000, 2_000)).toBe('DONE');
    expect(await completeSettlementPart(db, tableId, 8, 0, 'a')).toBeUndefined();
  });
});

describe('a job recorded before parts', () => {
  it('is given one part and its leases, once; a job of another outcome, or one with parts, is left as it is', async () => {
    const tableId = await job();
    await upgradeSettlingMarker(db, tableId, 8);
    expect((await getSettlingMarker(db, tableId))!.parts).toBeUndefined();
    await upgradeSettlingMarker(db, tableId, 7);
    expect(await getSettlingMarker(db, tableId)).toMatchObject({ parts: 1, leases: {} });
    expect(await claimSettlementPart(db, tableId, 7, 0, 'a', 1_000, 2_000)).toBe('CLAIMED');
    await upgradeSettlingMarker(db, tableId, 7);
    expect((await getSettlingMarker(db, tableId))!.leases).toEqual({ '0': { owner: 'a', until: 2_000 } });
  });
});
