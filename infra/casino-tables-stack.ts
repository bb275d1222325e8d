import { fileURLToPath } from 'node:url';
import { Annotations, CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { CorsHttpMethod, HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { Construct } from 'constructs';
import { CasinoTable } from './casino-table';
import { functionBundling } from './function-bundling';
import type { DeploymentSettings } from './deployment-settings';

/** The one entry point: the same handler the local server and the integration tests call. */
const graphqlHandlerEntry = fileURLToPath(new URL('../functions/graphql/handler.ts', import.meta.url));
const sweeperHandlerEntry = fileURLToPath(new URL('../functions/sweeper/handler.ts', import.meta.url));

export interface CasinoTablesStackProps extends StackProps {
  readonly settings: DeploymentSettings;
}

/**
 * client -> HTTP API (JWT authorizer) -> GraphQL Lambda -> DynamoDB table;
 * a schedule -> settlement sweeper Lambda -> the same table.
 * Environment-agnostic (no account/region, no lookups): synthesizes offline.
 */
export class CasinoTablesStack extends Stack {
  readonly table: CasinoTable;
  readonly graphqlFunction: NodejsFunction;
  readonly sweeperFunction: NodejsFunction;
  readonly httpApi: HttpApi;

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

    new CfnOutput(this, 'GraphqlUrl', {
      description: 'GraphQL endpoint (POST or GET, bearer token required)',
      value: `${this.httpApi.apiEndpoint}/graphql`,
    });
    new CfnOutput(this, 'TableName', { description: 'DynamoDB table', value: this.table.tableName });
  }

  /** A function of this app: the bundled entry, with read/write on the table and nothing else. */
  private tableFunction(id: string, entry: string, size: { memorySize: number; timeout: Duration }): NodejsFunction {
    const fn = new NodejsFunction(this, id, {
      entry,
      handler: 'handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      ...size,
      environment: {
        TABLE_NAME: this.table.tableName,
        NODE_OPTIONS: '--enable-source-maps',
      },
      logGroup: new LogGroup(this, `${id}Logs`, { retention: RetentionDays.THREE_MONTHS }),
      bundling: functionBundling,
    });
    // Least privilege: item reads and writes on this table and its index, nothing else.
    this.table.grantReadWriteData(fn);
    return fn;
  }
}
