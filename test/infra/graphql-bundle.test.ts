import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CasinoTablesStack } from '../../infra/casino-tables-stack';
import { deploymentSettingsFrom } from '../../infra/deployment-settings';
import { graphqlPostEvent } from '../../local/api-gateway-event';

/**
 * The template test skips bundling; this one bundles the handler exactly as `cdk synth` does
 * (local esbuild, ESM, minified) and loads the result in a plain Node process, so a bundle that
 * cannot even import (a dynamic require, a missing module) fails here rather than in Lambda.
 */
const cdkJson = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as { context: Record<string, unknown> };

let outdir: string;
let bundleDir: string;
let sweeperDir: string;

beforeAll(() => {
  outdir = mkdtempSync(join(tmpdir(), 'casino-tables-cdk-'));
  // A real-looking issuer keeps the placeholder warning out of the test output.
  const app = new App({ outdir, context: { ...cdkJson.context, jwtIssuer: 'https://auth.partner.example' } });
  new CasinoTablesStack(app, 'CasinoTables', { settings: deploymentSettingsFrom(app.node) });
  const resources = app.synth().getStackByName('CasinoTables').template.Resources as Record<
    string,
    { Type: string; Properties: { Code: { S3Key: string } } }
  >;
  /** The bundle directory of the function whose logical id starts with `name`. */
  const assetOf = (name: string) => {
    const [id] = Object.keys(resources).filter((key) => key.startsWith(name) && resources[key]!.Type === 'AWS::Lambda::Function');
    // The code asset is staged as asset.<hash>, and uploaded as <hash>.zip.
    const dir = join(outdir, `asset.${resources[id!]!.Properties.Code.S3Key.replace(/\.zip$/, '')}`);
    expect(existsSync(join(dir, 'index.mjs')), dir).toBe(true);
    return dir;
  };
  bundleDir = assetOf('GraphqlFunction');
  sweeperDir = assetOf('SettlementSweeperFunction');
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
  const run = spawnSync(process.execPath, ['--enable-source-maps', '--input-type=module', '-e', script], {
    env: { PATH: process.env.PATH, TABLE_NAME: 'bundle-test-table', AWS_REGION: 'eu-west-1', EVENT: JSON.stringify(event) },
    encoding: 'utf8',
    timeout: 20_000,
  });
  // The tail holds the error; the head of a minified stack line is the whole bundle.
  expect(run.status, run.stderr.slice(-1500)).toBe(0);
  return JSON.parse(run.stdout);
}

describe('the bundled GraphQL handler', () => {
  it('is one ES module with its source map', () => {
    expect(readdirSync(bundleDir).sort()).toEqual(['index.mjs', 'index.mjs.map']);
    expect(statSync(join(bundleDir, 'index.mjs')).size).toBeGreaterThan(0);
  });

  it('loads in Node and answers a GraphQL request from an API Gateway v2 event', () => {
    const response = invokeBundle(graphqlPostEvent('{ __typename }'));
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ data: { __typename: 'Query' } });
  });
});

describe('the bundled settlement sweeper', () => {
  it('is one ES module that loads in Node and exports its handler', () => {
    expect(readdirSync(sweeperDir).sort()).toEqual(['index.mjs', 'index.mjs.map']);
    const run = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const m = await import(${JSON.stringify(join(sweeperDir, 'index.mjs'))}); process.stdout.write(typeof m.handler);`,
      ],
      { encoding: 'utf8', timeout: 20_000 },
    );
    expect(run.stdout, run.stderr.slice(-1500)).toBe('function');
  });
});
