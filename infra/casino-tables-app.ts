import { readFileSync } from 'node:fs';
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
  /** The directory of its bundle (index.mjs, the chunks it loads when first needed, their maps). */
  readonly directory: string;
  /** What a cold start loads: index.mjs and the chunks it imports statically; undefined where bundling was skipped. */
  readonly bytes: number | undefined;
  /** Every chunk of code, those loaded when first needed included. */
  readonly totalBytes: number | undefined;
}

/** What split-bundle.mjs writes beside a bundle: each file's size and the files it imports statically. */
interface BundleManifest {
  readonly files: Record<string, { readonly bytes: number; readonly staticImports: readonly string[] }>;
}

/** The sizes of a bundle's code: what index.mjs loads with it, and all of it. */
export function bundleSizesOf(directory: string): { bytes: number; totalBytes: number } | undefined {
  let manifest: BundleManifest;
  try {
    manifest = JSON.parse(readFileSync(join(directory, 'bundle.json'), 'utf8')) as BundleManifest;
  } catch {
    return undefined;
  }
  const loaded = new Set<string>();
  const load = (file: string) => {
    if (loaded.has(file)) return;
    loaded.add(file);
    for (const imported of manifest.files[file]?.staticImports ?? []) load(imported);
  };
  load('index.mjs');
  const sum = (files: Iterable<string>) => [...files].reduce((bytes, file) => bytes + (manifest.files[file]?.bytes ?? 0), 0);
  return { bytes: sum(loaded), totalBytes: sum(Object.keys(manifest.files)) };
}

/**
 * Every function bundle an assembly staged: what synth prints, and what the bundle tests and the bench load.
 * Functions bundled from this repository's code only, not the handlers CDK brings for its custom
 * resources (the client files' deployment, a dev stage's emptying of its buckets), which it puts at
 * the stack's root under `Custom::…` ids.
 */
export function functionBundles(assembly: CloudAssembly): FunctionBundle[] {
  return assembly.stacks.flatMap((stack) =>
    Object.entries(stack.template.Resources as Record<string, { Type: string; Properties: any }>)
      .filter(
        ([logicalId, resource]) =>
          resource.Type === 'AWS::Lambda::Function' &&
          typeof resource.Properties.Code?.S3Key === 'string' &&
          !logicalId.startsWith('Custom'),
      )
      .map(([logicalId, resource]) => {
        // The code asset is staged as asset.<hash> and uploaded as <hash>.zip.
        const directory = join(assembly.directory, `asset.${resource.Properties.Code.S3Key.replace(/\.zip$/, '')}`);
        const sizes = bundleSizesOf(directory);
        // A top-level construct's logical id is its id and a hash of its path.
        return {
          stackName: stack.stackName,
          functionName: logicalId.replace(/[0-9A-F]{8}$/, ''),
          directory,
          bytes: sizes?.bytes,
          totalBytes: sizes?.totalBytes,
        };
      }),
  );
}

/** One line per bundle, as synth prints them: a bundle that grows shows at every synth. */
export function bundleReport(bundles: readonly FunctionBundle[]): string {
  const kib = (bytes: number) => Math.round(bytes / 1024).toLocaleString('en-US');
  return bundles
    .filter((bundle) => bundle.bytes !== undefined)
    .map(
      (bundle) => `${bundle.stackName} ${bundle.functionName}: ${kib(bundle.bytes!)} KiB at start, ${kib(bundle.totalBytes!)} KiB in all`,
    )
    .join('\n');
}
