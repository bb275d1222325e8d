/**
 * What every figure runs against: its own in-memory DynamoDB Local, the real GraphQL Lambda
 * handler behind the real local HTTP server and dev authorizer, and real DynamoDB's transaction
 * conflicts modelled on every client that writes (the handler's, the floors').
 */
import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createDb, dynamoDbLocalClientConfig, type Db } from '../../functions/store/kernel/db';
import { TransactionConflictModel } from '../../functions/store/kernel/conflict-model';
import { systemDependencies, type ServiceDependencies } from '../../functions/services/kernel/services';
import type { BetRecord } from '../../functions/store/betting/bet-records';
import { openFundedAccounts, seedBets, type SeedBet } from '../../local/bulk-setup';
import { createGraphQLHandler } from '../../functions/graphql/server';
import { settlementWorker } from '../../functions/workers/settlement-handler';
import { localSettlementQueue, localWalletQueue } from '../../local/settlement-workers';
import { walletCallWorker } from '../../functions/workers/wallet-call-handler';
import { fileSecrets } from '../../functions/store/kernel/wallet-secrets';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureTable } from '../../local/table-setup';
import { createDevAuthorizer, type DevAuthorizer } from '../../local/dev-authorizer';
import { startLocalServer, type LocalServer } from '../../local/server';
import { localCredentials, localRegion, startDynamoDbLocal, type DynamoDbLocal } from '../../local/dynamodb-local';
import { RequestRecorder } from './request-recorder';
import { CapacityMeter } from './capacity-units';
import { timed } from './statistics';

/** The code the bench gives a request whose connection failed before it was answered. */
export const NO_ANSWER = 'NO_ANSWER';

export interface GraphQLAnswer {
  readonly ms: number;
  readonly data?: Record<string, any> | null;
  readonly errors?: readonly { message: string; extensions?: { code?: string } }[];
}

export interface BenchEnvironment {
  readonly url: string;
  readonly dynamoEndpoint: string;
  readonly tableName: string;
  readonly conflictModel: TransactionConflictModel;
  /** Every request the handler sends to DynamoDB. */
  readonly recorder: RequestRecorder;
  /** The capacity the handler's requests consume, when switched on (it slows them: never while timing). */
  readonly meter: CapacityMeter;
  /** Setup and inspection, outside what is measured: no conflict model, no recorder. */
  readonly setup: ServiceDependencies;
  /** Straight to DynamoDB Local, for floors: low-level, with the same conflict model as the handler. */
  readonly bare: DynamoDBClient;
  /** Unexpected errors the handler logged (each one is a failure of the product). */
  readonly unexpectedErrors: unknown[];
  /** A token for the player (a partner's, given `partner`: `<partner>/<playerId>` to the API). */
  token(playerId: string, roles?: readonly string[], partner?: string): Promise<string>;
  /**
   * A request through the real handler. `asInstances`: as if each request ran in a Lambda instance
   * of its own (createGraphQLHandler's instancePerRequest): no turns with the process's other
   * requests, so that they meet the races requests of many instances meet on DynamoDB.
   */
  graphql(
    token: string,
    query: string,
    variables?: Record<string, unknown>,
    options?: { readonly asInstances?: boolean },
  ): Promise<GraphQLAnswer>;
  /** A craps table of `betShards` gate shards (the default, 64, unless given). */
  openCrapsTable(betShards?: number): Promise<string>;
  /** New accounts holding `balance` each, written straight into the store in bulk. */
  fundPlayers(playerIds: readonly string[], balance: number): Promise<void>;
  /** Lays `bets` on the table as placeBet would, without its reads (local/bulk-setup.ts). Returns the bets as laid. */
  seedBets(tableId: string, bets: readonly SeedBet[]): Promise<BetRecord[]>;
  close(): Promise<void>;
}

export const BENCH_OPERATOR = 'bench-operator';
/** The bench's own header: the request runs as in a Lambda instance of its own (BenchEnvironment.graphql). */
const AS_INSTANCES_HEADER = 'x-bench-as-instances';
const OPERATOR_ROLES = ['dealer', 'operator'];

/**
 * A DynamoDB Local of the bench's own, in memory, so that nothing else loads it while it measures;
 * or, with BENCH_DYNAMODB_ENDPOINT, one already running (the test suite's, for its quick check
 * that the bench still runs: nothing it measures there is read).
 */
async function benchDynamo(): Promise<Pick<DynamoDbLocal, 'endpoint' | 'stop'>> {
  const endpoint = process.env.BENCH_DYNAMODB_ENDPOINT;
  return endpoint ? { endpoint, stop: async () => undefined } : startDynamoDbLocal({ inMemory: true });
}

export async function startBenchEnvironment(): Promise<BenchEnvironment> {
  const dynamo = await benchDynamo();
  const clients: { destroy(): void }[] = [];
  let server: LocalServer | undefined;
  const close = async () => {
    try {
      await server?.close();
    } finally {
      for (const client of clients) client.destroy();
      await dynamo.stop();
    }
  };
  try {
    return await serve();
  } catch (error) {
    await close();
    throw error;
  }

  async function serve(): Promise<BenchEnvironment> {
    const tableName = `bench-${randomUUID()}`;
    const connection = { tableName, endpoint: dynamo.endpoint, region: localRegion, credentials: localCredentials };
    // Configured as the store's own clients are, so that the floor's requests cost what the product's do.
    const clientConfig = { ...dynamoDbLocalClientConfig(dynamo.endpoint), region: localRegion, credentials: localCredentials };
    const bare = new DynamoDBClient(clientConfig);
    const side = new DynamoDBClient(clientConfig);
    clients.push(bare, side);
    await ensureTable(bare, tableName);

    const conflictModel = new TransactionConflictModel();
    conflictModel.attachTo(bare);
    const handlerDb: Db = createDb({ ...connection, conflictModel });
    const recorder = new RequestRecorder();
    recorder.attachTo(handlerDb.doc);
    const meter = new CapacityMeter(side);
    meter.attachTo(handlerDb.doc);
    // Partners' wallet secrets (a seamless partner's figure): one file for setup and handler alike.
    const walletSecrets = fileSecrets(join(tmpdir(), `bench-wallet-secrets-${randomUUID()}.json`));
    const setup = { ...systemDependencies(createDb(connection)), walletSecrets };
    clients.push(handlerDb.doc, setup.db.doc);

    const unexpectedErrors: unknown[] = [];
    const withSecrets = { ...systemDependencies(handlerDb), walletSecrets };
    // Calls to seamless wallets go to the real wallet worker handler, in this process, as `npm start` runs it.
    const handlerDeps: ServiceDependencies = {
      ...withSecrets,
      walletQueue: localWalletQueue(
        (event) => walletCallWorker(handlerDeps)(event),
        (_, error) => unexpectedErrors.push(error),
      ),
    };
    // Big rounds' settlement parts go to the real worker handler, in this process, as `npm start` runs it.
    const settlementQueue = localSettlementQueue(settlementWorker(handlerDeps), (_, error) => unexpectedErrors.push(error));
    const logUnexpected = (error: unknown) => unexpectedErrors.push(error);
    const graphQLHandler = createGraphQLHandler({ ...handlerDeps, settlementQueue }, logUnexpected);
    const asInstances = createGraphQLHandler({ ...handlerDeps, settlementQueue }, logUnexpected, { instancePerRequest: true });
    const authorizer: DevAuthorizer = await createDevAuthorizer();
    server = await startLocalServer({
      handler: async (event, context) => {
        const handler = event.headers?.[AS_INSTANCES_HEADER] === 'on' ? asInstances : graphQLHandler;
        return (await handler(event, context, () => undefined)) ?? undefined;
      },
      authorizer,
    });
    const url = server.url;

    const tokens = new Map<string, Promise<string>>();
    const token = (playerId: string, roles: readonly string[] = [], partner?: string) => {
      const id = `${playerId}|${roles.join(',')}|${partner ?? ''}`;
      if (!tokens.has(id)) tokens.set(id, authorizer.issueToken(playerId, roles, partner ? { partner } : {}));
      return tokens.get(id)!;
    };

    async function graphql(
      bearer: string,
      query: string,
      variables?: Record<string, unknown>,
      { asInstances = false }: { readonly asInstances?: boolean } = {},
    ): Promise<GraphQLAnswer> {
      const { ms, result } = await timed(async () => {
        try {
          const response = await fetch(`${url}/graphql`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${bearer}`,
              ...(asInstances ? { [AS_INSTANCES_HEADER]: 'on' } : {}),
            },
            body: JSON.stringify({ query, variables }),
          });
          return (await response.json()) as Omit<GraphQLAnswer, 'ms'>;
        } catch {
          // A connection lost on the way is counted as a refusal of its own, never a bench that stops.
          return { errors: [{ message: 'The request got no answer.', extensions: { code: NO_ANSWER } }] };
        }
      });
      return { ms, ...result };
    }

    return {
      url,
      dynamoEndpoint: dynamo.endpoint,
      tableName,
      conflictModel,
      recorder,
      meter,
      setup,
      bare,
      unexpectedErrors,
      token,
      graphql,
      async openCrapsTable(betShards?: number) {
        const answer = await graphql(
          await token(BENCH_OPERATOR, OPERATOR_ROLES),
          'mutation ($betShards: Int) { openTable(input: { game: CRAPS, minimumBet: 100, maximumBet: 100000000, playerLimits: { maxOpenBets: 99 }, betShards: $betShards }) { table { id } userErrors { code message } } }',
          { betShards: betShards ?? null },
        );
        if (refusal(answer)) throw new Error(`openTable failed: ${JSON.stringify(refusalOf(answer))}`);
        return answer.data!.openTable.table.id as string;
      },
      fundPlayers: (playerIds, balance) => openFundedAccounts(setup, playerIds, balance),
      seedBets: (tableId, bets) => seedBets(setup, tableId, bets),
      close,
    };
  }
}

/** The operator's (and dealer's) token. */
export const operatorToken = (env: BenchEnvironment): Promise<string> => env.token(BENCH_OPERATOR, OPERATOR_ROLES);

/** "No more bets", as the dealer: before every outcome. */
/** "No more bets" at the table; answers the sequence its outcome gets. */
export async function closeBetting(env: BenchEnvironment, tableId: string): Promise<number> {
  const answer = await env.graphql(
    await operatorToken(env),
    'mutation ($id: ID!) { closeBetting(input: { tableId: $id }) { table { nextSequence } userErrors { code message } } }',
    {
      id: tableId,
    },
  );
  if (refusal(answer)) throw new Error(`closeBetting failed: ${JSON.stringify(refusalOf(answer))}`);
  return (answer.data as { closeBetting: { table: { nextSequence: number } } }).closeBetting.table.nextSequence;
}

/**
 * The dealer hands the dice to a player, as at a new hand: closing betting then checks that
 * player's own bets only, as at most rounds of a live table (only a table's first round, or one
 * after its shooter stopped betting, reads the whole layout to find the next shooter).
 */
export async function handDiceTo(env: BenchEnvironment, tableId: string, playerId: string): Promise<void> {
  const answer = await env.graphql(
    await operatorToken(env),
    'mutation ($t: ID!, $p: ID!) { setShooter(input: { tableId: $t, playerId: $p }) { table { id } userErrors { code message } } }',
    {
      t: tableId,
      p: playerId,
    },
  );
  if (refusal(answer)) throw new Error(`setShooter failed: ${JSON.stringify(refusalOf(answer))}`);
}

export const PLACE_BET = 'mutation ($input: PlaceBetInput!) { placeBet(input: $input) { bet { id } userErrors { code message } } }';
export const TAKE_DOWN_BET = 'mutation ($id: ID!) { takeDownBet(input: { betId: $id }) { bet { id } userErrors { code message } } }';
export const SUBMIT_ROLL =
  'mutation ($tableId: ID!, $dice: [Int!], $sequence: Int!) { submitRoll(input: { tableId: $tableId, dice: $dice, sequence: $sequence }) { settlementComplete roll { sequence } userErrors { code message } } }';

/**
 * Why an answer was refused, or undefined if it succeeded: its first GraphQL error (a race lost, a
 * limit, a fault), else the first userError of a mutation's payload (a rule, not enough money).
 */
export function refusalOf(answer: GraphQLAnswer): { readonly code: string; readonly message: string } | undefined {
  const [error] = answer.errors ?? [];
  if (error) return { code: error.extensions?.code ?? 'UNKNOWN', message: error.message };
  for (const payload of Object.values((answer.data ?? {}) as Record<string, { userErrors?: { code: string; message: string }[] } | null>))
    if (payload?.userErrors?.[0]) return payload.userErrors[0];
  return undefined;
}

/** The refusal code of an answer, or undefined if it succeeded. */
export const refusal = (answer: GraphQLAnswer): string | undefined => refusalOf(answer)?.code;

/** Refusal codes counted, as `CODE n, CODE m` ('none refused' for none). */
export function tally(codes: readonly (string | undefined)[]): string {
  const counts = new Map<string, number>();
  for (const code of codes) counts.set(String(code), (counts.get(String(code)) ?? 0) + 1);
  return [...counts].map(([code, count]) => `${code} ${count}`).join(', ') || 'none refused';
}

export interface Raced<T> {
  readonly result: T;
  readonly ms: number;
  /** Transactions the conflict model refused while the work ran, and all it saw. */
  readonly refused: number;
  readonly sent: number;
}

/** `work`, timed, with what the conflict model refused meanwhile. */
export async function raced<T>(env: BenchEnvironment, work: () => Promise<T>): Promise<Raced<T>> {
  const before = env.conflictModel.stats;
  const { ms, result } = await timed(work);
  const after = env.conflictModel.stats;
  return { result, ms, refused: after.refusedTransactions - before.refusedTransactions, sent: after.transactions - before.transactions };
}
