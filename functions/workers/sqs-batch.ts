import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type { ServiceDependencies } from '../services/kernel/services';

/**
 * An SQS worker's batch: each message's body handed to `handle` at once; one that fails is logged
 * with `failed` and reported (ReportBatchItemFailures), so SQS delivers it again and, after its
 * last delivery, moves it to the queue's dead letters. Whatever `handle` does must be safe to repeat.
 */
export function sqsBatchWorker<M>(
  deps: ServiceDependencies,
  failed: string,
  handle: (message: M) => Promise<unknown>,
): (event: SQSEvent) => Promise<SQSBatchResponse> {
  return async (event) => {
    const outcomes = await Promise.all(
      event.Records.map(async (record) => {
        try {
          await handle(JSON.parse(record.body) as M);
          return undefined;
        } catch (error) {
          deps.log.error(failed, { messageId: record.messageId, error: error instanceof Error ? error : String(error) });
          return { itemIdentifier: record.messageId };
        }
      }),
    );
    return { batchItemFailures: outcomes.filter((failure) => failure !== undefined) };
  };
}
