import { Aws, CfnCondition, CfnParameter, Duration, Fn, RemovalPolicy } from 'aws-cdk-lib';
import type { HttpApi, WebSocketApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  LogQueryWidget,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { type ITableV2, Operation } from 'aws-cdk-lib/aws-dynamodb';
import { Key } from 'aws-cdk-lib/aws-kms';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { ILogGroup } from 'aws-cdk-lib/aws-logs';
import { CfnSubscription, Topic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { acknowledge } from './acknowledge';
import {
  METRIC,
  REFUSAL_CODE_DIMENSION,
  SERVICE_DIMENSION,
  SERVICE_NAME,
  metricNamespaceOf,
} from '../functions/observability/metric-names';
import type { DeploymentSettings } from './deployment-settings';

/** A function the stack watches, with the timeout its duration alarm is measured against. */
export interface WatchedFunction {
  readonly name: string;
  readonly fn: IFunction;
  readonly timeout: Duration;
  readonly logGroup: ILogGroup;
}

export interface MonitoringProps {
  readonly settings: DeploymentSettings;
  readonly functions: readonly WatchedFunction[];
  readonly httpApi: HttpApi;
  readonly webSocketApi: WebSocketApi;
  readonly table: ITableV2;
  readonly sweeperDeadLetters: IQueue;
  /** Parts of settlements the workers failed to pay, every delivery. */
  readonly settlementDeadLetters: IQueue;
  readonly walletDeadLetters: IQueue;
  /** Calls to partners' wallets waiting for a wallet worker. */
  readonly walletQueue: IQueue;
  /** The round loops' dead letters (tables the server deals). */
  readonly rngDeadLetters: IQueue;
  /** Runs of the ledger's daily check that failed: a day with findings, or a check that could not run. */
  readonly ledgerCheckDeadLetters: IQueue;
  /** The sweeper, whose runs the SweeperNotRunning alarm counts. */
  readonly sweeper: IFunction;
}

/** Lambda errors or throttles in a minute that page: any at all is a fault (a GraphQL refusal is not one). */
const FAULTS = 1;
/** A function's p99 duration past this share of its timeout, three minutes in five, is about to time out. */
const DURATION_SHARE_OF_TIMEOUT = 0.8;
/** HTTP API 5xx answers in a minute, two minutes running. */
const API_SERVER_ERRORS = 5;
/** HTTP API p99 latency (ms), three minutes in five. */
const API_LATENCY_P99_MS = 2_000;
/** The oldest wallet call waiting for a worker (s): a worker takes a call within seconds. */
const WALLET_DELIVERY_LAG_SECONDS = 120;
/** A replica's lag behind the table (ms), five minutes running: replication usually takes about a second. */
const REPLICATION_LATENCY_MS = 60_000;

/**
 * What cloud ops watch: one SNS topic every alarm notifies (its e-mail subscription is the
 * stack's AlarmEmail parameter), an alarm per failure the first-response table in
 * docs/DEPLOY.md names, and a dashboard of the API, the functions, the table and the business.
 */
export class Monitoring extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];
  readonly dashboard: Dashboard;
  private readonly namespace: string;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const { settings } = props;
    this.namespace = metricNamespaceOf(settings.stage);

    // CloudWatch can only publish to an encrypted topic whose key lets it: a key of our own.
    const key = new Key(this, 'AlarmTopicKey', {
      description: `Encrypts the casino tables ${settings.stage} alarm topic`,
      enableKeyRotation: true,
      removalPolicy: settings.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    key.grant(new ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    this.topic = new Topic(this, 'AlarmTopic', { displayName: `Casino tables ${settings.stage} alarms`, masterKey: key, enforceSSL: true });
    // A topic with a policy (enforceSSL's) takes publishers it names only: this account's alarms.
    this.topic.addToResourcePolicy(
      new PolicyStatement({
        sid: 'AlarmsOfThisAccountPublish',
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: {
          ArnLike: { 'aws:SourceArn': `arn:${Aws.PARTITION}:cloudwatch:${Aws.REGION}:${Aws.ACCOUNT_ID}:alarm:*` },
          StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID },
        },
      }),
    );

    const email = new CfnParameter(scope, 'AlarmEmail', {
      type: 'String',
      default: settings.alarmEmail,
      description: 'E-mail address the alarm topic notifies (confirm the subscription mail); empty for none',
      allowedPattern: '^$|^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$',
    });
    const hasEmail = new CfnCondition(this, 'HasAlarmEmail', { expression: Fn.conditionNot(Fn.conditionEquals(email.valueAsString, '')) });
    const subscription = new CfnSubscription(this, 'AlarmEmailSubscription', {
      topicArn: this.topic.topicArn,
      protocol: 'email',
      endpoint: email.valueAsString,
    });
    subscription.cfnOptions.condition = hasEmail;
    acknowledge(
      subscription,
      'Serverless-SNSRedrivePolicy',
      'An e-mail subscription: SNS retries a mail server itself, and every alarm shows its state on the dashboard whether the mail arrived or not.',
    );

    for (const { name, fn, timeout } of props.functions) {
      this.alarm(`${name}Errors`, fn.metricErrors({ period: Duration.minutes(1), statistic: 'Sum' }), FAULTS, {
        description: `${name}: the function failed (an exception or a timeout). Its log group has the error.`,
      });
      this.alarm(`${name}Throttles`, fn.metricThrottles({ period: Duration.minutes(1), statistic: 'Sum' }), FAULTS, {
        description: `${name}: invocations refused for concurrency (its reserved concurrency or the account's).`,
      });
      this.alarm(
        `${name}DurationNearTimeout`,
        fn.metricDuration({ period: Duration.minutes(1), statistic: 'p99' }),
        Math.round(timeout.toMilliseconds() * DURATION_SHARE_OF_TIMEOUT),
        {
          evaluationPeriods: 5,
          datapointsToAlarm: 3,
          description: `${name}: p99 duration above 80% of its ${timeout.toSeconds()} s timeout.`,
        },
      );
    }

    this.alarm('ApiServerErrors', props.httpApi.metricServerError({ period: Duration.minutes(1), statistic: 'Sum' }), API_SERVER_ERRORS, {
      evaluationPeriods: 2,
      description: 'HTTP API: 5xx answers (the GraphQL function failed, timed out or was throttled).',
    });
    this.alarm('InternalErrors', this.business(METRIC.internalErrors, 'Sum'), FAULTS, {
      description: 'GraphQL: requests answered INTERNAL_SERVER_ERROR (a fault inside a resolver, answered with HTTP 200).',
    });
    this.alarm('WalletCallsDeadLettered', this.business(METRIC.walletCallsDeadLettered, 'Sum'), FAULTS, {
      description:
        "Seamless wallets: a call to a partner's wallet (a credit, a rollback) still undelivered after 24 hours of retries; listed by walletCallsNeedingAttention.",
    });
    this.alarm('ApiLatency', props.httpApi.metricLatency({ period: Duration.minutes(1), statistic: 'p99' }), API_LATENCY_P99_MS, {
      evaluationPeriods: 5,
      datapointsToAlarm: 3,
      description: `HTTP API: p99 latency above ${API_LATENCY_P99_MS} ms.`,
    });

    const table = props.table;
    const perMinute = { period: Duration.minutes(1), statistic: 'Sum' };
    this.alarm(
      'TableThrottles',
      new MathExpression({
        expression: 'reads + writes',
        usingMetrics: { reads: table.metric('ReadThrottleEvents', perMinute), writes: table.metric('WriteThrottleEvents', perMinute) },
        label: 'Throttle events',
        period: Duration.minutes(1),
      }),
      FAULTS,
      { description: 'Table: requests throttled (an item past 1,000 writes/s, or the on-demand ceiling).' },
    );
    this.alarm(
      'TableSystemErrors',
      table.metricSystemErrorsForOperations({
        // At most ten metrics make an alarm: the operations the functions call.
        operations: [
          Operation.GET_ITEM,
          Operation.BATCH_GET_ITEM,
          Operation.QUERY,
          Operation.SCAN,
          Operation.PUT_ITEM,
          Operation.UPDATE_ITEM,
          Operation.DELETE_ITEM,
          Operation.BATCH_WRITE_ITEM,
          Operation.TRANSACT_WRITE_ITEMS,
          Operation.TRANSACT_GET_ITEMS,
        ],
        ...perMinute,
      }),
      FAULTS,
      { description: 'Table: DynamoDB answered 500s (its side; the SDK retries them).' },
    );
    this.alarm('TableTransactionConflicts', table.metric('TransactionConflict', perMinute), settings.transactionConflictAlarmPerMinute, {
      evaluationPeriods: 5,
      description: 'Table: transactions refused for conflicts, sustained (hot items; every one is retried).',
    });

    // A replica behind its table by more than a minute: what a failover there would lose (docs/DEPLOY.md, "Recovery").
    for (const region of settings.replicaRegions) {
      this.alarm(
        `ReplicationLatency${region.replace(/(^|-)([a-z0-9])/g, (_, __, letter: string) => letter.toUpperCase())}`,
        table.metric('ReplicationLatency', {
          dimensionsMap: { TableName: table.tableName, ReceivingRegion: region },
          statistic: 'Maximum',
          period: Duration.minutes(1),
        }),
        REPLICATION_LATENCY_MS,
        {
          evaluationPeriods: 5,
          description: `Table: its replica in ${region} more than ${REPLICATION_LATENCY_MS / 1000} s behind, 5 minutes running: a failover there would lose that much.`,
        },
      );
    }
    this.alarm('SettlementsOverdue', this.business(METRIC.oldestSettlementAge, 'Maximum'), settings.settlementAgeAlarmSeconds, {
      description: `A settlement has been running for more than ${settings.settlementAgeAlarmSeconds} s: winners are waiting.`,
    });
    this.alarm('SweeperNotRunning', props.sweeper.metricInvocations({ period: Duration.minutes(5), statistic: 'Sum' }), 1, {
      description:
        'The sweeper ran not once in five minutes: nothing finishes interrupted settlements, and SettlementsOverdue has no data.',
      comparison: ComparisonOperator.LESS_THAN_THRESHOLD,
      // Here no data is the fault itself.
      missingData: TreatMissingData.BREACHING,
    });
    this.alarm('SweepFailures', this.business(METRIC.sweepFailures, 'Sum'), FAULTS, {
      description: 'The sweeper could not finish a table’s settlement (it tries again every minute).',
    });
    this.alarm(
      'SweeperDeadLetters',
      props.sweeperDeadLetters.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: 'Maximum' }),
      FAULTS,
      { description: 'A sweeper run failed: its event is in the dead-letter queue.' },
    );
    this.alarm(
      'SettlementDeadLetters',
      props.settlementDeadLetters.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: 'Maximum' }),
      FAULTS,
      {
        description:
          'A part of a round’s settlement failed every delivery to the workers: the sweeper pays it; its message is in the dead-letter queue.',
      },
    );
    // A call the wallet refused is sent again as a new, delayed message: an old message is one our workers have not reached.
    this.alarm(
      'WalletDeliveryLag',
      props.walletQueue.metricApproximateAgeOfOldestMessage({ period: Duration.minutes(1), statistic: 'Maximum' }),
      WALLET_DELIVERY_LAG_SECONDS,
      {
        evaluationPeriods: 3,
        description: `Calls to partners' wallets have waited more than ${WALLET_DELIVERY_LAG_SECONDS} s for a wallet worker, 3 minutes running: credits reach players late.`,
      },
    );
    this.alarm(
      'WalletDeadLetters',
      props.walletDeadLetters.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: 'Maximum' }),
      FAULTS,
      {
        description:
          'A message of the wallet queue failed every delivery to the wallet workers (our fault, not the wallet’s): the sweeper delivers its call.',
      },
    );
    this.alarm('RoundLoopsRestarted', this.business(METRIC.roundLoopsRestarted, 'Sum'), FAULTS, {
      description:
        'A table the server deals stood still past its deadline (a step lost, or its worker failing) until the sweeper started its loop again: players waited up to a minute.',
    });
    this.alarm(
      'RngDeadLetters',
      props.rngDeadLetters.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: 'Maximum' }),
      FAULTS,
      {
        description:
          'A step of the round loop of a table the server deals failed every delivery: the table stopped dealing until the sweeper restarted its loop (within a minute); its message is in the dead-letter queue.',
      },
    );
    this.alarm(
      'LedgerCheckFailed',
      props.ledgerCheckDeadLetters.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }),
      FAULTS,
      {
        description:
          'The ledger’s daily check found a journal that does not balance or a balance that differs from the ledger (the reconciliation query lists them), or could not run: its event is in the dead-letter queue.',
      },
    );

    this.dashboard = this.buildDashboard(props);
  }

  /** The alarm of this name (its construct id): what a deploy rolls back on (gradual-deploys.ts). */
  alarmNamed(name: string): Alarm {
    const alarm = this.alarms.find((candidate) => candidate.node.id === name);
    if (!alarm) throw new Error(`Monitoring: no alarm named ${name}`);
    return alarm;
  }

  /** A business metric, as the functions publish it (metric-names.ts). */
  business(metricName: string, statistic: string, dimensions: Record<string, string> = {}): Metric {
    return new Metric({
      namespace: this.namespace,
      metricName,
      dimensionsMap: { [SERVICE_DIMENSION]: SERVICE_NAME, ...dimensions },
      statistic,
      period: Duration.minutes(1),
    });
  }

  private alarm(
    id: string,
    metric: IMetric,
    threshold: number,
    options: {
      readonly description: string;
      readonly evaluationPeriods?: number;
      readonly datapointsToAlarm?: number;
      readonly comparison?: ComparisonOperator;
      readonly missingData?: TreatMissingData;
    },
  ): Alarm {
    const alarm = new Alarm(this, id, {
      metric,
      threshold,
      comparisonOperator: options.comparison ?? ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: options.evaluationPeriods ?? 1,
      datapointsToAlarm: options.datapointsToAlarm ?? options.evaluationPeriods ?? 1,
      // No data is no fault: an idle stage is healthy (a sweeper that stopped has its own alarm).
      treatMissingData: options.missingData ?? TreatMissingData.NOT_BREACHING,
      alarmDescription: `${options.description} First response: docs/DEPLOY.md, "Alarms".`,
    });
    alarm.addAlarmAction(new SnsAction(this.topic));
    alarm.addOkAction(new SnsAction(this.topic));
    this.alarms.push(alarm);
    return alarm;
  }

  private buildDashboard(props: MonitoringProps): Dashboard {
    const minute = { period: Duration.minutes(1) };
    const sum = { ...minute, statistic: 'Sum' };
    const dashboard = new Dashboard(this, 'Dashboard', { defaultInterval: Duration.hours(3) });
    const refusals = new MathExpression({
      expression: `SEARCH('{${this.namespace},${SERVICE_DIMENSION},${REFUSAL_CODE_DIMENSION}} MetricName="${METRIC.betsRefused}"', 'Sum', 60)`,
      label: '',
      period: Duration.minutes(1),
    });
    dashboard.addWidgets(
      new TextWidget({
        markdown: `# Casino tables: ${props.settings.stage}\nAlarms and first responses: docs/DEPLOY.md, "Alarms".`,
        width: 24,
        height: 2,
      }),
    );
    dashboard.addWidgets(new AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24, height: 4 }));
    dashboard.addWidgets(
      new LogQueryWidget({
        title: 'Errors of every function, newest first (correlation_id is the API request id)',
        logGroupNames: props.functions.map(({ logGroup }) => logGroup.logGroupName),
        queryLines: [
          'fields @timestamp, @log, message, correlation_id, subject, partner, error.name, error.message',
          'filter level = "ERROR"',
          'sort @timestamp desc',
          'limit 50',
        ],
        width: 24,
        height: 6,
      }),
    );
    dashboard.addWidgets(
      new GraphWidget({
        title: 'HTTP API: requests and errors',
        left: [props.httpApi.metricCount(sum), props.httpApi.metricClientError(sum), props.httpApi.metricServerError(sum)],
        right: [this.business(METRIC.internalErrors, 'Sum')],
        width: 12,
      }),
      new GraphWidget({
        title: 'HTTP API: latency (ms)',
        left: [props.httpApi.metricLatency({ ...minute, statistic: 'p50' }), props.httpApi.metricLatency({ ...minute, statistic: 'p99' })],
        width: 12,
      }),
    );
    dashboard.addWidgets(
      new GraphWidget({
        title: 'Business: bets',
        left: [this.business(METRIC.betsPlaced, 'Sum')],
        right: [refusals],
        rightYAxis: { label: 'refused, by code', showUnits: false },
        width: 8,
      }),
      new GraphWidget({
        title: 'Business: outcomes and jackpots',
        left: [
          new MathExpression({
            expression: `SEARCH('{${this.namespace},${SERVICE_DIMENSION},game} MetricName="${METRIC.outcomesRecorded}"', 'Sum', 60)`,
            label: '',
            period: Duration.minutes(1),
          }),
          this.business(METRIC.jackpotPrizes, 'Sum'),
        ],
        right: [this.business(METRIC.jackpotPrizeAmount, 'Sum')],
        width: 8,
      }),
      new GraphWidget({
        title: 'Settlement',
        left: [this.business(METRIC.settlementDuration, 'p50'), this.business(METRIC.settlementDuration, 'p99')],
        right: [this.business(METRIC.settlementBatches, 'Sum'), this.business(METRIC.conflictsRetried, 'Sum')],
        width: 8,
      }),
    );
    dashboard.addWidgets(
      new GraphWidget({
        title: 'Settlement backlog: oldest unfinished (s)',
        left: [this.business(METRIC.oldestSettlementAge, 'Maximum'), this.business(METRIC.sweepFailures, 'Sum')],
        width: 12,
      }),
      new GraphWidget({
        title: 'WebSocket API: connections and messages',
        left: [
          props.webSocketApi.metric('ConnectCount', sum),
          props.webSocketApi.metric('MessageCount', sum),
          props.webSocketApi.metric('IntegrationError', sum),
          props.webSocketApi.metric('ExecutionError', sum),
        ],
        width: 12,
      }),
    );
    dashboard.addWidgets(
      ...props.functions.map(
        ({ name, fn }) =>
          new GraphWidget({
            title: `${name}`,
            left: [fn.metricInvocations(sum), fn.metricErrors(sum), fn.metricThrottles(sum)],
            right: [fn.metricDuration({ ...minute, statistic: 'p99' })],
            width: 8,
          }),
      ),
    );
    const table = props.table;
    dashboard.addWidgets(
      new GraphWidget({
        title: 'Table: capacity consumed',
        left: [table.metricConsumedReadCapacityUnits(sum), table.metricConsumedWriteCapacityUnits(sum)],
        width: 8,
      }),
      new GraphWidget({
        title: 'Table: throttles, conflicts, condition failures',
        left: [table.metric('ReadThrottleEvents', sum), table.metric('WriteThrottleEvents', sum), table.metric('TransactionConflict', sum)],
        right: [table.metricConditionalCheckFailedRequests(sum)],
        width: 8,
      }),
      new GraphWidget({
        title: 'Table: transaction latency (ms)',
        left: [
          table.metricSuccessfulRequestLatency({
            ...minute,
            statistic: 'p99',
            dimensionsMap: { TableName: table.tableName, Operation: 'TransactWriteItems' },
          }),
          table.metricSuccessfulRequestLatency({
            ...minute,
            statistic: 'p99',
            dimensionsMap: { TableName: table.tableName, Operation: 'Query' },
          }),
        ],
        width: 8,
      }),
    );
    return dashboard;
  }
}
