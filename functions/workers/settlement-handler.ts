import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { observability, observedHandler } from '../observability/lambda-entry';
import { environmentDependencies, type ServiceDependencies } from '../services/kernel/services';
import { sqsBatchWorker } from './sqs-batch';
import type { SettlementPart } from '../services/kernel/work-queue';
import { settlePart } from '../services/rounds/settlement-job';

/**
 * The settlement workers: each message is one part of a round's settlement (settlement-units.ts,
 * partsFor), paid by settlePart under the part's lease. A part another runner holds (BUSY) is left
 * to it; a part that failed is reported (ReportBatchItemFailures), so SQS delivers it again, and
 * after its last delivery it goes to the dead-letter queue, with an alarm; the sweeper finishes
 * any part left behind either way. Locally, `npm start` and the tests call this same handler in
 * process (local/settlement-workers.ts).
 */
export const settlementWorker = (deps: ServiceDependencies): ((event: SQSEvent) => Promise<SQSBatchResponse>) =>
  sqsBatchWorker<SettlementPart>(deps, 'a settlement part failed: it is delivered again', ({ tableId, sequence, part }) =>
    settlePart(deps, tableId, sequence, part),
  );

let worker: ((event: SQSEvent) => Promise<SQSBatchResponse>) | undefined;

/** The Lambda entry: configured from its environment (TABLE_NAME), as every entry. */
export const handler = observedHandler(async (event: SQSEvent): Promise<SQSBatchResponse> => {
  worker ??= settlementWorker(environmentDependencies(process.env, observability));
  return worker(event);
});
