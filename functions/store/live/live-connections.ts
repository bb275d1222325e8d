import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../kernel/db';
import { batchWrite } from '../kernel/batch-write';
import { connectionKey, liveShardOf, livePk, subscriptionKey } from '../kernel/keys';
import { toItem, toRecord } from '../kernel/items';
import { writtenUnlessConditionFails } from '../kernel/transaction-cancellation';
import { transact } from '../kernel/transact';
import { retryWhileRaced } from '../kernel/retry';
import { allOf } from '../kernel/conditions';

/**
 * WebSocket connections and their subscriptions (the graphql-ws protocol's state, which a Lambda
 * cannot hold between messages). A connection's item lists its subscriptions; each subscription
 * is also an item in its topic's shard, where the fan-out reads it. Both expire with the
 * connection (API Gateway closes one after 2 hours at most), should a disconnect never arrive.
 */

/** A caller as a connection keeps it: the token's identity, checked once at `connection_init`. */
export interface StoredCaller {
  readonly playerId: string;
  readonly roles: readonly ('DEALER' | 'OPERATOR')[];
  readonly dealerTables: readonly string[];
  readonly partner?: string;
}

export interface ConnectionRecord {
  readonly connectionId: string;
  readonly connectedAt: string;
  /** Set by `connection_init` once the token is verified: the connection is acknowledged. */
  readonly caller?: StoredCaller;
  /** When the token stops being valid (epoch seconds): no event is delivered past it. */
  readonly tokenExpiresAt?: number;
  /** Subscription id -> where it is kept. */
  readonly subscriptions: Readonly<Record<string, { readonly topic: string; readonly shard: number }>>;
  readonly subscriptionCount: number;
}

export interface SubscriptionRecord {
  readonly connectionId: string;
  readonly id: string;
  /** The Subscription field it runs, which its topic's events are for. */
  readonly field: string;
  readonly topic: string;
  readonly query: string;
  readonly variables: Record<string, unknown>;
  readonly operationName: string | null;
  readonly caller: StoredCaller;
  readonly tokenExpiresAt: number;
}

/** How long a connection's items outlive a lost disconnect: API Gateway's 2-hour connection limit, and some. */
const CONNECTION_TTL_SECONDS = 3 * 60 * 60;

export async function openConnection(db: Db, connectionId: string, at: string): Promise<void> {
  const record: ConnectionRecord = { connectionId, connectedAt: at, subscriptions: {}, subscriptionCount: 0 };
  await db.doc.send(
    new PutCommand({ TableName: db.tableName, Item: toItem(connectionKey(connectionId), record, { expiresAt: expiry(at) }) }),
  );
}

export async function getConnection(db: Db, connectionId: string): Promise<ConnectionRecord | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: connectionKey(connectionId), ConsistentRead: true }));
  return Item ? toRecord<ConnectionRecord>(Item) : undefined;
}

/** Acknowledges the connection for `caller`, once: false if it was acknowledged already or is gone. */
export async function acknowledgeConnection(db: Db, connectionId: string, caller: StoredCaller, tokenExpiresAt: number): Promise<boolean> {
  return writtenUnlessConditionFails(
    db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: connectionKey(connectionId),
        UpdateExpression: 'SET caller = :caller, tokenExpiresAt = :expires',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(caller)',
        ExpressionAttributeValues: { ':caller': caller, ':expires': tokenExpiresAt },
      }),
    ),
  );
}

export type Added = 'ADDED' | 'DUPLICATE' | 'TOO_MANY' | 'GONE';

/** The connection was acknowledged (it has its caller): it is still open and may subscribe. */
const CONNECTION_ACKNOWLEDGED = 'attribute_exists(caller)';
/** The connection has no subscription of this id yet: a subscription is added once. */
const NOT_SUBSCRIBED_YET = 'attribute_not_exists(subscriptions.#id)';
/** The connection holds fewer subscriptions than `:max`. */
const UNDER_SUBSCRIPTION_LIMIT = 'subscriptionCount < :max';

/** Adds a subscription to its connection and to its topic's shard, in one transaction. */
export async function addSubscription(db: Db, subscription: SubscriptionRecord, shards: number, max: number): Promise<Added> {
  const shard = liveShardOf(subscription.connectionId, shards);
  const sent = await retryWhileRaced(() =>
    transact(db, {
      connection: {
        Update: {
          TableName: db.tableName,
          Key: connectionKey(subscription.connectionId),
          UpdateExpression: 'SET subscriptions.#id = :entry ADD subscriptionCount :one',
          ConditionExpression: allOf(CONNECTION_ACKNOWLEDGED, NOT_SUBSCRIBED_YET, UNDER_SUBSCRIPTION_LIMIT),
          ExpressionAttributeNames: { '#id': subscription.id },
          ExpressionAttributeValues: { ':entry': { topic: subscription.topic, shard }, ':one': 1, ':max': max },
        },
      },
      subscription: {
        Put: {
          TableName: db.tableName,
          Item: toItem(subscriptionKey(subscription.topic, shard, subscription.connectionId, subscription.id), subscription, {
            expiresAt: subscription.tokenExpiresAt + CONNECTION_TTL_SECONDS,
          }),
        },
      },
    }),
  );
  if (sent.written) return 'ADDED';
  if (!sent.refused.has('connection')) throw new Error(`subscription ${subscription.id} was refused for ${[...sent.refused].join(', ')}`);
  const connection = await getConnection(db, subscription.connectionId);
  if (!connection?.caller) return 'GONE';
  return connection.subscriptions[subscription.id] ? 'DUPLICATE' : 'TOO_MANY';
}

/** Removes one subscription (the client completed it, or the server ended it); nothing if it is gone. */
export async function removeSubscription(db: Db, connectionId: string, subscriptionId: string): Promise<void> {
  const connection = await getConnection(db, connectionId);
  const entry = connection?.subscriptions[subscriptionId];
  if (!entry) return;
  // Refused: the subscription went meanwhile (the connection closed, or it was removed already).
  await retryWhileRaced(() =>
    transact(db, {
      connection: {
        Update: {
          TableName: db.tableName,
          Key: connectionKey(connectionId),
          UpdateExpression: 'REMOVE subscriptions.#id ADD subscriptionCount :minusOne',
          ConditionExpression: 'attribute_exists(subscriptions.#id)',
          ExpressionAttributeNames: { '#id': subscriptionId },
          ExpressionAttributeValues: { ':minusOne': -1 },
        },
      },
      subscription: { Delete: { TableName: db.tableName, Key: subscriptionKey(entry.topic, entry.shard, connectionId, subscriptionId) } },
    }),
  );
}

/** Forgets a connection and every subscription it held (it closed, or was found gone). */
export async function closeConnection(db: Db, connectionId: string): Promise<void> {
  const connection = await getConnection(db, connectionId);
  if (!connection) return;
  const keys = [
    ...Object.entries(connection.subscriptions).map(([id, { topic, shard }]) => subscriptionKey(topic, shard, connectionId, id)),
    connectionKey(connectionId),
  ];
  await batchWrite(
    db,
    keys.map((key) => ({ DeleteRequest: { Key: { ...key } } })),
  );
}

/** Every subscription in one shard of a topic (eventually consistent: a subscription made this instant may miss this event). */
export async function subscriptionsOf(db: Db, topic: string, shard: number): Promise<SubscriptionRecord[]> {
  const found: SubscriptionRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new QueryCommand({
        TableName: db.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': livePk(topic, shard) },
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    for (const item of page.Items ?? []) found.push(toRecord<SubscriptionRecord>(item));
    start = page.LastEvaluatedKey;
  } while (start);
  return found;
}

const expiry = (at: string): number => Math.floor(Date.parse(at) / 1000) + CONNECTION_TTL_SECONDS;
