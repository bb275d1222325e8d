import { METRIC } from '../../functions/observability/metric-names';
import { ENTRIES_PER_PART, MAX_PARTS } from '../../functions/services/rounds/settlement-units';
import { DEFAULT_PARTITIONS } from '../../functions/store/kernel/store-partitions';
import type { FunctionRole } from '../deployment-settings';

/**
 * What a stage's stack holds that the cost model (usage.ts) counts, as infra/ builds it: read off
 * the stack here rather than synthesized at every `npm run cost` (a synth takes seconds), and held
 * to the synthesized template by test/infra/cost/stack-inventory.test.ts, which fails when the
 * stack gains a function, an alarm or a key this does not list.
 */
export const STACK_INVENTORY = {
  /** Each function: its construct id in the stack, and its memory (MB), as casino-tables-stack.ts gives it. */
  functions: {
    graphql: { id: 'GraphqlFunction', memoryMb: 1_024 },
    sweeper: { id: 'SettlementSweeperFunction', memoryMb: 512 },
    settlementWorker: { id: 'SettlementWorkerFunction', memoryMb: 1_024 },
    walletWorker: { id: 'WalletWorkerFunction', memoryMb: 512 },
    rngWorker: { id: 'RngWorkerFunction', memoryMb: 1_024 },
    ledgerCheck: { id: 'LedgerCheckFunction', memoryMb: 1_024 },
    socket: { id: 'SocketFunction', memoryMb: 1_024 },
    stream: { id: 'StreamFunction', memoryMb: 512 },
    fanOut: { id: 'FanOutFunction', memoryMb: 1_769 },
    secretRotation: { id: 'SecretRotationFunction', memoryMb: 512 },
  } satisfies Record<FunctionRole, { id: string; memoryMb: number }>,
  /** monitoring.ts: three a function (errors, throttles, duration near its timeout) and 17 more. */
  alarms: 47,
  /**
   * What CloudWatch bills an alarm by: the metrics it watches. Two are metric math over several:
   * TableThrottles (reads and writes: 2) and TableSystemErrors (10 operations).
   */
  alarmMetrics: 57,
  dashboards: 1,
  /** The window the dashboard opens on (monitoring.ts: defaultInterval), which its errors widget's query scans. */
  dashboardHours: 3,
  /** The alarm topic's key (monitoring.ts), rotated yearly; the queues are SQS-encrypted, the table by an AWS-owned key. */
  customerManagedKeys: 1,
  /** Queues a function reads through an event source (settlement, wallet, round loop): Lambda long-polls each. */
  queuesReadByFunctions: 3,
  /** Secrets the stack makes: the origin secret CloudFront sends the APIs (edge/origin-guard.ts). */
  stackSecrets: 1,
  /** Secrets the functions make on first use: the house's player token keys, its round links' key. */
  houseSecrets: 2,
  /**
   * A table's, a pool's and the lobby's subscriptions are spread over this many shards, each a
   * fan-out call per event: the default count (a stage whose storePartitions sets fewer pays less).
   */
  liveShards: DEFAULT_PARTITIONS.live,
  /** A round of more bets than this is paid in parts, each by a settlement worker of its own, at most MAX_PARTS. */
  settlementPartBets: ENTRIES_PER_PART,
  maxSettlementParts: MAX_PARTS,
  /**
   * Business metrics as CloudWatch counts them (a name and its dimensions): each name once, but
   * BetsRefused once per error code seen (assumption REFUSAL_CODES_SEEN) and OutcomesRecorded
   * once per game.
   */
  metricsBesidesRefusals: Object.keys(METRIC).length - 2 + 2,
  /**
   * The edge's firewall (edge-firewall.ts, a stack of its own in us-east-1): a web ACL on the
   * distribution, of three AWS managed rule groups, two body-size rules and a rate rule; it logs
   * every request to CloudWatch Logs.
   */
  webAcls: 1,
  webAclRules: 7,
  /** DynamoDB stores each item with 100 bytes of its own, and again in each index that holds it (projection ALL). */
  itemOverheadBytes: 100,
} as const;

export type StackInventory = typeof STACK_INVENTORY;
