import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Stack } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { HttpApi, WebSocketApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { afterAll, describe, expect, it } from 'vitest';
import { buildHostedClient } from '../../client/hosted-client-build';
import { CLIENT_FILES, CLIENT_PATH } from '../../functions/launch/hosted-pages';
import { casinoTablesApp } from '../../infra/casino-tables-app';
import { CLIENT_SOCKET_PATH, HostedClient } from '../../infra/hosted-client';
import { DEFAULT_SETTINGS } from '../../infra/deployment-settings';
import { ORIGIN_VERIFY_HEADER } from '../../functions/edge/origin-guard';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { cdkJson, stageContext, synthesize, testApp } from './synthesize';

const { template } = synthesize({ jwtIssuer: 'https://auth.partner.example/realms/casino' });
const dev = synthesize({ jwtIssuer: 'https://auth.partner.example/realms/casino' }, 'dev');

type Resource = { Type: string; Properties: Record<string, any>; [key: string]: any };

/** The one resource of `type` whose logical id starts with `prefix` (CDK appends a hash). */
function resourceNamed(type: string, prefix: string, from: Template = template): { logicalId: string; resource: Resource } {
  const found = Object.entries(from.findResources(type)).filter(([id]) => id.startsWith(prefix));
  expect(
    found.map(([id]) => id),
    `exactly one ${type} named ${prefix}*`,
  ).toHaveLength(1);
  return { logicalId: found[0]![0], resource: found[0]![1] as Resource };
}

const distribution = resourceNamed('AWS::CloudFront::Distribution', 'HostedClientDistribution');
const config = distribution.resource.Properties.DistributionConfig;
const bucket = resourceNamed('AWS::S3::Bucket', 'HostedClientClientFiles');
const accessLogs = resourceNamed('AWS::S3::Bucket', 'HostedClientAccessLogs');
const httpApi = resourceNamed('AWS::ApiGatewayV2::Api', 'HttpApi');
const webSocketApi = resourceNamed('AWS::ApiGatewayV2::Api', 'WebSocketApi');
const distributionDomain = { 'Fn::GetAtt': [distribution.logicalId, 'DomainName'] };

/** The origin a behavior sends to. */
const originOf = (behavior: { TargetOriginId: string }) => config.Origins.find((origin: any) => origin.Id === behavior.TargetOriginId);
const behaviorAt = (path: string) => config.CacheBehaviors.find((behavior: any) => behavior.PathPattern === path);
/** The host name of an API's execute-api endpoint, as the template builds it. */
const executeApiHost = (apiId: string) => ({
  'Fn::Join': ['', [{ Ref: apiId }, '.execute-api.ap-southeast-1.', { Ref: 'AWS::URLSuffix' }]],
});
const originSecret = resourceNamed('AWS::SecretsManager::Secret', 'OriginSecret');
/** What CloudFront adds to every request it sends an API: the edge's secret, resolved by CloudFormation at deploy. */
const originVerify = [
  {
    HeaderName: ORIGIN_VERIFY_HEADER,
    HeaderValue: { 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: originSecret.logicalId }, ':SecretString:::}}']] },
  },
];

describe('the distribution', () => {
  it('sends everything else (the pages, GraphQL, the session routes) to the HTTP API, uncached, every method, every header but Host', () => {
    const behavior = config.DefaultCacheBehavior;
    expect(originOf(behavior)).toEqual({
      Id: behavior.TargetOriginId,
      DomainName: executeApiHost(httpApi.logicalId),
      // No origin path: the $default stage answers at the root.
      CustomOriginConfig: { OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] },
      OriginCustomHeaders: originVerify,
    });
    expect(behavior).toMatchObject({
      CachePolicyId: CachePolicy.CACHING_DISABLED.cachePolicyId,
      OriginRequestPolicyId: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
      AllowedMethods: expect.arrayContaining(['GET', 'HEAD', 'OPTIONS', 'POST']),
      ViewerProtocolPolicy: 'redirect-to-https',
    });
  });

  it("serves the pages' script and styles (/client/*) from the bucket through an origin access control, cached and compressed", () => {
    expect(`${CLIENT_PATH}*`).toBe('/client/*');
    const behavior = behaviorAt('/client/*');
    const origin = originOf(behavior);
    expect(origin.DomainName).toEqual({ 'Fn::GetAtt': [bucket.logicalId, 'RegionalDomainName'] });
    // No origin access identity: the origin access control signs CloudFront's requests to S3.
    expect(origin.S3OriginConfig).toEqual({ OriginAccessIdentity: '' });
    const control = resourceNamed('AWS::CloudFront::OriginAccessControl', 'HostedClientDistribution');
    expect(origin.OriginAccessControlId).toEqual({ 'Fn::GetAtt': [control.logicalId, 'Id'] });
    expect(control.resource.Properties.OriginAccessControlConfig).toMatchObject({
      OriginAccessControlOriginType: 's3',
      SigningBehavior: 'always',
      SigningProtocol: 'sigv4',
    });
    expect(behavior).toMatchObject({ CachePolicyId: CachePolicy.CACHING_OPTIMIZED.cachePolicyId, Compress: true });
    expect(behavior.AllowedMethods ?? ['GET', 'HEAD']).toEqual(['GET', 'HEAD']);
  });

  it("sends /live to the WebSocket API, whose stage of that name it reaches with the upgrade's headers, uncached, over HTTPS only", () => {
    expect(CLIENT_SOCKET_PATH).toBe('/live');
    const stage = resourceNamed('AWS::ApiGatewayV2::Stage', 'LiveStage').resource.Properties;
    expect(stage).toMatchObject({ ApiId: { Ref: webSocketApi.logicalId }, StageName: CLIENT_SOCKET_PATH.slice(1) });
    const behavior = behaviorAt(CLIENT_SOCKET_PATH);
    const origin = originOf(behavior);
    expect(origin.DomainName).toEqual(executeApiHost(webSocketApi.logicalId));
    expect(origin.OriginPath).toBeUndefined();
    expect(origin.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only' });
    expect(origin.OriginCustomHeaders).toEqual(originVerify);
    expect(behavior).toMatchObject({
      CachePolicyId: CachePolicy.CACHING_DISABLED.cachePolicyId,
      OriginRequestPolicyId: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
      ViewerProtocolPolicy: 'https-only',
    });
  });

  it('has no other behavior, no other origin', () => {
    expect(config.CacheBehaviors.map((behavior: any) => behavior.PathPattern).sort()).toEqual(['/client/*', '/live']);
    expect(config.Origins).toHaveLength(3);
  });

  it('writes standard logs to the access log bucket, kept as long as the stage keeps logs', () => {
    expect(config.Logging).toEqual({ Bucket: { 'Fn::GetAtt': [accessLogs.logicalId, 'RegionalDomainName'] }, Prefix: 'cloudfront/' });
    const retention = (cdkJson.context.stages as any).prod.logRetentionDays;
    expect(accessLogs.resource.Properties.LifecycleConfiguration.Rules).toEqual([{ ExpirationInDays: retention, Status: 'Enabled' }]);
    // CloudFront writes its logs with an ACL.
    expect(accessLogs.resource.Properties.OwnershipControls.Rules).toEqual([{ ObjectOwnership: 'ObjectWriter' }]);
  });
});

describe('the client bucket', () => {
  it('blocks all public access, is encrypted (S3-managed) and logs its access', () => {
    for (const { resource } of [bucket, accessLogs]) {
      expect(resource.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(resource.Properties.BucketEncryption.ServerSideEncryptionConfiguration).toEqual([
        { ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } },
      ]);
    }
    expect(bucket.resource.Properties.LoggingConfiguration).toMatchObject({ DestinationBucketName: { Ref: accessLogs.logicalId } });
  });

  /** The statements of a bucket's policy. */
  const statementsOf = (bucketId: string, from: Template = template): any[] => {
    const [policy] = Object.values(from.findResources('AWS::S3::BucketPolicy')).filter(
      (resource: any) => resource.Properties.Bucket.Ref === bucketId,
    ) as any[];
    return policy.Properties.PolicyDocument.Statement;
  };

  it('lets CloudFront alone read it, and only for this distribution; refuses any request without TLS', () => {
    const statements = statementsOf(bucket.logicalId);
    const allows = statements.filter((statement) => statement.Effect === 'Allow');
    expect(allows).toEqual([
      {
        Effect: 'Allow',
        Principal: { Service: 'cloudfront.amazonaws.com' },
        Action: 's3:GetObject',
        Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucket.logicalId, 'Arn'] }, '/*']] },
        Condition: {
          StringEquals: {
            'AWS:SourceArn': {
              'Fn::Join': [
                '',
                [
                  'arn:',
                  { Ref: 'AWS::Partition' },
                  ':cloudfront::',
                  { Ref: 'AWS::AccountId' },
                  ':distribution/',
                  { Ref: distribution.logicalId },
                ],
              ],
            },
          },
        },
      },
    ]);
    const denies = statements.filter((statement) => statement.Effect === 'Deny');
    expect(denies).toEqual([expect.objectContaining({ Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]);
  });

  it('is kept with the data in prod, and emptied and deleted with a dev stack (and so are the access logs)', () => {
    for (const { resource } of [bucket, accessLogs]) expect(resource.DeletionPolicy).toBe('Retain');
    expect(Object.keys(template.findResources('Custom::S3AutoDeleteObjects'))).toEqual([]);
    const devBucket = resourceNamed('AWS::S3::Bucket', 'HostedClientClientFiles', dev.template);
    const devLogs = resourceNamed('AWS::S3::Bucket', 'HostedClientAccessLogs', dev.template);
    for (const { resource } of [devBucket, devLogs]) expect(resource.DeletionPolicy).toBe('Delete');
    const emptied = Object.values(dev.template.findResources('Custom::S3AutoDeleteObjects')).map(
      (resource: any) => resource.Properties.BucketName.Ref,
    );
    expect(emptied.sort()).toEqual([devBucket.logicalId, devLogs.logicalId].sort());
    // In dev, the one other reader of the bucket is the function that empties it.
    const devAllows = statementsOf(devBucket.logicalId, dev.template).filter((statement) => statement.Effect === 'Allow');
    expect(devAllows.map((statement) => statement.Principal.Service ?? 'the emptying function').sort()).toEqual([
      'cloudfront.amazonaws.com',
      'the emptying function',
    ]);
  });
});

describe('the client files', () => {
  const deployment = resourceNamed('Custom::CDKBucketDeployment', 'HostedClientDeployment');
  const deploymentFunction = resourceNamed('AWS::Lambda::Function', 'CustomCDKBucketDeployment');

  it('are uploaded at each deploy under client/ in the bucket, what is no longer built deleted, /client/* invalidated', () => {
    expect(deployment.resource.Properties).toMatchObject({
      DestinationBucketName: { Ref: bucket.logicalId },
      DestinationBucketKeyPrefix: 'client/',
      Prune: true,
      DistributionId: { Ref: distribution.logicalId },
      DistributionPaths: ['/client/*'],
      // Fixed names (the pages name them): browsers and edges keep them five minutes, an invalidation at each deploy.
      SystemMetadata: { 'cache-control': 'public, max-age=300' },
    });
    expect(deployment.resource.Properties.SourceObjectKeys).toHaveLength(1);
  });

  it("are uploaded by a function whose role is its own, with no managed policy, logging to the stack's log group", () => {
    const props = deploymentFunction.resource.Properties;
    const roleId = props.Role['Fn::GetAtt'][0];
    expect(roleId).toMatch(/^HostedClientDeploymentRole/);
    expect((template.findResources('AWS::IAM::Role')[roleId] as any).Properties.ManagedPolicyArns).toBeUndefined();
    const logs = resourceNamed('AWS::Logs::LogGroup', 'ClientDeploymentLogs');
    expect(props.LoggingConfig).toEqual({ LogGroup: { Ref: logs.logicalId } });
    expect(logs.resource.Properties.RetentionInDays).toBe((cdkJson.context.stages as any).prod.logRetentionDays);
    const statements = (Object.values(template.findResources('AWS::IAM::Policy')) as any[])
      .filter((policy) => policy.Properties.Roles.some((role: any) => role.Ref === roleId))
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement);
    expect(statements).toContainEqual(
      expect.objectContaining({
        Action: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        Resource: { 'Fn::GetAtt': [logs.logicalId, 'Arn'] },
      }),
    );
  });
});

describe('the hosted pages', () => {
  it('are routes of the HTTP API, without an authorizer, to the GraphQL function', () => {
    const routes = Object.values(template.findResources('AWS::ApiGatewayV2::Route')) as any[];
    const byKey = new Map(routes.map((route) => [route.Properties.RouteKey, route.Properties]));
    const graphqlTarget = byKey.get('POST /graphql').Target;
    for (const key of ['GET /tables/{tableId}', 'GET /lobby', 'GET /rounds/{roundId}']) {
      const route = byKey.get(key);
      expect(route, key).toBeDefined();
      expect(route.ApiId).toEqual({ Ref: httpApi.logicalId });
      expect(route.AuthorizationType ?? 'NONE').toBe('NONE');
      // Each route has an integration of its own, all calling the GraphQL function.
      const integrationId = route.Target['Fn::Join'][1][1].Ref;
      const integration = template.findResources('AWS::ApiGatewayV2::Integration')[integrationId] as any;
      const graphqlIntegration = template.findResources('AWS::ApiGatewayV2::Integration')[graphqlTarget['Fn::Join'][1][1].Ref] as any;
      expect(integration.Properties.IntegrationUri).toEqual(graphqlIntegration.Properties.IntegrationUri);
    }
  });
});

describe('the functions', () => {
  const variablesOf = (name: string) => resourceNamed('AWS::Lambda::Function', name).resource.Properties.Environment.Variables;

  it('that hand out links or credit wallets name the distribution as where players reach the house', () => {
    for (const name of [
      'GraphqlFunction',
      'SettlementSweeperFunction',
      'SettlementWorkerFunction',
      'WalletWorkerFunction',
      'RngWorkerFunction',
    ])
      expect(variablesOf(name).PUBLIC_BASE_URL, name).toEqual({ 'Fn::Join': ['', ['https://', distributionDomain]] });
  });

  it("keep the API's own URL as the player tokens' issuer", () => {
    expect(variablesOf('GraphqlFunction').PLAYER_TOKEN_ISSUER).toEqual({ 'Fn::GetAtt': [httpApi.logicalId, 'ApiEndpoint'] });
  });

  it('tell the pages to open their socket at /live on their own origin', () => {
    expect(variablesOf('GraphqlFunction').CLIENT_SOCKET_PATH).toBe('/live');
  });
});

/** Each resource's dependencies: what its properties reference (Ref, Fn::GetAtt, Fn::Sub) and its DependsOn. */
function dependencyGraph(from: Template): Map<string, Set<string>> {
  const resources = from.toJSON().Resources as Record<string, Resource & { DependsOn?: string | string[] }>;
  const references = (value: unknown, found: Set<string>): Set<string> => {
    if (Array.isArray(value)) for (const item of value) references(item, found);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'Ref' && typeof inner === 'string' && inner in resources) found.add(inner);
        else if (key === 'Fn::GetAtt') found.add(Array.isArray(inner) ? inner[0] : String(inner).split('.')[0]!);
        else if (key === 'Fn::Sub') {
          const text = Array.isArray(inner) ? inner[0] : inner;
          for (const [, name] of String(text).matchAll(/\$\{([^}.!]+)/g)) if (name! in resources) found.add(name!);
          references(inner, found);
        } else references(inner, found);
      }
    }
    return found;
  };
  return new Map(
    Object.entries(resources).map(([id, resource]) => [
      id,
      references(resource.Properties ?? {}, new Set([resource.DependsOn ?? []].flat())),
    ]),
  );
}

/** A cycle of resources, if any: CloudFormation refuses a template with one, and CDK's synth does not look. */
function cycleIn(graph: Map<string, Set<string>>): string[] | undefined {
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (id: string, path: string[]): string[] | undefined => {
    state.set(id, 'visiting');
    for (const next of graph.get(id) ?? []) {
      if (state.get(next) === 'visiting') return [...path, next];
      if (!state.has(next)) {
        const cycle = visit(next, [...path, next]);
        if (cycle) return cycle;
      }
    }
    state.set(id, 'done');
    return undefined;
  };
  for (const id of graph.keys()) {
    if (state.has(id)) continue;
    const cycle = visit(id, [id]);
    if (cycle) return cycle;
  }
  return undefined;
}

describe('the stack with the distribution', () => {
  const originSecretOf = (stage: Template) => resourceNamed('AWS::SecretsManager::Secret', 'OriginSecret', stage).logicalId;

  it('has no circular dependency: the distribution needs the two APIs and the edge secret, the functions need the distribution', () => {
    for (const stage of [template, dev.template]) {
      const graph = dependencyGraph(stage);
      expect(cycleIn(graph)).toBeUndefined();
      const needs = [...graph.get(distribution.logicalId)!];
      expect(needs.filter((id) => !id.includes('OriginAccessControl')).sort()).toEqual(
        [httpApi.logicalId, webSocketApi.logicalId, bucket.logicalId, accessLogs.logicalId, originSecretOf(stage)].sort(),
      );
      expect(needs.filter((id) => id.includes('OriginAccessControl'))).toHaveLength(1);
    }
  });

  it("passes cdk-nag's AwsSolutions checks in dev too (the buckets emptied by a function of CDK's)", () => {
    const app = testApp({ context: stageContext({ stage: 'dev', jwtIssuer: 'https://auth.partner.example' }) });
    casinoTablesApp(app);
    expect(() => app.synth()).not.toThrow();
  });

  it('gives the public URL as an output', () => {
    expect(template.findOutputs('PublicUrl').PublicUrl!.Value).toEqual({ 'Fn::Join': ['', ['https://', distributionDomain]] });
  });
});

describe("the client files' asset", () => {
  const directories: string[] = [];
  afterAll(() => {
    for (const directory of directories) rmSync(directory, { recursive: true, force: true });
  });

  /** A stack of the hosted client alone, synthesized with or without bundling; the client asset's entry in its manifest. */
  function synthesizeClient(bundling: boolean) {
    const outdir = mkdtempSync(join(tmpdir(), 'hosted-client-'));
    directories.push(outdir);
    const app = testApp({ outdir, context: bundling ? {} : { 'aws:cdk:bundling-stacks': [] } });
    const stack = new Stack(app, 'Client');
    new HostedClient(stack, 'HostedClient', {
      httpApi: new HttpApi(stack, 'HttpApi'),
      webSocketApi: new WebSocketApi(stack, 'WebSocketApi'),
      stage: 'test',
      retainData: false,
      logRetentionDays: 7,
      deploymentLogGroup: new LogGroup(stack, 'Logs'),
      originSecret: new Secret(stack, 'OriginSecret'),
      webAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/casino-tables-test/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b',
      edge: DEFAULT_SETTINGS.edge,
    });
    const assembly = app.synth();
    const deployment = Object.values(assembly.getStackByName('Client').template.Resources as Record<string, Resource>).find(
      (resource) => resource.Type === 'Custom::CDKBucketDeployment',
    )!;
    const hash = String(deployment.Properties.SourceObjectKeys[0]).replace(/\.zip$/, '');
    const manifest = JSON.parse(readFileSync(join(assembly.directory, 'Client.assets.json'), 'utf8'));
    const path: string = manifest.files[hash].source.path;
    return { hash, directory: path.startsWith('/') ? path : join(assembly.directory, path) };
  }

  it('is built by buildHostedClient at synth (page.js and page.css, as npm start serves them), hashed by what was built', () => {
    const asset = synthesizeClient(true);
    expect(readdirSync(asset.directory).sort()).toEqual([CLIENT_FILES.styles, CLIENT_FILES.script].sort());
    const direct = mkdtempSync(join(tmpdir(), 'hosted-client-direct-'));
    directories.push(direct);
    buildHostedClient(direct);
    for (const file of Object.values(CLIENT_FILES))
      expect(readFileSync(join(asset.directory, file), 'utf8'), file).toBe(readFileSync(join(direct, file), 'utf8'));
    // The same build, the same hash: a deploy uploads only when what the browser loads changed.
    expect(synthesizeClient(true).hash).toBe(asset.hash);
  });

  it('is not built where bundling is skipped (the template tests): the asset names the sources, nothing ran', () => {
    const asset = synthesizeClient(false);
    expect(asset.directory).toBe(fileURLToPath(new URL('../../client', import.meta.url)));
    expect(readdirSync(asset.directory)).not.toContain(CLIENT_FILES.script);
  });
});
