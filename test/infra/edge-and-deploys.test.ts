import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../functions/graphql/request-limits';
import { MAX_SESSION_BODY_BYTES } from '../../functions/launch/routes';
import { cdkJson, synthesize } from './synthesize';

const issuer = { jwtIssuer: 'https://auth.partner.example/realms/casino' };
const prod = synthesize(issuer);
const prodSettings = (cdkJson.context.stages as any).prod;

type Resources = Record<string, { Type: string; Properties: Record<string, any> }>;
const resourcesOf = (template: { toJSON(): any }): Resources => template.toJSON().Resources;
const onlyOf = (template: { toJSON(): any }, type: string) => {
  const found = Object.entries(resourcesOf(template)).filter(([, resource]) => resource.Type === type);
  expect(found, `one ${type}`).toHaveLength(1);
  return { logicalId: found[0]![0], properties: found[0]![1].Properties };
};

describe("the edge's firewall (AWS WAF, in us-east-1)", () => {
  const acl = onlyOf(prod.edgeTemplate, 'AWS::WAFv2::WebACL');
  const rule = (name: string) => acl.properties.Rules.find((candidate: any) => candidate.Name === name);

  it('is a web ACL for CloudFront in its own stack in us-east-1, which the distribution names', () => {
    expect(prod.edge.region).toBe('us-east-1');
    expect(acl.properties).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
    const distribution = onlyOf(prod.template, 'AWS::CloudFront::Distribution').properties.DistributionConfig;
    expect(distribution.WebACLId).toEqual({
      'Fn::GetStackOutput': expect.objectContaining({ StackName: 'CasinoTablesEdge-prod', Region: 'us-east-1' }),
    });
    const output = distribution.WebACLId['Fn::GetStackOutput'].OutputName;
    expect(prod.edgeTemplate.toJSON().Outputs[output].Value).toEqual({ 'Fn::GetAtt': [acl.logicalId, 'Arn'] });
  });

  it("runs AWS's managed groups first: IP reputation, common rules, known bad inputs", () => {
    expect(acl.properties.Rules.map((candidate: any) => candidate.Name)).toEqual([
      'AWSManagedRulesAmazonIpReputationList',
      'AWSManagedRulesCommonRuleSet',
      'AWSManagedRulesKnownBadInputsRuleSet',
      'BodyOverApiLimit',
      'SessionBodyOverLimit',
      'RatePerIp',
      'PartnerRatePerIp',
    ]);
    for (const name of ['AWSManagedRulesAmazonIpReputationList', 'AWSManagedRulesCommonRuleSet', 'AWSManagedRulesKnownBadInputsRuleSet']) {
      expect(rule(name).Statement.ManagedRuleGroupStatement).toMatchObject({ VendorName: 'AWS', Name: name });
      expect(rule(name).OverrideAction).toEqual({ None: {} });
    }
    // The common group's 8 KiB body limit would refuse GraphQL documents the API takes: counted only.
    expect(rule('AWSManagedRulesCommonRuleSet').Statement.ManagedRuleGroupStatement.RuleActionOverrides).toEqual([
      { Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } },
    ]);
  });

  it("blocks bodies past the API's own limits, inspecting the whole of a GraphQL body", () => {
    expect(acl.properties.AssociationConfig).toEqual({ RequestBody: { CLOUDFRONT: { DefaultSizeInspectionLimit: 'KB_64' } } });
    expect(MAX_BODY_BYTES).toBe(64 * 1024);
    expect(rule('BodyOverApiLimit')).toMatchObject({
      Action: { Block: {} },
      Statement: {
        SizeConstraintStatement: { ComparisonOperator: 'GT', Size: MAX_BODY_BYTES, FieldToMatch: { Body: { OversizeHandling: 'MATCH' } } },
      },
    });
    const [paths, size] = rule('SessionBodyOverLimit').Statement.AndStatement.Statements;
    expect(paths.OrStatement.Statements.map((statement: any) => statement.ByteMatchStatement.SearchString)).toEqual([
      '/partner/v1/',
      '/session/v1/',
    ]);
    expect(size.SizeConstraintStatement).toMatchObject({ ComparisonOperator: 'GT', Size: MAX_SESSION_BODY_BYTES });
  });

  it("limits each IP to the stage's rate, and partners' signed server calls to ten times it", () => {
    const rate = rule('RatePerIp');
    expect(rate.Action).toEqual({ Block: {} });
    expect(rate.Statement.RateBasedStatement).toMatchObject({
      Limit: prodSettings.edge.requestsPerIpPer5Minutes,
      AggregateKeyType: 'IP',
      EvaluationWindowSec: 300,
      ScopeDownStatement: {
        NotStatement: {
          Statement: { ByteMatchStatement: expect.objectContaining({ SearchString: '/partner/v1/', PositionalConstraint: 'STARTS_WITH' }) },
        },
      },
    });
    expect(rule('PartnerRatePerIp').Statement.RateBasedStatement).toMatchObject({
      Limit: prodSettings.edge.requestsPerIpPer5Minutes * 10,
      AggregateKeyType: 'IP',
      ScopeDownStatement: {
        ByteMatchStatement: expect.objectContaining({ SearchString: '/partner/v1/', PositionalConstraint: 'STARTS_WITH' }),
      },
    });
    expect(synthesize({ ...issuer, edge: { requestsPerIpPer5Minutes: 500 } }).edgeTemplate.toJSON()).toMatchObject({
      Resources: {
        [acl.logicalId]: {
          Properties: {
            Rules: expect.arrayContaining([
              expect.objectContaining({ Name: 'RatePerIp', Statement: { RateBasedStatement: expect.objectContaining({ Limit: 500 }) } }),
            ]),
          },
        },
      },
    });
  });

  it('logs what it let through and refused to a log group WAF accepts (aws-waf-logs-*)', () => {
    const logs = onlyOf(prod.edgeTemplate, 'AWS::Logs::LogGroup');
    expect(logs.properties).toMatchObject({
      LogGroupName: 'aws-waf-logs-casino-tables-prod',
      RetentionInDays: prodSettings.logRetentionDays,
    });
    const logging = onlyOf(prod.edgeTemplate, 'AWS::WAFv2::LoggingConfiguration').properties;
    // No credential is kept: bearer tokens, partners' signatures, cookies, a launch's one-time code in the query.
    expect(logging.RedactedFields).toEqual([
      { SingleHeader: { Name: 'authorization' } },
      { SingleHeader: { Name: 'cookie' } },
      { SingleHeader: { Name: 'x-partner-signature' } },
      { QueryString: {} },
    ]);
    expect(logging.ResourceArn).toEqual({ 'Fn::GetAtt': [acl.logicalId, 'Arn'] });
    // The group's ARN without the :* CloudFormation's own attribute ends in (WAF refuses it).
    expect(logging.LogDestinationConfigs).toEqual([
      { 'Fn::Join': ['', ['arn:aws:logs:us-east-1:', { Ref: 'AWS::AccountId' }, ':log-group:', { Ref: logs.logicalId }]] },
    ]);
  });
});

describe("the edge's addresses", () => {
  const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b';
  const custom = synthesize({ ...issuer, edge: { customDomains: ['tables.casino.example', 'play.casino.example'], certificateArn } });

  it("answer on the stage's custom domains, with their certificate and TLS 1.2 at least", () => {
    const distribution = onlyOf(custom.template, 'AWS::CloudFront::Distribution').properties.DistributionConfig;
    expect(distribution.Aliases).toEqual(['tables.casino.example', 'play.casino.example']);
    expect(distribution.ViewerCertificate).toEqual({
      AcmCertificateArn: certificateArn,
      MinimumProtocolVersion: 'TLSv1.2_2021',
      SslSupportMethod: 'sni-only',
    });
  });

  it('name the first custom domain in launch URLs, pages and round links', () => {
    expect(custom.template.toJSON().Outputs.PublicUrl.Value).toBe('https://tables.casino.example');
    const graphql = Object.entries(resourcesOf(custom.template)).find(
      ([id, resource]) => resource.Type === 'AWS::Lambda::Function' && id.startsWith('GraphqlFunction'),
    )!;
    expect(graphql[1].Properties.Environment.Variables.PUBLIC_BASE_URL).toBe('https://tables.casino.example');
  });

  it("without custom domains, answer on CloudFront's own name", () => {
    const distribution = onlyOf(prod.template, 'AWS::CloudFront::Distribution').properties.DistributionConfig;
    expect(distribution.Aliases).toBeUndefined();
  });

  it('are the only way in: the API functions know the secret CloudFront adds, and may read it', () => {
    const secret = onlyOf(prod.template, 'AWS::SecretsManager::Secret');
    expect(secret.properties.GenerateSecretString).toMatchObject({ ExcludePunctuation: true, PasswordLength: 48 });
    for (const name of ['GraphqlFunction', 'SocketFunction']) {
      const [id, fn] = Object.entries(resourcesOf(prod.template)).find(
        ([candidate, resource]) => resource.Type === 'AWS::Lambda::Function' && candidate.startsWith(name),
      )!;
      expect(fn.Properties.Environment.Variables.ORIGIN_SECRET_ARN, name).toEqual({ Ref: secret.logicalId });
      const role = fn.Properties.Role['Fn::GetAtt'][0];
      const reads = Object.values(resourcesOf(prod.template))
        .filter((resource) => resource.Type === 'AWS::IAM::Policy' && resource.Properties.Roles.some((ref: any) => ref.Ref === role))
        .flatMap((policy) => policy.Properties.PolicyDocument.Statement)
        .some(
          (statement: any) =>
            [statement.Action].flat().includes('secretsmanager:GetSecretValue') &&
            JSON.stringify(statement.Resource) === JSON.stringify({ Ref: secret.logicalId }),
        );
      expect(reads, `${name} (${id}) reads the edge secret`).toBe(true);
    }
  });
});

describe('gradual deploys (CodeDeploy)', () => {
  const resources = resourcesOf(prod.template);
  const functions = Object.entries(resources).filter(
    ([id, resource]) => resource.Type === 'AWS::Lambda::Function' && !id.startsWith('Custom'),
  );
  const groups = Object.values(resources).filter((resource) => resource.Type === 'AWS::CodeDeploy::DeploymentGroup');
  const alarmId = (name: string) =>
    Object.keys(resources).find((id) => resources[id]!.Type === 'AWS::CloudWatch::Alarm' && id.startsWith(`Monitoring${name}`))!;

  it('give every function an alias `live` on its current version, moved by a deployment group of its own', () => {
    expect(functions).toHaveLength(10);
    expect(groups).toHaveLength(functions.length);
    for (const [id] of functions) {
      const aliases = Object.entries(resources).filter(
        ([, resource]) => resource.Type === 'AWS::Lambda::Alias' && resource.Properties.FunctionName.Ref === id,
      );
      expect(aliases, id).toHaveLength(1);
      const [aliasId, alias] = aliases[0]!;
      expect(alias.Properties.Name).toBe('live');
      expect((alias as any).UpdatePolicy.CodeDeployLambdaAliasUpdate).toMatchObject({
        ApplicationName: expect.anything(),
        DeploymentGroupName: expect.anything(),
      });
      expect(aliasId).toMatch(/^Deploys/);
    }
  });

  it('shift traffic as the stage says (prod: a 10% canary for 5 minutes; dev: at once)', () => {
    expect(prodSettings.deploymentConfig).toBe('CANARY_10PERCENT_5MINUTES');
    for (const group of groups)
      expect(JSON.stringify(group.Properties.DeploymentConfigName)).toContain('CodeDeployDefault.LambdaCanary10Percent5Minutes');
    const dev = synthesize(issuer, 'dev');
    for (const group of Object.values(resourcesOf(dev.template)).filter((resource) => resource.Type === 'AWS::CodeDeploy::DeploymentGroup'))
      expect(JSON.stringify(group.Properties.DeploymentConfigName)).toContain('CodeDeployDefault.LambdaAllAtOnce');
  });

  it("roll back on the function's own errors, and on every alarm that says players are hurt", () => {
    for (const [id] of functions) {
      const name = id.replace(/[0-9A-F]{8}$/, '');
      const group = groups.find((candidate) => JSON.stringify(candidate.Properties.AlarmConfiguration).includes(alarmId(`${name}Errors`)));
      expect(group, name).toBeDefined();
      expect(group!.Properties.AlarmConfiguration.Enabled).toBe(true);
      expect(group!.Properties.AlarmConfiguration.Alarms.map((alarm: any) => alarm.Name.Ref).sort()).toEqual(
        [`${name}Errors`, 'ApiServerErrors', 'InternalErrors', 'SettlementsOverdue', 'WalletDeliveryLag'].map(alarmId).sort(),
      );
      expect(group!.Properties.AutoRollbackConfiguration).toEqual({
        Enabled: true,
        Events: expect.arrayContaining(['DEPLOYMENT_FAILURE', 'DEPLOYMENT_STOP_ON_REQUEST', 'DEPLOYMENT_STOP_ON_ALARM']),
      });
    }
  });

  it('deploy a fix while the alarms fire, for one deploy, when told to (-c rollbackOnAlarms=false)', () => {
    const hotfix = Object.values(resourcesOf(synthesize({ ...issuer, rollbackOnAlarms: 'false' }).template)).filter(
      (resource) => resource.Type === 'AWS::CodeDeploy::DeploymentGroup',
    );
    expect(hotfix).toHaveLength(groups.length);
    for (const group of hotfix) {
      expect(group.Properties.AlarmConfiguration.Enabled).toBe(false);
      expect(group.Properties.AutoRollbackConfiguration.Events).not.toContain('DEPLOYMENT_STOP_ON_ALARM');
    }
  });

  it("watch the wallet calls' queue for calls our workers have not reached", () => {
    const lag = resources[alarmId('WalletDeliveryLag')]!.Properties;
    expect(lag).toMatchObject({ MetricName: 'ApproximateAgeOfOldestMessage', Namespace: 'AWS/SQS', Threshold: 120, EvaluationPeriods: 3 });
  });
});

describe('the optional replica region', () => {
  it("replicates prod's table to the regions its stage names, and none by default", () => {
    const replicasOf = (template: { toJSON(): any }) =>
      onlyOf(template, 'AWS::DynamoDB::GlobalTable').properties.Replicas.map((replica: any) => replica.Region);
    expect(replicasOf(prod.template)).toEqual(['ap-southeast-1']);
    const replicated = synthesize({ ...issuer, replicaRegions: ['ap-northeast-1'] });
    expect(replicasOf(replicated.template).sort()).toEqual(['ap-northeast-1', 'ap-southeast-1']);
    const replica = onlyOf(replicated.template, 'AWS::DynamoDB::GlobalTable').properties.Replicas.find(
      (entry: any) => entry.Region === 'ap-northeast-1',
    );
    expect(replica).toMatchObject({
      DeletionProtectionEnabled: true,
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
    });
  });

  it('copies every secret the functions create to the replica regions, where a failover stage reads them', () => {
    const replicated = resourcesOf(synthesize({ ...issuer, replicaRegions: ['ap-northeast-1', 'ap-south-1'] }).template);
    for (const name of ['GraphqlFunction', 'SecretRotationFunction']) {
      const [, fn] = Object.entries(replicated).find(([id, resource]) => resource.Type === 'AWS::Lambda::Function' && id.startsWith(name))!;
      expect(fn.Properties.Environment.Variables.SECRET_REPLICA_REGIONS, name).toBe('ap-northeast-1,ap-south-1');
      const role = fn.Properties.Role['Fn::GetAtt'][0];
      const actions = Object.values(replicated)
        .filter((resource) => resource.Type === 'AWS::IAM::Policy' && resource.Properties.Roles.some((ref: any) => ref.Ref === role))
        .flatMap((policy) => policy.Properties.PolicyDocument.Statement.flatMap((statement: any) => [statement.Action].flat()));
      expect(actions, name).toContain('secretsmanager:ReplicateSecretToRegions');
    }
    const unreplicated = Object.entries(resourcesOf(prod.template)).find(
      ([id, resource]) => resource.Type === 'AWS::Lambda::Function' && id.startsWith('GraphqlFunction'),
    )!;
    expect(unreplicated[1].Properties.Environment.Variables.SECRET_REPLICA_REGIONS).toBeUndefined();
  });
});

describe('a failover stage', () => {
  const streamArn = 'arn:aws:dynamodb:ap-northeast-1:123456789012:table/CasinoTables-prod-Table-1A2B3C/stream/2026-12-01T00:00:00.000';
  const failover = synthesize(
    { ...issuer, region: 'ap-northeast-1', failover: { of: 'prod', tableName: 'CasinoTables-prod-Table-1A2B3C', streamArn } },
    'prod-failover',
  );
  const resources = resourcesOf(failover.template);

  it("runs on the other stage's replica in its region: no table of its own, its stream feeding the live path", () => {
    expect(Object.values(resources).filter((resource) => resource.Type === 'AWS::DynamoDB::GlobalTable')).toEqual([]);
    const functions = Object.values(resources).filter(
      (resource) => resource.Type === 'AWS::Lambda::Function' && resource.Properties.Environment?.Variables?.TABLE_NAME,
    );
    expect(functions.length).toBeGreaterThan(0);
    for (const fn of functions) expect(fn.Properties.Environment.Variables.TABLE_NAME).toBe('CasinoTables-prod-Table-1A2B3C');
    const streams = Object.values(resources).filter(
      (resource) => resource.Type === 'AWS::Lambda::EventSourceMapping' && resource.Properties.StartingPosition,
    );
    expect(streams.map((mapping) => mapping.Properties.EventSourceArn)).toEqual([streamArn]);
  });

  it('reads the secrets of the stage it stands in for', () => {
    const graphql = Object.entries(resources).find(
      ([id, resource]) => resource.Type === 'AWS::Lambda::Function' && id.startsWith('GraphqlFunction'),
    )![1];
    expect(graphql.Properties.Environment.Variables.WALLET_SECRETS).toBe('secretsmanager:casino-tables/prod/wallet/');
  });

  it('is refused with replicas of its own, or with a stream of another region', () => {
    expect(() =>
      synthesize(
        {
          ...issuer,
          region: 'ap-northeast-1',
          replicaRegions: ['ap-southeast-1'],
          failover: { of: 'prod', tableName: 'CasinoTables-prod-Table-1A2B3C', streamArn },
        },
        'prod-failover',
      ),
    ).toThrow(/exclude each other/);
    expect(() =>
      synthesize(
        { ...issuer, region: 'eu-west-1', failover: { of: 'prod', tableName: 'CasinoTables-prod-Table-1A2B3C', streamArn } },
        'prod-failover',
      ),
    ).toThrow(/failover.streamArn must be the stream of CasinoTables-prod-Table-1A2B3C's replica in eu-west-1/);
  });

  it("watches the replica's lag on the stage that keeps it", () => {
    const replicated = resourcesOf(synthesize({ ...issuer, replicaRegions: ['ap-northeast-1'] }).template);
    const lag = Object.entries(replicated).find(([id]) => id.startsWith('MonitoringReplicationLatencyApNortheast1'))![1];
    expect(lag.Properties).toMatchObject({
      MetricName: 'ReplicationLatency',
      Threshold: 60_000,
      Dimensions: expect.arrayContaining([{ Name: 'ReceivingRegion', Value: 'ap-northeast-1' }]),
    });
  });
});

describe('rotation of the secrets the functions keep (Secrets Manager)', () => {
  const resources = resourcesOf(prod.template);
  const named = (prefix: string, type: string) =>
    Object.entries(resources).find(([id, resource]) => resource.Type === type && id.startsWith(prefix))!;

  it("has a rotation function Secrets Manager invokes, through its alias, for the stage's secrets only", () => {
    const [functionId] = named('SecretRotationFunction', 'AWS::Lambda::Function');
    const [aliasId] = Object.entries(resources).find(
      ([, resource]) => resource.Type === 'AWS::Lambda::Alias' && resource.Properties.FunctionName.Ref === functionId,
    )!;
    const permission = Object.values(resources).find(
      (resource) => resource.Type === 'AWS::Lambda::Permission' && resource.Properties.Principal === 'secretsmanager.amazonaws.com',
    )!;
    expect(permission.Properties.FunctionName).toEqual({ Ref: aliasId });
    expect(JSON.stringify(permission.Properties.SourceArn)).toContain(':secret:casino-tables/prod/wallet/*');
  });

  it('puts every secret the GraphQL function creates on the 90-day schedule, with that function', () => {
    const [functionId] = named('SecretRotationFunction', 'AWS::Lambda::Function');
    const [aliasId] = Object.entries(resources).find(
      ([, resource]) => resource.Type === 'AWS::Lambda::Alias' && resource.Properties.FunctionName.Ref === functionId,
    )!;
    const [, graphql] = named('GraphqlFunction', 'AWS::Lambda::Function');
    expect(graphql.Properties.Environment.Variables).toMatchObject({
      SECRET_ROTATION_FUNCTION_ARN: { Ref: aliasId },
      SECRET_ROTATION_SCHEDULE: 'rate(90 days)',
    });
  });
});
