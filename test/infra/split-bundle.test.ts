/**
 * infra/split-bundle.mjs, on a small entry of its own: what a handler loads with import() goes
 * into chunks, the banner's `require` stays only where code names it, and the source maps still
 * point at the TypeScript line after a banner is taken out.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESBUILD_OPTIONS, FUNCTION_PROCESS_ENVIRONMENT } from '../../infra/function-bundling';

const splitBundle = fileURLToPath(new URL('../../infra/split-bundle.mjs', import.meta.url));
const entry = fileURLToPath(new URL('./fixtures/split-entry/entry.ts', import.meta.url));
let outdir: string;

beforeAll(() => {
  outdir = mkdtempSync(join(tmpdir(), 'split-bundle-'));
  const run = spawnSync(process.execPath, [splitBundle, entry, outdir, JSON.stringify(ESBUILD_OPTIONS)], { encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
});

afterAll(() => rmSync(outdir, { recursive: true, force: true }));

/** Calls the bundle's handler in a fresh Node process started as the stack starts its functions. */
function call(kind: string): { answer?: string; stack?: string } {
  const script = `
    const { handler } = await import(${JSON.stringify(join(outdir, 'index.mjs'))});
    try { process.stdout.write(JSON.stringify({ answer: await handler(${JSON.stringify(kind)}) })); }
    catch (error) { process.stdout.write(JSON.stringify({ stack: error.stack })); }
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...FUNCTION_PROCESS_ENVIRONMENT, PATH: process.env.PATH },
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout);
}

const filesOf = () => [
  'index.mjs',
  ...readdirSync(join(outdir, 'chunks'))
    .filter((file) => file.endsWith('.mjs'))
    .map((file) => `chunks/${file}`),
];
const bannered = (file: string) => readFileSync(join(outdir, file), 'utf8').startsWith(ESBUILD_OPTIONS.banner.js);

describe('a split bundle', () => {
  it("keeps the banner's require only in the files whose code names require", () => {
    const files = filesOf();
    expect(files.length).toBeGreaterThan(2);
    for (const file of files) {
      const code = readFileSync(join(outdir, file), 'utf8');
      const body = bannered(file) ? code.slice(ESBUILD_OPTIONS.banner.js.length) : code;
      expect(bannered(file), file).toBe(/\brequire\b/.test(body));
    }
    expect(files.filter(bannered).length).toBeGreaterThan(0);
    expect(files.filter((file) => !bannered(file)).length).toBeGreaterThan(0);
  });

  it('runs code that requires, from a chunk loaded when first needed', () => {
    expect(call('require').answer).toBe(process.platform);
  });

  it('maps an error thrown in a chunk without its banner to the TypeScript file and line that threw', () => {
    const failingChunk = filesOf().find((file) => readFileSync(join(outdir, file), 'utf8').includes('failing at a known line'));
    expect(failingChunk && bannered(failingChunk)).toBe(false);
    expect(call('throw').stack).toMatch(/failing\.ts:5:\d+/);
  });
});
