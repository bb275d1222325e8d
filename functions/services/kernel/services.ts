import { createDb, type Db, type DbConfig } from '../../store/kernel/db';
import { noBusinessMetrics, type BusinessMetrics } from './business-metrics';
import type { ReadBudget } from './read-budget';
import { consoleLog, type OperationsLog } from './operations-log';
import type { RngStep, SettlementPart, WalletCallMessage, WorkQueue } from './work-queue';
import { sqsQueue } from '../../store/kernel/sqs-queue';
import type { PlayerTokenIssuer } from './player-token-issuer';
import { fileSecrets, secretsManagerSecrets, type WalletSecrets } from '../../store/kernel/wallet-secrets';
import { DEFAULT_ROTATION_SCHEDULE } from './secret-overlap';

/** What every use case needs from the outside world, injected (never global) so tests can pin it. */
export interface ServiceDependencies {
  readonly db: Db;
  /** ISO-8601 now. */
  readonly now: () => string;
  /** A fresh unique id. */
  readonly newId: () => string;
  /** What operations are told of the business (CloudWatch in Lambda; nothing locally). */
  readonly metrics: BusinessMetrics;
  /** Faults no answer shows, for operations (Powertools' logger in Lambda). */
  readonly log: OperationsLog;
  /**
   * Where the parts of a big round's settlement go to be paid by workers at once (SQS in AWS, the
   * same handler in process locally); absent, whoever records the outcome pays every part.
   */
  readonly settlementQueue?: WorkQueue<SettlementPart>;
  /**
   * Where calls to seamless partners' wallets go to be delivered (SQS in AWS, the same handler in
   * process locally): rollbacks and credits (docs/WALLET.md). Absent, they wait for the sweeper.
   */
  readonly walletQueue?: WorkQueue<WalletCallMessage>;
  /**
   * Where the steps of the round loops of tables the server deals go, each delayed to its moment
   * (SQS delayed messages in AWS, timers in process locally). Absent, the sweeper steps them.
   */
  readonly rngQueue?: WorkQueue<RngStep>;
  /** Where partners' wallet secrets are kept (Secrets Manager in AWS, a file locally); absent, no partner can be seamless. */
  readonly walletSecrets?: WalletSecrets;
  /** Where the API is reached from outside (`https://api.casino.example`): what links it hands out name (a round's details). */
  readonly publicBaseUrl?: () => string | undefined;
  /** The house's own player tokens (sessions/player-tokens.ts): a partner's launch opens sessions they are issued for. */
  readonly playerTokens?: PlayerTokenIssuer;
  /** A request's read budget, which `db` counts every read against (read-budget.ts); absent outside a request. */
  readonly reads?: ReadBudget;
  /**
   * The Lambda instance the request runs in, where one process stands for many (the bench's
   * contention figure gives each request one of its own): requests of different instances take
   * no turns together (turns.ts). Absent: the process is one instance.
   */
  readonly instance?: string;
  /**
   * How long the dealer's request waits for the settlement workers to pay a big round
   * (rounds/settle-outcome.ts, SETTLEMENT_WAIT_MS unless given): a test on a loaded machine waits
   * as long as its workers take.
   */
  readonly settlementWaitMs?: number;
  /**
   * Plan entries a part of a big round's settlement pays at most (rounds/settlement-units.ts,
   * ENTRIES_PER_PART unless given): a test pays a round in several parts from a few dozen bets,
   * where the bench pays a thousand.
   */
  readonly settlementEntriesPerPart?: number;
  /**
   * The wallet outbox's wait before a call's next send, by the sends made so far
   * (wallet/deliver-wallet-call.ts, retryDelayMs unless given: a second, doubling): a test waits
   * milliseconds between the sends it makes fail.
   */
  readonly walletRetryDelayMs?: (attempts: number) => number;
  /**
   * How long a secret rotated away from is still taken (kernel/secret-overlap.ts, SECRET_OVERLAP_MS
   * unless given): a wallet secret on answers, a launch credential on calls. A test rotates through
   * an overlap of its own, moving its clock past it without waiting.
   */
  readonly secretOverlapMs?: number;
}

/**
 * What a caller may do. Every authenticated caller plays with their own account; a DEALER runs
 * tables (closes betting, records rolls and deals, changes shoes); an OPERATOR also opens tables
 * and jackpot pools.
 */
export type Role = 'DEALER' | 'OPERATOR';

/** The authenticated caller, from the API Gateway JWT authorizer's claims. */
export interface Caller {
  readonly playerId: string;
  readonly roles: ReadonlySet<Role>;
  /** The tables a DEALER runs, as its token names them (an operator may assign it more). */
  readonly dealerTables?: ReadonlySet<string>;
  /** The partner platform the token is from, if it names one. */
  readonly partner?: string;
  /** The server itself, dealing a table it deals (services/rng/): never made from a token. */
  readonly server?: true;
}

export const systemDependencies = (
  db: Db,
  metrics: BusinessMetrics = noBusinessMetrics,
  log: OperationsLog = consoleLog,
): ServiceDependencies => ({
  db,
  now: () => new Date().toISOString(),
  newId: () => crypto.randomUUID(),
  metrics,
  log,
});

export const epochSeconds = (iso: string): number => Math.floor(Date.parse(iso) / 1000);

/** Who does it and when, for the record a dealer's or operator's action leaves (the audit trail). */
export const stampOf = (caller: Caller, deps: ServiceDependencies): { by: string; at: string } => ({ by: caller.playerId, at: deps.now() });

/**
 * The dependencies of a Lambda entry point, configured from its environment: TABLE_NAME (set by
 * the CDK stack), and only when running against DynamoDB Local, DYNAMODB_ENDPOINT and
 * DYNAMODB_CONFLICT_MODEL=on (real DynamoDB's transaction conflicts, modelled; ignored in AWS).
 * A Lambda entry point also gives the business metrics' publisher and the tracer's hook on the
 * DynamoDB client (functions/observability); every race the client loses is counted.
 */
export function environmentDependencies(
  env: NodeJS.ProcessEnv = process.env,
  observability: {
    readonly metrics?: BusinessMetrics;
    readonly log?: OperationsLog;
    readonly observeClient?: DbConfig['observeClient'];
  } = {},
): ServiceDependencies {
  const tableName = env.TABLE_NAME;
  if (!tableName) throw new Error('TABLE_NAME is not set');
  const endpoint = env.DYNAMODB_ENDPOINT;
  const metrics = observability.metrics ?? noBusinessMetrics;
  const db = createDb({
    tableName,
    ...(endpoint ? { endpoint, ...conflictModelFrom(env) } : {}),
    onRaceLost: () => metrics.conflictRetried(),
    ...(observability.observeClient ? { observeClient: observability.observeClient } : {}),
  });
  const deps = systemDependencies(db, metrics, observability.log);
  return {
    ...deps,
    // SETTLEMENT_QUEUE_URL (set by the stack for the functions that record outcomes): big rounds go to the settlement workers.
    ...(env.SETTLEMENT_QUEUE_URL ? { settlementQueue: sqsQueue<SettlementPart>(env.SETTLEMENT_QUEUE_URL) } : {}),
    // WALLET_QUEUE_URL: the wallet workers' queue; WALLET_SECRETS: `secretsmanager:<prefix>` or `file:<path>`.
    ...(env.WALLET_QUEUE_URL ? { walletQueue: sqsQueue<WalletCallMessage>(env.WALLET_QUEUE_URL) } : {}),
    // RNG_QUEUE_URL: the round loop's queue (tables the server deals).
    ...(env.RNG_QUEUE_URL ? { rngQueue: sqsQueue<RngStep>(env.RNG_QUEUE_URL) } : {}),
    ...(env.WALLET_SECRETS ? { walletSecrets: walletSecretsFrom(env.WALLET_SECRETS, env) } : {}),
    // PUBLIC_BASE_URL: where the API is reached from outside, which the links it hands out name.
    ...(env.PUBLIC_BASE_URL ? { publicBaseUrl: () => env.PUBLIC_BASE_URL } : {}),
  };
}

/**
 * The secret store WALLET_SECRETS names. In Secrets Manager, the secrets that rotate get their
 * rotation turned on when created, where SECRET_ROTATION_FUNCTION_ARN names the rotation function
 * (functions/workers/secret-rotation-handler.ts) and SECRET_ROTATION_SCHEDULE its schedule; and
 * each is replicated to the regions SECRET_REPLICA_REGIONS names (comma-separated).
 */
export function walletSecretsFrom(setting: string, env: NodeJS.ProcessEnv = {}): WalletSecrets {
  if (setting.startsWith('secretsmanager:')) {
    const functionArn = env.SECRET_ROTATION_FUNCTION_ARN;
    const rotation = functionArn ? { functionArn, schedule: env.SECRET_ROTATION_SCHEDULE ?? DEFAULT_ROTATION_SCHEDULE } : undefined;
    // SECRET_REPLICA_REGIONS: where a failover stage would read them (docs/DEPLOY.md, "Recovery").
    const replicaRegions = (env.SECRET_REPLICA_REGIONS ?? '').split(',').filter((region) => region !== '');
    return secretsManagerSecrets(setting.slice('secretsmanager:'.length), { ...(rotation ? { rotation } : {}), replicaRegions });
  }
  if (setting.startsWith('file:')) return fileSecrets(setting.slice('file:'.length));
  throw new Error('WALLET_SECRETS is neither secretsmanager:<prefix> nor file:<path>');
}

/**
 * The process-wide conflict model when DYNAMODB_CONFLICT_MODEL=on (DynamoDB Local only), loaded
 * with the first request: a Lambda in AWS, where it is never on, never loads it.
 */
export function conflictModelFrom(env: NodeJS.ProcessEnv): Pick<DbConfig, 'conflictModel'> {
  return env.DYNAMODB_CONFLICT_MODEL === 'on'
    ? { conflictModel: async () => (await import('../../store/kernel/conflict-model')).sharedConflictModel }
    : {};
}
