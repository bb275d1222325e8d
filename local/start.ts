/**
 * `npm start`: DynamoDB Local (file-backed in .local/, so a restart keeps the data), the table,
 * the demo, and the API with its explorer on http://localhost:4000 (PORT to change).
 * `npm start -- --reset-demo` starts the local data over: the table made again, the demo seeded anew.
 */
import { parseArgs } from 'node:util';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { startDynamoDbLocal, localCredentials, localRegion } from './dynamodb-local';
import { ensureTable } from './table-setup';
import { createDevAuthorizer, LOCAL_SESSIONS_ISSUER } from './dev-authorizer';
import { playerTokenIssuer } from '../functions/launch/token-issuer';
import { DEMO_LAUNCH_SUBJECT, demoLaunchPartner } from './launch-demo';
import { startLocalServer } from './server';
import { startLocalLive } from './live';
import {
  DEMO_CHIPS_TABLE,
  DEMO_DEALER,
  DEMO_OPERATOR,
  DEMO_PLAYER,
  DEMO_TABLE,
  demoExplorerConfig,
  demoPlayerBalance,
  seedDemo,
} from './demo';
import { createDb } from '../functions/store/kernel/db';
import { conflictModelFrom, systemDependencies, type ServiceDependencies } from '../functions/services/kernel/services';
import { sweepSettlements } from '../functions/services/rounds/sweep-settlements';
import { settlementWorker } from '../functions/workers/settlement-handler';
import { localRngQueue, localSettlementQueue, localWalletQueue } from './settlement-workers';
import { rngDealerWorker } from '../functions/workers/rng-dealer-handler';
import { sweepRoundLoops } from '../functions/services/rng/round-loop';
import { sweepRealityChecks } from '../functions/services/protection/reality-checks';
import { walletCallWorker } from '../functions/workers/wallet-call-handler';
import { sweepWalletCalls } from '../functions/services/wallet/deliver-wallet-call';
import { fileSecrets } from '../functions/store/kernel/wallet-secrets';
import { DEMO_SEAMLESS_PARTNER, DEMO_SEAMLESS_SUBJECT, DEMO_SEAMLESS_V1_PARTNER, startDemoSeamlessPartner } from './seamless-demo';
import { ledgerChecker } from '../functions/ledger/handler';

// The AWS SDK warns that Node 20 support ends in 2027; Lambda runs Node 22.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const TABLE_NAME = 'casino-tables-local';
/** Partners' wallet secrets, readable by this machine's user only (AWS keeps them in Secrets Manager). */
const WALLET_SECRETS_FILE = '.local/wallet-secrets.json';
/** The demo launching partner's credential, with its secret (local only). */
const DEMO_LAUNCH_CREDENTIAL_FILE = '.local/demo-launch-credential.json';
const port = Number(process.env.PORT ?? 4000);

const { values: options } = (() => {
  try {
    return parseArgs({ options: { 'reset-demo': { type: 'boolean', default: false } } });
  } catch (error) {
    console.error(`${(error as Error).message}\nusage: npm start [-- --reset-demo]`);
    process.exit(2);
  }
})();

/**
 * Big rounds' settlement parts, the calls to partners' wallets and the steps of the round loops go
 * to their worker handlers, in this process, as SQS hands them to their Lambdas in AWS.
 */
function withWorkers(base: ServiceDependencies): ServiceDependencies {
  const deps: ServiceDependencies = {
    ...base,
    walletQueue: localWalletQueue((event) => walletCallWorker(deps)(event)),
    settlementQueue: localSettlementQueue((event) => settlementWorker(deps)(event)),
    rngQueue: localRngQueue((event) => rngDealerWorker(deps)(event)),
  };
  return deps;
}

const dynamo = await startDynamoDbLocal({ dataDir: '.local/dynamodb' }).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
const stopDynamo = () => dynamo.stop();

try {
  const client = new DynamoDBClient({ endpoint: dynamo.endpoint, region: localRegion, credentials: localCredentials });
  // --reset-demo: everything played locally is dropped (a demo player kept from play by a time-out or a limit plays again).
  const table = await ensureTable(client, TABLE_NAME, { stream: true, fresh: options['reset-demo'] });
  if (options['reset-demo']) {
    console.log('--reset-demo: the local table was made again, and the demo seeded anew (tokens printed before stay valid).');
  } else if (table === 'RECREATED') {
    console.log('The local table was made by an older version (its indexes differ): it was made again, and the demo seeded anew.');
  }
  client.destroy();

  // DYNAMODB_CONFLICT_MODEL=on npm start: transactions conflict as on real DynamoDB (the handler reads the same variable).
  const conflicts = conflictModelFrom(process.env);
  const dbConfig = { tableName: TABLE_NAME, endpoint: dynamo.endpoint, region: localRegion, credentials: localCredentials, ...conflicts };
  const deps = withWorkers({ ...systemDependencies(createDb(dbConfig)), walletSecrets: fileSecrets(WALLET_SECRETS_FILE) });
  await seedDemo(deps);
  // The demo's launching partner, its credential kept beside the wallet secrets (docs/LAUNCH.md).
  const launcher = await demoLaunchPartner(deps, DEMO_LAUNCH_CREDENTIAL_FILE);
  // The round loops of tables the server deals: their timers died with the last process.
  await sweepRoundLoops(deps, { lostAfterMs: 0 });
  // The demo's seamless partner: its wallet runs here, on WALLET_PORT (any free port unless set).
  const partnerWallet = await startDemoSeamlessPartner(deps, { port: Number(process.env.WALLET_PORT ?? 0) });
  // Beside it, a partner still on wallet contract version 1 (docs/WALLET.md, "Versions"): both play at the same tables.
  const v1Wallet = await startDemoSeamlessPartner(deps, { partner: DEMO_SEAMLESS_V1_PARTNER, contract: 1 });
  // As the scheduled sweeper Lambda does in AWS.
  const sweeper = setInterval(() => {
    void sweepSettlements(deps).catch((error: unknown) => console.error('settlement sweep failed:', error));
    void sweepWalletCalls(deps).catch((error: unknown) => console.error('wallet call sweep failed:', error));
    void sweepRoundLoops(deps).catch((error: unknown) => console.error('round loop sweep failed:', error));
    void sweepRealityChecks(deps).catch((error: unknown) => console.error('reality check sweep failed:', error));
  }, 30_000);
  sweeper.unref();
  // As the scheduled ledger check does in AWS: every day over and not checked yet, now and every hour.
  const checkLedgerNow = () =>
    void ledgerChecker(deps)().catch((error: unknown) => console.error('ledger check:', error instanceof Error ? error.message : error));
  checkLedgerNow();
  setInterval(checkLedgerNow, 3_600_000).unref();

  // The Lambda handler reads its configuration from the environment, as in AWS.
  Object.assign(process.env, {
    TABLE_NAME,
    // The explorer reads the schema by introspection; in AWS it is off unless configured.
    GRAPHQL_INTROSPECTION: 'on',
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    WALLET_SECRETS: `file:${WALLET_SECRETS_FILE}`,
    // The house's own player tokens (a partner's launch: docs/LAUNCH.md), their key kept with the wallet secrets.
    PLAYER_TOKEN_ISSUER: LOCAL_SESSIONS_ISSUER,
    // The links the API hands out (a round's details) name this server.
    PUBLIC_BASE_URL: `http://localhost:${port}`,
    AWS_REGION: localRegion,
    AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
    // No CloudWatch here to read the business metrics: POWERTOOLS_METRICS_DISABLED=false prints them.
    POWERTOOLS_METRICS_DISABLED: process.env.POWERTOOLS_METRICS_DISABLED ?? 'true',
  });
  const { graphQLEntry } = await import('../functions/graphql/handler');
  const handler = graphQLEntry(withWorkers);

  const authorizer = await createDevAuthorizer('.local/dev-signing-key.json', {
    sessions: playerTokenIssuer(LOCAL_SESSIONS_ISSUER, fileSecrets(WALLET_SECRETS_FILE)),
  });
  // Subscriptions: the WebSocket on the same port, fed by DynamoDB Local's stream of the table.
  const live = await startLocalLive({ deps, authorizer, endpoint: dynamo.endpoint });
  const playerToken = await authorizer.issueToken(DEMO_PLAYER);
  const dealerToken = await authorizer.issueToken(DEMO_DEALER.id, DEMO_DEALER.roles, { tables: DEMO_DEALER.tables });
  const operatorToken = await authorizer.issueToken(DEMO_OPERATOR, ['operator']);
  const seamlessToken = await authorizer.issueToken(DEMO_SEAMLESS_SUBJECT, [], { partner: DEMO_SEAMLESS_PARTNER });
  const v1Token = await authorizer.issueToken(DEMO_SEAMLESS_SUBJECT, [], { partner: DEMO_SEAMLESS_V1_PARTNER });
  // What the demo player holds now: a restart keeps what was played.
  const playerBalance = await demoPlayerBalance(deps);
  const server = await startLocalServer({
    handler,
    authorizer,
    port,
    // This machine only, unless HOST says otherwise; browsers from CORS_ORIGINS (comma-separated; '*' for any), else localhost on any port.
    ...(process.env.HOST ? { host: process.env.HOST } : {}),
    ...(process.env.CORS_ORIGINS ? { corsOrigins: process.env.CORS_ORIGINS.split(',').map((origin) => origin.trim()) } : {}),
    explorerConfig: demoExplorerConfig(deps, authorizer),
    live,
    // The same function answers the session routes, as in AWS (without the authorizer).
    sessionRoutes: handler,
  }).catch(async (error: NodeJS.ErrnoException) => {
    await partnerWallet.close();
    await stopDynamo();
    console.error(error.code === 'EADDRINUSE' ? `Port ${port} is in use: run with PORT=<another port> npm start` : error.message);
    process.exit(1);
  });

  console.log(`
Casino tables API running locally.
  Explorer (works offline):  ${server.url}/
  GraphQL endpoint:          ${server.url}/graphql   (POST, JSON)
  Subscriptions:             ${server.url.replace(/^http/, 'ws')}/graphql   (WebSocket, graphql-ws protocol)
  Table pages:               ${server.url}/tables/demo-craps   ${server.url}/tables/demo-baccarat
                             ${server.url}/tables/demo-rng-craps   ${server.url}/tables/demo-rng-baccarat   (dealt by the server)
                             (add ?as=seamless to play as the demo seamless partner's player)
  DynamoDB Local:            ${dynamo.endpoint}   (table ${TABLE_NAME}, data in .local/dynamodb${conflicts.conflictModel ? '; transaction conflicts modelled' : ''})

Demo player "${DEMO_PLAYER}" (${playerBalance}; npm start -- --reset-demo starts the demo over), bearer token (12 h):
  ${playerToken}
Demo dealer "${DEMO_DEALER.id}" (runs ${DEMO_DEALER.tables.join(' and ')}: closes betting, records rolls and deals), bearer token (12 h):
  ${dealerToken}
Demo operator "${DEMO_OPERATOR}" (opens tables and jackpot pools), bearer token (12 h):
  ${operatorToken}
Demo seamless partner "${DEMO_SEAMLESS_PARTNER}" (wallet contract version 2): its players' money stays in its own wallet
  (${partnerWallet.url}), which every bet debits and every round credits. Its player "${DEMO_SEAMLESS_SUBJECT}", in a session
  of the partner's (startWalletSession: every call carries its token)
  (10,000.00 MOP there; query walletBalance; the table page: /tables/demo-craps?as=seamless), bearer token (12 h):
  ${seamlessToken}
Demo seamless partner "${DEMO_SEAMLESS_V1_PARTNER}", still on version 1 (${v1Wallet.url}): its player "${DEMO_SEAMLESS_SUBJECT}"
  (?as=seamless-v1), bearer token (12 h):
  ${v1Token}
Demo launching partner "${launcher.partner}" (docs/LAUNCH.md): its backend launches its player "${DEMO_LAUNCH_SUBJECT}" (10,000.00 MOP)
  with a signed call; this prints the table page's URL with its one-time code (open it within a minute; leave out --table for the lobby):
  PARTNER_SECRET=${launcher.secret} npm run --silent launch -- --url http://localhost:${port} --partner ${launcher.partner} --key-id ${launcher.keyId} --player ${DEMO_LAUNCH_SUBJECT} --table ${DEMO_TABLE}
  and demo play (chips, no money, no player) at the table the server deals in chips:
  PARTNER_SECRET=${launcher.secret} npm run --silent launch -- --url http://localhost:${port} --partner ${launcher.partner} --key-id ${launcher.keyId} --demo --table ${DEMO_CHIPS_TABLE}

Ctrl+C stops the API and DynamoDB Local.`);

  // Ctrl+C may deliver the signal twice (from the terminal and relayed by tsx): stop once, and
  // keep the handlers so a second signal cannot kill the process before DynamoDB Local is stopped.
  let stopping: Promise<void> | undefined;
  const shutdown = () => {
    stopping ??= server
      .close()
      .then(() => live.stop())
      .then(() => partnerWallet.close())
      .then(stopDynamo)
      .finally(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
} catch (error) {
  await stopDynamo();
  throw error;
}
