import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../kernel/db';
import { seedKey } from '../kernel/keys';
import { toItem, toRecord } from '../kernel/items';
import type { SeedRecord } from './rng-records';
import type { TransactAction } from '../kernel/transact-action';

/**
 * The server seeds of tables the server deals (docs/FAIRNESS.md). A seed is written with the
 * commitment the table publishes, in the same transaction, and revealed in the transaction that
 * records the last outcome it drew; until then nothing but the dealing step reads it.
 */

/** A new seed, never written before (its commitment is its key: a commitment is never reused). Pure. */
export function newSeedAction(db: Db, seed: SeedRecord): TransactAction {
  return {
    Put: {
      TableName: db.tableName,
      Item: toItem(seedKey(seed.tableId, seed.commitment), seed),
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The seed of `commitment` made public as of `at`: once, and only a seed that exists. Pure. */
export function revealSeedAction(db: Db, tableId: string, commitment: string, at: string): TransactAction {
  return {
    Update: {
      TableName: db.tableName,
      Key: seedKey(tableId, commitment),
      UpdateExpression: 'SET revealedAt = :at',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(revealedAt)',
      ExpressionAttributeValues: { ':at': at },
    },
  };
}

/** The seed behind a commitment, secret or not: for the dealing step alone. */
export async function getSeed(db: Db, tableId: string, commitment: string): Promise<SeedRecord | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: seedKey(tableId, commitment), ConsistentRead: true }));
  return Item ? toRecord<SeedRecord>(Item) : undefined;
}

/** The seed behind a commitment once it is revealed; undefined while it is secret (or there is none). */
export async function getRevealedSeed(db: Db, tableId: string, commitment: string): Promise<SeedRecord | undefined> {
  const seed = await getSeed(db, tableId, commitment);
  return seed?.revealedAt ? seed : undefined;
}
