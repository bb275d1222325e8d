import type { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type { BusinessMetrics } from '../services/kernel/business-metrics';
import { logger } from './logger';
import { METRIC, REFUSAL_CODE_DIMENSION } from './metric-names';

/** The business metrics, and the writing of what an invocation buffered. */
export interface PublishedMetrics extends BusinessMetrics {
  /** Writes what was buffered, once every metric recorded so far is in (lambda-entry.ts, as each invocation ends). */
  flush(): Promise<void>;
}

/** Powertools' metrics, as loaded: the instance's Metrics and the module's units. */
interface LoadedMetrics {
  readonly metrics: Metrics;
  readonly unit: typeof MetricUnit;
}

/**
 * The business metrics as CloudWatch metrics, in the embedded metric format (Powertools writes
 * them to the function's log; CloudWatch extracts them). Buffered and written once per
 * invocation, but for those with a dimension of their own, written at once.
 *
 * `load` gives Powertools' Metrics; it is called with the first metric recorded, not before: an
 * instance whose requests record none (a lobby, a balance) never loads it, and a cold start does
 * not wait for it (figure 5 of the bench). What is recorded while it loads waits, in order.
 */
export function publishedMetrics(load: () => Promise<Metrics>): PublishedMetrics {
  let loaded: LoadedMetrics | undefined;
  let loading: Promise<void> | undefined;
  const waiting: ((given: LoadedMetrics) => void)[] = [];
  const record = (recording: (given: LoadedMetrics) => void) => {
    if (loaded) return recording(loaded);
    waiting.push(recording);
    loading ??= Promise.all([load(), import('@aws-lambda-powertools/metrics')]).then(
      ([metrics, { MetricUnit }]) => {
        loaded = { metrics, unit: MetricUnit };
        for (const waited of waiting.splice(0)) waited(loaded);
      },
      (error: unknown) => {
        // Metrics that cannot load (a chunk missing from a bad deploy) must not fail the request
        // that recorded them: these are dropped and the next metric tries again.
        waiting.length = 0;
        loading = undefined;
        logger.error('Business metrics could not be loaded; those recorded meanwhile are dropped', { error });
      },
    );
  };
  const withDimension = (name: string, value: string, metric: string) =>
    record(({ metrics, unit }) => {
      const single = metrics.singleMetric();
      single.addDimension(name, value);
      single.addMetric(metric, unit.Count, 1);
    });
  return {
    betPlaced: () => record(({ metrics, unit }) => metrics.addMetric(METRIC.betsPlaced, unit.Count, 1)),
    betRefused: (code) => withDimension(REFUSAL_CODE_DIMENSION, code, METRIC.betsRefused),
    outcomeRecorded: (game) => withDimension('game', game, METRIC.outcomesRecorded),
    settlementRun: ({ durationMs, batches }) =>
      record(({ metrics, unit }) => {
        metrics.addMetric(METRIC.settlementDuration, unit.Milliseconds, Math.round(durationMs));
        metrics.addMetric(METRIC.settlementBatches, unit.Count, batches);
      }),
    conflictRetried: () => record(({ metrics, unit }) => metrics.addMetric(METRIC.conflictsRetried, unit.Count, 1)),
    jackpotPrizesPaid: ({ count, amount }) =>
      record(({ metrics, unit }) => {
        metrics.addMetric(METRIC.jackpotPrizes, unit.Count, count);
        // Minor units of whatever currency the pool holds: a count, not one of CloudWatch's units.
        metrics.addMetric(METRIC.jackpotPrizeAmount, unit.NoUnit, amount);
      }),
    internalError: () => record(({ metrics, unit }) => metrics.addMetric(METRIC.internalErrors, unit.Count, 1)),
    walletCallDeadLettered: () => record(({ metrics, unit }) => metrics.addMetric(METRIC.walletCallsDeadLettered, unit.Count, 1)),
    roundLoopRestarted: () => record(({ metrics, unit }) => metrics.addMetric(METRIC.roundLoopsRestarted, unit.Count, 1)),
    settlementBacklog: ({ oldestAgeSeconds, failedTables }) =>
      record(({ metrics, unit }) => {
        metrics.addMetric(METRIC.oldestSettlementAge, unit.Seconds, oldestAgeSeconds);
        metrics.addMetric(METRIC.sweepFailures, unit.Count, failedTables);
      }),
    flush: async () => {
      await loading;
      if (loaded?.metrics.hasStoredMetrics()) loaded.metrics.publishStoredMetrics();
    },
  };
}
