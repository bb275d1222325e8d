import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleReport, bundleSizesOf, functionBundles, type FunctionBundle } from '../../infra/casino-tables-app';
import { graphqlPostEvent } from '../../local/api-gateway-event';
import { FUNCTION_PROCESS_ENVIRONMENT } from '../../infra/function-bundling';
import { PATIENCE_MS, TEST_PATIENCE_MS } from '../support/patience';

/**
 * The template test skips bundling; this one bundles the handlers exactly as `cdk synth` does
 * (local esbuild, ESM, minified) and loads the results in a plain Node process, so a bundle that
 * cannot even import (a dynamic require, a missing module) fails here rather than in Lambda.
 */
const cdkJson = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as { context: Record<string, unknown> };

let outdir: string;
let bundles: FunctionBundle[];
let bundleDir: string;
let sizes: { bytes: number; totalBytes: number };
/** What the app printed to stderr. */
let synthOutput: string;

beforeAll(() => {
  outdir = mkdtempSync(join(tmpdir(), 'casino-tables-cdk-'));
  // The app cdk.json runs, as the CLI runs it (it passes the context and the output directory in
  // these variables), for one stage; a real-looking issuer keeps the placeholder warning out.
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'infra/app.ts'], {
    encoding: 'utf8',
    // Only a safety against a synth that hangs (this worker waits, blocked, for it to end): minutes on a loaded machine.
    timeout: TEST_PATIENCE_MS,
    env: {
      PATH: process.env.PATH,
      CDK_OUTDIR: outdir,
      CDK_CONTEXT_JSON: JSON.stringify({ ...cdkJson.context, stage: 'dev', jwtIssuer: 'https://auth.partner.example' }),
    },
  });
  expect(run.status, run.stderr.slice(-2000)).toBe(0);
  synthOutput = run.stderr;
  bundles = functionBundles(new CloudAssembly(outdir));
  bundleDir = bundles.find((bundle) => bundle.functionName === 'GraphqlFunction')!.directory;
  sizes = bundleSizesOf(bundleDir)!;
});

afterAll(() => {
  if (outdir) rmSync(outdir, { recursive: true, force: true });
});

/** Imports the bundle and calls its handler once, the way Lambda would, in a fresh Node process. */
function invokeBundle(event: object): { statusCode: number; body: string } {
  const script = `
    const { handler } = await import(${JSON.stringify(join(bundleDir, 'index.mjs'))});
    const result = await handler(JSON.parse(process.env.EVENT), { awsRequestId: 'bundle-test' });
    process.stdout.write(JSON.stringify(result));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env: {
      ...FUNCTION_PROCESS_ENVIRONMENT,
      PATH: process.env.PATH,
      TABLE_NAME: 'bundle-test-table',
      AWS_REGION: 'eu-west-1',
      EVENT: JSON.stringify(event),
    },
    encoding: 'utf8',
    timeout: PATIENCE_MS,
  });
  // The tail holds the error; the head of a minified stack line is the whole bundle.
  expect(run.status, run.stderr.slice(-1500)).toBe(0);
  return JSON.parse(run.stdout);
}

describe('the bundled GraphQL handler', () => {
  it('is index.mjs and the chunks it loads, with their source maps and the manifest of what loads with what', () => {
    expect(readdirSync(bundleDir).sort()).toEqual(['bundle.json', 'chunks', 'index.mjs', 'index.mjs.map']);
    const chunks = readdirSync(join(bundleDir, 'chunks'));
    expect(chunks.filter((file) => file.endsWith('.mjs')).length).toBeGreaterThan(1);
    for (const chunk of chunks.filter((file) => file.endsWith('.mjs'))) expect(chunks).toContain(`${chunk}.map`);
  });

  it("leaves out of what a cold start loads the tracer, the paytable's exact reports and the rules, and loads them when first needed", () => {
    const manifest = JSON.parse(readFileSync(join(bundleDir, 'bundle.json'), 'utf8')) as {
      files: Record<string, { bytes: number; staticImports: string[] }>;
    };
    const atStart = new Set<string>();
    const load = (file: string) => {
      if (atStart.has(file)) return;
      atStart.add(file);
      for (const imported of manifest.files[file]!.staticImports) load(imported);
    };
    load('index.mjs');
    const codeOf = (files: Iterable<string>) => [...files].map((file) => readFileSync(join(bundleDir, file), 'utf8')).join('\n');
    const startCode = codeOf(atStart);
    const laterCode = codeOf(Object.keys(manifest.files).filter((file) => !atStart.has(file)));
    // Names esbuild keeps (keepNames): the tracer's class, the exact edge report, the craps rules;
    // and Apollo's usage reporting, which it loads only where an Apollo key is set.
    for (const name of ['"Tracer"', '"crapsReport"', '"settleRoll"', '"ApolloServerPluginUsageReporting"']) {
      expect(startCode, name).not.toContain(name);
      expect(laterCode, name).toContain(name);
    }
    expect(sizes.bytes).toBeLessThan(sizes.totalBytes);
  });

  it('holds one Apollo Server and leaves out its schema tools, which build a schema from typeDefs: the function gives Apollo its schema built', () => {
    const sources = readdirSync(bundleDir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.mjs.map'))
      .flatMap((file) => (JSON.parse(readFileSync(join(bundleDir, file), 'utf8')) as { sources: string[] }).sources);
    expect(sources.some((source) => source.includes('@apollo/server/'))).toBe(true);
    expect(sources.filter((source) => source.includes('@graphql-tools/'))).toEqual([]);
    // One Apollo Server, its ES build: the Lambda integration's require of it is served by the same copy.
    expect(sources.filter((source) => source.includes('@apollo/server/dist/cjs/'))).toEqual([]);
  });

  it('loads in Node and answers a GraphQL request from an API Gateway v2 event', () => {
    const response = invokeBundle(graphqlPostEvent('{ __typename }'));
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ data: { __typename: 'Query' } });
  });
});

describe('the other bundled functions', () => {
  it('are each an ES module, with its chunks and source maps, that loads in Node and exports its handler', () => {
    const others = ['SettlementSweeperFunction', 'SocketFunction', 'StreamFunction', 'FanOutFunction'];
    const files = others.map((name) => {
      const { directory } = bundles.find((bundle) => bundle.functionName === name)!;
      expect(readdirSync(directory).sort(), name).toEqual(['bundle.json', 'chunks', 'index.mjs', 'index.mjs.map']);
      return join(directory, 'index.mjs');
    });
    // One process for the four: each import is a fresh module all the same.
    const script = `const kinds = []; for (const file of ${JSON.stringify(files)}) kinds.push(typeof (await import(file)).handler); process.stdout.write(kinds.join(','));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: PATIENCE_MS,
      // The handlers read their settings on first use, not at import.
      env: { PATH: process.env.PATH, AWS_REGION: 'eu-west-1' },
    });
    expect(run.stdout, run.stderr.slice(-1500)).toBe(others.map(() => 'function').join(','));
  });
});

describe("cdk-nag's report, as synth writes it", () => {
  it('says on stderr what it checked, and writes every check beside the templates', () => {
    expect(synthOutput).toMatch(
      /^cdk-nag \(AwsSolutions, Serverless\): \d+ rules, [\d,]+ checks: .*, 0 non-compliant: .*cdk-nag-report\.csv$/m,
    );
    const report = readFileSync(join(outdir, 'cdk-nag-report.csv'), 'utf8').trim().split('\n');
    expect(report[0]).toBe('pack,rule,resource,result,reason');
    // Both of dev's stacks: the stage's, and its firewall's.
    expect(report.some((line) => line.startsWith('AwsSolutions,AwsSolutions-IAM4[') && line.includes(',acknowledged,'))).toBe(true);
    expect(report).toContain(
      'Serverless,Serverless-CloudWatchLogGroupRetentionPeriod,CasinoTablesEdge-dev/FirewallLogs/Resource,compliant,',
    );
    expect(readFileSync(join(outdir, 'cdk-nag-rules.csv'), 'utf8')).toMatch(/^Serverless,Serverless-LambdaTracing,\d+,/m);
  });
});

describe('the bundle sizes synth prints', () => {
  it('name every function of the stack with what its cold start loads and all its code', () => {
    const lines = bundleReport(bundles).split('\n');
    expect(lines).toHaveLength(10);
    for (const bundle of bundles) {
      const files = readdirSync(bundle.directory, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.mjs'));
      const all = files.reduce((bytes, file) => bytes + statSync(join(bundle.directory, file)).size, 0);
      const index = statSync(join(bundle.directory, 'index.mjs')).size;
      expect(bundle.bytes).toBeGreaterThanOrEqual(index);
      expect(bundle.totalBytes).toBe(all);
      const kib = (bytes: number) => Math.round(bytes / 1024).toLocaleString('en-US');
      expect(lines).toContain(`CasinoTables-dev ${bundle.functionName}: ${kib(bundle.bytes!)} KiB at start, ${kib(all)} KiB in all`);
    }
  });

  it('are printed by the app cdk.json runs', () => {
    expect(synthOutput).toContain(`Function bundles (the code a cold start loads, and all of it):\n${bundleReport(bundles)}\n`);
  });
});
