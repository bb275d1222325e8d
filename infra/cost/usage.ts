import type { DeploymentSettings, FunctionRole } from '../deployment-settings';
import type { Assumptions } from './assumptions';
import type { Measured } from './measured';
import { monthTraffic, type MonthTraffic, type Traffic } from './month-traffic';
import { Quantity } from './quantity';
import type { StackInventory } from './stack-inventory';

/** The stage's settings the month's usage depends on (cdk.json's stage, through deploymentSettingsFrom). */
export type StageSettings = Pick<
  DeploymentSettings,
  | 'stage'
  | 'region'
  | 'replicaRegions'
  | 'dailyBackupRetentionDays'
  | 'monthlyBackupRetentionDays'
  | 'logRetentionDays'
  | 'warmWritesPerSecond'
>;

export interface FunctionUsage {
  readonly invocations: Quantity;
  readonly gbSeconds: Quantity;
  readonly tracesRecorded: Quantity;
}

/** A month's billed quantities, service by service, before any price. */
export interface MonthlyUsage {
  readonly traffic: MonthTraffic;
  /** Figures the month's follow from, printed beside it. */
  readonly derived: Record<
    'betWriteUnits' | 'betReadUnits' | 'placeBetMs' | 'outcomeMs' | 'bytesPerBetHeld' | 'streamShards' | 'graphqlInstances',
    Quantity
  >;
  readonly dynamoDb: Record<
    'writeUnits' | 'replicatedWriteUnits' | 'readUnits' | 'storageGb' | 'replicaStorageGb' | 'tableGb' | 'backupGbMonths',
    Quantity
  >;
  readonly lambda: Readonly<Record<FunctionRole, FunctionUsage>>;
  readonly apiGateway: Record<'httpRequests' | 'webSocketMessages' | 'connectionMinutes', Quantity>;
  readonly sqsRequests: Quantity;
  readonly cloudFront: Record<'requests' | 'dataTransferGb', Quantity>;
  readonly secretsManager: Record<'secrets' | 'apiCalls', Quantity>;
  readonly kms: Record<'keys' | 'rotations' | 'requests', Quantity>;
  readonly cloudWatch: Record<
    'alarmMetrics' | 'customMetrics' | 'dashboards' | 'vendedLogGb' | 'accessLogGb' | 'storedLogGbMonths' | 'insightsScannedGb',
    Quantity
  >;
}

const GB = 2 ** 30;
/** An eventually consistent read: half a unit per 4 KB. */
const BYTES_PER_EVENTUAL_READ_UNIT = 8_192;

/**
 * A month's usage of every billed service by a stage with this traffic: the bench's measured
 * figures where it measured them, the stack's own counts, and the assumptions for the rest.
 * Pure, and exact (Quantity): the same inputs always give the same figures.
 */
export function monthlyUsage(
  traffic: Traffic,
  settings: StageSettings,
  assumptions: Assumptions,
  measured: Measured,
  inventory: StackInventory,
): MonthlyUsage {
  const a = (name: keyof Assumptions) => assumptions[name].value;
  const month = monthTraffic(traffic, assumptions, inventory);
  const { days, seconds, minutes, baccarat, bets, rounds, betsPerRound, sessions, pageLoads, connectedMinutes, viewerRounds } = month;
  const history = a('HISTORY_MONTHS');

  // DynamoDB: a bet's own units are its lifecycle's less its share of its round's, counted per round instead.
  const { lifecycle, round, itemBytes } = measured;
  const betWrites = Quantity.of(lifecycle.tableWriteUnitsHundredths + lifecycle.indexWriteUnitsHundredths, 100).minus(
    Quantity.of(round.writeUnits, lifecycle.betsPerRound),
  );
  const betReads = Quantity.of(lifecycle.readUnitsHundredths, 100).minus(Quantity.of(round.readUnits, lifecycle.betsPerRound));
  const writeUnits = bets
    .times(betWrites)
    .plus(rounds.times(round.writeUnits))
    .plus(sessions.times(a('WRITE_UNITS_PER_SESSION')))
    .plus(pageLoads.times(a('WRITE_UNITS_PER_CONNECTION')));
  // Each fan-out call queries its shard's subscriptions: half a unit at least, and the viewers' subscriptions read.
  const fanOutReads = month.topicWrites
    .times(inventory.liveShards)
    .over(2)
    .plus(
      viewerRounds
        .times(baccarat.times(a('JACKPOT_EVENTS_PER_BACCARAT_ROUND')).plus(a('TABLE_WRITES_PER_ROUND')))
        .times(a('SUBSCRIPTION_ITEM_BYTES'))
        .over(BYTES_PER_EVENTUAL_READ_UNIT),
    );
  const readUnits = bets
    .times(betReads)
    .plus(rounds.times(round.readUnits))
    .plus(sessions.times(a('READ_UNITS_PER_SESSION')))
    .plus(pageLoads.times(a('READ_UNITS_PER_PAGE_LOAD') + a('READ_UNITS_PER_CONNECTION')))
    .plus(viewerRounds.times(baccarat.times(a('READ_UNITS_PER_ROADS_REFRESH')).plus(a('READ_UNITS_PER_ROUND_REFRESH'))))
    .plus(fanOutReads)
    .plus(bets.times(a('PLAYER_EVENT_READ_UNITS_PER_BET')))
    .plus(minutes.times(a('SWEEP_READ_UNITS')))
    .plus(bets.times(a('LEDGER_CHECK_READ_UNITS_PER_100_BETS')).over(100));

  // What a bet leaves stored: the bet, its stake's journal and its payment's (a bet a player a
  // round, as measured), its share of the round's plan; the bet again in the owner index and the
  // journals in the book index (the layout index drops a bet once decided).
  const overhead = inventory.itemOverheadBytes;
  const tableBytesPerBet = itemBytes.bet + overhead + 2 * (itemBytes.journal + overhead) + itemBytes.planShare;
  const indexBytesPerBet = itemBytes.bet + overhead + 2 * (itemBytes.journal + overhead);
  const betsHeld = bets.times(history);
  const tableGb = betsHeld.times(tableBytesPerBet).over(GB);
  const storageGb = betsHeld.times(tableBytesPerBet + indexBytesPerBet).over(GB);
  // AWS Backup copies the whole table each time (DynamoDB's backups are full, not incremental):
  // the daily ones at about today's size; the monthly ones at each month's, the table growing evenly.
  const dailyBackups = Math.min(settings.dailyBackupRetentionDays, history * days);
  const monthlyBackups = Math.min(Math.floor(settings.monthlyBackupRetentionDays / days), history);
  const monthlyShare = Quantity.of(monthlyBackups * (2 * history - monthlyBackups + 1), 2 * history);
  const replicas = settings.replicaRegions.length;

  // Lambda: each function's calls and their billed milliseconds (whole, rounded up, as Lambda bills).
  const callMs = a('GRAPHQL_CALL_MS');
  const placeBetMs = Quantity.of(
    measured.placeBet.p50Microseconds + a('DYNAMODB_ROUND_TRIP_MS') * 1_000 * measured.placeBet.dynamoDbRequests,
    1_000,
  ).ceil();
  // The outcome's request pays a round of up to a part itself, and waits for the workers' parts beyond.
  const outcomeMs = Quantity.of(measured.outcome.answerMicroseconds, measured.outcome.bets * 1_000)
    .times(betsPerRound.min(measured.outcome.bets))
    .plus(a('OUTCOME_BASE_MS'))
    .ceil();
  const otherGraphqlCalls = pageLoads.times(a('GRAPHQL_REQUESTS_PER_PAGE_LOAD')).plus(month.refreshes).plus(sessions);
  const pings = connectedMinutes.times(a('KEEPALIVE_PINGS_PER_MINUTE'));
  // In: connection_init, the subscriptions, the page's first ping, the keepalive's; a call each, and $connect and $disconnect.
  const socketMessagesIn = pageLoads.times(month.subscriptions.plus(2)).plus(pings);
  const socketCalls = socketMessagesIn.plus(pageLoads.times(2));
  const streamShards = Math.max(a('STREAM_SHARDS_MINIMUM'), Math.ceil(settings.warmWritesPerSecond / 1_000));
  const streamCallsAtMost = Quantity.of(streamShards * a('STREAM_POLLS_PER_SHARD_PER_SECOND') * seconds);
  const streamCalls = month.tableWrites.plus(month.poolWrites).plus(month.playerEvents).min(streamCallsAtMost);
  const fanOutCalls = month.topicWrites.times(inventory.liveShards).plus(month.playerEvents.min(streamCallsAtMost));
  // Each launch credential and the token keys rotate on the schedule, in four steps.
  const rotatingSecrets = a('PARTNERS') * a('LAUNCH_CREDENTIALS_PER_PARTNER') + 1;
  const rotationSteps = Quantity.of(rotatingSecrets * 4 * days, a('SECRET_ROTATION_DAYS'));
  const calls: Record<FunctionRole, { invocations: Quantity; ms: Quantity }> = {
    graphql: {
      invocations: bets.plus(rounds.times(a('DEALER_REQUESTS_PER_ROUND'))).plus(otherGraphqlCalls),
      ms: bets
        .times(placeBetMs)
        .plus(rounds.times(outcomeMs.plus((a('DEALER_REQUESTS_PER_ROUND') - 1) * callMs)))
        .plus(otherGraphqlCalls.times(callMs)),
    },
    socket: { invocations: socketCalls, ms: socketCalls.times(a('SOCKET_CALL_MS')) },
    stream: { invocations: streamCalls, ms: streamCalls.times(a('STREAM_CALL_MS')) },
    fanOut: {
      invocations: fanOutCalls,
      ms: fanOutCalls.times(a('FAN_OUT_CALL_MS')).plus(month.eventMessages.times(a('FAN_OUT_MICROSECONDS_PER_MESSAGE')).over(1_000)),
    },
    settlementWorker: {
      invocations: month.settlementParts,
      ms: month.settlementParts.times(Quantity.of(measured.outcome.lastCreditMicroseconds, 1_000).ceil()),
    },
    sweeper: { invocations: minutes, ms: minutes.times(a('SWEEP_MS')) },
    ledgerCheck: {
      invocations: Quantity.of(days),
      ms: Quantity.of(traffic.betsPerDay)
        .times(a('LEDGER_CHECK_MS_PER_1000_BETS'))
        .over(1_000)
        .plus(a('LEDGER_CHECK_BASE_MS'))
        .ceil()
        .times(days),
    },
    walletWorker: { invocations: Quantity.ZERO, ms: Quantity.ZERO },
    rngWorker: { invocations: Quantity.ZERO, ms: Quantity.ZERO },
    secretRotation: { invocations: rotationSteps, ms: rotationSteps.times(a('SECRET_ROTATION_STEP_MS')) },
  };
  const sampledFreely = Quantity.of(seconds * a('XRAY_TRACES_PER_SECOND'));
  const lambda = Object.fromEntries(
    Object.entries(calls).map(([role, { invocations, ms }]) => [
      role,
      {
        invocations,
        gbSeconds: ms.times(inventory.functions[role as FunctionRole].memoryMb).over(1_024 * 1_000),
        tracesRecorded: invocations
          .min(sampledFreely)
          .plus(invocations.minus(invocations.min(sampledFreely)).times(a('XRAY_SAMPLED_PERCENT')).over(100)),
      },
    ]),
  ) as Record<FunctionRole, FunctionUsage>;
  const allCalls = Object.values(calls).reduce((sum, { invocations }) => sum.plus(invocations), Quantity.ZERO);
  // A function's warm instances (its average concurrency, by Little's law: at least one) each read their secrets themselves.
  const instancesOf = (role: FunctionRole) =>
    calls[role].ms
      .over(seconds * 1_000)
      .ceil()
      .max(1);
  const graphqlInstances = instancesOf('graphql');
  const hours = days * 24;

  const httpRequests = calls.graphql.invocations;
  const cloudFrontRequests = pageLoads
    .times(a('GRAPHQL_REQUESTS_PER_PAGE_LOAD') + a('PAGE_FILES_PER_LOAD') + 1)
    .plus(bets)
    .plus(month.refreshes)
    .plus(sessions);
  const pageFileBytes = Quantity.of((measured.pageFiles.scriptTenthsOfKib + measured.pageFiles.stylesTenthsOfKib) * 1_024, 10);
  const bytesOut = pageLoads
    .times(pageFileBytes.plus(a('PAGE_LOAD_OTHER_BYTES')))
    .plus(bets.times(a('BET_RESPONSE_BYTES')))
    .plus(viewerRounds.times(a('ROUND_REFRESH_RESPONSE_BYTES')))
    .plus(month.eventMessages.times(a('EVENT_MESSAGE_BYTES')));
  const lambdaLogBytes = allCalls.times(a('LAMBDA_LOG_BYTES_PER_CALL')).plus(bets.plus(rounds).plus(minutes).times(a('METRIC_LOG_BYTES')));
  const vendedLogBytes = lambdaLogBytes.plus(cloudFrontRequests.times(a('WAF_LOG_BYTES_PER_REQUEST')));
  const accessLogBytes = httpRequests.plus(socketCalls).times(a('ACCESS_LOG_BYTES'));
  const keys = Quantity.of(inventory.customerManagedKeys);

  return {
    traffic: month,
    derived: {
      betWriteUnits: betWrites,
      betReadUnits: betReads,
      placeBetMs,
      outcomeMs,
      bytesPerBetHeld: Quantity.of(tableBytesPerBet + indexBytesPerBet),
      streamShards: Quantity.of(streamShards),
      graphqlInstances,
    },
    dynamoDb: {
      writeUnits,
      replicatedWriteUnits: writeUnits.times(replicas),
      readUnits,
      storageGb,
      replicaStorageGb: storageGb.times(replicas),
      tableGb,
      backupGbMonths: tableGb.times(monthlyShare.plus(dailyBackups)),
    },
    lambda,
    apiGateway: {
      httpRequests,
      // Out: connection_ack and the first pong, the keepalive's pongs, the events.
      webSocketMessages: socketMessagesIn.plus(pageLoads.times(2)).plus(pings).plus(month.eventMessages),
      connectionMinutes: connectedMinutes,
    },
    sqsRequests: rounds
      .times(month.partsPerRound.over(10).ceil())
      .plus(month.settlementParts.times(2))
      .plus(minutes.times(inventory.queuesReadByFunctions * a('SQS_POLLS_PER_QUEUE_PER_MINUTE'))),
    cloudFront: { requests: cloudFrontRequests, dataTransferGb: bytesOut.over(GB) },
    secretsManager: {
      // The functions' secrets are copied to each replica region, each copy billed as a secret (the stack's own is not).
      secrets: Quantity.of(
        inventory.stackSecrets +
          (inventory.houseSecrets + a('PARTNERS') * a('LAUNCH_CREDENTIALS_PER_PARTNER')) * (1 + settings.replicaRegions.length),
      ),
      // A launch reads its partner's credential; instances read the token keys and the origin secret.
      apiCalls: sessions
        .plus(graphqlInstances.times((a('TOKEN_KEY_READS_PER_HOUR') + a('ORIGIN_SECRET_READS_PER_HOUR')) * hours))
        .plus(instancesOf('socket').times(a('ORIGIN_SECRET_READS_PER_HOUR') * hours)),
    },
    kms: {
      keys,
      // A key rotated yearly: each of its first two rotations is billed as a key more.
      rotations: keys.times(Math.min(2, Math.floor(history / 12))),
      requests: Quantity.of(a('ALARM_NOTIFICATIONS_PER_MONTH')),
    },
    cloudWatch: {
      alarmMetrics: Quantity.of(inventory.alarmMetrics),
      customMetrics: Quantity.of(inventory.metricsBesidesRefusals + a('REFUSAL_CODES_SEEN')),
      dashboards: Quantity.of(inventory.dashboards),
      vendedLogGb: vendedLogBytes.over(GB),
      accessLogGb: accessLogBytes.over(GB),
      // Once a stage has run as long as its logs are kept, it holds that many days of them.
      storedLogGbMonths: vendedLogBytes
        .plus(accessLogBytes)
        .times(Math.min(settings.logRetentionDays, history * days))
        .over(days * GB),
      insightsScannedGb: lambdaLogBytes.times(a('DASHBOARD_VIEWS_PER_DAY') * inventory.dashboardHours).over(24 * GB),
    },
  };
}
