import { environmentDependencies } from '../services/services';
import type { LiveEvent } from '../services/live-events';
import { apiGatewaySender } from './connection-sender';
import { deliverToShard, type DeliveryDependencies } from './delivery';
import { requiredEnv } from './environment';

let delivery: DeliveryDependencies | undefined;

/** Lambda entry point of the fan-out: one topic's events to the connections of one of its shards (TABLE_NAME, WEBSOCKET_ENDPOINT). */
export async function handler(request: { topic: string; shard: number; events: LiveEvent[] }): Promise<void> {
  delivery ??= { deps: environmentDependencies(), sender: apiGatewaySender(requiredEnv('WEBSOCKET_ENDPOINT')) };
  await deliverToShard(delivery, request.topic, request.shard, request.events);
}
