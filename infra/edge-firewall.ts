import { ArnFormat, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { CfnLoggingConfiguration, CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { MAX_BODY_BYTES } from '../functions/graphql/request-limits';
import { MAX_SESSION_BODY_BYTES } from '../functions/launch/routes';

/** The paths partners' servers call, signed with their credentials: many calls from few addresses. */
const PARTNER_PATH = '/partner/v1/';
/** How many more requests a partner's server may send from one address than a player's browser. */
const PARTNER_RATE_FACTOR = 10;
/** The session routes' paths, whose bodies are smaller than GraphQL's (functions/launch/routes.ts). */
const SESSION_PATHS = [PARTNER_PATH, '/session/v1/'];

export interface EdgeFirewallStackProps extends StackProps {
  readonly stage: string;
  readonly requestsPerIpPer5Minutes: number;
  readonly logRetentionDays: RetentionDays;
  readonly retainData: boolean;
}

/**
 * The stage's firewall (AWS WAF), in front of everything its CloudFront distribution serves. A
 * web ACL for CloudFront lives in us-east-1 whatever the stage's region, hence a stack of its own
 * there (`CasinoTablesEdge-<stage>`), which the stage's stack reads the ACL's ARN from.
 * docs/DEPLOY.md, "The edge". Its rules, in order:
 * - AWS's managed groups: IP reputation, common rules, known bad inputs;
 * - bodies past the API's own limits (64 KiB GraphQL, 16 KiB the session routes), refused here
 *   rather than by a function;
 * - a rate per IP, ten times higher for partners' signed server calls (they come from few addresses).
 */
export class EdgeFirewallStack extends Stack {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: EdgeFirewallStackProps) {
    super(scope, id, { ...props, crossRegionReferences: true });
    const visibility = (metricName: string) => ({ cloudWatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName });
    const managed = (
      name: string,
      priority: number,
      ruleActionOverrides?: CfnWebACL.RuleActionOverrideProperty[],
    ): CfnWebACL.RuleProperty => ({
      name,
      priority,
      overrideAction: { none: {} },
      statement: { managedRuleGroupStatement: { vendorName: 'AWS', name, ...(ruleActionOverrides ? { ruleActionOverrides } : {}) } },
      visibilityConfig: visibility(name),
    });
    const bodyOver = (bytes: number): CfnWebACL.StatementProperty => ({
      sizeConstraintStatement: {
        fieldToMatch: { body: { oversizeHandling: 'MATCH' } },
        comparisonOperator: 'GT',
        size: bytes,
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    });
    const pathStartsWith = (path: string): CfnWebACL.StatementProperty => ({
      byteMatchStatement: {
        fieldToMatch: { uriPath: {} },
        positionalConstraint: 'STARTS_WITH',
        searchString: path,
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    });
    const block = (name: string, priority: number, statement: CfnWebACL.StatementProperty): CfnWebACL.RuleProperty => ({
      name,
      priority,
      action: { block: {} },
      statement,
      visibilityConfig: visibility(name),
    });

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: `casino-tables-${props.stage}`,
      description: `Casino tables, stage ${props.stage}: the firewall in front of the hosted client and the APIs`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`casino-tables-${props.stage}`),
      // The whole of a GraphQL body is inspected (CloudFront's default is its first 16 KiB).
      associationConfig: { requestBody: { CLOUDFRONT: { defaultSizeInspectionLimit: 'KB_64' } } },
      rules: [
        managed('AWSManagedRulesAmazonIpReputationList', 0),
        // Its body size rule (8 KiB) would refuse GraphQL documents the API takes: ours below apply the API's limits.
        managed('AWSManagedRulesCommonRuleSet', 1, [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }]),
        managed('AWSManagedRulesKnownBadInputsRuleSet', 2),
        block('BodyOverApiLimit', 3, bodyOver(MAX_BODY_BYTES)),
        block('SessionBodyOverLimit', 4, {
          andStatement: {
            statements: [{ orStatement: { statements: SESSION_PATHS.map(pathStartsWith) } }, bodyOver(MAX_SESSION_BODY_BYTES)],
          },
        }),
        block('RatePerIp', 5, {
          rateBasedStatement: {
            limit: props.requestsPerIpPer5Minutes,
            evaluationWindowSec: 300,
            aggregateKeyType: 'IP',
            scopeDownStatement: { notStatement: { statement: pathStartsWith(PARTNER_PATH) } },
          },
        }),
        // Partners' servers call from few addresses, signed: a rate of their own, ten times a player's.
        block('PartnerRatePerIp', 6, {
          rateBasedStatement: {
            limit: props.requestsPerIpPer5Minutes * PARTNER_RATE_FACTOR,
            evaluationWindowSec: 300,
            aggregateKeyType: 'IP',
            scopeDownStatement: pathStartsWith(PARTNER_PATH),
          },
        }),
      ],
    });

    // What the firewall let through and refused, for an investigation: WAF's logs go to a group named aws-waf-logs-*.
    const logs = new LogGroup(this, 'FirewallLogs', {
      logGroupName: `aws-waf-logs-casino-tables-${props.stage}`,
      retention: props.logRetentionDays,
      removalPolicy: props.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    new CfnLoggingConfiguration(this, 'FirewallLogging', {
      resourceArn: this.webAcl.attrArn,
      // Never a credential in the logs: tokens, partners' signatures, cookies, and the query (a launch's one-time code).
      redactedFields: [
        ...['authorization', 'cookie', 'x-partner-signature'].map((name) => ({ singleHeader: { Name: name } })),
        { queryString: {} },
      ],
      // WAF wants the group's ARN without the trailing :* CloudFormation gives.
      logDestinationConfigs: [
        this.formatArn({
          service: 'logs',
          resource: 'log-group',
          resourceName: logs.logGroupName,
          arnFormat: ArnFormat.COLON_RESOURCE_NAME,
        }),
      ],
    });
  }
}
