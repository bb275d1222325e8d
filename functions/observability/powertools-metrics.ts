import { MetricUnit, type Metrics } from '@aws-lambda-powertools/metrics';
import type { BusinessMetrics } from '../services/kernel/business-metrics';
import { METRIC, REFUSAL_CODE_DIMENSION } from './metric-names';

/**
 * The business metrics as CloudWatch metrics, in the embedded metric format (Powertools writes
 * them to the function's log; CloudWatch extracts them). Buffered and written once per
 * invocation (lambda-entry.ts), but for those with a dimension of their own, written at once.
 */
export function publishedMetrics(metrics: Metrics): BusinessMetrics {
  const withDimension = (name: string, value: string, metric: string) => {
    const single = metrics.singleMetric();
    single.addDimension(name, value);
    single.addMetric(metric, MetricUnit.Count, 1);
  };
  return {
    betPlaced: () => metrics.addMetric(METRIC.betsPlaced, MetricUnit.Count, 1),
    betRefused: (code) => withDimension(REFUSAL_CODE_DIMENSION, code, METRIC.betsRefused),
    outcomeRecorded: (game) => withDimension('game', game, METRIC.outcomesRecorded),
    settlementRun: ({ durationMs, batches }) => {
      metrics.addMetric(METRIC.settlementDuration, MetricUnit.Milliseconds, Math.round(durationMs));
      metrics.addMetric(METRIC.settlementBatches, MetricUnit.Count, batches);
    },
    conflictRetried: () => metrics.addMetric(METRIC.conflictsRetried, MetricUnit.Count, 1),
    jackpotPrizesPaid: ({ count, amount }) => {
      metrics.addMetric(METRIC.jackpotPrizes, MetricUnit.Count, count);
      // Minor units of whatever currency the pool holds: a count, not one of CloudWatch's units.
      metrics.addMetric(METRIC.jackpotPrizeAmount, MetricUnit.NoUnit, amount);
    },
    internalError: () => metrics.addMetric(METRIC.internalErrors, MetricUnit.Count, 1),
    settlementBacklog: ({ oldestAgeSeconds, failedTables }) => {
      metrics.addMetric(METRIC.oldestSettlementAge, MetricUnit.Seconds, oldestAgeSeconds);
      metrics.addMetric(METRIC.sweepFailures, MetricUnit.Count, failedTables);
    },
  };
}
