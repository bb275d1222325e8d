import type { Context } from 'aws-lambda';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { logger } from './logger';
import type { BusinessMetrics } from '../services/kernel/business-metrics';
import type { OperationsLog } from '../services/kernel/operations-log';
import { SERVICE_NAME } from './metric-names';
import { publishedMetrics } from './powertools-metrics';

// One per Lambda instance, as Powertools expects, loaded with the first metric recorded. The
// namespace comes from POWERTOOLS_METRICS_NAMESPACE, which the stack sets per stage.
const metrics = publishedMetrics(async () => new (await import('@aws-lambda-powertools/metrics')).Metrics({ serviceName: SERVICE_NAME }));

/**
 * Whether this instance runs traced: Lambda with active tracing (it names the X-Ray daemon),
 * unless POWERTOOLS_TRACE_ENABLED=false. Elsewhere (locally, the bench) nothing traces, and the
 * tracer, with the X-Ray SDK under it, is never loaded.
 */
export const tracingOn = (env: NodeJS.ProcessEnv): boolean =>
  env.AWS_XRAY_DAEMON_ADDRESS !== undefined && env.POWERTOOLS_TRACE_ENABLED?.toLowerCase() !== 'false';
const tracer = tracingOn(process.env) ? (await import('./tracing')).tracer : undefined;

/** What an entry point hands its dependencies: the metrics' publisher, and X-Ray's hook on the DynamoDB client. */
export const observability: {
  readonly metrics: BusinessMetrics;
  readonly log: OperationsLog;
  readonly observeClient: (client: DynamoDBClient) => void;
} = {
  metrics,
  log: { error: (message, details) => logger.error(message, { ...details }) },
  observeClient: (client) => {
    tracer?.captureAWSv3Client(client);
  },
};

/** Any other AWS client of an entry point (Lambda, API Gateway's connections), traced the same way. */
export const traced = <C>(client: C): C => (tracer ? tracer.captureAWSv3Client(client) : client);

export interface EntryOptions<E> {
  /** The request's id, on every log line as `correlation_id` (API Gateway's request id). */
  readonly correlationId?: (event: E) => string | undefined;
}

/**
 * A Lambda entry point, observed: every log line of the invocation carries the Lambda request
 * id, the correlation id and what the handler appends (the caller); the invocation is a
 * subsegment of its X-Ray trace, annotated with cold starts and failures; the metrics it
 * buffered are written when it ends, whether it succeeded or not.
 */
export function observedHandler<E, R>(
  handler: (event: E, context: Context) => Promise<R>,
  options: EntryOptions<E> = {},
): (event: E, context: Context) => Promise<R> {
  return async (event, context) => {
    // Keys of the last invocation (its caller) must not leak into this one's lines.
    logger.resetKeys();
    logger.addContext(context);
    const correlationId = options.correlationId?.(event);
    if (correlationId) logger.setCorrelationId(correlationId);
    const segment = tracer?.isTracingEnabled() ? tracer.getSegment() : undefined;
    const subsegment = segment?.addNewSubsegment(`## ${process.env._HANDLER ?? 'handler'}`);
    if (tracer && subsegment) {
      tracer.setSegment(subsegment);
      tracer.annotateColdStart();
      tracer.addServiceNameAnnotation();
    }
    try {
      return await handler(event, context);
    } catch (error) {
      if (subsegment) tracer?.addErrorAsMetadata(error as Error);
      throw error;
    } finally {
      subsegment?.close();
      if (segment) tracer?.setSegment(segment);
      await Promise.all([metrics.flush(), logger.flush()]);
    }
  };
}
