import { readFileSync } from 'node:fs';
import { App } from 'aws-cdk-lib';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { describe, expect, it } from 'vitest';
import { casinoTablesApp } from '../../infra/casino-tables-app';

const cdkJson = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as { context: Record<string, unknown> };

/** The app as `npm run synth` builds it (every stage of cdk.json, cdk-nag's AwsSolutions checks on), without bundling. */
function nagApp() {
  const app = new App({ context: { ...cdkJson.context, jwtIssuer: 'https://auth.partner.example', 'aws:cdk:bundling-stacks': [] } });
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

describe('cdk-nag (AwsSolutions) on every stage', () => {
  it('synthesizes dev and prod with no finding left unacknowledged', () => {
    const { app, stacks } = nagApp();
    expect(stacks.map((stack) => stack.stackName)).toEqual(['CasinoTables-dev', 'CasinoTables-prod']);
    // Synth throws on any unacknowledged finding (the next test shows it does).
    const assembly = app.synth();
    // The report lists only plugins that found something.
    const findings = reportOf(assembly.directory).pluginReports.flatMap((plugin) =>
      plugin.violations.map((violation) => violation.ruleName),
    );
    expect(findings).toEqual([]);
  });

  it('fails the synth on a finding nobody acknowledged, naming the rule and the construct', () => {
    const { app, stacks } = nagApp();
    // A queue with neither TLS enforcement nor a dead-letter queue: AwsSolutions-SQS3 and SQS4.
    new Queue(stacks[0]!, 'CarelessQueue');
    let message = '';
    try {
      app.synth();
    } catch (error) {
      message = String(error);
    }
    expect(message).toMatch(/^ValidationFailed: [^]*AwsSolutions-SQS3/);
    const report = reportOf(app.outdir);
    const violations = report.pluginReports.find((plugin) => plugin.pluginName === 'AwsSolutions')!.violations;
    expect(violations.map((violation) => violation.ruleName).sort()).toEqual(['AwsSolutions-SQS3', 'AwsSolutions-SQS4']);
    expect(violations[0]!.violatingConstructs.map((construct) => construct.constructPath)).toEqual([
      'CasinoTables-dev/CarelessQueue/Resource',
    ]);
  });
});
