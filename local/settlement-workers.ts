import { randomUUID } from 'node:crypto';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { RngStep, SettlementPart, WalletCallMessage, WorkQueue } from '../functions/services/kernel/work-queue';

/** Deliveries of a message before it is given up, as the stack's queues redrive to their dead-letter queues. */
const DELIVERIES = 3;
/** The wait before a failed message is delivered again (SQS: its visibility timeout). */
const REDELIVERY_MS = 2_000;

/** SQS delays a message at most this long (15 minutes). */
const MAX_DELAY_MS = 900_000;

/** Runs `go` no sooner than `dueAt` (a timer may fire a millisecond early: it is set again for the rest). */
function deliverAt(dueAt: number, go: () => void): void {
  const wait = dueAt - Date.now();
  if (wait <= 0) setImmediate(go);
  else setTimeout(() => deliverAt(dueAt, go), wait).unref();
}

/**
 * A work queue as `npm start` and the tests run it: each message handed, in this process, to the
 * real worker handler (functions/workers/) as SQS hands it to the Lambda, at once or after its
 * delay; one the handler reports failed is delivered again a moment later, at most DELIVERIES
 * times, then logged (what AWS would put on the dead-letter queue). What is in flight when the
 * process stops is lost here as a dead Lambda's is: the sweeper finds it.
 */
export function localWorkQueue<M>(
  what: string,
  worker: (event: SQSEvent) => Promise<SQSBatchResponse>,
  logError: (message: string, error: unknown) => void = (message, error) => console.error(message, error),
): WorkQueue<M> {
  const deliver = (message: M, delivery: number) => {
    const record = { messageId: randomUUID(), body: JSON.stringify(message) } as SQSRecord;
    void worker({ Records: [record] })
      .then(({ batchItemFailures }) => {
        if (batchItemFailures.length === 0) return;
        if (delivery >= DELIVERIES) return logError(`${what} was given up (the dead-letter queue, in AWS):`, message);
        setTimeout(() => deliver(message, delivery + 1), REDELIVERY_MS).unref();
      })
      .catch((error: unknown) => logError(`the worker for ${what} failed:`, error));
  };
  return {
    async send(messages, options) {
      const dueAt = Date.now() + Math.min(MAX_DELAY_MS, options?.delayMs ?? 0);
      for (const message of messages) deliverAt(dueAt, () => deliver(message, 1));
    },
  };
}

/** The settlement queue (functions/workers/settlement-handler.ts). */
export const localSettlementQueue = (
  worker: (event: SQSEvent) => Promise<SQSBatchResponse>,
  logError?: (message: string, error: unknown) => void,
): WorkQueue<SettlementPart> => localWorkQueue<SettlementPart>('a settlement part', worker, logError);

/** The wallet calls' queue (functions/workers/wallet-call-handler.ts). */
export const localWalletQueue = (
  worker: (event: SQSEvent) => Promise<SQSBatchResponse>,
  logError?: (message: string, error: unknown) => void,
): WorkQueue<WalletCallMessage> => localWorkQueue<WalletCallMessage>('a wallet call', worker, logError);

/** The round loops' queue (functions/workers/rng-dealer-handler.ts): each step on a timer, delayed to its moment. */
export const localRngQueue = (
  worker: (event: SQSEvent) => Promise<SQSBatchResponse>,
  logError?: (message: string, error: unknown) => void,
): WorkQueue<RngStep> => localWorkQueue<RngStep>('a round loop step', worker, logError);
