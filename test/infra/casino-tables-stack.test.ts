import { readFileSync } from 'node:fs';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { PLAYER_TOKEN_AUDIENCE } from '../../functions/launch/token-issuer';
import { describe, expect, it } from 'vitest';
import { METRIC, SERVICE_NAME } from '../../functions/observability/metric-names';
import { createTableInput, tableDefinition } from '../../functions/store/kernel/table-definition';
import { casinoTablesApp } from '../../infra/casino-tables-app';
import { type FunctionRole } from '../../infra/deployment-settings';
import { TABLE_ACCESS } from '../../infra/table-access';
import { cdkJson, stageContext, synthesize, testApp } from './synthesize';

const partnerContext = {
  jwtIssuer: 'https://auth.partner.example/realms/casino',
  jwtAudience: ['casino-tables-api', 'partner-platform'],
  allowedOrigins: ['https://tables.partner.example', 'http://localhost:5173'],
};

const { stack, template, edge, edgeTemplate } = synthesize(partnerContext);

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

/** The logical id of the alias `live` of the function whose logical id is given: what everything invokes (gradual deploys). */
function liveAliasOf(functionId: string): string {
  const aliases = Object.entries(template.findResources('AWS::Lambda::Alias')).filter(
    ([, alias]: [string, any]) => alias.Properties.FunctionName.Ref === functionId,
  );
  expect(aliases, `one alias of ${functionId}`).toHaveLength(1);
  expect((aliases[0]![1] as any).Properties.Name).toBe('live');
  return aliases[0]![0];
}

/** The event source mapping feeding the function (through its alias). */
function mappingOf(functionId: string): { Properties: Record<string, any> } {
  const alias = liveAliasOf(functionId);
  const mappings = Object.values(template.findResources('AWS::Lambda::EventSourceMapping')).filter(
    // Named `<function name>:live`, from the alias's ARN.
    (resource: any) => JSON.stringify(resource.Properties.FunctionName).includes(`{"Ref":"${alias}"}`),
  );
  expect(mappings, `one event source of ${functionId}`).toHaveLength(1);
  return mappings[0] as any;
}

const table = onlyResource('AWS::DynamoDB::GlobalTable');
const tableRef = { Ref: table.logicalId };
const tableArn = { 'Fn::GetAtt': [table.logicalId, 'Arn'] };

describe('cdk.json', () => {
  it('runs the app in infra/ and carries the deployment defaults', () => {
    expect(cdkJson.app).toBe('npx tsx infra/app.ts');
    const stages = cdkJson.context.stages as Record<string, Record<string, unknown>>;
    expect(Object.keys(stages).sort()).toEqual(['dev', 'prod']);
    for (const stage of Object.values(stages)) {
      expect(stage).toMatchObject({
        jwtIssuer: expect.stringMatching(/^https:\/\//),
        jwtAudience: expect.arrayContaining([expect.any(String)]),
        allowedOrigins: [],
      });
    }
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

  /** The indexes as the key design has them: their capacity (warm throughput, the stage's) aside. */
  const indexDesigns = () => props.GlobalSecondaryIndexes.map(({ WarmThroughput: _, ...index }: Record<string, unknown>) => index);

  it('has exactly the global secondary indexes of tableDefinition, projecting all attributes', () => {
    expect(indexDesigns()).toEqual(
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
    expect(indexDesigns()).toEqual(local.GlobalSecondaryIndexes);
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

/** Every function of the stack, by construct id, with the role its settings and grants use. */
const FUNCTIONS: readonly [string, FunctionRole][] = [
  ['GraphqlFunction', 'graphql'],
  ['SettlementSweeperFunction', 'sweeper'],
  ['SettlementWorkerFunction', 'settlementWorker'],
  ['WalletWorkerFunction', 'walletWorker'],
  ['RngWorkerFunction', 'rngWorker'],
  ['LedgerCheckFunction', 'ledgerCheck'],
  ['SocketFunction', 'socket'],
  ['StreamFunction', 'stream'],
  ['FanOutFunction', 'fanOut'],
  ['SecretRotationFunction', 'secretRotation'],
];

describe.each(FUNCTIONS)('the function %s', (name, role) => {
  const fn = resourceNamed('AWS::Lambda::Function', name);
  const props = fn.resource.Properties;
  const roleId = props.Role['Fn::GetAtt'][0];

  it('runs the bundled handler on Node.js 24 (the newest Lambda runtime), ARM64', () => {
    expect(props.Runtime).toBe('nodejs24.x');
    expect(props.Architectures).toEqual(['arm64']);
    expect(props.Handler).toBe('index.handler');
  });

  it("is told the table, maps stack traces to the TypeScript source, runs graphql-js's production path, and publishes metrics in its stage's namespace", () => {
    expect(props.Environment.Variables).toMatchObject({
      TABLE_NAME: tableRef,
      NODE_OPTIONS: '--enable-source-maps',
      NODE_ENV: 'production',
      POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
      POWERTOOLS_METRICS_NAMESPACE: 'CasinoTables/prod',
      // prod's partition counts, the defaults: every function of the stage reads and writes the same.
      STORE_PARTITIONS: 'book=64,live=16,tableBets=64,wallet=16',
    });
  });

  it('logs to its own log group, kept as long as the stage says, and retained with the data', () => {
    const logs = resourceNamed('AWS::Logs::LogGroup', `${name}Logs`);
    expect(logs.resource.Properties.RetentionInDays).toBe((cdkJson.context.stages as any).prod.logRetentionDays);
    expect(logs.resource.DeletionPolicy).toBe('Retain');
    expect(props.LoggingConfig).toEqual({ LogGroup: { Ref: logs.logicalId } });
  });

  it('is traced by X-Ray', () => {
    expect(props.TracingConfig).toEqual({ Mode: 'Active' });
    expect(statementsOf(name).flatMap(actionsOf)).toEqual(expect.arrayContaining(['xray:PutTraceSegments', 'xray:PutTelemetryRecords']));
  });

  it('runs with the concurrency its stage reserves for it', () => {
    const reserved = ((cdkJson.context.stages as any).prod.reservedConcurrency as Record<string, number>)[role];
    expect(props.ReservedConcurrentExecutions).toBe(reserved);
  });

  it('has a role of its own with no managed policy, which may write to its own log group only', () => {
    const roleResource = template.findResources('AWS::IAM::Role')[roleId] as any;
    expect(roleResource.Properties.ManagedPolicyArns).toBeUndefined();
    expect(roleResource.Properties.AssumeRolePolicyDocument.Statement).toEqual([
      expect.objectContaining({ Principal: { Service: 'lambda.amazonaws.com' }, Action: 'sts:AssumeRole' }),
    ]);
    const logs = resourceNamed('AWS::Logs::LogGroup', `${name}Logs`);
    const logStatements = statementsOf(name).filter((statement) => actionsOf(statement).some((action) => action.startsWith('logs:')));
    expect(logStatements).toEqual([
      expect.objectContaining({
        Action: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        Resource: { 'Fn::GetAtt': [logs.logicalId, 'Arn'] },
      }),
    ]);
  });

  it('may call exactly the table actions its code sends (TABLE_ACCESS), on the table and the indexes it queries by name', () => {
    const statements = statementsOf(name).filter((statement) => actionsOf(statement).some((action) => action.startsWith('dynamodb:')));
    const onResource = (resource: unknown) =>
      new Set(
        statements
          .filter((statement) => resourcesOf(statement).some((r) => JSON.stringify(r) === JSON.stringify(resource)))
          .flatMap(actionsOf),
      );
    if (role === 'stream') {
      // It reads the stream (and lists it, as Lambda's poller needs), and nothing of the table's items.
      for (const action of statements.flatMap(actionsOf))
        expect(action).toMatch(/^dynamodb:(DescribeStream|GetRecords|GetShardIterator|ListStreams)$/);
      return;
    }
    const access = TABLE_ACCESS[role];
    expect(onResource(tableArn)).toEqual(new Set(access.table.map((action) => `dynamodb:${action}`)));
    const indexResources = statements.flatMap(resourcesOf).filter((r) => JSON.stringify(r).includes('/index/'));
    expect(indexResources.map((r) => JSON.stringify(r)).sort()).toEqual(
      Object.keys(access.indexes)
        .map((index) => JSON.stringify({ 'Fn::Join': ['', [tableArn, `/index/${index}`]] }))
        .sort(),
    );
    for (const [index, actions] of Object.entries(access.indexes)) {
      expect(onResource({ 'Fn::Join': ['', [tableArn, `/index/${index}`]] })).toEqual(
        new Set(actions.map((action) => `dynamodb:${action}`)),
      );
    }
    for (const action of statements.flatMap(actionsOf)) {
      expect(action).not.toMatch(/\*|DeleteTable|UpdateTable|CreateTable|DeleteBackup|RestoreTable/);
    }
  });

  it('has no statement on * but the X-Ray ones, which have no resource-level permissions', () => {
    for (const statement of statementsOf(name)) {
      if (resourcesOf(statement).includes('*')) {
        for (const action of actionsOf(statement)) expect(action).toMatch(/^(xray:|dynamodb:ListStreams$)/);
      }
    }
  });
});

describe('the settlement sweep schedule', () => {
  const sweeper = resourceNamed('AWS::Lambda::Function', 'SettlementSweeperFunction');
  const deadLetters = resourceNamed('AWS::SQS::Queue', 'SweeperDeadLetters');
  const deadLettersArn = { 'Fn::GetAtt': [deadLetters.logicalId, 'Arn'] };

  it('runs the sweeper every minute, without retries piling up behind the next run; an undeliverable run goes to the dead letters', () => {
    const rule = resourceNamed('AWS::Events::Rule', 'SettlementSweepSchedule');
    expect(rule.resource.Properties.ScheduleExpression).toBe('rate(1 minute)');
    expect(rule.resource.Properties.Targets).toEqual([
      expect.objectContaining({
        Arn: { Ref: liveAliasOf(sweeper.logicalId) },
        RetryPolicy: { MaximumRetryAttempts: 0 },
        DeadLetterConfig: { Arn: deadLettersArn },
      }),
    ]);
  });

  it('sends a failed run to the dead-letter queue at once (the next sweep is the retry)', () => {
    expect(invokeConfigOf(sweeper.logicalId)).toMatchObject({
      MaximumRetryAttempts: 0,
      DestinationConfig: { OnFailure: { Destination: deadLettersArn } },
    });
    expect(mayDo('SettlementSweeperFunction', 'sqs:SendMessage', deadLettersArn)).toBe(true);
  });

  it('keeps dead letters two weeks, encrypted, over TLS only', () => {
    expect(deadLetters.resource.Properties).toMatchObject({ MessageRetentionPeriod: 14 * 24 * 3600, SqsManagedSseEnabled: true });
    expect(queuePolicyOf('SweeperDeadLetters')).toContainEqual(
      expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
    );
  });
});

/** The asynchronous invocation settings of the function with that logical id (of its alias `live`, which its schedule invokes). */
function invokeConfigOf(functionId: string): Record<string, any> {
  const configs = (Object.values(template.findResources('AWS::Lambda::EventInvokeConfig')) as any[]).filter(
    (config) =>
      config.Properties.FunctionName?.Ref === functionId && JSON.stringify(config.Properties.Qualifier).includes(liveAliasOf(functionId)),
  );
  expect(configs, `one EventInvokeConfig of ${functionId}`).toHaveLength(1);
  return configs[0].Properties;
}

describe("the ledger's daily check", () => {
  const checker = resourceNamed('AWS::Lambda::Function', 'LedgerCheckFunction');
  const deadLetters = resourceNamed('AWS::SQS::Queue', 'LedgerCheckDeadLetters');
  const deadLettersArn = { 'Fn::GetAtt': [deadLetters.logicalId, 'Arn'] };

  it('runs twenty minutes after each midnight (UTC), once: a failed run goes to its dead letters, the next day is the retry', () => {
    const rule = resourceNamed('AWS::Events::Rule', 'LedgerCheckSchedule');
    expect(rule.resource.Properties.ScheduleExpression).toBe('cron(20 0 * * ? *)');
    expect(rule.resource.Properties.Targets).toEqual([
      expect.objectContaining({
        Arn: { Ref: liveAliasOf(checker.logicalId) },
        RetryPolicy: { MaximumRetryAttempts: 0 },
        DeadLetterConfig: { Arn: deadLettersArn },
      }),
    ]);
    expect(invokeConfigOf(checker.logicalId)).toMatchObject({
      MaximumRetryAttempts: 0,
      DestinationConfig: { OnFailure: { Destination: deadLettersArn } },
    });
    expect(checker.resource.Properties.Timeout).toBe(15 * 60);
  });
});

/** The statements of the policy on the queue whose logical id starts with `prefix`. */
function queuePolicyOf(prefix: string): any[] {
  const queue = resourceNamed('AWS::SQS::Queue', prefix).logicalId;
  const policies = (Object.values(template.findResources('AWS::SQS::QueuePolicy')) as any[]).filter((policy) =>
    (policy.Properties.Queues as { Ref: string }[]).some((ref) => ref.Ref === queue),
  );
  expect(policies, `one policy on ${prefix}`).toHaveLength(1);
  return policies[0].Properties.PolicyDocument.Statement as any[];
}

describe('the settlement workers', () => {
  const worker = resourceNamed('AWS::Lambda::Function', 'SettlementWorkerFunction');
  const queue = resourceNamed('AWS::SQS::Queue', 'SettlementQueue');
  const deadLetters = resourceNamed('AWS::SQS::Queue', 'SettlementDeadLetters');
  const queueArn = { 'Fn::GetAtt': [queue.logicalId, 'Arn'] };

  it('take each part of a round from the queue on its own, reporting the parts that failed; five failures, and a part goes to the dead letters', () => {
    const mapping = mappingOf(worker.logicalId);
    expect(mapping.Properties).toMatchObject({
      EventSourceArn: queueArn,
      BatchSize: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    expect(queue.resource.Properties).toMatchObject({
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [deadLetters.logicalId, 'Arn'] }, maxReceiveCount: 5 },
      // Six times the worker's timeout: a message is not delivered again while a worker runs it.
      VisibilityTimeout: 6 * worker.resource.Properties.Timeout,
      SqsManagedSseEnabled: true,
    });
    for (const prefix of ['SettlementQueue', 'SettlementDeadLetters']) {
      expect(queuePolicyOf(prefix)).toContainEqual(
        expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
      );
    }
    expect(deadLetters.resource.Properties).toMatchObject({ MessageRetentionPeriod: 14 * 24 * 3600 });
  });

  it('are handed parts by the GraphQL function, which may send to that queue and knows it by its URL', () => {
    const graphql = resourceNamed('AWS::Lambda::Function', 'GraphqlFunction').resource.Properties;
    expect(graphql.Environment.Variables.SETTLEMENT_QUEUE_URL).toEqual({ Ref: queue.logicalId });
    expect(mayDo('GraphqlFunction', 'sqs:SendMessage', queueArn)).toBe(true);
  });
});

describe('the round loops of tables the server deals', () => {
  const worker = resourceNamed('AWS::Lambda::Function', 'RngWorkerFunction');
  const queue = resourceNamed('AWS::SQS::Queue', 'RngQueue');
  const deadLetters = resourceNamed('AWS::SQS::Queue', 'RngDeadLetters');
  const queueArn = { 'Fn::GetAtt': [queue.logicalId, 'Arn'] };

  it('step each table from its delayed messages, reporting the steps that failed; five failures, and a step goes to the dead letters, with an alarm', () => {
    const mapping = mappingOf(worker.logicalId);
    expect(mapping.Properties).toMatchObject({ EventSourceArn: queueArn, FunctionResponseTypes: ['ReportBatchItemFailures'] });
    expect(queue.resource.Properties).toMatchObject({
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [deadLetters.logicalId, 'Arn'] }, maxReceiveCount: 5 },
      VisibilityTimeout: 6 * worker.resource.Properties.Timeout,
      SqsManagedSseEnabled: true,
    });
    expect(resourceNamed('AWS::CloudWatch::Alarm', 'MonitoringRngDeadLetters').resource.Properties.Dimensions).toEqual([
      { Name: 'QueueName', Value: { 'Fn::GetAtt': [deadLetters.logicalId, 'QueueName'] } },
    ]);
    expect(resourceNamed('AWS::CloudWatch::Alarm', 'MonitoringRoundLoopsRestarted').resource.Properties.MetricName).toBe(
      'RoundLoopsRestarted',
    );
  });

  it.each(['GraphqlFunction', 'SettlementSweeperFunction', 'RngWorkerFunction'])(
    'are sent steps by %s (a table opened or resumed, a loop restarted, the next step), which knows the queue by its URL',
    (name) => {
      const fn = resourceNamed('AWS::Lambda::Function', name).resource.Properties;
      expect(fn.Environment.Variables.RNG_QUEUE_URL).toEqual({ Ref: queue.logicalId });
      expect(mayDo(name, 'sqs:SendMessage', queueArn)).toBe(true);
    },
  );

  it('hand a big round to the settlement workers and seamless credits to the wallet workers', () => {
    const variables = worker.resource.Properties.Environment.Variables;
    expect(variables.SETTLEMENT_QUEUE_URL).toEqual({ Ref: resourceNamed('AWS::SQS::Queue', 'SettlementQueue').logicalId });
    expect(variables.WALLET_QUEUE_URL).toEqual({ Ref: resourceNamed('AWS::SQS::Queue', 'WalletQueue').logicalId });
  });
});

describe('the wallet workers', () => {
  const worker = resourceNamed('AWS::Lambda::Function', 'WalletWorkerFunction');
  const queue = resourceNamed('AWS::SQS::Queue', 'WalletQueue');
  const deadLetters = resourceNamed('AWS::SQS::Queue', 'WalletDeadLetters');
  const queueArn = { 'Fn::GetAtt': [queue.logicalId, 'Arn'] };
  const secrets = {
    'Fn::Join': ['', ['arn:aws:secretsmanager:ap-southeast-1:', { Ref: 'AWS::AccountId' }, ':secret:casino-tables/prod/wallet/*']],
  };
  const originSecret = { Ref: resourceNamed('AWS::SecretsManager::Secret', 'OriginSecret').logicalId };

  it('deliver the calls of the queue, reporting those that failed; five failures, and a message goes to the dead letters', () => {
    const mapping = mappingOf(worker.logicalId);
    expect(mapping.Properties).toMatchObject({ EventSourceArn: queueArn, FunctionResponseTypes: ['ReportBatchItemFailures'] });
    expect(queue.resource.Properties).toMatchObject({
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [deadLetters.logicalId, 'Arn'] }, maxReceiveCount: 5 },
      VisibilityTimeout: 6 * worker.resource.Properties.Timeout,
      SqsManagedSseEnabled: true,
    });
    expect(deadLetters.resource.Properties).toMatchObject({ MessageRetentionPeriod: 14 * 24 * 3600 });
  });

  it.each(['GraphqlFunction', 'SettlementWorkerFunction', 'SettlementSweeperFunction', 'WalletWorkerFunction'])(
    'are handed calls by %s, which knows the queue by its URL and may send to it',
    (name) => {
      expect(resourceNamed('AWS::Lambda::Function', name).resource.Properties.Environment.Variables.WALLET_QUEUE_URL).toEqual({
        Ref: queue.logicalId,
      });
      expect(mayDo(name, 'sqs:SendMessage', queueArn)).toBe(true);
    },
  );

  it("keep partners' secrets in Secrets Manager under the stage's prefix: created by the GraphQL function, read by those that call wallets, a ring moved by them", () => {
    for (const name of ['GraphqlFunction', 'WalletWorkerFunction', 'SettlementSweeperFunction']) {
      expect(resourceNamed('AWS::Lambda::Function', name).resource.Properties.Environment.Variables.WALLET_SECRETS).toBe(
        'secretsmanager:casino-tables/prod/wallet/',
      );
      expect(mayDo(name, 'secretsmanager:GetSecretValue', secrets)).toBe(true);
    }
    expect(mayDo('GraphqlFunction', 'secretsmanager:CreateSecret', secrets)).toBe(true);
    expect(mayDo('GraphqlFunction', 'secretsmanager:PutSecretValue', secrets)).toBe(true);
    // A wallet's first answer signed with a rotation's next secret moves the ring, from whichever function heard it.
    for (const name of ['WalletWorkerFunction', 'SettlementSweeperFunction']) {
      expect(mayDo(name, 'secretsmanager:PutSecretValue', secrets)).toBe(true);
      expect(mayDo(name, 'secretsmanager:CreateSecret', secrets)).toBe(false);
    }
    expect(mayDo('SettlementWorkerFunction', 'secretsmanager:PutSecretValue', secrets)).toBe(false);
    const secretActions = (Object.values(template.findResources('AWS::IAM::Policy')) as any[])
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement as any[])
      .filter((statement) => actionsOf(statement).some((action) => action.startsWith('secretsmanager:')));
    // Beside them, only the edge's secret, which the API functions read (the origin guard).
    for (const statement of secretActions.filter(({ Effect }) => Effect === 'Allow'))
      expect([[secrets], [originSecret]]).toContainEqual(resourcesOf(statement));
    // What a ring mover may never write under the prefix: the house's keys, the partners' launch credentials.
    const denied = secretActions.filter(({ Effect }) => Effect === 'Deny');
    expect(denied.length).toBe(2);
    for (const statement of denied) {
      expect(actionsOf(statement)).toEqual(['secretsmanager:PutSecretValue']);
      const names = JSON.stringify(resourcesOf(statement));
      for (const name of ['casino-tables/prod/wallet/house/*', 'casino-tables/prod/wallet/*/launch/*']) expect(names).toContain(name);
    }
  });
});

/** Whether the function's role allows `action` on `resource` (statements may name several of each). */
const mayDo = (name: string, action: string, resource: unknown): boolean =>
  statementsOf(name).some(
    (statement) =>
      actionsOf(statement).includes(action) && resourcesOf(statement).some((r) => JSON.stringify(r) === JSON.stringify(resource)),
  );

/** The statements of the policies attached to these functions' roles. */
function policiesOf(...functionNames: string[]) {
  const roles = functionNames.map((name) => resourceNamed('AWS::Lambda::Function', name).resource.Properties.Role['Fn::GetAtt'][0]);
  return (Object.values(template.findResources('AWS::IAM::Policy')) as any[]).filter((policy) =>
    (policy.Properties.Roles as { Ref: string }[]).some((role) => roles.includes(role.Ref)),
  );
}
const statementsOf = (name: string): any[] => policiesOf(name).flatMap((policy) => policy.Properties.PolicyDocument.Statement as any[]);
const actionsOf = (statement: any): string[] => [statement.Action].flat();
const resourcesOf = (statement: any): unknown[] => [statement.Resource].flat();

describe('every role of the stack', () => {
  it('may not scan the table: no function reads all of it (the full audit is the ops command)', () => {
    const actions = (Object.values(template.findResources('AWS::IAM::Policy')) as any[])
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement as any[])
      .flatMap(actionsOf);
    expect(actions).toContain('dynamodb:Query');
    expect(actions.filter((action) => /^dynamodb:(Scan|\*)$/.test(action))).toEqual([]);
  });
});

describe('the HTTP API', () => {
  const api = resourceNamed('AWS::ApiGatewayV2::Api', 'HttpApi');
  const apiRef = { Ref: api.logicalId };

  it('is an HTTP API', () => {
    expect(api.resource.Properties.ProtocolType).toBe('HTTP');
  });

  const authorizers = () => Object.entries(template.findResources('AWS::ApiGatewayV2::Authorizer')) as [string, any][];
  const authorizerOf = (issuer: unknown) =>
    authorizers().find(([, resource]) => JSON.stringify(resource.Properties.JwtConfiguration.Issuer) === JSON.stringify(issuer))!;
  const apiEndpoint = () => {
    const [, ours] = authorizers().find(([, resource]) => typeof resource.Properties.JwtConfiguration.Issuer !== 'string')!;
    return ours.Properties.JwtConfiguration.Issuer;
  };

  it("routes GraphQL behind a JWT authorizer: /graphql the identity provider's tokens, /play/graphql the house's own; the session routes and the hosted pages without one", () => {
    const routes = (Object.values(template.findResources('AWS::ApiGatewayV2::Route')) as any[]).filter(
      (route) => route.Properties.ApiId.Ref === api.logicalId,
    );
    const byKey = new Map(routes.map((route) => [route.Properties.RouteKey, route.Properties]));
    expect([...byKey.keys()].sort()).toEqual(
      [
        'GET /.well-known/{proxy+}',
        'GET /graphql',
        'GET /play/graphql',
        'POST /graphql',
        'POST /partner/v1/{proxy+}',
        'POST /play/graphql',
        'POST /session/v1/{proxy+}',
        'GET /rounds/v1/{proxy+}',
        'GET /tables/{tableId}',
        'GET /lobby',
        'GET /rounds/{roundId}',
      ].sort(),
    );
    const [external] = authorizerOf(partnerContext.jwtIssuer);
    const [house] = authorizerOf(apiEndpoint());
    for (const key of ['GET /graphql', 'POST /graphql'])
      expect(byKey.get(key)).toMatchObject({ ApiId: apiRef, AuthorizationType: 'JWT', AuthorizerId: { Ref: external } });
    for (const key of ['GET /play/graphql', 'POST /play/graphql'])
      expect(byKey.get(key)).toMatchObject({ ApiId: apiRef, AuthorizationType: 'JWT', AuthorizerId: { Ref: house } });
    for (const key of [
      'GET /.well-known/{proxy+}',
      'POST /partner/v1/{proxy+}',
      'POST /session/v1/{proxy+}',
      'GET /rounds/v1/{proxy+}',
      'GET /tables/{tableId}',
      'GET /lobby',
      'GET /rounds/{roundId}',
    ])
      expect(byKey.get(key)!.AuthorizationType ?? 'NONE').toBe('NONE');
  });

  it("checks tokens from the Authorization header against the issuer and audiences from context, and the house's own against the API's JWKS", () => {
    expect(authorizers()).toHaveLength(2);
    expect(authorizerOf(partnerContext.jwtIssuer)[1].Properties).toMatchObject({
      ApiId: apiRef,
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: { Issuer: partnerContext.jwtIssuer, Audience: partnerContext.jwtAudience },
    });
    // The house's issuer is the API itself (its function serves /.well-known/), as the function and the socket function are told.
    expect(JSON.stringify(apiEndpoint())).toContain(api.logicalId);
    expect(authorizerOf(apiEndpoint())[1].Properties.JwtConfiguration.Audience).toEqual([PLAYER_TOKEN_AUDIENCE]);
    for (const name of ['GraphqlFunction', 'SocketFunction'])
      expect(resourceNamed('AWS::Lambda::Function', name).resource.Properties.Environment.Variables.PLAYER_TOKEN_ISSUER).toEqual(
        apiEndpoint(),
      );
  });

  it('hands the function API Gateway v2 events (payload format 2.0) through a Lambda proxy integration', () => {
    const integration = resourceNamed('AWS::ApiGatewayV2::Integration', 'HttpApiPOSTgraphqlGraphqlIntegration');
    const fn = resourceNamed('AWS::Lambda::Function', 'GraphqlFunction');
    expect(integration.resource.Properties).toMatchObject({
      ApiId: apiRef,
      IntegrationType: 'AWS_PROXY',
      PayloadFormatVersion: '2.0',
      IntegrationUri: { Ref: liveAliasOf(fn.logicalId) },
    });
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      FunctionName: { Ref: liveAliasOf(fn.logicalId) },
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

  it("deploys automatically to its default stage, throttled as the stage's settings say, with a JSON access log", () => {
    const { throttle } = (cdkJson.context.stages as any).prod;
    const stage = resourceNamed('AWS::ApiGatewayV2::Stage', 'HttpApiStage').resource.Properties;
    expect(stage).toMatchObject({
      ApiId: apiRef,
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: throttle.rateLimit, ThrottlingBurstLimit: throttle.burstLimit },
    });
    const logs = resourceNamed('AWS::Logs::LogGroup', 'HttpApiAccessLogs');
    expect(stage.AccessLogSettings.DestinationArn).toEqual({ 'Fn::GetAtt': [logs.logicalId, 'Arn'] });
    expect(JSON.parse(stage.AccessLogSettings.Format)).toMatchObject({
      requestId: '$context.requestId',
      status: '$context.status',
      subject: '$context.authorizer.claims.sub',
    });
  });
});

describe('outputs', () => {
  it('give the public URL (the distribution), the GraphQL URL, the WebSocket URL and the table name', () => {
    const api = resourceNamed('AWS::ApiGatewayV2::Api', 'HttpApi');
    const outputs = template.findOutputs('*');
    expect(Object.keys(outputs).sort()).toEqual(['AlarmTopicArn', 'DashboardName', 'GraphqlUrl', 'PublicUrl', 'TableName', 'WebSocketUrl']);
    expect(outputs.PublicUrl!.Value).toEqual({
      'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [onlyResource('AWS::CloudFront::Distribution').logicalId, 'DomainName'] }]],
    });
    // Through the edge, as everything is: the execute-api addresses refuse what did not come through it.
    const domain = { 'Fn::GetAtt': [onlyResource('AWS::CloudFront::Distribution').logicalId, 'DomainName'] };
    expect(outputs.WebSocketUrl!.Value).toEqual({ 'Fn::Join': ['', ['wss://', domain, '/live']] });
    expect(outputs.GraphqlUrl!.Value).toEqual({ 'Fn::Join': ['', ['https://', domain, '/graphql']] });
    expect(JSON.stringify(outputs)).not.toContain(api.logicalId);
    expect(outputs.TableName!.Value).toEqual(tableRef);
  });
});

describe('synthesis', () => {
  it("needs no account or lookup, and runs in the stage's region (its firewall in us-east-1)", () => {
    expect(stack.environment).toBe('aws://unknown-account/ap-southeast-1');
    expect(edge.environment).toBe('aws://unknown-account/us-east-1');
    // Asset hashes (the functions' S3Key, the client files' zip) may hold any digits; everything else must name no account.
    for (const stackTemplate of [template, edgeTemplate]) {
      const json = JSON.stringify(stackTemplate.toJSON())
        .replace(/"[0-9a-f]{64}\.zip"/g, '"<asset>"')
        // A function version's logical id ends in a hash of its code.
        .replace(/CurrentVersion[0-9A-Fa-f]+/g, 'CurrentVersion');
      expect(json).not.toMatch(/\d{12}|eu-west-1/);
    }
  });

  it('with a real issuer, raises no warning', () => {
    Annotations.fromStack(stack).hasNoWarning('*', Match.anyValue());
  });

  it("with cdk.json's defaults, warns that the issuer is a placeholder and allows no browser origin", () => {
    const defaults = synthesize();
    Annotations.fromStack(defaults.stack).hasWarning('/CasinoTables-prod', Match.stringLikeRegexp('placeholder'));
    const authorizer = Object.values(defaults.template.findResources('AWS::ApiGatewayV2::Authorizer'))[0] as any;
    const prod = (cdkJson.context.stages as any).prod;
    expect(authorizer.Properties.JwtConfiguration).toEqual({ Issuer: prod.jwtIssuer, Audience: prod.jwtAudience });
    const api = Object.values(
      defaults.template.findResources('AWS::ApiGatewayV2::Api', { Properties: { ProtocolType: 'HTTP' } }),
    )[0] as any;
    expect(api.Properties.CorsConfiguration.AllowOrigins).toBeUndefined();
  });
});

describe('subscriptions (the live path)', () => {
  const webSocketApi = resourceNamed('AWS::ApiGatewayV2::Api', 'WebSocketApi');
  const apiRef = { Ref: webSocketApi.logicalId };

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
        liveAliasOf(resourceNamed('AWS::Lambda::Function', 'SocketFunction').logicalId),
      );
    }
    const { throttle } = (cdkJson.context.stages as any).prod;
    const stage = resourceNamed('AWS::ApiGatewayV2::Stage', 'LiveStage').resource.Properties;
    expect(stage).toMatchObject({
      ApiId: apiRef,
      StageName: 'live',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: throttle.rateLimit, ThrottlingBurstLimit: throttle.burstLimit },
      AccessLogSettings: {
        DestinationArn: { 'Fn::GetAtt': [resourceNamed('AWS::Logs::LogGroup', 'WebSocketAccessLogs').logicalId, 'Arn'] },
      },
    });
    expect(JSON.parse(stage.AccessLogSettings.Format)).toMatchObject({
      connectionId: '$context.connectionId',
      event: '$context.eventType',
    });
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
    const stream = resourceNamed('AWS::Lambda::Function', 'StreamFunction').logicalId;
    const mapping = mappingOf(stream).Properties;
    expect(mapping).toMatchObject({
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
      dynamodb: { Keys: { sk: { S: ['TABLE', 'ACCOUNT', 'POOL', 'CALL', 'RESTRICTION', { prefix: 'BET#' }] } } },
    });
    expect(resourceNamed('AWS::Lambda::Function', 'StreamFunction').resource.Properties.Environment.Variables.FAN_OUT_FUNCTION).toEqual({
      Ref: liveAliasOf(resourceNamed('AWS::Lambda::Function', 'FanOutFunction').logicalId),
    });
  });

  it('lets the stream consumer call the fan-out function through its alias alone (no other version)', () => {
    const invoke = statementsOf('StreamFunction').filter((statement) => actionsOf(statement).includes('lambda:InvokeFunction'));
    expect(invoke).toEqual([
      expect.objectContaining({
        Action: 'lambda:InvokeFunction',
        Resource: { Ref: liveAliasOf(resourceNamed('AWS::Lambda::Function', 'FanOutFunction').logicalId) },
      }),
    ]);
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

describe('stages', () => {
  const dev = synthesize({ jwtIssuer: partnerContext.jwtIssuer }, 'dev');
  const prodTable = onlyResource('AWS::DynamoDB::GlobalTable').resource;
  const devTable = Object.values(dev.template.findResources('AWS::DynamoDB::GlobalTable'))[0] as any;

  it('are stacks of their own names, each tagged with its stage', () => {
    expect(stack.stackName).toBe('CasinoTables-prod');
    expect(dev.stack.stackName).toBe('CasinoTables-dev');
    expect(devTable.Properties.Replicas[0].Tags).toContainEqual({ Key: 'casino-tables:stage', Value: 'dev' });
  });

  it("give every function the stage's partition counts: dev's few, prod's the defaults", () => {
    const counts = (stageTemplate: typeof template) =>
      new Set(
        // The stage's own functions (CDK's custom resources' know no table).
        Object.values(stageTemplate.findResources('AWS::Lambda::Function'))
          .map((fn: any) => fn.Properties.Environment?.Variables)
          .filter((variables) => variables?.TABLE_NAME)
          .map((variables) => variables.STORE_PARTITIONS),
      );
    expect(counts(dev.template)).toEqual(new Set(['book=4,live=4,tableBets=4,wallet=4']));
    expect(counts(template)).toEqual(new Set(['book=64,live=16,tableBets=64,wallet=16']));
  });

  it('keep prod data through a stack deletion, and let a dev stage go with its stack', () => {
    expect(prodTable.DeletionPolicy).toBe('Retain');
    expect(prodTable.Properties.Replicas[0].DeletionProtectionEnabled).toBe(true);
    expect(devTable.DeletionPolicy).toBe('Delete');
    expect(devTable.Properties.Replicas[0].DeletionProtectionEnabled).toBe(false);
    for (const type of ['AWS::Logs::LogGroup', 'AWS::Backup::BackupVault', 'AWS::KMS::Key', 'AWS::S3::Bucket']) {
      for (const resource of Object.values(template.findResources(type)) as any[]) expect(resource.DeletionPolicy, type).toBe('Retain');
      for (const resource of Object.values(dev.template.findResources(type)) as any[]) expect(resource.DeletionPolicy, type).toBe('Delete');
    }
  });

  it("warm prod's table and its global indexes to take a big round's writes at once, and leave dev's as on-demand makes them", () => {
    const warm = { WriteUnitsPerSecond: (cdkJson.context.stages as any).prod.warmWritesPerSecond };
    expect(warm.WriteUnitsPerSecond).toBeGreaterThanOrEqual(40_000);
    expect(prodTable.Properties.WarmThroughput).toEqual(warm);
    expect(prodTable.Properties.GlobalSecondaryIndexes.length).toBeGreaterThan(0);
    for (const index of prodTable.Properties.GlobalSecondaryIndexes) expect(index.WarmThroughput, index.IndexName).toEqual(warm);
    expect(devTable.Properties.WarmThroughput).toBeUndefined();
    for (const index of devTable.Properties.GlobalSecondaryIndexes) expect(index.WarmThroughput).toBeUndefined();
  });

  it('have their own settings: throttling, reserved concurrency, log retention, metrics namespace', () => {
    const devStage = (cdkJson.context.stages as any).dev;
    dev.template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      DefaultRouteSettings: { ThrottlingRateLimit: devStage.throttle.rateLimit, ThrottlingBurstLimit: devStage.throttle.burstLimit },
    });
    for (const [name] of FUNCTIONS) {
      const fn = Object.entries(dev.template.findResources('AWS::Lambda::Function')).find(([id]) => id.startsWith(name))![1] as any;
      // A new account's concurrency quota is too small to reserve any.
      expect(fn.Properties.ReservedConcurrentExecutions).toBeUndefined();
      expect(fn.Properties.Environment.Variables.POWERTOOLS_METRICS_NAMESPACE).toBe('CasinoTables/dev');
    }
    for (const logs of Object.values(dev.template.findResources('AWS::Logs::LogGroup')) as any[]) {
      expect(logs.Properties.RetentionInDays).toBe(devStage.logRetentionDays);
    }
  });

  it('name their backup plans after their stacks', () => {
    expect(onlyResource('AWS::Backup::BackupPlan').resource.Properties.BackupPlan.BackupPlanName).toBe('CasinoTables-prod');
    const devPlan = Object.values(dev.template.findResources('AWS::Backup::BackupPlan'))[0] as any;
    expect(devPlan.Properties.BackupPlan.BackupPlanName).toBe('CasinoTables-dev');
  });
});

describe('backups', () => {
  const plan = onlyResource('AWS::Backup::BackupPlan').resource.Properties.BackupPlan;
  const vault = onlyResource('AWS::Backup::BackupVault');

  it('back the table up daily and monthly into the stack’s vault, kept as long as the stage says (years in prod)', () => {
    const prod = (cdkJson.context.stages as any).prod;
    expect(prod.monthlyBackupRetentionDays).toBeGreaterThanOrEqual(5 * 365);
    expect(plan.BackupPlanRule).toEqual([
      expect.objectContaining({
        RuleName: 'Daily',
        ScheduleExpression: 'cron(0 5 * * ? *)',
        Lifecycle: { DeleteAfterDays: prod.dailyBackupRetentionDays },
        TargetBackupVault: { 'Fn::GetAtt': [vault.logicalId, 'BackupVaultName'] },
      }),
      expect.objectContaining({
        RuleName: 'Monthly',
        ScheduleExpression: 'cron(0 6 1 * ? *)',
        Lifecycle: { DeleteAfterDays: prod.monthlyBackupRetentionDays },
      }),
    ]);
  });

  it('select the table, and nothing else', () => {
    const selection = onlyResource('AWS::Backup::BackupSelection').resource.Properties.BackupSelection;
    expect(selection.Resources).toEqual([tableArn]);
  });

  it('take the retention from context', () => {
    const custom = synthesize({ ...partnerContext, monthlyBackupRetentionDays: 3653, dailyBackupRetentionDays: 14 });
    const rules = (Object.values(custom.template.findResources('AWS::Backup::BackupPlan'))[0] as any).Properties.BackupPlan.BackupPlanRule;
    expect(rules.map((rule: any) => rule.Lifecycle.DeleteAfterDays)).toEqual([14, 3653]);
  });
});

describe('alarms', () => {
  const topic = onlyResource('AWS::SNS::Topic');
  const topicRef = { Ref: topic.logicalId };
  const alarms = template.findResources('AWS::CloudWatch::Alarm') as Record<string, any>;
  /** The alarm whose logical id starts with Monitoring<name>. */
  const alarm = (name: string) => resourceNamed('AWS::CloudWatch::Alarm', `Monitoring${name}`).resource.Properties;
  const fnRef = (name: string) => ({ Ref: resourceNamed('AWS::Lambda::Function', name).logicalId });

  it('all notify the one topic when they fire and when they clear, and say where the first response is', () => {
    expect(Object.keys(alarms).length).toBe(FUNCTIONS.length * 3 + 17);
    for (const [id, { Properties }] of Object.entries(alarms)) {
      expect(Properties.AlarmActions).toEqual([topicRef]);
      expect(Properties.OKActions).toEqual([topicRef]);
      expect(Properties.AlarmDescription).toContain('docs/DEPLOY.md');
      // No data is healthy, but where no data is the fault.
      expect(Properties.TreatMissingData).toBe(id.startsWith('MonitoringSweeperNotRunning') ? 'breaching' : 'notBreaching');
    }
  });

  it.each(FUNCTIONS)('watch %s: errors, throttles, and p99 duration at 80% of its timeout', (name) => {
    const timeout = resourceNamed('AWS::Lambda::Function', name).resource.Properties.Timeout;
    expect(alarm(`${name}Errors`)).toMatchObject({
      Namespace: 'AWS/Lambda',
      MetricName: 'Errors',
      Dimensions: [{ Name: 'FunctionName', Value: fnRef(name) }],
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
    expect(alarm(`${name}Throttles`)).toMatchObject({
      MetricName: 'Throttles',
      Dimensions: [{ Name: 'FunctionName', Value: fnRef(name) }],
    });
    expect(alarm(`${name}DurationNearTimeout`)).toMatchObject({
      MetricName: 'Duration',
      ExtendedStatistic: 'p99',
      Threshold: timeout * 1000 * 0.8,
      EvaluationPeriods: 5,
      DatapointsToAlarm: 3,
    });
  });

  it('watch the HTTP API: 5xx answers and p99 latency', () => {
    const apiRef = { Ref: resourceNamed('AWS::ApiGatewayV2::Api', 'HttpApi').logicalId };
    expect(alarm('ApiServerErrors')).toMatchObject({
      Namespace: 'AWS/ApiGateway',
      MetricName: '5xx',
      Dimensions: [{ Name: 'ApiId', Value: apiRef }],
    });
    expect(alarm('ApiLatency')).toMatchObject({ MetricName: 'Latency', ExtendedStatistic: 'p99', Threshold: 2000 });
  });

  it('watch the table: throttled requests, system errors and transaction conflicts', () => {
    const throttles = alarm('TableThrottles').Metrics as any[];
    expect(
      throttles
        .map((m) => m.MetricStat?.Metric.MetricName)
        .filter(Boolean)
        .sort(),
    ).toEqual(['ReadThrottleEvents', 'WriteThrottleEvents']);
    const systemErrors = alarm('TableSystemErrors').Metrics as any[];
    const metrics = systemErrors.filter((m) => m.MetricStat);
    // An alarm may combine at most ten metrics.
    expect(metrics.length).toBeLessThanOrEqual(10);
    expect(new Set(metrics.map((m) => m.MetricStat.Metric.MetricName))).toEqual(new Set(['SystemErrors']));
    expect(alarm('TableTransactionConflicts')).toMatchObject({
      Namespace: 'AWS/DynamoDB',
      MetricName: 'TransactionConflict',
      Dimensions: [{ Name: 'TableName', Value: tableRef }],
      Threshold: (cdkJson.context.stages as any).prod.transactionConflictAlarmPerMinute,
      EvaluationPeriods: 5,
    });
  });

  it('watch settlements older than the threshold, by the metric the sweeper publishes', () => {
    expect(alarm('SettlementsOverdue')).toMatchObject({
      Namespace: 'CasinoTables/prod',
      MetricName: METRIC.oldestSettlementAge,
      Dimensions: [{ Name: 'service', Value: SERVICE_NAME }],
      Statistic: 'Maximum',
      Threshold: (cdkJson.context.stages as any).prod.settlementAgeAlarmSeconds,
    });
  });

  it("watch the calls to partners' wallets given up after 24 hours", () => {
    expect(alarm('WalletCallsDeadLettered')).toMatchObject({
      Namespace: 'CasinoTables/prod',
      MetricName: METRIC.walletCallsDeadLettered,
      Dimensions: [{ Name: 'service', Value: SERVICE_NAME }],
      Threshold: 1,
    });
  });

  it('watch the faults GraphQL answers with HTTP 200: requests answered INTERNAL_SERVER_ERROR', () => {
    expect(alarm('InternalErrors')).toMatchObject({
      Namespace: 'CasinoTables/prod',
      MetricName: METRIC.internalErrors,
      Dimensions: [{ Name: 'service', Value: SERVICE_NAME }],
      Threshold: 1,
    });
  });

  it('watch that the sweeper runs: fewer than one run in five minutes, no data counting as none', () => {
    expect(alarm('SweeperNotRunning')).toMatchObject({
      Namespace: 'AWS/Lambda',
      MetricName: 'Invocations',
      Dimensions: [{ Name: 'FunctionName', Value: fnRef('SettlementSweeperFunction') }],
      Period: 300,
      Threshold: 1,
      ComparisonOperator: 'LessThanThreshold',
      TreatMissingData: 'breaching',
    });
  });

  it("watch the settlement workers' dead letters", () => {
    expect(alarm('WalletDeadLetters')).toMatchObject({
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [
        { Name: 'QueueName', Value: { 'Fn::GetAtt': [resourceNamed('AWS::SQS::Queue', 'WalletDeadLetters').logicalId, 'QueueName'] } },
      ],
      Threshold: 1,
    });
    expect(alarm('SettlementDeadLetters')).toMatchObject({
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [
        { Name: 'QueueName', Value: { 'Fn::GetAtt': [resourceNamed('AWS::SQS::Queue', 'SettlementDeadLetters').logicalId, 'QueueName'] } },
      ],
      Threshold: 1,
    });
  });

  it("watch the ledger check's failed runs (a day with findings, or a run that could not finish)", () => {
    expect(alarm('LedgerCheckFailed')).toMatchObject({
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [
        { Name: 'QueueName', Value: { 'Fn::GetAtt': [resourceNamed('AWS::SQS::Queue', 'LedgerCheckDeadLetters').logicalId, 'QueueName'] } },
      ],
      Threshold: 1,
    });
  });

  it("watch the sweeper's failures and its dead letters", () => {
    expect(alarm('SweepFailures')).toMatchObject({ Namespace: 'CasinoTables/prod', MetricName: METRIC.sweepFailures, Threshold: 1 });
    expect(alarm('SweeperDeadLetters')).toMatchObject({
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [
        { Name: 'QueueName', Value: { 'Fn::GetAtt': [resourceNamed('AWS::SQS::Queue', 'SweeperDeadLetters').logicalId, 'QueueName'] } },
      ],
      Threshold: 1,
    });
  });

  it('publish to a topic encrypted with a rotated key of the stack’s own that CloudWatch may use, over TLS only', () => {
    const key = onlyResource('AWS::KMS::Key');
    expect(topic.resource.Properties.KmsMasterKeyId).toEqual({ 'Fn::GetAtt': [key.logicalId, 'Arn'] });
    expect(key.resource.Properties.EnableKeyRotation).toBe(true);
    expect(key.resource.Properties.KeyPolicy.Statement).toContainEqual(
      expect.objectContaining({ Principal: { Service: 'cloudwatch.amazonaws.com' }, Action: ['kms:Decrypt', 'kms:GenerateDataKey*'] }),
    );
    const policy = onlyResource('AWS::SNS::TopicPolicy').resource.Properties.PolicyDocument.Statement as any[];
    expect(policy).toContainEqual(expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }));
    // With a policy on the topic, CloudWatch may publish only if it says so: this account's alarms.
    const publish = policy.find((statement) => statement.Sid === 'AlarmsOfThisAccountPublish');
    expect(publish).toMatchObject({
      Effect: 'Allow',
      Principal: { Service: 'cloudwatch.amazonaws.com' },
      Action: 'sns:Publish',
      Resource: topicRef,
      Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } },
    });
    expect(JSON.stringify(publish.Condition.ArnLike['aws:SourceArn'])).toContain(':alarm:*');
  });

  it('reach the e-mail address given as the AlarmEmail parameter, and no one when it is empty', () => {
    const parameter = template.findParameters('AlarmEmail').AlarmEmail!;
    expect(parameter).toMatchObject({ Type: 'String', Default: '' });
    const subscription = onlyResource('AWS::SNS::Subscription');
    expect(subscription.resource.Properties).toEqual({ TopicArn: topicRef, Protocol: 'email', Endpoint: { Ref: 'AlarmEmail' } });
    const condition = template.findConditions(subscription.resource.Condition)[subscription.resource.Condition]!;
    expect(condition).toEqual({ 'Fn::Not': [{ 'Fn::Equals': [{ Ref: 'AlarmEmail' }, ''] }] });
    const withEmail = synthesize({ ...partnerContext, alarmEmail: 'oncall@casino.example' });
    expect(withEmail.template.findParameters('AlarmEmail').AlarmEmail!.Default).toBe('oncall@casino.example');
  });
});

describe('the dashboard', () => {
  const body = JSON.stringify(onlyResource('AWS::CloudWatch::Dashboard').resource.Properties.DashboardBody);

  it('shows the API, every function, the table and the alarms', () => {
    for (const metric of ['5xx', 'Latency', 'Invocations', 'ConsumedWriteCapacityUnits', 'TransactionConflict', 'ConnectCount']) {
      expect(body, metric).toContain(metric);
    }
    for (const [name] of FUNCTIONS) expect(body).toContain(name);
    // Every function's errors, by Logs Insights over their log groups.
    expect(body).toMatch(/filter level = \\+"ERROR/);
    for (const [name] of FUNCTIONS) expect(body).toContain(resourceNamed('AWS::Logs::LogGroup', `${name}Logs`).logicalId);
    expect(body).toMatch(/type\\*":\\*"alarm/);
  });

  it('shows every business metric the functions publish, in the stage’s namespace', () => {
    expect(body).toContain('CasinoTables/prod');
    for (const name of Object.values(METRIC)) expect(body, name).toContain(name);
  });
});

/** The app as `npm run synth -- -c stage=<stage>` builds it (cdk-nag's AwsSolutions checks on), without bundling. */
function nagApp(stage: string) {
  const app = testApp({ context: stageContext({ stage, jwtIssuer: 'https://auth.partner.example' }) });
  return { app, stacks: casinoTablesApp(app) };
}

interface ValidationReport {
  pluginReports: {
    pluginName: string;
    conclusion: string;
    violations: { ruleName: string; violatingConstructs: { constructPath: string }[] }[];
  }[];
}

function reportOf(directory: string): ValidationReport {
  return JSON.parse(readFileSync(`${directory}/validation-report.json`, 'utf8'));
}

describe('cdk-nag (AWS Solutions and Serverless)', () => {
  // One synth proves both: the app runs the checks, and they find nothing in the stack but the
  // careless queue added to it. (dev is synthesized with them by the bundle test, as the CLI runs it.)
  it("fails the synth on any finding nobody acknowledged, and finds none in prod's stack", () => {
    const {
      app,
      stacks: { stacks },
    } = nagApp('prod');
    expect(stacks.map((stack) => stack.stackName)).toEqual(['CasinoTables-prod']);
    // A queue with neither TLS enforcement nor a dead-letter queue: AwsSolutions-SQS3 and SQS4, Serverless-SQSRedrivePolicy.
    new Queue(stacks[0]!, 'CarelessQueue');
    let message = '';
    try {
      app.synth();
    } catch (error) {
      message = String(error);
    }
    expect(message).toMatch(/^ValidationFailed: [^]*AwsSolutions-SQS3/);
    const violations = reportOf(app.outdir).pluginReports.flatMap((plugin) => plugin.violations);
    expect(violations.map((violation) => violation.ruleName).sort()).toEqual([
      'AwsSolutions-SQS3',
      'AwsSolutions-SQS4',
      'Serverless-SQSRedrivePolicy',
    ]);
    for (const violation of violations) {
      expect(violation.violatingConstructs.map((construct) => construct.constructPath)).toEqual([
        'CasinoTables-prod/CarelessQueue/Resource',
      ]);
    }
  });

  it('writes its report: every rule of both packs, every check that applied, every acknowledgement with its reason', () => {
    const {
      app,
      stacks: { nagReport },
    } = nagApp('prod');
    const path = nagReport.write(app.synth().directory);
    const [header, ...rows] = readFileSync(path, 'utf8').trim().split('\n');
    expect(header).toBe('pack,rule,resource,result,reason');
    const parsed = rows.map((row) => row.match(/^(\w+),([^,]+),([^,]+),([a-z -]+),?(.*)$/)!.slice(1));
    expect(new Set(parsed.map(([pack]) => pack))).toEqual(new Set(['AwsSolutions', 'Serverless']));
    expect(parsed.filter(([, , , result]) => result === 'non-compliant')).toEqual([]);
    const acknowledged = parsed.filter(([, , , result]) => result === 'acknowledged');
    expect(acknowledged.length).toBeGreaterThan(0);
    for (const [, rule, resource, , reason] of acknowledged) expect(reason, `${rule} on ${resource}`).toMatch(/\w{4,}/);
    // Some rules checked and passed on our resources, with no acknowledgement: the firewall, tracing, the queues' dead letters.
    expect(parsed).toContainEqual([
      'AwsSolutions',
      'AwsSolutions-CFR2',
      'CasinoTables-prod/HostedClient/Distribution/Resource',
      'compliant',
      '',
    ]);
    expect(parsed).toContainEqual([
      'Serverless',
      'Serverless-LambdaTracing',
      'CasinoTables-prod/GraphqlFunction/Resource',
      'compliant',
      '',
    ]);
    const rules = readFileSync(`${app.outdir}/cdk-nag-rules.csv`, 'utf8').trim().split('\n').slice(1);
    expect(rules.length).toBeGreaterThan(100);
    expect(rules.some((line) => line.startsWith('Serverless,Serverless-LambdaDLQ,'))).toBe(true);
    expect(nagReport.summary()).toMatch(/^cdk-nag \(AwsSolutions, Serverless\): \d+ rules, [\d,]+ checks: .* 0 non-compliant$/);
  });
});
