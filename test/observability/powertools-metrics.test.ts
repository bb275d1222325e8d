/**
 * The business metrics as CloudWatch receives them: embedded-metric-format lines that real
 * Powertools writes to the function's output. Each line is parsed as CloudWatch would; the
 * names, units, dimensions and namespace are the ones the stack's alarms and dashboard read.
 */
import { Metrics } from '@aws-lambda-powertools/metrics';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { METRIC, SERVICE_NAME, metricNamespaceOf } from '../../functions/observability/metric-names';
import { publishedMetrics } from '../../functions/observability/powertools-metrics';
import { logger } from '../../functions/observability/logger';

let lines: string[];
beforeEach(() => {
  lines = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    return true;
  });
});
afterEach(() => vi.restoreAllMocks());

interface Emf {
  _aws: { CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string; Unit: string }[] }[] };
  [key: string]: unknown;
}
const emitted = (): Emf[] => lines.map((line) => JSON.parse(line) as Emf);
/** Each metric of each line: its name, unit, value(s) and dimensions. */
const metricsOf = (blobs: Emf[]) =>
  blobs.flatMap((blob) =>
    blob._aws.CloudWatchMetrics.flatMap((directive) =>
      directive.Metrics.map((metric) => ({
        namespace: directive.Namespace,
        name: metric.Name,
        unit: metric.Unit,
        value: blob[metric.Name],
        dimensions: Object.fromEntries(directive.Dimensions.flat().map((name) => [name, blob[name]])),
      })),
    ),
  );

const namespace = metricNamespaceOf('prod');
const fresh = () => new Metrics({ namespace, serviceName: SERVICE_NAME });

describe('the business metrics in CloudWatch embedded metric format', () => {
  it("buffers the invocation's counts and durations, and writes them in the stage's namespace with the service dimension", async () => {
    const metrics = fresh();
    const added = vi.spyOn(metrics, 'addMetric');
    const published = publishedMetrics(async () => metrics);
    published.betPlaced();
    published.betPlaced();
    published.settlementRun({ durationMs: 41.6, batches: 3 });
    published.conflictRetried();
    published.jackpotPrizesPaid({ count: 2, amount: 50_000 });
    // Once Powertools has loaded and taken the seven metrics, nothing is written before the flush.
    await expect.poll(() => added.mock.calls.length).toBe(7);
    expect(lines).toEqual([]);
    await published.flush();
    const service = { service: SERVICE_NAME };
    expect(metricsOf(emitted())).toEqual(
      expect.arrayContaining([
        { namespace, name: METRIC.betsPlaced, unit: 'Count', value: [1, 1], dimensions: service },
        { namespace, name: METRIC.settlementDuration, unit: 'Milliseconds', value: 42, dimensions: service },
        { namespace, name: METRIC.settlementBatches, unit: 'Count', value: 3, dimensions: service },
        { namespace, name: METRIC.conflictsRetried, unit: 'Count', value: 1, dimensions: service },
        { namespace, name: METRIC.jackpotPrizes, unit: 'Count', value: 2, dimensions: service },
        { namespace, name: METRIC.jackpotPrizeAmount, unit: 'None', value: 50_000, dimensions: service },
      ]),
    );
  });

  it('writes a refusal at once, with its code as a dimension, and an outcome with its game', async () => {
    const published = publishedMetrics(async () => fresh());
    published.betRefused('INSUFFICIENT_FUNDS');
    published.outcomeRecorded('BACCARAT');
    // At once, that is as soon as Powertools has loaded: without waiting for the invocation's end.
    await expect
      .poll(() => metricsOf(emitted()))
      .toEqual([
        { namespace, name: METRIC.betsRefused, unit: 'Count', value: 1, dimensions: { service: SERVICE_NAME, code: 'INSUFFICIENT_FUNDS' } },
        { namespace, name: METRIC.outcomesRecorded, unit: 'Count', value: 1, dimensions: { service: SERVICE_NAME, game: 'BACCARAT' } },
      ]);
  });

  it("writes the sweeper's backlog: the oldest settlement's age in seconds and the tables it failed", async () => {
    const published = publishedMetrics(async () => fresh());
    published.settlementBacklog({ oldestAgeSeconds: 185, failedTables: 0 });
    await published.flush();
    expect(metricsOf(emitted())).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: METRIC.oldestSettlementAge, unit: 'Seconds', value: 185 }),
        expect.objectContaining({ name: METRIC.sweepFailures, unit: 'Count', value: 0 }),
      ]),
    );
  });

  it('loads Powertools with the first metric only, and drops what it recorded, without failing, when it cannot load', async () => {
    let loads = 0;
    const published = publishedMetrics(async () => {
      loads++;
      if (loads === 1) throw new Error('chunk missing');
      return fresh();
    });
    await published.flush();
    expect(loads).toBe(0);
    published.betPlaced();
    await published.flush();
    // The failure is logged; written here, not into a file that runs next in this worker (isolate: false).
    await logger.flush();
    expect(loads).toBe(1);
    expect(metricsOf(emitted().filter((line) => '_aws' in line))).toEqual([]);
    published.conflictRetried();
    await published.flush();
    expect(loads).toBe(2);
    expect(metricsOf(emitted().filter((line) => '_aws' in line))).toEqual([
      expect.objectContaining({ name: METRIC.conflictsRetried, value: 1 }),
    ]);
  });
});
