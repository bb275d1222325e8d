/**
 * A real API for black-box tests: a fresh table in the run's DynamoDB Local, the real GraphQL
 * Lambda handler behind the real local HTTP server and dev authorizer, and a fetch-based client.
 * Transactions conflict as on real DynamoDB (the conflict model, shared by the handler and the
 * test's own client), so concurrent requests meet the refusals they would meet in AWS.
 */
import { describedTypeDefs } from '../../functions/graphql/generated/described-type-defs';
import { expect, inject } from 'vitest';
import { reconcile, type Reconciliation } from '../../functions/services/money/reconcile';
import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, UpdateCommand, type BatchGetCommandInput, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import { accountKey } from '../../functions/store/kernel/keys';
import { DEFAULT_PARTITIONS } from '../../functions/store/kernel/store-partitions';
import { createDb, type Db } from '../../functions/store/kernel/db';
import { TransactionConflictModel } from '../../functions/store/kernel/conflict-model';
import { getAccount } from '../../functions/store/money/accounts';
import { deposit, openAccount, withdraw } from '../../functions/services/money/cashier';
import { openFundedAccounts } from '../../local/bulk-setup';
import type { BusinessMetrics } from '../../functions/services/kernel/business-metrics';
import { systemDependencies, type ServiceDependencies } from '../../functions/services/kernel/services';
import { createGraphQLHandler } from '../../functions/graphql/server';
import { ensureTable } from '../../local/table-setup';
import { createDevAuthorizer, LOCAL_SESSIONS_ISSUER, type DevAuthorizer } from '../../local/dev-authorizer';
import { launchRoutes } from '../../functions/launch/routes';
import { playerTokenIssuer } from '../../functions/launch/token-issuer';
import { startLocalServer, type ExplorerConfig } from '../../local/server';
import { localCredentials, localRegion } from '../../local/dynamodb-local';
import { startLocalLive } from '../../local/live';
import { localRngQueue, localSettlementQueue, localWalletQueue } from '../../local/settlement-workers';
import { rngDealerWorker } from '../../functions/workers/rng-dealer-handler';
import type { SettlementPart, WalletCallMessage, WorkQueue } from '../../functions/services/kernel/work-queue';
import { settlementWorker } from '../../functions/workers/settlement-handler';
import { walletCallWorker } from '../../functions/workers/wallet-call-handler';
import { fileSecrets } from '../../functions/store/kernel/wallet-secrets';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { httpPoster } from './http-post';

export interface GraphQLResponse<T = Record<string, any>> {
  readonly status: number;
  readonly data?: T | null;
  readonly errors?: { message: string; extensions?: { code?: string; retryable?: boolean }; path?: (string | number)[] }[];
}

interface UserError {
  readonly code: string;
  readonly message: string;
  readonly field?: readonly string[] | null;
}

/** The userErrors of every mutation payload in an answer's data (a refusal as data), in order. */
export function userErrorsOf(res: Pick<GraphQLResponse, 'data'>): UserError[] {
  return Object.values(res.data ?? {}).flatMap((payload) =>
    payload && typeof payload === 'object' && Array.isArray((payload as { userErrors?: unknown }).userErrors)
      ? ((payload as { userErrors: UserError[] }).userErrors ?? [])
      : [],
  );
}

/**
 * Why a request was refused, whichever way: a GraphQL error's `extensions.code` (UNAUTHENTICATED,
 * FORBIDDEN, CONFLICT, a limit, a fault), else the first userError of a mutation's payload (a
 * refusal the mutation's error enum lists); undefined for an answer refused neither way.
 */
export function refusalOf(res: Pick<GraphQLResponse, 'data' | 'errors'>): UserError | undefined {
  const [error] = res.errors ?? [];
  if (error) return { code: error.extensions?.code ?? 'NO_CODE', message: error.message };
  return userErrorsOf(res)[0];
}

export const refusalCode = (res: Pick<GraphQLResponse, 'data' | 'errors'>): string | undefined => refusalOf(res)?.code;

/** Who sends a request: a player id, an identity with roles, or nobody (no token). */
export type Who =
  | string
  | { readonly id: string; readonly roles: readonly string[]; readonly tables?: readonly string[]; readonly partner?: string }
  | null;

/** Who funds accounts in test setup (through the cashier, as an operator would). */
const SETUP_OPERATOR = { playerId: 'test-setup', roles: new Set(['OPERATOR'] as const) };

/**
 * A busy table's bet shards, a production stage's default: a test of a crowd at one table opens it
 * with these, where the tests' own stage opens tables with few (vitest.config.ts).
 */
export const BUSY_TABLE_SHARDS = DEFAULT_PARTITIONS.tableBets;

/** A dealer who may also open tables and pools. */
export const dealer = (id: string): Who => ({ id, roles: ['dealer', 'operator'] });

export interface TestApi {
  readonly url: string;
  /** The WebSocket URL subscriptions are served on (with `live: true`). */
  readonly wsUrl: string;
  readonly db: Db;
  readonly deps: ServiceDependencies;
  /** What the handler's and the test's transactions met: how many were refused for a conflict. */
  readonly conflictModel: TransactionConflictModel;
  readonly loggedErrors: unknown[];
  /** A bearer token for `who`. */
  token(who: Exclude<Who, null>): Promise<string>;
  /** POSTs a GraphQL request as `who` (anonymously with null). */
  graphql<T = Record<string, any>>(who: Who, query: string, variables?: Record<string, unknown>): Promise<GraphQLResponse<T>>;
  /** POSTs a GraphQL request that must succeed, and returns its data (the test fails on any error, or any mutation's userErrors). */
  data<T = Record<string, any>>(who: Who, query: string, variables?: Record<string, unknown>): Promise<T>;
  /**
   * Opens a table as an operator (a dealer who is also an operator), and answers its id: a craps
   * table of minimum 100 and maximum 100,000 unless `input` says otherwise, over 4 shards (a
   * test that measures scale asks for more: betShards).
   */
  openTable(input?: Record<string, unknown>): Promise<string>;
  /** Places a bet that must be placed, and answers it (id, type, amount, status and what `select` adds). */
  placeBet(who: Who, input: Record<string, unknown>, select?: string): Promise<Record<string, any>>;
  /** "No more bets" at the table, as a dealer: required before every roll or deal. Answers the sequence the outcome gets. */
  closeBetting(tableId: string): Promise<number>;
  /** "No more bets", then the dice, as a dealer, for the round the table is on: the roll must be recorded and paid. Answers its sequence. */
  closeAndRoll(tableId: string, dice: readonly [number, number]): Promise<number>;
  /**
   * Test setup: a shooter for a craps table (a roll needs a player whose open bets total the table
   * minimum, art. 2.1; any bet would do): `playerId` (default test-shooter, funded for it) puts
   * `amount` (default 100, the tests' usual table minimum) on a line bet, Pass Line unless told,
   * unless they have a line bet there already. A come-out roll that decides the bet ends their
   * eligibility: call it again before the next roll.
   */
  seatShooter(tableId: string, options?: { playerId?: string; type?: 'PASS_LINE' | 'DONT_PASS'; amount?: number }): Promise<void>;
  /** Test setup: gives `playerId` an account holding exactly `balance` (created, or set if it exists). */
  fundAccount(playerId: string, balance: number, currency?: string): Promise<void>;
  /** Test setup: new accounts, in MOP, holding `balance` each, written in bulk. */
  fundNewAccounts(playerIds: readonly string[], balance: number): Promise<void>;
  balance(playerId: string): Promise<number | undefined>;
  /** The ledger reconciled against every balance of this API's table (the operators' check). */
  reconcile(): Promise<Reconciliation>;
  /** Fails the test unless the ledger reconciles: every journal balanced, every balance its legs' sum. */
  expectReconciled(): Promise<void>;
  /** Balances of many accounts, read in bulk, in the order asked. */
  balances(playerIds: readonly string[]): Promise<(number | undefined)[]>;
  close(): Promise<void>;
}

export interface TestApiOptions {
  /** Wraps the database the handler uses (fault injection); tests still read through the real one. */
  readonly wrapDb?: (db: Db) => Db;
  /** The handler's clock (default the real one): a test moves time on without waiting. */
  readonly clock?: () => string;
  /** What the local server's explorer page is configured with, as `npm start` configures it. */
  readonly explorerConfig?: (deps: ServiceDependencies, authorizer: DevAuthorizer) => (as?: string) => Promise<ExplorerConfig>;
  /** Subscriptions over WebSocket on `wsUrl`, fed by the table's stream (local/live.ts), as `npm start` serves them. */
  readonly live?: boolean;
  /** Told what the use cases report (and every race the handler's client loses), as CloudWatch is in Lambda. */
  readonly metrics?: BusinessMetrics;
  /** Wraps the queue a big round's settlement parts are handed to the workers by (a test watches or breaks it). */
  readonly wrapSettlementQueue?: (queue: WorkQueue<SettlementPart>) => WorkQueue<SettlementPart>;
  /** Wraps the queue calls to seamless wallets are handed to the wallet workers by (a test loses its messages, or watches them). */
  readonly wrapWalletQueue?: (queue: WorkQueue<WalletCallMessage>) => WorkQueue<WalletCallMessage>;
  /**
   * The round loops of tables the server deals step on timers, by the real worker handler, as
   * `npm start` runs them; without it, nothing steps them but the sweeper (sweepRoundLoops), which
   * a test calls when its clock says a step is due.
   */
  readonly rngQueue?: boolean;
  /**
   * Each request as if in a Lambda instance of its own (createGraphQLHandler's instancePerRequest):
   * no turns between requests (services/kernel/turns.ts), so that they meet the races requests of
   * many instances meet on DynamoDB.
   */
  readonly instancePerRequest?: boolean;
  /** How long the dealer's request waits for the settlement workers (production's SETTLEMENT_WAIT_MS unless given). */
  readonly settlementWaitMs?: number;
  /** Plan entries a settlement part pays at most (production's ENTRIES_PER_PART unless given). */
  readonly settlementEntriesPerPart?: number;
  /** The wallet outbox's wait between sends of a call (production's retryDelayMs unless given). */
  readonly walletRetryDelayMs?: (attempts: number) => number;
  /** How long a secret rotated away from is still taken (production's SECRET_OVERLAP_MS unless given). */
  readonly secretOverlapMs?: number;
}

export async function startTestApi(options: TestApiOptions = {}): Promise<TestApi> {
  const endpoint = inject('dynamoEndpoint');
  const tableName = `test-${randomUUID()}`;
  const client = new DynamoDBClient({ endpoint, region: localRegion, credentials: localCredentials });
  await ensureTable(client, tableName, { stream: options.live === true });
  client.destroy();

  const conflictModel = new TransactionConflictModel();
  const db = createDb({
    tableName,
    endpoint,
    region: localRegion,
    credentials: localCredentials,
    conflictModel,
    ...(options.metrics ? { onRaceLost: () => options.metrics!.conflictRetried() } : {}),
  });
  const loggedErrors: unknown[] = [];
  const system = systemDependencies(options.wrapDb ? options.wrapDb(db) : db, options.metrics, {
    error: (message, details) => loggedErrors.push({ message, ...details }),
  });
  const logQueueError = (message: string, error: unknown) => loggedErrors.push({ message, error });
  // Partners' wallet secrets in a file of this run's own (as `npm start` keeps them in .local/).
  let serverUrl: string | undefined;
  const walletSecrets = fileSecrets(join(tmpdir(), `wallet-secrets-${randomUUID()}.json`));
  const withSecrets = {
    ...(options.clock ? { ...system, now: options.clock } : system),
    ...(options.settlementWaitMs !== undefined ? { settlementWaitMs: options.settlementWaitMs } : {}),
    ...(options.settlementEntriesPerPart !== undefined ? { settlementEntriesPerPart: options.settlementEntriesPerPart } : {}),
    ...(options.walletRetryDelayMs ? { walletRetryDelayMs: options.walletRetryDelayMs } : {}),
    ...(options.secretOverlapMs !== undefined ? { secretOverlapMs: options.secretOverlapMs } : {}),
    walletSecrets,
    // The links the API hands out (a round's details) name the server, once it listens.
    publicBaseUrl: () => serverUrl,
    // The house's own player tokens (a partner's launch), its key kept beside the wallet secrets.
    playerTokens: playerTokenIssuer(LOCAL_SESSIONS_ISSUER, walletSecrets),
  };
  // Calls to seamless wallets go to the real wallet worker handler, in this process, as `npm start` runs it.
  const walletQueue = (options.wrapWalletQueue ?? ((queue) => queue))(
    localWalletQueue((event) => walletCallWorker(clocked)(event), logQueueError),
  );
  const clocked: ServiceDependencies = { ...withSecrets, walletQueue };
  // Big rounds' settlement parts go to the real worker handler, in this process, as `npm start` runs it.
  const deps: ServiceDependencies = {
    ...clocked,
    settlementQueue: (options.wrapSettlementQueue ?? ((queue) => queue))(localSettlementQueue(settlementWorker(clocked), logQueueError)),
    // The round loop's steps go to the real worker handler, in this process, as `npm start` runs it.
    ...(options.rngQueue ? { rngQueue: localRngQueue((event) => rngDealerWorker(deps)(event), logQueueError) } : {}),
  };
  const authorizer = await createDevAuthorizer(inject('signingKeyFile'), { sessions: deps.playerTokens! });
  const sessionRoutes = launchRoutes(deps);
  const graphQLHandler = createGraphQLHandler(deps, (error) => loggedErrors.push(error), {
    introspection: { describedTypeDefs },
    instancePerRequest: options.instancePerRequest === true,
  });
  const live = options.live
    ? await startLocalLive({ deps, authorizer, endpoint, logError: (error) => loggedErrors.push(error) })
    : undefined;
  const server = await startLocalServer({
    handler: async (event, context) => (await graphQLHandler(event, context, () => undefined)) ?? undefined,
    authorizer,
    port: 0,
    sessionRoutes: (event) => sessionRoutes(event),
    ...(live ? { live } : {}),
    ...(options.explorerConfig ? { explorerConfig: options.explorerConfig(deps, authorizer) } : {}),
  });
  serverUrl = server.url;

  // One token per identity for the file's run (valid 12 hours): signing RS256 per request would cost the tests' CPU.
  const tokens = new Map<string, Promise<string>>();
  const tokenFor = (who: Exclude<Who, null>) => {
    const id = JSON.stringify(who);
    const issued =
      tokens.get(id) ??
      (typeof who === 'string'
        ? authorizer.issueToken(who)
        : authorizer.issueToken(who.id, who.roles, {
            ...(who.tables ? { tables: who.tables } : {}),
            ...(who.partner ? { partner: who.partner } : {}),
          }));
    tokens.set(id, issued);
    return issued;
  };

  const poster = httpPoster();
  async function graphql<T = Record<string, any>>(
    who: Who,
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<GraphQLResponse<T>> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (who !== null) headers.authorization = `Bearer ${await tokenFor(who)}`;
    const { status, text } = await poster.post(`${server.url}/graphql`, headers, JSON.stringify({ query, variables }));
    const body = text ? JSON.parse(text) : {};
    return { status, ...body };
  }

  async function closeBetting(tableId: string): Promise<number> {
    const res = await graphql(
      dealer('test-dealer'),
      `
        mutation ($id: ID!) {
          closeBetting(input: { tableId: $id }) {
            table {
              nextSequence
            }
            userErrors {
              code
              message
            }
          }
        }
      `,
      { id: tableId },
    );
    if (refusalOf(res)) throw new Error(`closeBetting failed: ${JSON.stringify(refusalOf(res))}`);
    return res.data!.closeBetting.table.nextSequence as number;
  }

  return {
    url: server.url,
    wsUrl: `${server.url.replace(/^http/, 'ws')}/graphql`,
    graphql,
    async data(who, query, variables) {
      const res = await graphql(who, query, variables);
      expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
      expect(userErrorsOf(res), JSON.stringify(userErrorsOf(res))).toEqual([]);
      return res.data as any;
    },
    async openTable(input = {}) {
      const res = await graphql(
        dealer('test-dealer'),
        `
          mutation ($input: OpenTableInput!) {
            openTable(input: $input) {
              table {
                id
              }
              userErrors {
                code
                message
              }
            }
          }
        `,
        { input: { game: 'CRAPS', minimumBet: 100, maximumBet: 100_000, betShards: 4, ...input } },
      );
      if (refusalOf(res)) throw new Error(`openTable failed: ${JSON.stringify(refusalOf(res))}`);
      return res.data!.openTable.table.id as string;
    },
    async placeBet(who, input, select = '') {
      const res = await graphql(
        who,
        `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { bet { id type amount status ${select} } userErrors { code message } } }`,
        { input },
      );
      if (refusalOf(res)) throw new Error(`placeBet failed: ${JSON.stringify(refusalOf(res))}`);
      return res.data!.placeBet.bet;
    },
    db,
    deps,
    conflictModel,
    loggedErrors,
    token: (who) => tokenFor(who),
    closeBetting,
    async closeAndRoll(tableId, dice) {
      const sequence = await closeBetting(tableId);
      const res = await graphql(
        dealer('test-dealer'),
        `
          mutation ($input: SubmitRollInput!) {
            submitRoll(input: $input) {
              settlementComplete
              userErrors {
                code
                message
              }
            }
          }
        `,
        { input: { tableId, dice, sequence } },
      );
      if (refusalOf(res) || !res.data?.submitRoll.settlementComplete) throw new Error(`the roll was not paid: ${JSON.stringify(res)}`);
      return sequence;
    },
    async seatShooter(this: TestApi, tableId, { playerId = 'test-shooter', type = 'PASS_LINE', amount = 100 } = {}) {
      const { openBets } = (await this.data(playerId, `query ($id: ID!) { table(id: $id) { openBets { type } } }`, { id: tableId })).table;
      if (openBets.some((bet: { type: string }) => bet.type === 'PASS_LINE' || bet.type === 'DONT_PASS')) return;
      if (((await this.balance(playerId)) ?? 0) < amount) await this.fundAccount(playerId, 1_000_000);
      await this.placeBet(playerId, { tableId, type, amount });
    },
    async fundAccount(playerId, balance, currency = 'MOP') {
      // Through the cashier, so that the ledger holds every unit the account holds.
      const setup = systemDependencies(db); // never through a fault-injecting wrapper
      let account = (await getAccount(db, playerId)) ?? (await openAccount(setup, SETUP_OPERATOR, { playerId, currency }));
      const move = (amount: number) =>
        (amount > 0 ? deposit : withdraw)(setup, SETUP_OPERATOR, { playerId, amount: Math.abs(amount), reference: randomUUID() });
      if (account.currency !== currency) {
        if (account.balance > 0) await move(-account.balance);
        await db.doc.send(
          new UpdateCommand({
            TableName: db.tableName,
            Key: accountKey(playerId),
            UpdateExpression: 'SET currency = :currency',
            ExpressionAttributeValues: { ':currency': currency },
          }),
        );
        account = { ...account, currency, balance: 0 };
      }
      if (balance !== account.balance) await move(balance - account.balance);
    },
    fundNewAccounts: (playerIds, balance) => openFundedAccounts(deps, playerIds, balance),
    balance: async (playerId) => (await getAccount(db, playerId))?.balance,
    reconcile: () => reconcile(systemDependencies(db)),
    async expectReconciled() {
      const result = await reconcile(systemDependencies(db));
      expect({ differences: result.differences, unbalancedJournals: result.unbalancedJournals }).toEqual({
        differences: [],
        unbalancedJournals: [],
      });
      for (const currency of result.currencies) expect(currency.total).toBe(0n);
      expect(result.consistent).toBe(true);
    },
    async balances(playerIds) {
      const found = new Map<string, number>();
      for (let i = 0; i < playerIds.length; i += 100) {
        let pending: BatchGetCommandInput['RequestItems'] = {
          [tableName]: { Keys: playerIds.slice(i, i + 100).map((id) => ({ ...accountKey(id) })), ConsistentRead: true },
        };
        while (pending && Object.keys(pending).length > 0) {
          const page: BatchGetCommandOutput = await db.doc.send(new BatchGetCommand({ RequestItems: pending }));
          for (const item of page.Responses?.[tableName] ?? []) found.set(item.id as string, item.balance as number);
          pending = page.UnprocessedKeys;
        }
      }
      return playerIds.map((id) => found.get(id));
    },
    close: async () => {
      poster.close();
      await live?.stop();
      await server.close();
    },
  };
}
