import { readFileSync } from 'node:fs';
import { App, type AppProps } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { stageStacks } from '../../infra/casino-tables-app';

/** The context `cdk synth` sees: cdk.json's defaults and feature flags, plus overrides as with `-c`. */
export const cdkJson = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as {
  app: string;
  context: Record<string, unknown>;
};

/**
 * An app for the tests that synthesize again a template synthesize() or the CLI's synth already
 * gives (cdk-nag's checks, a construct alone), without CloudFormation's own template check
 * (aws-cdk-lib's built-in validation, a third of a synth's CPU): those synths validate it.
 */
export const testApp = (props: AppProps = {}) => new App({ ...props, builtinCloudFormationValidation: false });

/** Stacks already synthesized, by what they were built from: the test files of a worker share them (a synth is CPU, not I/O). */
const synthesized = new Map<string, ReturnType<typeof synthesizeAnew>>();

/** A stage's stack as `cdk synth` builds it, with context overrides as `-c key=value` gives them (synthesized once; never change it). */
export function synthesize(overrides: Record<string, unknown> = {}, stage = 'prod') {
  const key = JSON.stringify([overrides, stage]);
  const built = synthesized.get(key) ?? synthesizeAnew(overrides, stage);
  synthesized.set(key, built);
  return built;
}

function synthesizeAnew(overrides: Record<string, unknown>, stage: string) {
  // CloudFormation's own template check on, for each stage setting (cdk.json's validateAgainstDefaultRules: its findings are errors).
  const app = new App({
    // Skips esbuild (the functions' and the hosted client's): the template is what is under test here, not the bundles.
    context: { ...cdkJson.context, ...overrides, 'aws:cdk:bundling-stacks': [] },
  });
  const { stack, edge } = stageStacks(app, stage);
  return { stack, template: Template.fromStack(stack), edge, edgeTemplate: Template.fromStack(edge) };
}
