import type { Node } from 'constructs';
import { booleanFrom, isHttpsUrl, isOrigin, listFrom, objectFrom, wholeNumber } from './context-values';
import { edgeSettingsFrom, type EdgeSettings } from './edge-settings';
import { DEPLOYMENT_CONFIGS, type DeploymentConfigName } from './gradual-deploys';
import {
  DEFAULT_PARTITIONS,
  PARTITION_BOUNDS,
  partitionSetting,
  partitionSettingShape,
  type StorePartitions,
} from '../functions/store/kernel/store-partitions';

/** The functions of the stack, by the name their settings use. */
export const FUNCTION_ROLES = [
  'graphql',
  'sweeper',
  'settlementWorker',
  'walletWorker',
  'rngWorker',
  'ledgerCheck',
  'socket',
  'stream',
  'fanOut',
  'secretRotation',
] as const;
export type FunctionRole = (typeof FUNCTION_ROLES)[number];

/**
 * What differs between one deployment (a stage: dev, prod, qa, ...) and the next. Read from CDK
 * context: the stage's entry under `stages` in cdk.json, with any key overridden by `-c key=value`;
 * see docs/DEPLOY.md ("Stages and their settings") for every key and its default.
 */
export interface DeploymentSettings {
  /** The stage's name: part of its stack name, its metrics namespace and its tags. */
  readonly stage: string;
  /** The identity provider's issuer URL; API Gateway fetches its keys from `<issuer>/.well-known/openid-configuration`. */
  readonly jwtIssuer: string;
  /** Accepted `aud` (or `client_id`) values; a token must carry at least one of them. */
  readonly jwtAudience: readonly string[];
  /** Browser origins allowed by CORS (e.g. `https://tables.example.com`); empty allows none. */
  readonly allowedOrigins: readonly string[];
  /**
   * Keep the table, its backups, the logs and the alarm key when the stack is deleted or a resource
   * replaced (a stage with real money), or delete them with it (a throwaway stage).
   */
  readonly retainData: boolean;
  /** Steady requests per second and burst the API stages accept before answering 429 (each API, each route). */
  readonly throttle: { readonly rateLimit: number; readonly burstLimit: number };
  /** Concurrency reserved for each function; a function left out shares the account's unreserved pool. */
  readonly reservedConcurrency: Readonly<Partial<Record<FunctionRole, number>>>;
  /** Days a daily backup of the table is kept. */
  readonly dailyBackupRetentionDays: number;
  /** Days a monthly backup of the table is kept: years, for money records. */
  readonly monthlyBackupRetentionDays: number;
  /** Days the functions' and APIs' log groups keep their lines (one of CloudWatch's retention periods). */
  readonly logRetentionDays: number;
  /** The alarm topic's e-mail subscription, the default of the stack's AlarmEmail parameter; empty for none. */
  readonly alarmEmail: string;
  /** A settlement still running this many seconds after its outcome was recorded raises an alarm. */
  readonly settlementAgeAlarmSeconds: number;
  /** Transaction conflicts per minute on the table, sustained for five minutes, that raise an alarm. */
  readonly transactionConflictAlarmPerMinute: number;
  /**
   * Writes a second the table and each of its global indexes take at once, without waiting for
   * on-demand capacity to grow (DynamoDB's warm throughput; 0: none set, DynamoDB's own 4,000). A
   * big round is paid in about a second only where the table takes its writes at once
   * (BENCHMARKS.md, "On real DynamoDB, by calculation"). Warming is charged once, when set or raised.
   */
  readonly warmWritesPerSecond: number;
  /** The region the stage runs in (its table, functions and APIs); the edge's firewall is always in us-east-1, as CloudFront's must be. */
  readonly region: string;
  /** Regions the table is replicated to (a DynamoDB global table), for a failover stage there; empty for none. */
  readonly replicaRegions: readonly string[];
  /**
   * A failover stage (docs/DEPLOY.md, "Failing over to the replica") runs on another stage's table,
   * through its replica in this stage's region, with that stage's secrets, instead of a table of its own.
   */
  readonly failover?: FailoverSettings;
  /** How CodeDeploy shifts each function's traffic to a new version (docs/DEPLOY.md, "Gradual deploys"). */
  readonly deploymentConfig: DeploymentConfigName;
  /** Whether a deploy rolls back when an alarm that says players are hurt fires: false for one deploy, a fix made while they fire. */
  readonly rollbackOnAlarms: boolean;
  /** The edge: custom domains and their certificate, and the firewall's rate per IP. */
  readonly edge: EdgeSettings;
  /**
   * How widely the store spreads what many writers share (functions/store/kernel/store-partitions.ts):
   * the ledger's book, live topics, a new table's bet shards. Fewer for a small stage; the book's and
   * live topics' may be raised on a stage holding data, never lowered.
   */
  readonly storePartitions: StorePartitions;
}

export interface FailoverSettings {
  /** The stage whose table this one runs on: its secrets' prefix (casino-tables/<of>/wallet/). */
  readonly of: string;
  /** The table's name (the same in every region of a global table). */
  readonly tableName: string;
  /** The stream of its replica in this stage's region (`aws dynamodb describe-table --region <region>`: LatestStreamArn). */
  readonly streamArn: string;
}

/** Used where neither the stage nor the command line sets a key: safe rather than cheap. */
export const DEFAULT_SETTINGS: Omit<DeploymentSettings, 'stage'> = {
  // A placeholder under .invalid (RFC 2606) that can never resolve: synth warns about it.
  jwtIssuer: 'https://issuer.example.invalid',
  jwtAudience: ['example-audience'],
  allowedOrigins: [],
  retainData: true,
  throttle: { rateLimit: 500, burstLimit: 1000 },
  reservedConcurrency: {},
  dailyBackupRetentionDays: 35,
  monthlyBackupRetentionDays: 2557,
  logRetentionDays: 90,
  alarmEmail: '',
  settlementAgeAlarmSeconds: 120,
  transactionConflictAlarmPerMinute: 600,
  warmWritesPerSecond: 0,
  region: 'ap-southeast-1',
  replicaRegions: [],
  deploymentConfig: 'CANARY_10PERCENT_5MINUTES',
  rollbackOnAlarms: true,
  edge: { customDomains: [], certificateArn: '', requestsPerIpPer5Minutes: 3000 },
  storePartitions: DEFAULT_PARTITIONS,
};

/** CloudWatch Logs' retention periods, in days. */
const LOG_RETENTION_DAYS = [1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1096, 1827, 2192, 2557, 2922, 3288, 3653];
/** Writes a second a new on-demand table or index takes at once, without warm throughput. */
const ON_DEMAND_WRITES_PER_SECOND = 4_000;
const STAGE_NAME = /^[a-z][a-z0-9-]{0,19}$/;
const REGION = /^[a-z]{2}(-gov|-iso[a-z]?)?-[a-z]+-\d$/;
/** Regions CloudFront delivers no standard logs to (its documentation, "Standard logging"). */
const NO_CLOUDFRONT_LOGS = ['af-south-1', 'ap-east-1', 'eu-south-1', 'me-south-1'];

/**
 * The stages to synthesize: the one named by `-c stage=<name>` (any name: one not under `stages`
 * gets the defaults), else every stage under `stages` in cdk.json.
 */
export function stageNamesFrom(node: Node): string[] {
  const chosen = node.tryGetContext('stage');
  const names = chosen !== undefined ? [chosen] : Object.keys(stagesFrom(node));
  for (const name of names) {
    if (typeof name !== 'string' || !STAGE_NAME.test(name)) {
      throw new Error(`Context stage must be 1 to 20 lowercase letters, digits and -, starting with a letter, got ${JSON.stringify(name)}`);
    }
  }
  if (names.length === 0) throw new Error('No stage to synthesize: name one with -c stage=<name>, or list them under "stages" in cdk.json');
  return names;
}

/** Reads and checks a stage's settings from CDK context, failing synth with a clear message when one is wrong. */
export function deploymentSettingsFrom(node: Node, stage: string): DeploymentSettings {
  const fromStage = stagesFrom(node)[stage] ?? {};
  if (typeof fromStage !== 'object' || fromStage === null || Array.isArray(fromStage)) {
    throw new Error(`Context stages.${stage} must be an object of settings`);
  }
  const known = new Set<string>([...Object.keys(DEFAULT_SETTINGS), 'failover']);
  for (const key of Object.keys(fromStage)) if (!known.has(key)) throw new Error(`Context stages.${stage}.${key} is not a setting`);
  // A key given on the command line (-c key=value) wins over the stage's entry.
  const read = (key: keyof typeof DEFAULT_SETTINGS): unknown => node.tryGetContext(key) ?? (fromStage as Record<string, unknown>)[key];

  const jwtIssuer = read('jwtIssuer') ?? DEFAULT_SETTINGS.jwtIssuer;
  if (typeof jwtIssuer !== 'string' || !isHttpsUrl(jwtIssuer)) {
    throw new Error(`Context jwtIssuer must be the https URL of the token issuer, got ${JSON.stringify(jwtIssuer)}`);
  }
  const jwtAudience = listFrom('jwtAudience', read('jwtAudience') ?? DEFAULT_SETTINGS.jwtAudience);
  if (jwtAudience.length === 0) {
    throw new Error('Context jwtAudience must name at least one audience: an empty list would let API Gateway accept no token');
  }
  const allowedOrigins = listFrom('allowedOrigins', read('allowedOrigins') ?? []);
  for (const origin of allowedOrigins) {
    // A browser sends its Origin as scheme://host[:port] exactly; a trailing slash or a path
    // would never match, and the API would silently refuse every preflight.
    if (origin !== '*' && !isOrigin(origin)) {
      throw new Error(
        `Context allowedOrigins: ${JSON.stringify(origin)} is not an origin like https://tables.example.com (no path, no trailing slash)`,
      );
    }
  }
  const throttle = objectFrom('throttle', read('throttle') ?? DEFAULT_SETTINGS.throttle);
  const rateLimit = wholeNumber('throttle.rateLimit', throttle.rateLimit, 1);
  const burstLimit = wholeNumber('throttle.burstLimit', throttle.burstLimit, 1);
  const reserved = objectFrom('reservedConcurrency', read('reservedConcurrency') ?? {});
  const reservedConcurrency: Partial<Record<FunctionRole, number>> = {};
  for (const [role, value] of Object.entries(reserved)) {
    if (!(FUNCTION_ROLES as readonly string[]).includes(role)) {
      throw new Error(`Context reservedConcurrency.${role} is not a function; they are ${FUNCTION_ROLES.join(', ')}`);
    }
    reservedConcurrency[role as FunctionRole] = wholeNumber(`reservedConcurrency.${role}`, value, 1);
  }
  /** A whole-number setting: the command line's, the stage's, or the default. */
  type NumberSetting =
    | 'dailyBackupRetentionDays'
    | 'monthlyBackupRetentionDays'
    | 'logRetentionDays'
    | 'settlementAgeAlarmSeconds'
    | 'transactionConflictAlarmPerMinute'
    | 'warmWritesPerSecond';
  const numberSetting = (key: NumberSetting, min = 1) => wholeNumber(key, read(key) ?? DEFAULT_SETTINGS[key], min);
  const logRetentionDays = numberSetting('logRetentionDays');
  if (!LOG_RETENTION_DAYS.includes(logRetentionDays)) {
    throw new Error(`Context logRetentionDays must be one of CloudWatch's periods: ${LOG_RETENTION_DAYS.join(', ')}`);
  }
  const warmWritesPerSecond = numberSetting('warmWritesPerSecond', 0);
  if (warmWritesPerSecond !== 0 && warmWritesPerSecond < ON_DEMAND_WRITES_PER_SECOND) {
    throw new Error(
      `Context warmWritesPerSecond must be 0 (none) or at least ${ON_DEMAND_WRITES_PER_SECOND}, what an on-demand table takes at once already`,
    );
  }
  const alarmEmail = read('alarmEmail') ?? '';
  if (typeof alarmEmail !== 'string' || (alarmEmail !== '' && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(alarmEmail))) {
    throw new Error('Context alarmEmail must be an e-mail address, or empty for no subscription');
  }
  const region = read('region') ?? DEFAULT_SETTINGS.region;
  if (typeof region !== 'string' || !REGION.test(region))
    throw new Error(`Context region must be an AWS region like ap-southeast-1, got ${JSON.stringify(region)}`);
  if (NO_CLOUDFRONT_LOGS.includes(region)) {
    throw new Error(
      `Context region ${region}: CloudFront delivers no standard logs to a bucket there, and the stage's access log bucket is in its region: choose another`,
    );
  }
  const replicaRegions = listFrom('replicaRegions', read('replicaRegions') ?? []);
  for (const replica of replicaRegions) {
    if (!REGION.test(replica) || replica === region) {
      throw new Error(`Context replicaRegions: ${JSON.stringify(replica)} must be an AWS region other than the stage's own (${region})`);
    }
  }
  if (new Set(replicaRegions).size !== replicaRegions.length) throw new Error('Context replicaRegions names a region twice');
  const failover = failoverFrom(read('failover'), region);
  if (failover && replicaRegions.length > 0) {
    throw new Error('Context failover and replicaRegions exclude each other: a failover stage runs on a replica the other stage keeps');
  }
  const deploymentConfig = read('deploymentConfig') ?? DEFAULT_SETTINGS.deploymentConfig;
  if (typeof deploymentConfig !== 'string' || !(deploymentConfig in DEPLOYMENT_CONFIGS)) {
    throw new Error(
      `Context deploymentConfig must be one of ${Object.keys(DEPLOYMENT_CONFIGS).join(', ')}, got ${JSON.stringify(deploymentConfig)}`,
    );
  }
  return {
    stage,
    jwtIssuer,
    jwtAudience,
    allowedOrigins,
    retainData: booleanFrom('retainData', read('retainData') ?? DEFAULT_SETTINGS.retainData),
    throttle: { rateLimit, burstLimit },
    reservedConcurrency,
    dailyBackupRetentionDays: numberSetting('dailyBackupRetentionDays'),
    monthlyBackupRetentionDays: numberSetting('monthlyBackupRetentionDays'),
    logRetentionDays,
    alarmEmail,
    settlementAgeAlarmSeconds: numberSetting('settlementAgeAlarmSeconds', 60),
    transactionConflictAlarmPerMinute: numberSetting('transactionConflictAlarmPerMinute'),
    warmWritesPerSecond,
    region,
    replicaRegions,
    ...(failover ? { failover } : {}),
    deploymentConfig: deploymentConfig as DeploymentConfigName,
    rollbackOnAlarms: booleanFrom('rollbackOnAlarms', read('rollbackOnAlarms') ?? DEFAULT_SETTINGS.rollbackOnAlarms),
    edge: edgeSettingsFrom(read('edge') ?? DEFAULT_SETTINGS.edge, DEFAULT_SETTINGS.edge),
    storePartitions: storePartitionsOf(node, read('storePartitions'), failover),
  };
}

/**
 * The stage's partition counts: a failover stage's are those of the stage whose table it runs on
 * (its functions must read and write the partitions that stage's do), given again or not at all.
 */
function storePartitionsOf(node: Node, value: unknown, failover: FailoverSettings | undefined): StorePartitions {
  const own = storePartitionsFrom(value ?? {});
  if (!failover) return own;
  const theirs = storePartitionsFrom((stagesFrom(node)[failover.of] as Record<string, unknown> | undefined)?.storePartitions ?? {});
  if (value !== undefined && partitionSetting(own) !== partitionSetting(theirs)) {
    throw new Error(
      `Context storePartitions must be stage ${failover.of}'s (${partitionSetting(theirs)}), whose table this stage runs on, got ${partitionSetting(own)}`,
    );
  }
  return theirs;
}

/** The `storePartitions` setting: each count given within its bounds, the others their defaults. */
function storePartitionsFrom(value: unknown): StorePartitions {
  const given = objectFrom('storePartitions', value);
  const partitions: Record<string, number> = { ...DEFAULT_PARTITIONS };
  for (const [key, count] of Object.entries(given)) {
    const bounds = PARTITION_BOUNDS[key as keyof StorePartitions] as { min: number; max: number } | undefined;
    if (!bounds) throw new Error(`Context storePartitions.${key} is not a setting; they are ${partitionSettingShape()}`);
    const whole = wholeNumber(`storePartitions.${key}`, count, bounds.min);
    if (whole > bounds.max) throw new Error(`Context storePartitions.${key} must be from ${bounds.min} to ${bounds.max}, got ${whole}`);
    partitions[key] = whole;
  }
  return partitions as unknown as StorePartitions;
}

/** The `failover` setting: absent for a stage with a table of its own. */
function failoverFrom(value: unknown, region: string): FailoverSettings | undefined {
  if (value === undefined) return undefined;
  const failover = objectFrom('failover', value);
  const { of, tableName, streamArn } = failover;
  if (typeof of !== 'string' || !STAGE_NAME.test(of))
    throw new Error('Context failover.of must name the stage whose table this one runs on');
  if (typeof tableName !== 'string' || !/^[a-zA-Z0-9_.-]{3,255}$/.test(tableName)) {
    throw new Error('Context failover.tableName must be a DynamoDB table name (the TableName output of the stage it fails over for)');
  }
  const stream = new RegExp(`^arn:aws[a-z-]*:dynamodb:${region}:\\d{12}:table/${tableName.replace(/\./g, '\\.')}/stream/[0-9T:.-]+$`);
  if (typeof streamArn !== 'string' || !stream.test(streamArn)) {
    throw new Error(
      `Context failover.streamArn must be the stream of ${String(tableName)}'s replica in ${region} (describe-table's LatestStreamArn there)`,
    );
  }
  return { of, tableName, streamArn };
}

function stagesFrom(node: Node): Record<string, unknown> {
  const stages = node.tryGetContext('stages') ?? {};
  if (typeof stages !== 'object' || stages === null || Array.isArray(stages)) throw new Error('Context stages must be an object of stages');
  return stages as Record<string, unknown>;
}
