/**
 * The bench is an instrument, not a test: its figures are never asserted. What is checked here
 * is that it still runs (at tiny sizes, `--quick`) and reports every figure with its floor,
 * ratio and target, so that `npm run bench` cannot rot between the runs BENCHMARKS.md records.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BenchResults } from '../../bench/harness/results';
import { TEST_PATIENCE_MS } from '../support/patience';

let out: string;
let run: ReturnType<typeof spawnSync>;
beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), 'casino-tables-bench-test-'));
  // On the suite's DynamoDB Local: starting one of its own would only slow the other files down.
  run = spawnSync(process.execPath, ['--import', 'tsx', 'bench/run.ts', '--quick', '--out', out], {
    encoding: 'utf8',
    // Only a safety against a run that hangs (this worker waits, blocked, for it to end).
    timeout: TEST_PATIENCE_MS,
    env: { ...process.env, BENCH_DYNAMODB_ENDPOINT: inject('dynamoEndpoint') },
  });
});
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('npm run bench, at tiny sizes', () => {
  it('runs to the end without an unexpected error', () => {
    expect(run.status, String(run.stderr).slice(-2000)).toBe(0);
  });

  it('reports all ten figures, each row a finite value, every floor with its ratio, every target with a verdict', () => {
    const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as BenchResults;
    expect(results.figures.map((figure) => figure.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(results.conflictModel).toBe('on');
    for (const figure of results.figures) {
      expect(figure.rows.length, `figure ${figure.id}`).toBeGreaterThan(0);
      expect(figure.loadAverage).toHaveLength(3);
      for (const row of figure.rows) {
        expect(Number.isFinite(row.value), `${figure.id}: ${row.label}`).toBe(true);
        if (row.floor !== undefined) expect(row.floor, `${figure.id}: ${row.label}`).toBeGreaterThan(0);
        if (row.target !== undefined) expect(typeof row.met).toBe('boolean');
      }
      expect(
        figure.rows.some((row) => row.target !== undefined),
        `figure ${figure.id} has a target`,
      ).toBe(true);
    }
    expect(readFileSync(join(out, 'results.md'), 'utf8')).toMatch(/^# Benchmark results/);
  });
});
