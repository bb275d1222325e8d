import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Validations, type App } from 'aws-cdk-lib';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { CasinoTablesStack } from './casino-tables-stack';
import { deploymentSettingsFrom, stageNamesFrom } from './deployment-settings';
import { EdgeFirewallStack } from './edge-firewall';
import { NagReport } from './nag-report';

/** Each stage is its own stack, so dev and prod (and any other) can live in one account. */
export const stackNameOf = (stage: string): string => `CasinoTables-${stage}`;
/** Its firewall's stack, in us-east-1 (CloudFront's region). */
export const edgeStackNameOf = (stage: string): string => `CasinoTablesEdge-${stage}`;

/** A stage's two stacks: its firewall in us-east-1, and the stage itself in its region, behind it. */
export function stageStacks(app: App, stage: string): { edge: EdgeFirewallStack; stack: CasinoTablesStack } {
  const settings = deploymentSettingsFrom(app.node, stage);
  const edge = new EdgeFirewallStack(app, edgeStackNameOf(stage), {
    stackName: edgeStackNameOf(stage),
    description: `Casino tables: the firewall of the ${stage} stage's edge (CloudFront's web ACLs live in us-east-1)`,
    env: { region: 'us-east-1' },
    stage,
    requestsPerIpPer5Minutes: settings.edge.requestsPerIpPer5Minutes,
    logRetentionDays: settings.logRetentionDays,
    retainData: settings.retainData,
  });
  const stack = new CasinoTablesStack(app, stackNameOf(stage), {
    stackName: stackNameOf(stage),
    description: `Serverless GraphQL API for live Macau Craps and Baccarat tables (${stage})`,
    settings,
    webAclArn: edge.webAcl.attrArn,
  });
  return { edge, stack };
}

/**
 * The app cdk.json runs: two stacks per stage (every stage under `stages` in cdk.json, or the one
 * `-c stage=<name>` names), checked by cdk-nag's AWS Solutions and Serverless rules at synth,
 * where a finding nobody acknowledged (with its reason, next to the construct) fails the synth;
 * the report says what each rule found on each resource.
 */
export function casinoTablesApp(app: App): { stacks: CasinoTablesStack[]; nagReport: NagReport } {
  const stacks = stageNamesFrom(app.node).map((stage) => stageStacks(app, stage).stack);
  const nagReport = new NagReport();
  Validations.of(app).addPlugins(...nagReport.packs());
  return { stacks, nagReport };
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
