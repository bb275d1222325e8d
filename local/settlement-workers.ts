import { randomUUID } from 'node:crypto';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { SettlementPart, WorkQueue } from '../functions/services/kernel/work-queue';

/** Deliveries of a message before it is given up, as the stack's queue redrives to its dead-letter queue. */
const DELIVERIES = 3;
/** The wait before a failed message is delivered again (SQS: its visibility timeout). */
const REDELIVERY_MS = 2_000;

/**
 * The settlement queue as `npm start` and the tests run it: each message handed, in this process,
 * to the real worker handler (functions/workers/settlement-handler.ts) as SQS hands it to the
 * Lambda, at once; one the handler reports failed is delivered again a moment later, at most
 * DELIVERIES times, then logged (what AWS would put on the dead-letter queue). What is in flight
 * when the process stops is lost here as a dead Lambda's is: the sweeper finishes it.
 */
export function localSettlementQueue(
  worker: (event: SQSEvent) => Promise<SQSBatchResponse>,
  logError: (message: string, error: unknown) => void = (message, error) => console.error(message, error),
): WorkQueue<SettlementPart> {
  const deliver = (message: SettlementPart, delivery: number) => {
    const record = { messageId: randomUUID(), body: JSON.stringify(message) } as SQSRecord;
    void worker({ Records: [record] })
      .then(({ batchItemFailures }) => {
        if (batchItemFailures.length === 0) return;
        if (delivery >= DELIVERIES) return logError('a settlement part was given up (the dead-letter queue, in AWS):', message);
        setTimeout(() => deliver(message, delivery + 1), REDELIVERY_MS).unref();
      })
      .catch((error: unknown) => logError('the settlement worker failed:', error));
  };
  return {
    async send(messages) {
      for (const message of messages) setImmediate(() => deliver(message, 1));
    },
  };
}
