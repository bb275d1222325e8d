import { readFileSync } from 'node:fs';
import { App } from 'aws-cdk-lib';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { describe, expect, it } from 'vitest';
import { casinoTablesApp } from '../../infra/casino-tables-app';

const cdkJson = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as { context: Record<string, unknown> };

/** The app as `npm run synth -- -c stage=<stage>` builds it (cdk-nag's AwsSolutions checks on), without bundling. */
function nagApp(stage: string) {
  const app = new App({ context: { ...cdkJson.context, stage, jwtIssuer: 'https://auth.partner.example', 'aws:cdk:bundling-stacks': [] } });
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

describe('cdk-nag (AwsSolutions)', () => {
  // One synth proves both: the app runs the checks, and they find nothing in the stack but the
  // careless queue added to it. (dev is synthesized with them by the bundle test, as the CLI runs it.)
  it("fails the synth on any finding nobody acknowledged, and finds none in prod's stack", () => {
    const { app, stacks } = nagApp('prod');
    expect(stacks.map((stack) => stack.stackName)).toEqual(['CasinoTables-prod']);
    // A queue with neither TLS enforcement nor a dead-letter queue: AwsSolutions-SQS3 and SQS4.
    new Queue(stacks[0]!, 'CarelessQueue');
    let message = '';
    try {
      app.synth();
    } catch (error) {
      message = String(error);
    }
    expect(message).toMatch(/^ValidationFailed: [^]*AwsSolutions-SQS3/);
    const violations = reportOf(app.outdir).pluginReports.flatMap((plugin) => plugin.violations);
    expect(violations.map((violation) => violation.ruleName).sort()).toEqual(['AwsSolutions-SQS3', 'AwsSolutions-SQS4']);
    for (const violation of violations) {
      expect(violation.violatingConstructs.map((construct) => construct.constructPath)).toEqual([
        'CasinoTables-prod/CarelessQueue/Resource',
      ]);
    }
  });
});
