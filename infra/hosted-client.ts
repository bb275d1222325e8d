import { fileURLToPath } from 'node:url';
import { AssetHashType, DockerImage, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { IHttpApi, IWebSocketApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  HttpVersion,
  OriginRequestPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { ILogGroup } from 'aws-cdk-lib/aws-logs';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { ORIGIN_VERIFY_HEADER } from '../functions/edge/origin-guard';
import type { EdgeSettings } from './edge-settings';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, type CfnBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { buildHostedClient } from '../client/hosted-client-build';
import { CLIENT_PATH } from '../functions/launch/hosted-pages';
import { acknowledge, findingEnvironment } from './acknowledge';

/** The client's sources, from which buildHostedClient builds the asset (it reads them itself: the directory is where Docker would mount them). */
const clientSources = fileURLToPath(new URL('../client/', import.meta.url));

/** The path, on the distribution, of the WebSocket API's `live` stage: the page opens its socket there, on its own origin. */
export const CLIENT_SOCKET_PATH = '/live';

export interface HostedClientProps {
  /** Everything but the client's files and the socket: the pages (rendered by the GraphQL function), GraphQL, the session routes. */
  readonly httpApi: IHttpApi;
  /** Its stage `live` is reached at CLIENT_SOCKET_PATH. */
  readonly webSocketApi: IWebSocketApi;
  readonly stage: string;
  /** Whether the buckets (and their logs) outlive the stack, as the stage's data does. */
  readonly retainData: boolean;
  /** Days the access logs (CloudFront's, S3's) are kept: the stage's log retention. */
  readonly logRetentionDays: number;
  /** Where the function that uploads the client's files at each deploy logs. */
  readonly deploymentLogGroup: ILogGroup;
  /** Added to every request sent to the APIs, which refuse any without it (functions/edge/origin-guard.ts). */
  readonly originSecret: ISecret;
  /** The stage's firewall (edge-firewall.ts), in us-east-1. */
  readonly webAclArn: string;
  /** Custom domains and their certificate, if any. */
  readonly edge: EdgeSettings;
}

/**
 * The hosted game client (the table, lobby and round details pages) on one origin, a CloudFront
 * distribution: the pages and the API from the HTTP API (the pages' HTML is the GraphQL function's,
 * so each partner gets its own frame-ancestors), `/client/*` (the pages' script and styles) from a
 * private S3 bucket, `/live` from the WebSocket API's stage. docs/DEPLOY.md, "The hosted client".
 */
export class HostedClient extends Construct {
  readonly bucket: Bucket;
  readonly accessLogs: Bucket;
  readonly distribution: Distribution;
  readonly deployment: BucketDeployment;
  /** Where players reach the pages and the API through the distribution: what launch URLs and round details links name. */
  readonly publicBaseUrl: string;
  /** Its host: the first custom domain, or the distribution's own name. */
  readonly publicHost: string;

  constructor(scope: Construct, id: string, props: HostedClientProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const removal = props.retainData
      ? { removalPolicy: RemovalPolicy.RETAIN }
      : // A throwaway stage's buckets go with it, emptied first.
        { removalPolicy: RemovalPolicy.DESTROY, autoDeleteObjects: true };

    // CloudFront's standard logs and the client bucket's server access logs, kept as long as the stage keeps logs.
    this.accessLogs = new Bucket(this, 'AccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      // CloudFront writes its standard logs with an ACL of its own (the awslogsdelivery account's).
      objectOwnership: ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(props.logRetentionDays) }],
      ...removal,
    });

    this.bucket = new Bucket(this, 'ClientFiles', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      serverAccessLogsBucket: this.accessLogs,
      serverAccessLogsPrefix: 's3/client-files/',
      ...removal,
    });

    const apiOrigin = (api: IHttpApi | IWebSocketApi) =>
      // No origin path: the HTTP API's $default stage answers at the root, the WebSocket API's stage `live` at /live.
      new HttpOrigin(`${api.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`, {
        // Resolved by CloudFormation at deploy (a dynamic reference): the value never enters the template.
        customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originSecret.secretValue.unsafeUnwrap() },
      });
    const customDomains = props.edge.customDomains.length > 0;
    const toApi = {
      cachePolicy: CachePolicy.CACHING_DISABLED,
      // Every header but Host (API Gateway routes by its own), every query string and cookie: the
      // Authorization header, the Sec-WebSocket-* headers of an upgrade.
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
    };
    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Casino tables: hosted client and API (${props.stage})`,
      defaultBehavior: {
        origin: apiOrigin(props.httpApi),
        allowedMethods: AllowedMethods.ALLOW_ALL,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        ...toApi,
      },
      additionalBehaviors: {
        [`${CLIENT_PATH}*`]: {
          origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          compress: true,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        },
        [CLIENT_SOCKET_PATH]: {
          origin: apiOrigin(props.webSocketApi),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          ...toApi,
        },
      },
      httpVersion: HttpVersion.HTTP2_AND_3,
      webAclId: props.webAclArn,
      ...(customDomains
        ? {
            domainNames: [...props.edge.customDomains],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', props.edge.certificateArn),
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      // Every edge (CloudFront's default price class): players are wherever the partners serve, and a live table wants the nearest.
      enableLogging: true,
      logBucket: this.accessLogs,
      logFilePrefix: 'cloudfront/',
    });
    acknowledge(
      this.distribution,
      'AwsSolutions-CFR1',
      "No geographic restriction: partners' players are wherever the partners serve, and where they may play is each partner's licence to keep (their launches).",
    );
    if (!customDomains)
      acknowledge(
        this.distribution,
        'AwsSolutions-CFR4',
        "A stage without custom domains answers on CloudFront's own certificate (*.cloudfront.net), whose TLS policy CloudFront fixes; a stage's edge.customDomains bring its certificate with TLS 1.2 at least.",
      );

    // The script and styles, built at synth by the same code as npm start's (client/hosted-client-build.ts),
    // under client/ in the bucket; each deploy uploads them, deletes what is no longer built, and
    // invalidates /client/* at the edges. Their names are fixed (the pages name them), so the
    // browsers and the edges keep them five minutes.
    const deploymentRole = new Role(this, 'DeploymentRole', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    deploymentRole.addToPolicy(
      new PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [props.deploymentLogGroup.logGroupArn] }),
    );
    this.deployment = new BucketDeployment(this, 'Deployment', {
      sources: [
        Source.asset(clientSources, {
          // The hash of what was built: a deploy uploads (and invalidates) when what the browser loads
          // changed, whatever changed it (the client, a module it imports, a package's version).
          assetHashType: AssetHashType.OUTPUT,
          bundling: {
            // Never pulled: the local bundling below always builds (esbuild, no Docker), or fails the synth.
            image: DockerImage.fromRegistry('none'),
            local: {
              tryBundle(outputDir) {
                buildHostedClient(outputDir);
                return true;
              },
            },
          },
        }),
      ],
      destinationBucket: this.bucket,
      destinationKeyPrefix: CLIENT_PATH.slice(1),
      cacheControl: [CacheControl.fromString('public, max-age=300')],
      distribution: this.distribution,
      distributionPaths: [`${CLIENT_PATH}*`],
      role: deploymentRole,
      logGroup: props.deploymentLogGroup,
    });
    const clientFilesId = stack.getLogicalId(this.bucket.node.defaultChild as CfnBucket);
    for (const [finding, reason] of [
      ['Action::s3:GetObject*', "Reading the asset's zip, and the client bucket's objects (CDK's grants)."],
      ['Action::s3:GetBucket*', "Reading the asset bucket's and the client bucket's settings (CDK's grants)."],
      ['Action::s3:List*', 'Listing what is under client/, to delete the files no longer built.'],
      ['Action::s3:DeleteObject*', 'Deleting the files no longer built, under client/ in the client bucket only.'],
      ['Action::s3:Abort*', 'Aborting an upload it started, in the client bucket only.'],
      [
        `Resource::arn:${findingEnvironment(stack).partition}:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-${findingEnvironment(stack).region}/*`,
        "The asset's zip, named by its hash, in the account's CDK bootstrap bucket.",
      ],
      [`Resource::<${clientFilesId}.Arn>/*`, 'The client files, in their own bucket: their names are known at deploy only.'],
      [
        'Resource::*',
        'cloudfront:CreateInvalidation and cloudfront:GetInvalidation, on the distribution it is given: CDK grants them on *.',
      ],
    ] as const)
      acknowledge(deploymentRole, `AwsSolutions-IAM5[${finding}]`, `CDK's bucket deployment: ${reason}`);
    // The function CDK makes for it (one per stack), in the stack's scope rather than this one's.
    const deploymentFunction = stack.node.children.find(
      (child): child is LambdaFunction => child instanceof LambdaFunction && child.role === deploymentRole,
    );
    if (!deploymentFunction) throw new Error("HostedClient: the bucket deployment's function was not found");
    for (const rule of ['AwsSolutions-L1', 'Serverless-LambdaLatestVersion'])
      acknowledge(
        deploymentFunction,
        rule,
        "CDK's bucket deployment handler: its Python runtime is the one the CDK version ships it with, and moves with the CDK upgrades.",
      );
    acknowledge(
      deploymentFunction,
      'Serverless-LambdaDLQ',
      "CDK's bucket deployment handler, called by CloudFormation, which waits for its answer: a failure fails the deploy, which rolls back.",
    );
    acknowledge(
      deploymentFunction,
      'Serverless-LambdaTracing',
      "CDK's bucket deployment handler: it runs once a deploy, and its log (ClientDeploymentLogs) says what it uploaded.",
    );

    this.publicHost = customDomains ? props.edge.customDomains[0]! : this.distribution.distributionDomainName;
    this.publicBaseUrl = `https://${this.publicHost}`;
  }
}
