import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { observability, observedHandler } from '../observability/lambda-entry';
import { environmentDependencies, type ServiceDependencies } from '../services/kernel/services';
import { sqsBatchWorker } from './sqs-batch';
import type { RngStep } from '../services/kernel/work-queue';
import { stepRoundLoop } from '../services/rng/round-loop';

/**
 * The round loop of tables the server deals: each message, delayed to its moment, is one step of
 * one table (services/rng/round-loop.ts: close betting at the deadline, deal, send the next step).
 * A step that failed is reported, so SQS delivers it again, and after its last delivery it goes to
 * the dead-letter queue, with an alarm; the sweeper restarts a table whose step is overdue either
 * way. Locally, `npm start` and the tests call this same handler in process.
 */
export const rngDealerWorker = (deps: ServiceDependencies): ((event: SQSEvent) => Promise<SQSBatchResponse>) =>
  sqsBatchWorker<RngStep>(deps, 'a step of a round loop failed: it is delivered again', (step) => stepRoundLoop(deps, step));

let worker: ((event: SQSEvent) => Promise<SQSBatchResponse>) | undefined;

/** The Lambda entry: configured from its environment (TABLE_NAME, RNG_QUEUE_URL), as every entry. */
export const handler = observedHandler(async (event: SQSEvent): Promise<SQSBatchResponse> => {
  worker ??= rngDealerWorker(environmentDependencies(process.env, observability));
  return worker(event);
});
