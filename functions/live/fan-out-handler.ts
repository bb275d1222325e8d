import { observability, observedHandler } from '../observability/lambda-entry';
import { environmentDependencies } from '../services/kernel/services';
import { apiGatewaySender } from './connection-sender';
import { deliverToShards, type DeliveryDependencies, type ShardDelivery } from './delivery';
import { requiredEnv } from './environment';

let delivery: DeliveryDependencies | undefined;

/** Lambda entry point of the fan-out: topics' events to the connections of some of their shards (TABLE_NAME, WEBSOCKET_ENDPOINT). */
// Its @connections posts (hundreds an invocation) are not traced one by one: the invocation is.
export const handler = observedHandler(async (request: { deliveries: ShardDelivery[] }): Promise<void> => {
  delivery ??= { deps: environmentDependencies(process.env, observability), sender: apiGatewaySender(requiredEnv('WEBSOCKET_ENDPOINT')) };
  await deliverToShards(delivery, request.deliveries);
});
