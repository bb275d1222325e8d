import { statSync } from 'node:fs';
import { join } from 'node:path';
import { Validations, type App } from 'aws-cdk-lib';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { AwsSolutionsChecks } from 'cdk-nag';
import { CasinoTablesStack } from './casino-tables-stack';
import { deploymentSettingsFrom, stageNamesFrom } from './deployment-settings';

/** Each stage is its own stack, so dev and prod (and any other) can live in one account. */
export const stackNameOf = (stage: string): string => `CasinoTables-${stage}`;

/**
 * The app cdk.json runs: a stack per stage (every stage under `stages` in cdk.json, or the one
 * `-c stage=<name>` names), checked by cdk-nag's AwsSolutions rules at synth, where a finding
 * nobody acknowledged (with its reason, next to the construct) fails the synth.
 */
export function casinoTablesApp(app: App): CasinoTablesStack[] {
  const stacks = stageNamesFrom(app.node).map(
    (stage) =>
      new CasinoTablesStack(app, stackNameOf(stage), {
        stackName: stackNameOf(stage),
        description: `Serverless GraphQL API for live Macau Craps and Baccarat tables (${stage})`,
        settings: deploymentSettingsFrom(app.node, stage),
      }),
  );
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return stacks;
}

export interface FunctionBundle {
  readonly stackName: string;
  /** The function's construct id in its stack (GraphqlFunction, ...). */
  readonly functionName: string;
  /** The directory of its bundle (index.mjs and its map). */
  readonly directory: string;
  /** Size of index.mjs; undefined where bundling was skipped. */
  readonly bytes: number | undefined;
}

/** Every function bundle an assembly staged: what synth prints, and what the bundle tests and the bench load. */
export function functionBundles(assembly: CloudAssembly): FunctionBundle[] {
  return assembly.stacks.flatMap((stack) =>
    Object.entries(stack.template.Resources as Record<string, { Type: string; Properties: any }>)
      .filter(([, resource]) => resource.Type === 'AWS::Lambda::Function' && typeof resource.Properties.Code?.S3Key === 'string')
      .map(([logicalId, resource]) => {
        // The code asset is staged as asset.<hash> and uploaded as <hash>.zip.
        const directory = join(assembly.directory, `asset.${resource.Properties.Code.S3Key.replace(/\.zip$/, '')}`);
        let bytes: number | undefined;
        try {
          bytes = statSync(join(directory, 'index.mjs')).size;
        } catch {
          bytes = undefined;
        }
        // A top-level construct's logical id is its id and a hash of its path.
        return { stackName: stack.stackName, functionName: logicalId.replace(/[0-9A-F]{8}$/, ''), directory, bytes };
      }),
  );
}

/** One line per bundle, as synth prints them: a bundle that grows shows at every synth. */
export function bundleReport(bundles: readonly FunctionBundle[]): string {
  return bundles
    .filter((bundle) => bundle.bytes !== undefined)
    .map((bundle) => `${bundle.stackName} ${bundle.functionName}: ${Math.round(bundle.bytes! / 1024).toLocaleString('en-US')} KiB`)
    .join('\n');
}
