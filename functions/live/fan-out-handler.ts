import { environmentDependencies } from '../services/services';
import { apiGatewaySender } from './connection-sender';
import { deliverToShards, type DeliveryDependencies, type ShardDelivery } from './delivery';
import { requiredEnv } from './environment';

let delivery: DeliveryDependencies | undefined;

/** Lambda entry point of the fan-out: topics' events to the connections of some of their shards (TABLE_NAME, WEBSOCKET_ENDPOINT). */
export async function handler(request: { deliveries: ShardDelivery[] }): Promise<void> {
  delivery ??= { deps: environmentDependencies(), sender: apiGatewaySender(requiredEnv('WEBSOCKET_ENDPOINT')) };
  await deliverToShards(delivery, request.deliveries);
}
