import { readFileSync } from 'node:fs';
import { App } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { createTableInput, tableDefinition } from '../../functions/store/table-definition';
import { CasinoTablesStack } from '../../infra/casino-tables-stack';
import { deploymentSettingsFrom } from '../../infra/deployment-settings';

/** The context `cdk synth` sees: cdk.json's defaults and feature flags, plus overrides as with `-c`. */
const cdkJson = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as {
  app: string;
  context: Record<string, unknown>;
};

function synthesize(overrides: Record<string, unknown> = {}) {
  const app = new App({
    // Skips esbuild: the template is what is under test here, not the bundle.
    context: { ...cdkJson.context, ...overrides, 'aws:cdk:bundling-stacks': [] },
  });
  const stack = new CasinoTablesStack(app, 'CasinoTables', { settings: deploymentSettingsFrom(app.node) });
  return { stack, template: Template.fromStack(stack) };
}

const partnerContext = {
  jwtIssuer: 'https://auth.partner.example/realms/casino',
  jwtAudience: ['casino-tables-api', 'partner-platform'],
  allowedOrigins: ['https://tables.partner.example', 'http://localhost:5173'],
};

const { stack, template } = synthesize(partnerContext);

function onlyResource(type: string): { logicalId: string; resource: { Properties: Record<string, any>; [key: string]: any } } {
  const resources = template.findResources(type);
  const ids = Object.keys(resources);
  expect(ids, `exactly one ${type}`).toHaveLength(1);
  return { logicalId: ids[0]!, resource: resources[ids[0]!] as any };
}

/** The one resource of `type` whose logical id starts with `prefix` (CDK appends a hash). */
function resourceNamed(
  type: string,
  prefix: string,
): { logicalId: string; resource: { Properties: Record<string, any>; [key: string]: any } } {
  const ids = Object.keys(template.findResources(type)).filter((id) => id.startsWith(prefix));
  expect(ids, `exactly one ${type} named ${prefix}*`).toHaveLength(1);
  return { logicalId: ids[0]!, resource: template.findResources(type)[ids[0]!] as any };
}

const table = onlyResource('AWS::DynamoDB::GlobalTable');
const tableRef = { Ref: table.logicalId };
const tableArn = { 'Fn::GetAtt': [table.logicalId, 'Arn'] };

describe('cdk.json', () => {
  it('runs the app in infra/ and carries the deployment defaults', () => {
    expect(cdkJson.app).toBe('npx tsx infra/app.ts');
    expect(cdkJson.context).toMatchObject({
      jwtIssuer: expect.stringMatching(/^https:\/\//),
      jwtAudience: expect.arrayContaining([expect.any(String)]),
      allowedOrigins: [],
    });
  });
});

describe('the table is the one tableDefinition describes', () => {
  const props = table.resource.Properties;

  it('has the partition and sort keys of tableDefinition', () => {
    expect(props.KeySchema).toEqual([
      { AttributeName: tableDefinition.partitionKey.name, KeyType: 'HASH' },
      { AttributeName: tableDefinition.sortKey.name, KeyType: 'RANGE' },
    ]);
  });

  it('has exactly the global secondary indexes of tableDefinition, projecting all attributes', () => {
    expect(props.GlobalSecondaryIndexes).toEqual(
      tableDefinition.globalSecondaryIndexes.map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey.name, KeyType: 'HASH' },
          { AttributeName: index.sortKey.name, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    );
  });

  it('declares the same attributes, keys and indexes as the local and test table (createTableInput)', () => {
    const local = createTableInput('local');
    const byName = (a: { AttributeName?: string }, b: { AttributeName?: string }) =>
      String(a.AttributeName).localeCompare(String(b.AttributeName));
    expect([...props.AttributeDefinitions].sort(byName)).toEqual([...local.AttributeDefinitions!].sort(byName));
    expect(props.KeySchema).toEqual(local.KeySchema);
    expect(props.GlobalSecondaryIndexes).toEqual(local.GlobalSecondaryIndexes);
    expect(props.LocalSecondaryIndexes).toEqual(local.LocalSecondaryIndexes);
  });

  it('has the local "layout" index of tableDefinition, so that open bets are read strongly consistent', () => {
    expect(props.LocalSecondaryIndexes).toEqual([
      {
        IndexName: 'layout',
        KeySchema: [
          { AttributeName: tableDefinition.partitionKey.name, KeyType: 'HASH' },
          { AttributeName: 'layoutSk', KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      },
    ]);
  });

  it('expires items on the TTL attribute of tableDefinition', () => {
    expect(props.TimeToLiveSpecification).toEqual({
      AttributeName: tableDefinition.timeToLiveAttribute,
      Enabled: true,
    });
  });

  it('bills on demand', () => {
    expect(props.BillingMode).toBe('PAY_PER_REQUEST');
  });

  it('keeps money records: point-in-time recovery, deletion protection, retained on stack deletion', () => {
    expect(props.Replicas).toHaveLength(1);
    expect(props.Replicas[0]).toMatchObject({
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      DeletionProtectionEnabled: true,
    });
    expect(table.resource.DeletionPolicy).toBe('Retain');
    expect(table.resource.UpdateReplacePolicy).toBe('Retain');
  });

  it('lets CloudFormation name the table, so stages can share an account', () => {
    expect(props.TableName).toBeUndefined();
  });
});

describe.each([
  ['the GraphQL function', 'GraphqlFunction'],
  ['the settlement sweeper', 'SettlementSweeperFunction'],
])('%s', (_, name) => {
  const fn = resourceNamed('AWS::Lambda::Function', name);
  const props = fn.resource.Properties;

  it('runs the bundled handler on Node.js 22, ARM64', () => {
    expect(props.Runtime).toBe('nodejs22.x');
    expect(props.Architectures).toEqual(['arm64']);
    expect(props.Handler).toBe('index.handler');
  });

  it('is told the table name by reference to the table, and maps stack traces to the TypeScript source', () => {
    expect(props.Environment.Variables).toEqual({
      TABLE_NAME: tableRef,
      NODE_OPTIONS: '--enable-source-maps',
    });
  });

  it('logs to its own log group, which expires', () => {
    const logs = resourceNamed('AWS::Logs::LogGroup', `${name}Logs`);
    expect(logs.resource.Properties.RetentionInDays).toBeGreaterThan(0);
    expect(props.LoggingConfig).toEqual({ LogGroup: { Ref: logs.logicalId } });
  });
});

describe('the settlement sweep schedule', () => {
  it('runs the sweeper every minute, without retries piling up behind the next run', () => {
    const rule = onlyResource('AWS::Events::Rule');
    const sweeper = resourceNamed('AWS::Lambda::Function', 'SettlementSweeperFunction');
    expect(rule.resource.Properties.ScheduleExpression).toBe('rate(1 minute)');
    expect(rule.resource.Properties.Targets).toEqual([
      expect.objectContaining({ Arn: { 'Fn::GetAtt': [sweeper.logicalId, 'Arn'] }, RetryPolicy: { MaximumRetryAttempts: 0 } }),
    ]);
  });
});

/** The statements of the policies attached to these functions' roles. */
function policiesOf(...functionNames: string[]) {
  const roles = functionNames.map((name) => resourceNamed('AWS::Lambda::Function', name).resource.Properties.Role['Fn::GetAtt'][0]);
  return (Object.values(template.findResources('AWS::IAM::Policy')) as any[]).filter((policy) =>
    (policy.Properties.Roles as { Ref: string }[]).some((role) => roles.includes(role.Ref)),
  );
}
const actionsOf = (statement: any): string[] => [statement.Action].flat();
const resourcesOf = (statement: any): unknown[] => [statement.Resource].flat();

describe('IAM: the GraphQL and sweeper functions may touch the table and nothing else', () => {
  const policies = policiesOf('GraphqlFunction', 'SettlementSweeperFunction');
  const statements = policies.flatMap((policy) => policy.Properties.PolicyDocument.Statement as any[]);

  it('grants only on the table and its indexes, never on *', () => {
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) {
      expect(statement.Effect).toBe('Allow');
      for (const resource of resourcesOf(statement)) {
        expect([tableArn, { 'Fn::Join': ['', [tableArn, '/index/*']] }]).toContainEqual(resource);
      }
    }
  });

  it("attaches those policies to the functions' own roles alone", () => {
    expect(policies).toHaveLength(2);
    for (const policy of policies) expect(policy.Properties.Roles).toHaveLength(1);
  });

  it('allows the item reads and writes a transaction needs, and no table administration', () => {
    const actions = new Set(statements.flatMap(actionsOf));
    for (const needed of [
      'dynamodb:GetItem',
      'dynamodb:Query',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
      'dynamodb:ConditionCheckItem', // a TransactWriteItems ConditionCheck is authorized as this action
      'dynamodb:BatchWriteItem',
    ]) {
      expect(actions, needed).toContain(needed);
    }
    for (const action of actions) {
      expect(action).not.toMatch(/\*|DeleteTable|UpdateTable|CreateTable|DeleteBackup|RestoreTable/);
    }
  });
});

describe('the HTTP API', () => {
  const api = resourceNamed('AWS::ApiGatewayV2::Api', 'HttpApi');
  const apiRef = { Ref: api.logicalId };

  it('is an HTTP API', () => {
    expect(api.resource.Properties.ProtocolType).toBe('HTTP');
  });

  it('routes exactly POST and GET /graphql, both behind the JWT authorizer', () => {
    const authorizer = onlyResource('AWS::ApiGatewayV2::Authorizer');
    const routes = (Object.values(template.findResources('AWS::ApiGatewayV2::Route')) as any[]).filter(
      (route) => route.Properties.ApiId.Ref === api.logicalId,
    );
    expect(routes.map((route) => route.Properties.RouteKey).sort()).toEqual(['GET /graphql', 'POST /graphql']);
    for (const route of routes) {
      expect(route.Properties).toMatchObject({
        ApiId: apiRef,
        AuthorizationType: 'JWT',
        AuthorizerId: { Ref: authorizer.logicalId },
      });
    }
  });

  it('checks tokens from the Authorization header against the issuer and audiences from context', () => {
    const authorizer = onlyResource('AWS::ApiGatewayV2::Authorizer');
    expect(authorizer.resource.Properties).toMatchObject({
      ApiId: apiRef,
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: { Issuer: partnerContext.jwtIssuer, Audience: partnerContext.jwtAudience },
    });
  });

  it('hands the function API Gateway v2 events (payload format 2.0) through a Lambda proxy integration', () => {
    const integration = resourceNamed('AWS::ApiGatewayV2::Integration', 'HttpApiPOSTgraphqlGraphqlIntegration');
    const fn = resourceNamed('AWS::Lambda::Function', 'GraphqlFunction');
    expect(integration.resource.Properties).toMatchObject({
      ApiId: apiRef,
      IntegrationType: 'AWS_PROXY',
      PayloadFormatVersion: '2.0',
      IntegrationUri: { 'Fn::GetAtt': [fn.logicalId, 'Arn'] },
    });
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      FunctionName: { 'Fn::GetAtt': [fn.logicalId, 'Arn'] },
      Principal: 'apigateway.amazonaws.com',
    });
  });

  it('answers CORS preflights for the context origins with the headers Apollo clients send', () => {
    const cors = api.resource.Properties.CorsConfiguration;
    expect(cors.AllowOrigins).toEqual(partnerContext.allowedOrigins);
    expect(cors.AllowHeaders).toEqual(expect.arrayContaining(['content-type', 'authorization', 'apollo-require-preflight']));
    expect(cors.AllowMethods).toEqual(expect.arrayContaining(['GET', 'POST', 'OPTIONS']));
    expect(cors.AllowCredentials).not.toBe(true);
  });

  it('deploys automatically to its default stage', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', { ApiId: apiRef, StageName: '$default', AutoDeploy: true });
  });
});

describe('outputs', () => {
  it('give the GraphQL URL, the WebSocket URL and the table name', () => {
    const api = resourceNamed('AWS::ApiGatewayV2::Api', 'HttpApi');
    const outputs = template.findOutputs('*');
    expect(Object.keys(outputs).sort()).toEqual(['GraphqlUrl', 'TableName', 'WebSocketUrl']);
    expect(JSON.stringify(outputs.WebSocketUrl!.Value)).toContain('wss://');
    expect(outputs.GraphqlUrl!.Value).toEqual({
      'Fn::Join': ['', [{ 'Fn::GetAtt': [api.logicalId, 'ApiEndpoint'] }, '/graphql']],
    });
    expect(outputs.TableName!.Value).toEqual(tableRef);
  });
});

describe('synthesis', () => {
  it('needs no account, region or lookup (environment-agnostic)', () => {
    expect(stack.environment).toBe('aws://unknown-account/unknown-region');
    // Asset hashes (the functions' S3Key) may hold any digits; everything else must name no account.
    const json = JSON.stringify(template.toJSON()).replace(/"S3Key":"[0-9a-f]+\.zip"/g, '"S3Key":"<asset>"');
    expect(json).not.toMatch(/\d{12}|us-east-1|eu-west-1/);
  });

  it('with a real issuer, raises no warning', () => {
    Annotations.fromStack(stack).hasNoWarning('*', Match.anyValue());
  });

  it("with cdk.json's defaults, warns that the issuer is a placeholder and allows no browser origin", () => {
    const defaults = synthesize();
    Annotations.fromStack(defaults.stack).hasWarning('/CasinoTables', Match.stringLikeRegexp('placeholder'));
    const authorizer = Object.values(defaults.template.findResources('AWS::ApiGatewayV2::Authorizer'))[0] as any;
    expect(authorizer.Properties.JwtConfiguration).toEqual({
      Issuer: cdkJson.context.jwtIssuer,
      Audience: cdkJson.context.jwtAudience,
    });
    const api = Object.values(
      defaults.template.findResources('AWS::ApiGatewayV2::Api', { Properties: { ProtocolType: 'HTTP' } }),
    )[0] as any;
    expect(api.Properties.CorsConfiguration.AllowOrigins).toBeUndefined();
  });
});

describe('subscriptions (the live path)', () => {
  const webSocketApi = resourceNamed('AWS::ApiGatewayV2::Api', 'WebSocketApi');
  const apiRef = { Ref: webSocketApi.logicalId };
  const fnArn = (name: string) => ({ 'Fn::GetAtt': [resourceNamed('AWS::Lambda::Function', name).logicalId, 'Arn'] });
  const dynamoActions = (name: string) =>
    new Set(
      policiesOf(name)
        .flatMap((policy) => policy.Properties.PolicyDocument.Statement as any[])
        .flatMap(actionsOf)
        .filter((action) => action.startsWith('dynamodb:')),
    );

  it('records every change of the table, old and new image, on its stream', () => {
    expect(table.resource.Properties.StreamSpecification).toEqual({ StreamViewType: 'NEW_AND_OLD_IMAGES' });
  });

  it('is a WebSocket API whose $connect, $disconnect and $default routes all go to the socket function', () => {
    expect(webSocketApi.resource.Properties.ProtocolType).toBe('WEBSOCKET');
    const routes = (Object.values(template.findResources('AWS::ApiGatewayV2::Route')) as any[]).filter(
      (route) => route.Properties.ApiId.Ref === webSocketApi.logicalId,
    );
    expect(routes.map((route) => route.Properties.RouteKey).sort()).toEqual(['$connect', '$default', '$disconnect']);
    const integrations = template.findResources('AWS::ApiGatewayV2::Integration', { Properties: { ApiId: apiRef } });
    expect(Object.keys(integrations)).toHaveLength(3);
    for (const integration of Object.values(integrations) as any[]) {
      expect(integration.Properties.IntegrationType).toBe('AWS_PROXY');
      expect(JSON.stringify(integration.Properties.IntegrationUri)).toContain(
        resourceNamed('AWS::Lambda::Function', 'SocketFunction').logicalId,
      );
    }
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', { ApiId: apiRef, StageName: 'live', AutoDeploy: true });
  });

  it('verifies connection_init tokens against the same issuer and audiences as the HTTP API, and posts replies to its stage', () => {
    const variables = resourceNamed('AWS::Lambda::Function', 'SocketFunction').resource.Properties.Environment.Variables;
    expect(variables).toMatchObject({
      TABLE_NAME: tableRef,
      JWT_ISSUER: partnerContext.jwtIssuer,
      JWT_AUDIENCE: partnerContext.jwtAudience.join(','),
    });
    expect(JSON.stringify(variables.WEBSOCKET_ENDPOINT)).toContain(webSocketApi.logicalId);
  });

  it('consumes the stream in order, only the items subscribers hear of, and gives up on stale batches', () => {
    const mapping = onlyResource('AWS::Lambda::EventSourceMapping').resource.Properties;
    expect(mapping).toMatchObject({
      FunctionName: { Ref: resourceNamed('AWS::Lambda::Function', 'StreamFunction').logicalId },
      EventSourceArn: { 'Fn::GetAtt': [table.logicalId, 'StreamArn'] },
      StartingPosition: 'LATEST',
      ParallelizationFactor: 1,
      MaximumRetryAttempts: 2,
      MaximumRecordAgeInSeconds: 60,
      BisectBatchOnFunctionError: true,
    });
    const [filter] = mapping.FilterCriteria.Filters;
    expect(JSON.parse(filter.Pattern)).toEqual({
      eventName: ['INSERT', 'MODIFY'],
      dynamodb: { Keys: { sk: { S: ['TABLE', 'ACCOUNT', 'POOL', { prefix: 'BET#' }] } } },
    });
    expect(resourceNamed('AWS::Lambda::Function', 'StreamFunction').resource.Properties.Environment.Variables.FAN_OUT_FUNCTION).toEqual({
      Ref: resourceNamed('AWS::Lambda::Function', 'FanOutFunction').logicalId,
    });
  });

  it('grants each live function exactly the table actions its code calls, and the stream consumer none', () => {
    expect(dynamoActions('SocketFunction')).toEqual(
      new Set(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem']),
    );
    expect(dynamoActions('FanOutFunction')).toEqual(
      new Set(['dynamodb:Query', 'dynamodb:GetItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem']),
    );
    // The stream consumer reads the stream (and lists it, as Lambda's poller needs), and nothing of the table's items.
    const streamStatements = policiesOf('StreamFunction').flatMap((policy) => policy.Properties.PolicyDocument.Statement as any[]);
    for (const action of [...dynamoActions('StreamFunction')])
      expect(action).toMatch(/^dynamodb:(DescribeStream|GetRecords|GetShardIterator|ListStreams)$/);
    const invoke = streamStatements.find((statement) => actionsOf(statement).includes('lambda:InvokeFunction'));
    expect(resourcesOf(invoke)).toContainEqual(fnArn('FanOutFunction'));
    for (const statement of [...policiesOf('SocketFunction'), ...policiesOf('FanOutFunction')].flatMap(
      (p) => p.Properties.PolicyDocument.Statement as any[],
    )) {
      for (const resource of resourcesOf(statement)) expect(JSON.stringify(resource)).not.toBe('"*"');
    }
  });

  it('lets only the socket and fan-out functions post to connections, on this API alone', () => {
    for (const name of ['SocketFunction', 'FanOutFunction']) {
      const manage = policiesOf(name)
        .flatMap((policy) => policy.Properties.PolicyDocument.Statement as any[])
        .find((statement) => actionsOf(statement).includes('execute-api:ManageConnections'));
      expect(JSON.stringify(manage.Resource)).toContain(webSocketApi.logicalId);
    }
    const stream = policiesOf('StreamFunction').flatMap((policy) => policy.Properties.PolicyDocument.Statement as any[]);
    expect(stream.flatMap(actionsOf)).not.toContain('execute-api:ManageConnections');
  });
});
