/**
 * The local server (HTTP and WebSocket, as `npm start` serves them) in a process of its own, for
 * the tests of what a client may do to it: one that would kill the process must not take the test
 * runner with it. Run as `node --import tsx test/support/local-server-process.ts` with
 * DYNAMODB_ENDPOINT and SIGNING_KEY_FILE (the run's); prints `{"url": ..., "tableName": ...}` on a
 * line once it listens, and stops on SIGTERM.
 */
import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createDb } from '../../functions/store/kernel/db';
import { systemDependencies } from '../../functions/services/kernel/services';
import { createGraphQLHandler } from '../../functions/graphql/server';
import { ensureTable } from '../../local/table-setup';
import { createDevAuthorizer } from '../../local/dev-authorizer';
import { startLocalServer } from '../../local/server';
import { startLocalLive } from '../../local/live';
import { localCredentials, localRegion } from '../../local/dynamodb-local';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.POWERTOOLS_LOG_LEVEL ??= 'SILENT';

const endpoint = process.env.DYNAMODB_ENDPOINT!;
const tableName = `test-${randomUUID()}`;
const client = new DynamoDBClient({ endpoint, region: localRegion, credentials: localCredentials });
await ensureTable(client, tableName, { stream: true });
client.destroy();

const deps = systemDependencies(createDb({ tableName, endpoint, region: localRegion, credentials: localCredentials }));
const authorizer = await createDevAuthorizer(process.env.SIGNING_KEY_FILE!);
const graphQLHandler = createGraphQLHandler(deps, () => undefined);
const live = await startLocalLive({ deps, authorizer, endpoint, logError: () => undefined });
const server = await startLocalServer({
  handler: async (event, context) => (await graphQLHandler(event, context, () => undefined)) ?? undefined,
  authorizer,
  port: 0,
  live,
});
console.log(JSON.stringify({ url: server.url, tableName }));

process.on('SIGTERM', () => {
  void server
    .close()
    .then(() => live.stop())
    .finally(() => process.exit(0));
});
