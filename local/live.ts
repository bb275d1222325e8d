/**
 * Subscriptions on this machine, from the same parts as in AWS: the socket handler behind the
 * local server's WebSocket, and the stream consumer and fan-out reading DynamoDB Local's stream.
 * What API Gateway and Lambda do between them (holding sockets, invoking per shard) is done in
 * this process.
 */
import { createSocketHandler, type SocketHandler } from '../functions/live/socket-protocol';
import { deliverToShards, publishChanges } from '../functions/live/delivery';
import type { ErrorLogger } from '../functions/graphql/errors';
import type { ServiceDependencies } from '../functions/services/kernel/services';
import type { DevAuthorizer } from './dev-authorizer';
import { LocalConnections } from './socket-server';
import { pollStream } from './stream-poller';
import { localCredentials, localRegion } from './dynamodb-local';

export interface LocalLive {
  readonly handler: SocketHandler;
  readonly connections: LocalConnections;
  stop(): Promise<void>;
}

export async function startLocalLive(options: {
  readonly deps: ServiceDependencies;
  readonly authorizer: DevAuthorizer;
  readonly endpoint: string;
  readonly logError?: ErrorLogger;
}): Promise<LocalLive> {
  const { deps, authorizer, logError } = options;
  const connections = new LocalConnections();
  const delivery = { deps, sender: connections, ...(logError ? { logError } : {}) };
  const poller = await pollStream({
    endpoint: options.endpoint,
    region: localRegion,
    credentials: localCredentials,
    tableName: deps.db.tableName,
    // Only this process's sockets can be sent to: with none open, the batch is passed over instead of
    // reading every topic's subscription shards for nobody (a round's changes read them a dozen times).
    onRecords: (records) =>
      connections.anyOpen ? publishChanges(records, (deliveries) => deliverToShards(delivery, deliveries)) : Promise.resolve(),
    ...(logError ? { onError: logError } : {}),
  });
  return {
    handler: createSocketHandler({
      deps,
      // Either issuer's token, as the socket function checks connection_init in AWS.
      verifyToken: (authorization) => authorizer.verifyEither(authorization),
      sender: connections,
      ...(logError ? { logError } : {}),
    }),
    connections,
    stop: () => poller.stop(),
  };
}
