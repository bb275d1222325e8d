/**
 * CloudFormation's own template check (aws-cdk-lib's built-in validation; cdk.json's
 * validateAgainstDefaultRules makes its findings errors), as `cdk synth` runs it: on prod's stacks
 * with its defaults and with every setting a stage takes set. dev's are checked by the CLI's synth
 * in graphql-bundle.test.ts; the other infra tests synthesize without it (synthesize.ts, testApp).
 */
import { describe, expect, it } from 'vitest';
import { App, CfnResource, Stack } from 'aws-cdk-lib';
import { stageStacks } from '../../infra/casino-tables-app';
import { stageContext } from './synthesize';

const ISSUER = { jwtIssuer: 'https://auth.partner.example/realms/casino' };
const EVERY_SETTING = {
  ...ISSUER,
  jwtAudience: ['casino-tables-api', 'partner-platform'],
  allowedOrigins: ['https://tables.partner.example'],
  alarmEmail: 'oncall@casino.example',
  rollbackOnAlarms: 'false',
  replicaRegions: ['ap-northeast-1', 'ap-south-1'],
  dailyBackupRetentionDays: 14,
  monthlyBackupRetentionDays: 3653,
  edge: {
    customDomains: ['tables.casino.example', 'play.casino.example'],
    certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b',
    requestsPerIpPer5Minutes: 500,
  },
};

describe("CloudFormation's template check", () => {
  it.each([
    ['prod', 'its defaults', ISSUER, []],
    ['prod', 'every setting set', EVERY_SETTING, ['oncall@casino.example', 'ap-south-1', 'play.casino.example']],
  ] as const)('passes the %s stage with %s', (stage, _, overrides, shown) => {
    const app = new App({ context: stageContext(overrides) });
    const { stack, edge } = stageStacks(app, stage);
    const assembly = app.synth();
    const templates = JSON.stringify([stack, edge].map((built) => assembly.getStackByName(built.stackName).template));
    for (const setting of shown) expect(templates).toContain(setting);
  });

  it('fails a synth on a property CloudFormation would refuse, naming it', () => {
    const app = new App({ context: stageContext() });
    new CfnResource(new Stack(app, 'Careless'), 'Queue', { type: 'AWS::SQS::Queue', properties: { VisibilityTimeout: 'soon' } });
    expect(() => app.synth()).toThrow(/VisibilityTimeout: 'soon' is not of type 'integer'/);
  });
});
