import { MessageType } from 'graphql-ws';
import { execute, parse, type DocumentNode } from 'graphql';
import { formatError, logToCloudWatch, type ErrorLogger } from '../graphql/errors';
import type { GraphQLContext } from '../graphql/context';
import type { ServiceDependencies } from '../services/kernel/services';
import { eventsOfChange, type LiveEvent } from '../services/live/live-events';
import { receives, shardsOfTopic } from '../services/live/live-access';
import { changeOfRecord, type StreamRecord } from '../store/live/stream-changes';
import { closeConnection, removeSubscription, subscriptionsOf, type SubscriptionRecord } from '../store/live/live-connections';
import type { ConnectionSender } from './connection-sender';
import { liveSchema } from './live-schema';
import { callerOf } from './stored-caller';
import { TOKEN_EXPIRED, tokenExpired } from './token-expiry';

/**
 * From the table's changes to every subscriber: a batch of stream records becomes events, each
 * topic's events go to each of its shards at once (in AWS, a fan-out Lambda call per shard of a
 * busy topic; the players' own topics of a batch, one subscriber or a few each, in one call), and
 * each shard sends them to its connections, many at a time, one connection's in order.
 */

/** One topic's events for one of its shards. */
export interface ShardDelivery {
  readonly topic: string;
  readonly shard: number;
  readonly events: readonly LiveEvent[];
}

/** Delivers to some shards: a fan-out function's call in AWS, a plain call locally. */
export type FanOut = (deliveries: readonly ShardDelivery[]) => Promise<void>;

/** The events of a batch of stream records, delivered to every shard of every topic they concern; done when all are. */
export async function publishChanges(records: readonly StreamRecord[], fanOut: FanOut): Promise<number> {
  const byTopic = new Map<string, LiveEvent[]>();
  for (const record of records) {
    const change = changeOfRecord(record);
    for (const event of change ? eventsOfChange(change) : []) {
      const events = byTopic.get(event.topic) ?? [];
      events.push(event);
      byTopic.set(event.topic, events);
    }
  }
  const calls: ShardDelivery[][] = [];
  const fewListeners: ShardDelivery[] = [];
  for (const [topic, events] of byTopic) {
    const shards = shardsOfTopic(topic);
    // A betting burst makes an event for each bettor: their topics go together, not a call each.
    if (shards === 1) fewListeners.push({ topic, shard: 0, events });
    else for (let shard = 0; shard < shards; shard++) calls.push([{ topic, shard, events }]);
  }
  if (fewListeners.length > 0) calls.push(fewListeners);
  await Promise.all(calls.map((deliveries) => fanOut(deliveries)));
  return [...byTopic.values()].reduce((count, events) => count + events.length, 0);
}

/** Delivers each of `deliveries` (deliverToShard), all at once. */
export const deliverToShards = (delivery: DeliveryDependencies, deliveries: readonly ShardDelivery[]): Promise<void> =>
  Promise.all(deliveries.map(({ topic, shard, events }) => deliverToShard(delivery, topic, shard, events))).then(() => undefined);

export interface DeliveryDependencies {
  readonly deps: ServiceDependencies;
  readonly sender: ConnectionSender;
  readonly logError?: ErrorLogger;
}

/**
 * Connections one shard sends to at once. A post to API Gateway takes some 10 to 30 ms, so 64 in
 * flight send a shard's few hundred messages in well under a second (docs/LIVE.md, "Scale").
 */
export const SEND_CONCURRENCY = 64;

/** Sends a topic's events to the subscriptions of one of its shards: each connection's in the order given. */
export async function deliverToShard(
  { deps, sender, logError = logToCloudWatch }: DeliveryDependencies,
  topic: string,
  shard: number,
  events: readonly LiveEvent[],
): Promise<void> {
  const byConnection = new Map<string, SubscriptionRecord[]>();
  for (const subscription of await subscriptionsOf(deps.db, topic, shard)) {
    const ofConnection =
      byConnection.get(subscription.connectionId) ?? byConnection.set(subscription.connectionId, []).get(subscription.connectionId)!;
    ofConnection.push(subscription);
  }
  const errorOf = formatError(logError);
  const documents = new Map<string, DocumentNode>();
  const documentOf = (query: string) => documents.get(query) ?? documents.set(query, parse(query)).get(query)!;

  async function deliverTo(connectionId: string, subscriptions: readonly SubscriptionRecord[]): Promise<void> {
    for (const subscription of subscriptions) {
      if (tokenExpired(subscription.tokenExpiresAt, deps.now())) {
        // The token ran out: the subscription ends, and the client subscribes again with a new one.
        await removeSubscription(deps.db, connectionId, subscription.id);
        if (!(await sender.send(connectionId, { id: subscription.id, type: MessageType.Error, payload: [TOKEN_EXPIRED] }))) {
          return closeConnection(deps.db, connectionId);
        }
        continue;
      }
      const caller = callerOf(subscription.caller);
      const context: GraphQLContext = { deps, caller };
      for (const event of events) {
        if (event.field !== subscription.field || !receives(caller, event)) continue;
        const result = await execute({
          schema: liveSchema(),
          document: documentOf(subscription.query),
          rootValue: event.payload,
          contextValue: context,
          variableValues: subscription.variables,
          operationName: subscription.operationName,
        });
        const payload = {
          data: result.data ?? null,
          ...(result.errors ? { errors: result.errors.map((error) => errorOf(error.toJSON(), error)) } : {}),
        };
        if (!(await sender.send(connectionId, { id: subscription.id, type: MessageType.Next, payload }))) {
          return closeConnection(deps.db, connectionId);
        }
        // A player kept from play: told, their connection ends (its subscriptions with it).
        if (event.field === 'myEvents' && event.endsConnection) {
          await sender.close(connectionId, 4403, 'Forbidden');
          return closeConnection(deps.db, connectionId);
        }
      }
    }
  }

  const connections = [...byConnection];
  await Promise.all(
    Array.from({ length: Math.min(SEND_CONCURRENCY, connections.length) }, async () => {
      for (let next = connections.shift(); next; next = connections.shift()) {
        try {
          await deliverTo(...next);
        } catch (error) {
          // One connection's failure (a post refused, a throttle) does not hold up the others'.
          logError(error);
        }
      }
    }),
  );
}
