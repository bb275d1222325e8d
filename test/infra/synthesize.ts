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
 * An app without CloudFormation's own template check (aws-cdk-lib's built-in validation: a
 * WebAssembly engine of some 5 CPU-seconds built in each process, then a third of each synth's CPU).
 * The check runs where templates are checked as such: template-check.test.ts (prod, with its
 * defaults and with every setting) and the CLI's synth in graphql-bundle.test.ts (dev).
 */
export const testApp = (props: AppProps = {}) => new App({ ...props, builtinCloudFormationValidation: false });

/** cdk.json's context with `overrides`, without bundling (the template is what is under test, not the bundles). */
export const stageContext = (overrides: Record<string, unknown> = {}) => ({
  ...cdkJson.context,
  ...overrides,
  'aws:cdk:bundling-stacks': [],
});

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
  const app = testApp({ context: stageContext(overrides) });
  const { stack, edge } = stageStacks(app, stage);
  return { stack, template: Template.fromStack(stack), edge, edgeTemplate: Template.fromStack(edge) };
}
