import { fileURLToPath } from 'node:url';
import { Annotations, CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { CorsHttpMethod, HttpApi, HttpMethod, WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration, WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Architecture, FilterCriteria, Runtime, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { Construct } from 'constructs';
import { CasinoTable } from './casino-table';
import { functionBundling } from './function-bundling';
import type { DeploymentSettings } from './deployment-settings';
import { LIVE_ITEM_SORT_KEYS } from '../functions/store/stream-changes';

/** The one entry point: the same handler the local server and the integration tests call. */
const graphqlHandlerEntry = fileURLToPath(new URL('../functions/graphql/handler.ts', import.meta.url));
const sweeperHandlerEntry = fileURLToPath(new URL('../functions/sweeper/handler.ts', import.meta.url));
const liveEntry = (file: string) => fileURLToPath(new URL(`../functions/live/${file}`, import.meta.url));

export interface CasinoTablesStackProps extends StackProps {
  readonly settings: DeploymentSettings;
}

/**
 * client -> HTTP API (JWT authorizer) -> GraphQL Lambda -> DynamoDB table;
 * a schedule -> settlement sweeper Lambda -> the same table;
 * subscriber -> WebSocket API -> socket Lambda -> the table (connections, subscriptions);
 * the table's stream -> stream Lambda -> a fan-out Lambda per shard -> @connections -> subscribers.
 * Environment-agnostic (no account/region, no lookups): synthesizes offline.
 */
export class CasinoTablesStack extends Stack {
  readonly table: CasinoTable;
  readonly graphqlFunction: NodejsFunction;
  readonly sweeperFunction: NodejsFunction;
  readonly httpApi: HttpApi;
  readonly webSocketApi: WebSocketApi;
  readonly socketFunction: NodejsFunction;
  readonly streamFunction: NodejsFunction;
  readonly fanOutFunction: NodejsFunction;

  constructor(scope: Construct, id: string, props: CasinoTablesStackProps) {
    super(scope, id, props);
    const { settings } = props;

    this.table = new CasinoTable(this, 'Table');

    this.graphqlFunction = this.tableFunction('GraphqlFunction', graphqlHandlerEntry, {
      // Apollo's cold start is CPU-bound, and Lambda's CPU share grows with memory.
      memorySize: 1024,
      // Well inside API Gateway's 30 s integration limit, so a stuck call fails as a Lambda timeout we can see.
      timeout: Duration.seconds(10),
    });

    // Finishes, every minute, any settlement a crash left at a table nobody has used since.
    this.sweeperFunction = this.tableFunction('SettlementSweeperFunction', sweeperHandlerEntry, {
      memorySize: 512,
      timeout: Duration.minutes(1),
    });
    new Rule(this, 'SettlementSweepSchedule', {
      description: 'Finish interrupted settlements at idle tables',
      schedule: Schedule.rate(Duration.minutes(1)),
      targets: [new LambdaFunction(this.sweeperFunction, { retryAttempts: 0 })],
    });

    const authorizer = new HttpJwtAuthorizer('JwtAuthorizer', settings.jwtIssuer, {
      jwtAudience: [...settings.jwtAudience],
    });
    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: 'Live casino tables GraphQL API',
      corsPreflight: {
        // Apollo's CSRF prevention needs one of the two apollo headers on GET and non-JSON POST.
        allowHeaders: ['content-type', 'authorization', 'apollo-require-preflight', 'x-apollo-operation-name'],
        allowMethods: [CorsHttpMethod.GET, CorsHttpMethod.POST, CorsHttpMethod.OPTIONS],
        ...(settings.allowedOrigins.length > 0 ? { allowOrigins: [...settings.allowedOrigins] } : {}),
        maxAge: Duration.hours(1),
      },
    });
    this.httpApi.addRoutes({
      path: '/graphql',
      methods: [HttpMethod.POST, HttpMethod.GET],
      integration: new HttpLambdaIntegration('GraphqlIntegration', this.graphqlFunction),
      authorizer,
    });

    if (new URL(settings.jwtIssuer).hostname.endsWith('.invalid')) {
      Annotations.of(this).addWarningV2(
        'casino-tables:placeholderJwtIssuer',
        `jwtIssuer is the placeholder ${settings.jwtIssuer}: every token will be refused. Deploy with -c jwtIssuer=<issuer URL> -c jwtAudience=<audience>.`,
      );
    }

    // Subscriptions (docs/LIVE.md): the graphql-ws protocol on API Gateway's WebSocket API.
    this.webSocketApi = new WebSocketApi(this, 'WebSocketApi', { description: 'Live casino tables GraphQL subscriptions (graphql-ws)' });
    const liveStage = new WebSocketStage(this, 'LiveStage', { webSocketApi: this.webSocketApi, stageName: 'live', autoDeploy: true });
    const liveEnvironment = { WEBSOCKET_ENDPOINT: liveStage.callbackUrl };
    this.socketFunction = this.liveFunction('SocketFunction', 'socket-handler.ts', {
      memorySize: 1024,
      timeout: Duration.seconds(10),
      environment: { ...liveEnvironment, JWT_ISSUER: settings.jwtIssuer, JWT_AUDIENCE: settings.jwtAudience.join(',') },
      // Connections and subscriptions, and the table or pool a subscription names.
      tableActions: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'],
    });
    const socketIntegration = (id: string) => new WebSocketLambdaIntegration(id, this.socketFunction);
    this.webSocketApi.addRoute('$connect', { integration: socketIntegration('ConnectIntegration') });
    this.webSocketApi.addRoute('$disconnect', { integration: socketIntegration('DisconnectIntegration') });
    this.webSocketApi.addRoute('$default', { integration: socketIntegration('DefaultIntegration') });

    this.fanOutFunction = this.liveFunction('FanOutFunction', 'fan-out-handler.ts', {
      // A shard's few hundred posts, 64 at a time: CPU for signing and TLS (docs/LIVE.md, "Scale").
      memorySize: 1769,
      timeout: Duration.seconds(30),
      environment: liveEnvironment,
      // A shard's subscriptions; what their documents read (a player's limit profile); forgetting closed connections.
      tableActions: ['Query', 'GetItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'],
    });
    this.streamFunction = this.liveFunction('StreamFunction', 'stream-handler.ts', {
      memorySize: 512,
      timeout: Duration.seconds(30),
      environment: { FAN_OUT_FUNCTION: this.fanOutFunction.functionName },
      // It reads the stream (granted by its event source) and calls the fan-out: no item of the table.
      tableActions: [],
    });
    this.fanOutFunction.grantInvoke(this.streamFunction);
    liveStage.grantManagementApiAccess(this.socketFunction);
    liveStage.grantManagementApiAccess(this.fanOutFunction);
    this.streamFunction.addEventSource(
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

    new CfnOutput(this, 'GraphqlUrl', {
      description: 'GraphQL endpoint (POST or GET, bearer token required)',
      value: `${this.httpApi.apiEndpoint}/graphql`,
    });
    new CfnOutput(this, 'WebSocketUrl', {
      description: 'GraphQL subscriptions (WebSocket, graphql-ws protocol; token in connection_init)',
      value: liveStage.url,
    });
    new CfnOutput(this, 'TableName', { description: 'DynamoDB table', value: this.table.tableName });
  }

  /** A function of the live path: exactly the table actions its code calls, on the table alone. */
  private liveFunction(
    id: string,
    file: string,
    options: { memorySize: number; timeout: Duration; environment: Record<string, string>; tableActions: readonly string[] },
  ): NodejsFunction {
    const fn = this.bundledFunction(id, liveEntry(file), options);
    for (const [name, value] of Object.entries(options.environment)) fn.addEnvironment(name, value);
    if (options.tableActions.length > 0) this.table.grant(fn, ...options.tableActions.map((action) => `dynamodb:${action}`));
    return fn;
  }

  /** A function of this app: the bundled entry, with read/write on the table and nothing else. */
  private tableFunction(id: string, entry: string, size: { memorySize: number; timeout: Duration }): NodejsFunction {
    const fn = this.bundledFunction(id, entry, size);
    // Least privilege: item reads and writes on this table and its index, nothing else.
    this.table.grantReadWriteData(fn);
    return fn;
  }

  private bundledFunction(id: string, entry: string, size: { memorySize: number; timeout: Duration }): NodejsFunction {
    return new NodejsFunction(this, id, {
      entry,
      handler: 'handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: size.memorySize,
      timeout: size.timeout,
      environment: {
        TABLE_NAME: this.table.tableName,
        NODE_OPTIONS: '--enable-source-maps',
      },
      logGroup: new LogGroup(this, `${id}Logs`, { retention: RetentionDays.THREE_MONTHS }),
      bundling: functionBundling,
    });
  }
}
