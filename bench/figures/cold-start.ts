/**
 * Figure 5: the GraphQL function's cold start. The bundle is the one the CDK stack builds
 * (synthesized here, offline); the floor, a minimal Apollo-on-Lambda bundle (one resolver that
 * reads one item with the same DynamoDB client) built by the same bundling options. Each is
 * imported and sent its first request (one that reads one item) in a fresh Node process.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { App, Stack } from 'aws-cdk-lib';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { bundleSizesOf, functionBundles } from '../../infra/casino-tables-app';
import { graphqlHandlerEntry } from '../../infra/casino-tables-stack';
import { FUNCTION_PROCESS_ENVIRONMENT, functionBundling } from '../../infra/function-bundling';
import { localCredentials, localRegion } from '../../local/dynamodb-local';
import { graphqlPostEvent } from '../../local/api-gateway-event';
import type { BenchEnvironment } from '../harness/bench-environment';
import { median } from '../harness/statistics';
import { againstFloor, measured, type FigureRow } from '../harness/results';

export interface ColdStartOptions {
  readonly runs: number;
}

const PLAYER = 'bench-cold-start';
const minimalEntry = fileURLToPath(new URL('../cold-start/minimal-handler.ts', import.meta.url));

export async function coldStart(env: BenchEnvironment, options: ColdStartOptions) {
  const outdir = mkdtempSync(join(tmpdir(), 'casino-tables-bench-'));
  try {
    const product = productBundle(join(outdir, 'product'));
    const minimal = minimalBundle(join(outdir, 'minimal'));
    await env.fundPlayers([PLAYER], 12_345);

    const runs = { product: [] as Start[], minimal: [] as Start[] };
    for (let run = 0; run < options.runs; run++) {
      // Interleaved, each going first in turn, so that a busy moment of the machine falls on both alike.
      const pair = [
        () => runs.product.push(start(env, product, '{ me { balance } }')),
        () => runs.minimal.push(start(env, minimal, `{ balance(id: "${PLAYER}") }`)),
      ];
      if (run % 2 === 1) pair.reverse();
      for (const go of pair) go();
    }
    const total = (starts: Start[]) => median(starts.map((s) => s.importMs + s.firstRequestMs));
    const sizes = { product: bundleSizes(product), minimal: bundleSizes(minimal) };
    const rows: FigureRow[] = [
      againstFloor('import + first request', total(runs.product), total(runs.minimal), 'ms', 1.1),
      measured(
        'import',
        median(runs.product.map((s) => s.importMs)),
        'ms',
        `minimal: ${median(runs.minimal.map((s) => s.importMs)).toFixed(0)} ms`,
      ),
      measured(
        'first request',
        median(runs.product.map((s) => s.firstRequestMs)),
        'ms',
        `minimal: ${median(runs.minimal.map((s) => s.firstRequestMs)).toFixed(0)} ms`,
      ),
      againstFloor(
        'bundle a cold start loads (index.mjs and the chunks it imports)',
        sizes.product.bytes / 1024,
        sizes.minimal.bytes / 1024,
        'KiB',
        1.1,
        `all of it, chunks loaded when first needed included: ${(sizes.product.totalBytes / 1024).toFixed(0)} KiB (minimal: ${(sizes.minimal.totalBytes / 1024).toFixed(0)} KiB)`,
      ),
    ];
    const notes = [
      `Median of ${options.runs} fresh process(es) each, interleaved (each going first in turn): Node started as the stack starts its functions (NODE_OPTIONS=--enable-source-maps, NODE_ENV=production), timed inside the process from before the import to the first answer; the first request reads one item from DynamoDB Local (the product: { me { balance } }).`,
    ];
    return { rows, notes };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

interface Start {
  readonly importMs: number;
  readonly firstRequestMs: number;
}

/** The GraphQL function's bundle: its entry, bundled as the stack bundles it (the stack's other functions are not built). */
function productBundle(outdir: string): string {
  return bundleOf(outdir, 'GraphqlFunction', graphqlHandlerEntry);
}

/** The minimal handler, bundled as the stack bundles its functions. */
function minimalBundle(outdir: string): string {
  return bundleOf(outdir, 'MinimalFunction', minimalEntry);
}

function bundleOf(outdir: string, name: string, entry: string): string {
  // Only the bundle is wanted: CloudFormation's check of this throwaway template (aws-cdk-lib's
  // built-in validation, WebAssembly) would be most of the figure's CPU outside the bundling.
  const app = new App({ outdir, builtinCloudFormationValidation: false });
  const stack = new Stack(app, `${name}Bench`);
  new NodejsFunction(stack, name, {
    entry,
    handler: 'handler',
    runtime: Runtime.NODEJS_24_X,
    architecture: Architecture.ARM_64,
    // The floor builds its one-field schema from typeDefs, as a minimal Apollo server is written.
    bundling: functionBundling(entry, { schemaGiven: entry === graphqlHandlerEntry }),
  });
  return bundleDir(app, name);
}

/** The staged code asset (asset.<hash>) of the function whose logical id starts with `name`. */
function bundleDir(app: App, functionName: string): string {
  return functionBundles(app.synth()).find((bundle) => bundle.functionName === functionName)!.directory;
}

/** What a cold start of the bundle in `dir` loads, and all its code (split-bundle.mjs's manifest, as synth reports it). */
function bundleSizes(dir: string): { bytes: number; totalBytes: number } {
  const sizes = bundleSizesOf(dir);
  if (!sizes) throw new Error(`no bundle manifest in ${dir}`);
  return sizes;
}

/** Imports the bundle in a fresh Node process and sends it one request, as Lambda would. */
function start(env: BenchEnvironment, dir: string, query: string): Start {
  const script = `
    const started = performance.now();
    const { handler } = await import(${JSON.stringify(join(dir, 'index.mjs'))});
    const imported = performance.now();
    const result = await handler(JSON.parse(process.env.EVENT), { awsRequestId: 'bench', getRemainingTimeInMillis: () => 10000 });
    const answered = performance.now();
    process.stdout.write(JSON.stringify({ importMs: imported - started, firstRequestMs: answered - imported, statusCode: result.statusCode, body: result.body }));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env: {
      ...FUNCTION_PROCESS_ENVIRONMENT,
      PATH: process.env.PATH,
      TABLE_NAME: env.tableName,
      DYNAMODB_ENDPOINT: env.dynamoEndpoint,
      AWS_REGION: localRegion,
      AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      POWERTOOLS_LOG_LEVEL: 'WARN',
      EVENT: JSON.stringify(graphqlPostEvent(query, { sub: PLAYER })),
    },
    encoding: 'utf8',
    // Only a safety against a run that hangs: a loaded machine takes what it takes.
    timeout: 10 * 60_000,
  });
  if (run.status !== 0) throw new Error(`cold start of ${dir} failed:\n${run.stderr.slice(-1500)}`);
  const result = JSON.parse(run.stdout) as Start & { statusCode: number; body: string };
  if (result.statusCode !== 200 || !result.body.includes('12345'))
    throw new Error(`cold start of ${dir} answered ${result.statusCode}: ${result.body}`);
  return { importMs: result.importMs, firstRequestMs: result.firstRequestMs };
}
