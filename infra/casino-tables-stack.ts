import { fileURLToPath } from 'node:url';
import { Annotations, ArnFormat, CfnOutput, Duration, RemovalPolicy, Stack, Tags, type StackProps } from 'aws-cdk-lib';
import {
  CorsHttpMethod,
  HttpApi,
  HttpMethod,
  HttpStage,
  LogGroupLogDestination,
  WebSocketApi,
  WebSocketStage,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { PLAYER_TOKEN_AUDIENCE } from '../functions/launch/token-issuer';
import { HttpLambdaIntegration, WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { type Alias, Architecture, FilterCriteria, Runtime, StartingPosition, Tracing } from 'aws-cdk-lib/aws-lambda';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { DynamoEventSource, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { type ITableV2, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { acknowledge, findingEnvironment } from './acknowledge';
import { CasinoTable } from './casino-table';
import { FUNCTION_PROCESS_ENVIRONMENT, functionBundling } from './function-bundling';
import type { DeploymentSettings, FunctionRole } from './deployment-settings';
import { GradualDeploys } from './gradual-deploys';
import { HostedClient, CLIENT_SOCKET_PATH } from './hosted-client';
import { SecretRotation, secretRotationEntry } from './secret-rotation';
import { Monitoring, type WatchedFunction } from './monitoring';
import { TableBackup } from './table-backup';
import { TABLE_ACCESS, type TableAccess } from './table-access';
import { LIVE_ITEM_SORT_KEYS } from '../functions/store/live/stream-changes';
import { partitionSetting } from '../functions/store/kernel/store-partitions';
import { SERVICE_NAME, metricNamespaceOf } from '../functions/observability/metric-names';

/** The one entry point: the same handler the local server and the integration tests call. */
export const graphqlHandlerEntry = fileURLToPath(new URL('../functions/graphql/handler.ts', import.meta.url));
const sweeperHandlerEntry = fileURLToPath(new URL('../functions/sweeper/handler.ts', import.meta.url));
const ledgerCheckEntry = fileURLToPath(new URL('../functions/ledger/handler.ts', import.meta.url));
const settlementWorkerEntry = fileURLToPath(new URL('../functions/workers/settlement-handler.ts', import.meta.url));
const walletWorkerEntry = fileURLToPath(new URL('../functions/workers/wallet-call-handler.ts', import.meta.url));
const rngWorkerEntry = fileURLToPath(new URL('../functions/workers/rng-dealer-handler.ts', import.meta.url));
const liveEntry = (file: string) => fileURLToPath(new URL(`../functions/live/${file}`, import.meta.url));

export interface CasinoTablesStackProps extends Omit<StackProps, 'env' | 'crossRegionReferences'> {
  readonly settings: DeploymentSettings;
  /** The stage's firewall, from its edge stack in us-east-1 (edge-firewall.ts). */
  readonly webAclArn: string;
}

/**
 * client -> HTTP API (JWT authorizer) -> GraphQL Lambda -> DynamoDB table;
 * player's browser -> CloudFront -> the HTTP API (pages, API), S3 (the pages' script and styles), the WebSocket API (/live);
 * an outcome -> the settlement queue -> settlement worker Lambdas (a part of a big round each) -> the table;
 * a schedule -> settlement sweeper Lambda -> the same table;
 * a table the server deals -> the round loop queue (delayed messages) -> round loop worker Lambda -> the table;
 * subscriber -> WebSocket API -> socket Lambda -> the table (connections, subscriptions);
 * the table's stream -> stream Lambda -> a fan-out Lambda per shard -> @connections -> subscribers.
 * Every function is invoked through its alias `live`, which CodeDeploy moves gradually (gradual-deploys.ts).
 * In the stage's region, with no account and no lookups: synthesizes offline.
 */
export class CasinoTablesStack extends Stack {
  /** The stage's table, or, for a failover stage, the replica of another stage's in this region. */
  readonly table: ITableV2;
  readonly graphqlFunction: NodejsFunction;
  readonly sweeperFunction: NodejsFunction;
  readonly sweeperDeadLetters: Queue;
  readonly ledgerCheckFunction: NodejsFunction;
  readonly ledgerCheckDeadLetters: Queue;
  readonly settlementQueue: Queue;
  /** Calls to seamless partners' wallets (credits, rollbacks), for the wallet workers; its dead letters beside it. */
  readonly walletQueue: Queue;
  readonly walletDeadLetters: Queue;
  readonly walletWorkerFunction: NodejsFunction;
  readonly settlementDeadLetters: Queue;
  readonly settlementWorkerFunction: NodejsFunction;
  /** The steps of the round loops of tables the server deals, each delayed to its moment; its dead letters beside it. */
  readonly rngQueue: Queue;
  readonly rngDeadLetters: Queue;
  readonly rngWorkerFunction: NodejsFunction;
  readonly httpApi: HttpApi;
  readonly webSocketApi: WebSocketApi;
  readonly socketFunction: NodejsFunction;
  readonly streamFunction: NodejsFunction;
  readonly fanOutFunction: NodejsFunction;
  readonly backup: TableBackup;
  readonly hostedClient: HostedClient;
  readonly monitoring: Monitoring;
  readonly deploys: GradualDeploys;
  /** Partners' secrets and the house's token keys, rotated on Secrets Manager's schedule (secret-rotation.ts). */
  readonly secretRotation: SecretRotation;
  /** The value CloudFront adds to every request it sends the APIs, which refuse any without it (edge/origin-guard.ts). */
  readonly originSecret: Secret;
  private readonly settings: DeploymentSettings;
  private readonly liveAliases = new Map<NodejsFunction, Alias>();
  private readonly watched: WatchedFunction[] = [];

  constructor(scope: Construct, id: string, props: CasinoTablesStackProps) {
    // The stage's region is named: a replica of the table, and the firewall's ARN from us-east-1, need it.
    super(scope, id, { ...props, env: { region: props.settings.region }, crossRegionReferences: true });
    const { settings } = props;
    this.settings = settings;
    Tags.of(this).add('casino-tables:stage', settings.stage);
    this.deploys = new GradualDeploys(this, 'Deploys', {
      deploymentConfig: settings.deploymentConfig,
      rollbackOnAlarms: settings.rollbackOnAlarms,
    });

    this.table = settings.failover
      ? TableV2.fromTableAttributes(this, 'Table', { tableName: settings.failover.tableName, tableStreamArn: settings.failover.streamArn })
      : new CasinoTable(this, 'Table', {
          retainData: settings.retainData,
          warmWritesPerSecond: settings.warmWritesPerSecond,
          replicaRegions: settings.replicaRegions,
        });
    this.backup = new TableBackup(this, 'Backup', {
      table: this.table,
      dailyRetentionDays: settings.dailyBackupRetentionDays,
      monthlyRetentionDays: settings.monthlyBackupRetentionDays,
      retainData: settings.retainData,
      planName: this.stackName,
    });
    acknowledge(
      this.backup,
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSBackupServiceRolePolicyForBackup]',
      "AWS Backup's own service-role policy: the actions it needs to back up DynamoDB, kept current by AWS.",
    );

    // A big round's settlement, in parts, each paid by a worker of its own at once (docs/DATA-MODEL.md, "Settlement").
    const workerTimeout = Duration.minutes(1);
    this.settlementDeadLetters = this.deadLetters('SettlementDeadLetters', 'the settlement queue');
    this.settlementQueue = new Queue(this, 'SettlementQueue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // Lambda's advice: six times the function's timeout, so that a message is not delivered again while one runs it.
      visibilityTimeout: Duration.seconds(6 * workerTimeout.toSeconds()),
      // A part failed five times goes to the dead letters (with an alarm); the sweeper pays it meanwhile.
      deadLetterQueue: { queue: this.settlementDeadLetters, maxReceiveCount: 5 },
      removalPolicy: this.dataRemoval,
    });
    this.settlementWorkerFunction = this.appFunction('SettlementWorkerFunction', 'settlementWorker', settlementWorkerEntry, {
      memorySize: 1024,
      timeout: workerTimeout,
    });
    this.liveOf(this.settlementWorkerFunction).addEventSource(
      new SqsEventSource(this.settlementQueue, {
        // A part a message: every part of a round is paid by a worker of its own, at once.
        batchSize: 1,
        reportBatchItemFailures: true,
      }),
    );

    // Calls to seamless partners' wallets (docs/WALLET.md): each a message, delivered by a worker;
    // a call the wallet does not take is sent again by the worker itself, with backoff, for 24
    // hours (then set aside, with the WalletCallsDeadLettered alarm). The dead letters here are
    // messages our worker failed on (not the wallet): the sweeper finds their calls anyway.
    this.walletDeadLetters = this.deadLetters('WalletDeadLetters', 'the wallet queue');
    const walletWorkerTimeout = Duration.seconds(30);
    this.walletQueue = new Queue(this, 'WalletQueue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(6 * walletWorkerTimeout.toSeconds()),
      deadLetterQueue: { queue: this.walletDeadLetters, maxReceiveCount: 5 },
      removalPolicy: this.dataRemoval,
    });
    // Partners' wallet secrets, one per partner under the stage's prefix, written by the house's operators' configuration.
    // A failover stage reads the secrets of the stage it stands in for (replicated to its region).
    const walletSecretPrefix = `casino-tables/${settings.failover?.of ?? settings.stage}/wallet/`;
    const walletSecrets = Stack.of(this).formatArn({
      service: 'secretsmanager',
      resource: 'secret',
      resourceName: `${walletSecretPrefix}*`,
      arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    });
    const walletEnvironment = {
      WALLET_QUEUE_URL: this.walletQueue.queueUrl,
      WALLET_SECRETS: `secretsmanager:${walletSecretPrefix}`,
      // Each secret created is copied to the table's replica regions, for a failover stage there.
      ...(settings.replicaRegions.length > 0 ? { SECRET_REPLICA_REGIONS: settings.replicaRegions.join(',') } : {}),
    };
    this.walletWorkerFunction = this.appFunction('WalletWorkerFunction', 'walletWorker', walletWorkerEntry, {
      memorySize: 512,
      timeout: walletWorkerTimeout,
      environment: walletEnvironment,
    });
    this.liveOf(this.walletWorkerFunction).addEventSource(
      new SqsEventSource(this.walletQueue, { batchSize: 10, reportBatchItemFailures: true }),
    );

    this.graphqlFunction = this.appFunction('GraphqlFunction', 'graphql', graphqlHandlerEntry, {
      // Apollo's cold start is CPU-bound, and Lambda's CPU share grows with memory.
      memorySize: 1024,
      // Well inside API Gateway's 30 s integration limit, so a stuck call fails as a Lambda timeout we can see.
      timeout: Duration.seconds(10),
      // Where recording a big round's outcome hands its parts to the settlement workers; where wallet calls go.
      environment: { SETTLEMENT_QUEUE_URL: this.settlementQueue.queueUrl, ...walletEnvironment },
    });
    this.settlementQueue.grantSendMessages(this.graphqlFunction);
    // Settlement workers pay seamless players by wallet calls too: they hand them to the wallet workers.
    this.settlementWorkerFunction.addEnvironment('WALLET_QUEUE_URL', this.walletQueue.queueUrl);

    // The round loops of tables the server deals (docs/FAIRNESS.md, "The round loop"): each step an
    // SQS message delayed to its moment (up to 15 minutes); a worker closes betting, deals, pays
    // and sends the next step. A step failed five times goes to the dead letters, with an alarm;
    // the sweeper restarts any loop whose step is overdue.
    const rngWorkerTimeout = Duration.seconds(30);
    this.rngDeadLetters = this.deadLetters('RngDeadLetters', 'the round loop queue');
    this.rngQueue = new Queue(this, 'RngQueue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(6 * rngWorkerTimeout.toSeconds()),
      deadLetterQueue: { queue: this.rngDeadLetters, maxReceiveCount: 5 },
      removalPolicy: this.dataRemoval,
    });
    const rngEnvironment = { RNG_QUEUE_URL: this.rngQueue.queueUrl };
    this.rngWorkerFunction = this.appFunction('RngWorkerFunction', 'rngWorker', rngWorkerEntry, {
      memorySize: 1024,
      timeout: rngWorkerTimeout,
      // A big round's parts go to the settlement workers, seamless players' credits to the wallet workers.
      environment: { ...rngEnvironment, SETTLEMENT_QUEUE_URL: this.settlementQueue.queueUrl, WALLET_QUEUE_URL: this.walletQueue.queueUrl },
    });
    this.liveOf(this.rngWorkerFunction).addEventSource(new SqsEventSource(this.rngQueue, { batchSize: 10, reportBatchItemFailures: true }));
    this.settlementQueue.grantSendMessages(this.rngWorkerFunction);
    // Opening a table the server deals, and resuming one, send its first step.
    this.graphqlFunction.addEnvironment('RNG_QUEUE_URL', this.rngQueue.queueUrl);

    // Finishes, every minute, any settlement a crash left at a table nobody has used since.
    this.sweeperFunction = this.appFunction('SettlementSweeperFunction', 'sweeper', sweeperHandlerEntry, {
      memorySize: 512,
      timeout: Duration.minutes(1),
      environment: { ...walletEnvironment, ...rngEnvironment },
    });
    for (const fn of [
      this.graphqlFunction,
      this.walletWorkerFunction,
      this.sweeperFunction,
      this.settlementWorkerFunction,
      this.rngWorkerFunction,
    ])
      this.walletQueue.grantSendMessages(fn);
    for (const fn of [this.graphqlFunction, this.sweeperFunction, this.rngWorkerFunction]) this.rngQueue.grantSendMessages(fn);
    // Configuring a partner writes its secret (the GraphQL function alone); calls read it (a bet's
    // debit, a worker's credit, the sweeper's). Never listed, never deleted.
    for (const [fn, actions] of [
      [this.graphqlFunction, ['secretsmanager:CreateSecret', 'secretsmanager:PutSecretValue', 'secretsmanager:GetSecretValue']],
      [this.walletWorkerFunction, ['secretsmanager:GetSecretValue']],
      [this.sweeperFunction, ['secretsmanager:GetSecretValue']],
    ] as const) {
      fn.addToRolePolicy(new PolicyStatement({ actions: [...actions], resources: [walletSecrets] }));
      acknowledge(
        fn.role!,
        `AwsSolutions-IAM5[Resource::arn:${findingEnvironment(this).partition}:secretsmanager:${findingEnvironment(this).region}:<AWS::AccountId>:secret:${walletSecretPrefix}*]`,
        "Partners' wallet secrets: one per partner, created when an operator configures a partner, so named by the stage's prefix.",
      );
    }
    // Partners' secrets and the house's token keys rotate on Secrets Manager's schedule (docs/DEPLOY.md, "Rotation").
    const rotationFunction = this.appFunction('SecretRotationFunction', 'secretRotation', secretRotationEntry, {
      memorySize: 512,
      timeout: Duration.minutes(1),
    });
    this.secretRotation = new SecretRotation(this, 'SecretRotation', {
      secretPrefix: walletSecretPrefix,
      secretsArn: walletSecrets,
      rotationFunction,
      rotationAlias: this.liveOf(rotationFunction),
      creators: [this.graphqlFunction],
      ringMovers: [this.walletWorkerFunction, this.sweeperFunction],
    });
    // The functions that create secrets copy each to the replica regions as they create it.
    if (settings.replicaRegions.length > 0) {
      rotationFunction.addEnvironment('SECRET_REPLICA_REGIONS', settings.replicaRegions.join(','));
      for (const fn of [this.graphqlFunction, rotationFunction])
        fn.addToRolePolicy(new PolicyStatement({ actions: ['secretsmanager:ReplicateSecretToRegions'], resources: [walletSecrets] }));
    }

    // A failed sweep (or one EventBridge could not deliver) is kept two weeks, and raises an alarm.
    this.sweeperDeadLetters = this.deadLetters('SweeperDeadLetters', 'the sweeper');
    this.liveOf(this.sweeperFunction).configureAsyncInvoke({
      // The next sweep, a minute later, is the retry: a failed run goes to the dead letters at once.
      retryAttempts: 0,
      maxEventAge: Duration.minutes(1),
      onFailure: new SqsDestination(this.sweeperDeadLetters),
    });
    new Rule(this, 'SettlementSweepSchedule', {
      description: 'Finish interrupted settlements at idle tables',
      schedule: Schedule.rate(Duration.minutes(1)),
      targets: [new LambdaFunction(this.liveOf(this.sweeperFunction), { retryAttempts: 0, deadLetterQueue: this.sweeperDeadLetters })],
    });

    // The ledger's daily check (functions/ledger/handler.ts): every day over and not checked yet,
    // twenty minutes after each midnight (UTC); a run that finds something fails, with an alarm.
    this.ledgerCheckFunction = this.appFunction('LedgerCheckFunction', 'ledgerCheck', ledgerCheckEntry, {
      memorySize: 1024,
      timeout: Duration.minutes(15),
    });
    this.ledgerCheckDeadLetters = this.deadLetters('LedgerCheckDeadLetters', 'the ledger check');
    this.liveOf(this.ledgerCheckFunction).configureAsyncInvoke({
      // Checking a day again finds the same: the next day's run is the retry.
      retryAttempts: 0,
      onFailure: new SqsDestination(this.ledgerCheckDeadLetters),
    });
    new Rule(this, 'LedgerCheckSchedule', {
      description: 'Check the ledger of every day over, a day at a time',
      schedule: Schedule.cron({ minute: '20', hour: '0' }),
      targets: [
        new LambdaFunction(this.liveOf(this.ledgerCheckFunction), { retryAttempts: 0, deadLetterQueue: this.ledgerCheckDeadLetters }),
      ],
    });

    const authorizer = new HttpJwtAuthorizer('JwtAuthorizer', settings.jwtIssuer, {
      jwtAudience: [...settings.jwtAudience],
    });
    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: `Live casino tables GraphQL API (${settings.stage})`,
      corsPreflight: {
        // Apollo's CSRF prevention needs one of the two apollo headers on GET and non-JSON POST.
        allowHeaders: ['content-type', 'authorization', 'apollo-require-preflight', 'x-apollo-operation-name'],
        allowMethods: [CorsHttpMethod.GET, CorsHttpMethod.POST, CorsHttpMethod.OPTIONS],
        ...(settings.allowedOrigins.length > 0 ? { allowOrigins: [...settings.allowedOrigins] } : {}),
        maxAge: Duration.hours(1),
      },
      // The stage is made below, with its throttling and access log.
      createDefaultStage: false,
    });
    new HttpStage(this, 'HttpApiStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: settings.throttle,
      accessLogSettings: {
        destination: new LogGroupLogDestination(this.logGroup('HttpApiAccessLogs')),
        format: HTTP_ACCESS_LOG,
      },
    });
    const graphqlIntegration = new HttpLambdaIntegration('GraphqlIntegration', this.liveOf(this.graphqlFunction));
    this.httpApi.addRoutes({ path: '/graphql', methods: [HttpMethod.POST, HttpMethod.GET], integration: graphqlIntegration, authorizer });
    // The house's own player tokens (docs/LAUNCH.md): issued by this API, whose function serves their
    // keys (/.well-known/), and trusted on a path of their own, beside the identity provider's.
    const playerTokenIssuer = this.httpApi.apiEndpoint;
    this.graphqlFunction.addEnvironment('PLAYER_TOKEN_ISSUER', playerTokenIssuer);
    this.httpApi.addRoutes({
      path: '/play/graphql',
      methods: [HttpMethod.POST, HttpMethod.GET],
      integration: graphqlIntegration,
      authorizer: new HttpJwtAuthorizer('PlayerTokenAuthorizer', playerTokenIssuer, { jwtAudience: [PLAYER_TOKEN_AUDIENCE] }),
    });
    // The session routes check their callers themselves: a partner's signature, a launch's one-time code, a player token of ours; the keys are public.
    for (const [path, method] of [
      ['/partner/v1/{proxy+}', HttpMethod.POST],
      ['/session/v1/{proxy+}', HttpMethod.POST],
      ['/.well-known/{proxy+}', HttpMethod.GET],
      ['/rounds/v1/{proxy+}', HttpMethod.GET],
    ] as const) {
      for (const route of this.httpApi.addRoutes({ path, methods: [method], integration: graphqlIntegration }))
        acknowledge(
          route,
          'AwsSolutions-APIG4',
          "A session route (functions/launch/routes.ts): a partner's calls are signed with its credential, a launch's code is good once for a minute, a refresh carries a player token of ours, a round's details carry the house's signature, and the token keys are public. No JWT exists before them.",
        );
    }
    // The hosted client's pages (functions/launch/hosted-pages.ts): HTML shells the GraphQL function
    // renders, each partner's frame-ancestors with it; their script and styles come from S3 (HostedClient).
    for (const path of ['/tables/{tableId}', '/lobby', '/rounds/{roundId}']) {
      for (const route of this.httpApi.addRoutes({ path, methods: [HttpMethod.GET], integration: graphqlIntegration }))
        acknowledge(
          route,
          'AwsSolutions-APIG4',
          "A hosted page: a public HTML shell, reading nothing. The player's token comes from the launch code exchange the page itself does (a session route); a round's details page shows what its signed link allows, and nothing is read without a token or a signed link.",
        );
    }

    if (new URL(settings.jwtIssuer).hostname.endsWith('.invalid')) {
      Annotations.of(this).addWarningV2(
        'casino-tables:placeholderJwtIssuer',
        `jwtIssuer is the placeholder ${settings.jwtIssuer}: every token will be refused. Set the stage's jwtIssuer and jwtAudience in cdk.json, or deploy with -c jwtIssuer=<issuer URL> -c jwtAudience=<audience>.`,
      );
    }

    // Subscriptions (docs/LIVE.md): the graphql-ws protocol on API Gateway's WebSocket API.
    this.webSocketApi = new WebSocketApi(this, 'WebSocketApi', {
      description: `Live casino tables GraphQL subscriptions, graphql-ws (${settings.stage})`,
    });
    const liveStage = new WebSocketStage(this, 'LiveStage', {
      webSocketApi: this.webSocketApi,
      stageName: 'live',
      autoDeploy: true,
      throttle: settings.throttle,
      accessLogSettings: {
        destination: new LogGroupLogDestination(this.logGroup('WebSocketAccessLogs')),
        format: WEBSOCKET_ACCESS_LOG,
      },
    });
    const liveEnvironment = { WEBSOCKET_ENDPOINT: liveStage.callbackUrl };
    this.socketFunction = this.appFunction('SocketFunction', 'socket', liveEntry('socket-handler.ts'), {
      memorySize: 1024,
      timeout: Duration.seconds(10),
      environment: {
        ...liveEnvironment,
        JWT_ISSUER: settings.jwtIssuer,
        JWT_AUDIENCE: settings.jwtAudience.join(','),
        PLAYER_TOKEN_ISSUER: playerTokenIssuer,
      },
    });
    const socketIntegration = (id: string) => new WebSocketLambdaIntegration(id, this.liveOf(this.socketFunction));
    for (const routeKey of ['$connect', '$disconnect', '$default']) {
      const route = this.webSocketApi.addRoute(routeKey, { integration: socketIntegration(`${routeKey.slice(1)}Integration`) });
      acknowledge(
        route,
        'AwsSolutions-APIG4',
        'graphql-ws sends the token in connection_init, not in the upgrade request (browsers cannot set headers on a WebSocket): the socket function verifies it against the issuer (issuer-verifier.ts) before any subscription.',
      );
    }

    // The hosted client (docs/DEPLOY.md, "The hosted client" and "The edge"): one CloudFront
    // distribution, behind the firewall, in front of the pages and the API, the client's files (S3)
    // and the socket (/live); the APIs refuse whatever did not come through it.
    this.originSecret = new Secret(this, 'OriginSecret', {
      description: `Casino tables (${settings.stage}): what CloudFront adds to every request it sends the APIs`,
      generateSecretString: { excludePunctuation: true, passwordLength: 48 },
      removalPolicy: RemovalPolicy.DESTROY,
    });
    acknowledge(
      this.originSecret,
      'AwsSolutions-SMG4',
      'Not rotated by a schedule: CloudFront holds its value in the distribution\'s configuration, read at deploy. It changes by a new value and a deploy (docs/DEPLOY.md, "The edge"); the APIs take the previous value meanwhile.',
    );
    for (const fn of [this.graphqlFunction, this.socketFunction]) {
      fn.addEnvironment('ORIGIN_SECRET_ARN', this.originSecret.secretArn);
      this.originSecret.grantRead(fn);
    }
    this.hostedClient = new HostedClient(this, 'HostedClient', {
      originSecret: this.originSecret,
      webAclArn: props.webAclArn,
      edge: settings.edge,
      httpApi: this.httpApi,
      webSocketApi: this.webSocketApi,
      stage: settings.stage,
      retainData: settings.retainData,
      logRetentionDays: settings.logRetentionDays,
      deploymentLogGroup: this.logGroup('ClientDeploymentLogs'),
    });
    // Where players reach the house: the launch URLs, the pages and the round details links (in
    // wallet credits too) name it. The token issuer stays the API's own URL.
    for (const fn of [
      this.graphqlFunction,
      this.sweeperFunction,
      this.settlementWorkerFunction,
      this.walletWorkerFunction,
      this.rngWorkerFunction,
    ])
      fn.addEnvironment('PUBLIC_BASE_URL', this.hostedClient.publicBaseUrl);
    // The pages open their socket on their own origin, at this path.
    this.graphqlFunction.addEnvironment('CLIENT_SOCKET_PATH', CLIENT_SOCKET_PATH);

    this.fanOutFunction = this.appFunction('FanOutFunction', 'fanOut', liveEntry('fan-out-handler.ts'), {
      // A shard's few hundred posts, 64 at a time: CPU for signing and TLS (docs/LIVE.md, "Scale").
      memorySize: 1769,
      timeout: Duration.seconds(30),
      environment: liveEnvironment,
    });
    this.streamFunction = this.appFunction('StreamFunction', 'stream', liveEntry('stream-handler.ts'), {
      memorySize: 512,
      timeout: Duration.seconds(30),
      environment: { FAN_OUT_FUNCTION: this.liveOf(this.fanOutFunction).functionArn },
    });
    // Its alias alone (grantInvoke would add every version): it is always called through it.
    this.streamFunction.addToRolePolicy(
      new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [this.liveOf(this.fanOutFunction).functionArn] }),
    );
    for (const fn of [this.socketFunction, this.fanOutFunction]) {
      liveStage.grantManagementApiAccess(fn);
      acknowledge(
        fn.role!,
        `AwsSolutions-IAM5[Resource::arn:${findingEnvironment(this).partition}:execute-api:${findingEnvironment(this).region}:<AWS::AccountId>:<WebSocketApi34BCF99B>/live/*/@connections/*]`,
        "Posting to and closing connections of this API's live stage: connection ids exist only at run time.",
      );
    }
    const streamLive = this.liveOf(this.streamFunction);
    streamLive.addEventSource(
      new DynamoEventSource(this.table, {
        startingPosition: StartingPosition.LATEST,
        batchSize: 100,
        // One batch at a time per stream shard: a table's events stay in order.
        parallelizationFactor: 1,
        // An event older than a minute is of no use to a live table: retried briefly, then dropped.
        retryAttempts: 2,
        maxRecordAge: Duration.minutes(1),
        bisectBatchOnError: true,
        // Only the changes subscribers hear of: Lambda is not invoked for journals, plans, gates and seats.
        filters: [
          FilterCriteria.filter({
            eventName: ['INSERT', 'MODIFY'],
            dynamodb: {
              Keys: { sk: { S: [...LIVE_ITEM_SORT_KEYS.exact, ...LIVE_ITEM_SORT_KEYS.prefixes.map((prefix) => ({ prefix }))] } },
            },
          }),
        ],
      }),
    );

    // Where what an event source could not deliver goes (cdk-nag's Serverless-LambdaEventSourceMappingDestination).
    for (const [fn, reason] of [
      [
        this.settlementWorkerFunction,
        "An SQS source: a message failed five times goes to the queue's own dead letters (its redrive policy).",
      ],
      [this.walletWorkerFunction, "An SQS source: a message failed five times goes to the queue's own dead letters (its redrive policy)."],
      [this.rngWorkerFunction, "An SQS source: a message failed five times goes to the queue's own dead letters (its redrive policy)."],
      [this.streamFunction, 'The live feed: a change older than a minute is of no use to a live table, and is dropped after two retries.'],
    ] as const)
      acknowledge(this.liveOf(fn), 'Serverless-LambdaEventSourceMappingDestination', reason);

    this.monitoring = new Monitoring(this, 'Monitoring', {
      settings,
      walletQueue: this.walletQueue,
      functions: this.watched,
      httpApi: this.httpApi,
      webSocketApi: this.webSocketApi,
      table: this.table,
      sweeperDeadLetters: this.sweeperDeadLetters,
      sweeper: this.sweeperFunction,
      settlementDeadLetters: this.settlementDeadLetters,
      walletDeadLetters: this.walletDeadLetters,
      rngDeadLetters: this.rngDeadLetters,
      ledgerCheckDeadLetters: this.ledgerCheckDeadLetters,
    });

    // A new version of any function is rolled back when its own failures, or any sign that players
    // are hurt (5xx, internal errors, settlements overdue, wallet calls lagging), alarm during its deploy.
    const hurtPlayers = ['ApiServerErrors', 'InternalErrors', 'SettlementsOverdue', 'WalletDeliveryLag'].map((name) =>
      this.monitoring.alarmNamed(name),
    );
    this.deploys.rollBackOn((name) => [this.monitoring.alarmNamed(`${name}Errors`), ...hurtPlayers]);

    new CfnOutput(this, 'PublicUrl', {
      description: 'The hosted client and the API through CloudFront: launch URLs, pages and round details links name it',
      value: this.hostedClient.publicBaseUrl,
    });
    // Through the edge: the APIs' own execute-api addresses refuse what did not come through it.
    new CfnOutput(this, 'GraphqlUrl', {
      description: 'GraphQL endpoint, through the edge (POST or GET, bearer token required)',
      value: `${this.hostedClient.publicBaseUrl}/graphql`,
    });
    new CfnOutput(this, 'WebSocketUrl', {
      description: 'GraphQL subscriptions, through the edge (WebSocket, graphql-ws protocol; token in connection_init)',
      value: `wss://${this.hostedClient.publicHost}${CLIENT_SOCKET_PATH}`,
    });
    new CfnOutput(this, 'TableName', { description: 'DynamoDB table', value: this.table.tableName });
    new CfnOutput(this, 'AlarmTopicArn', { description: 'SNS topic every alarm notifies', value: this.monitoring.topic.topicArn });
    new CfnOutput(this, 'DashboardName', { description: 'CloudWatch dashboard', value: this.monitoring.dashboard.dashboardName });
  }

  /**
   * A function of this app: the bundled entry, traced, with its own log group, the concurrency
   * its stage reserves, and a role that may write its logs, send traces and call exactly the
   * table actions of TABLE_ACCESS: no managed policy, nothing on the table it does not call.
   */
  private appFunction(
    id: string,
    role: FunctionRole,
    entry: string,
    options: { memorySize: number; timeout: Duration; environment?: Record<string, string> },
  ): NodejsFunction {
    const logGroup = this.logGroup(`${id}Logs`);
    const executionRole = new Role(this, `${id}Role`, { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    executionRole.addToPolicy(
      new PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [logGroup.logGroupArn] }),
    );
    const fn = new NodejsFunction(this, id, {
      entry,
      handler: 'handler',
      // Node.js 24: the newest runtime Lambda offers, supported into 2028.
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: options.memorySize,
      timeout: options.timeout,
      role: executionRole,
      tracing: Tracing.ACTIVE,
      reservedConcurrentExecutions: this.settings.reservedConcurrency[role],
      environment: {
        TABLE_NAME: this.table.tableName,
        // Every function of the stage reads and writes the same partitions (store-partitions.ts).
        STORE_PARTITIONS: partitionSetting(this.settings.storePartitions),
        ...FUNCTION_PROCESS_ENVIRONMENT,
        POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
        POWERTOOLS_METRICS_NAMESPACE: metricNamespaceOf(this.settings.stage),
        ...options.environment,
      },
      logGroup,
      bundling: functionBundling(entry),
    });
    if (role !== 'stream') this.grantTableAccess(fn, TABLE_ACCESS[role]);
    acknowledge(
      executionRole,
      'AwsSolutions-IAM5[Resource::*]',
      'X-Ray trace segments and telemetry (Tracing.ACTIVE): xray:PutTraceSegments and xray:PutTelemetryRecords have no resource-level permissions.',
    );
    acknowledge(fn, 'Serverless-LambdaDLQ', ASYNC_FAILURES[role]);
    this.watched.push({ name: id, fn, timeout: options.timeout, logGroup });
    this.liveAliases.set(fn, this.deploys.live(id, fn));
    return fn;
  }

  /** What invokes a function: its alias `live`, which each deploy moves gradually (gradual-deploys.ts). */
  private liveOf(fn: NodejsFunction): Alias {
    return this.liveAliases.get(fn)!;
  }

  /** The table actions a function calls, on the table and on each index it queries, by exact ARN. */
  private grantTableAccess(fn: NodejsFunction, access: TableAccess) {
    fn.addToRolePolicy(
      new PolicyStatement({ actions: access.table.map((action) => `dynamodb:${action}`), resources: [this.table.tableArn] }),
    );
    for (const [index, actions] of Object.entries(access.indexes)) {
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: actions.map((action) => `dynamodb:${action}`),
          resources: [`${this.table.tableArn}/index/${index}`],
        }),
      );
    }
  }

  /** A dead-letter queue, of `of` (the settlement queue, the sweeper...): kept two weeks, encrypted, over TLS only. */
  private deadLetters(id: string, of: string): Queue {
    const queue = new Queue(this, id, {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
      removalPolicy: this.dataRemoval,
    });
    for (const rule of ['AwsSolutions-SQS3', 'Serverless-SQSRedrivePolicy'])
      acknowledge(queue, rule, `This queue is itself the dead-letter queue of ${of}.`);
    return queue;
  }

  /** What becomes of the stage's data (its queue's, its logs') when the stack goes: kept where the stage retains data. */
  private get dataRemoval(): RemovalPolicy {
    return this.settings.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
  }

  /** A log group of the stack's, kept as long as the stage keeps logs, and deleted with the stack unless it retains data. */
  private logGroup(id: string): LogGroup {
    return new LogGroup(this, id, {
      retention: this.settings.logRetentionDays,
      removalPolicy: this.dataRemoval,
    });
  }
}

/** Where a function's failed invocations are kept, instead of a dead-letter queue of the function's own (cdk-nag's Serverless-LambdaDLQ). */
const ASYNC_FAILURES: Record<FunctionRole, string> = {
  graphql: 'Invoked synchronously by the HTTP API: a failure is answered to the caller, never queued.',
  socket: 'Invoked synchronously by the WebSocket API: a failure is answered to the connection, never queued.',
  settlementWorker:
    "Fed by the settlement queue: a message failed five times goes to the queue's own dead letters (SettlementDeadLetters).",
  walletWorker: "Fed by the wallet queue: a message failed five times goes to the queue's own dead letters (WalletDeadLetters).",
  rngWorker: "Fed by the round loop queue: a message failed five times goes to the queue's own dead letters (RngDeadLetters).",
  sweeper: 'Invoked by its schedule through its alias, whose on-failure destination is SweeperDeadLetters (configureAsyncInvoke).',
  ledgerCheck: 'Invoked by its schedule through its alias, whose on-failure destination is LedgerCheckDeadLetters (configureAsyncInvoke).',
  stream: "Polls the table's stream: an event older than a minute is of no use to a live table, and is dropped after two retries.",
  fanOut: 'Invoked by the stream function, which waits for its answer: a failed shard is retried by the stream batch.',
  secretRotation:
    "Invoked by Secrets Manager, a step at a time: a failed step fails the rotation, which Secrets Manager retries and shows (and the function's Errors alarm).",
};

/** Each HTTP request: who (the token's subject), what, how it ended, how long it took. */
const HTTP_ACCESS_LOG = AccessLogFormat.custom(
  JSON.stringify({
    requestId: '$context.requestId',
    time: '$context.requestTime',
    ip: '$context.identity.sourceIp',
    route: '$context.routeKey',
    status: '$context.status',
    bytes: '$context.responseLength',
    latencyMs: '$context.responseLatency',
    integrationLatencyMs: '$context.integrationLatency',
    integrationError: '$context.integrationErrorMessage',
    authorizerError: '$context.authorizer.error',
    subject: '$context.authorizer.claims.sub',
  }),
);

/** Each WebSocket connect, message and disconnect. */
const WEBSOCKET_ACCESS_LOG = AccessLogFormat.custom(
  JSON.stringify({
    requestId: '$context.requestId',
    time: '$context.requestTime',
    ip: '$context.identity.sourceIp',
    connectionId: '$context.connectionId',
    route: '$context.routeKey',
    event: '$context.eventType',
    status: '$context.status',
    integrationError: '$context.integrationErrorMessage',
  }),
);
