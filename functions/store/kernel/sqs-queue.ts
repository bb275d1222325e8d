import type { SQSClient } from '@aws-sdk/client-sqs';

/** SQS takes at most this many messages in one SendMessageBatch. */
const BATCH = 10;
/** SQS delays a message at most this long. */
const MAX_DELAY_SECONDS = 900;

/**
 * A work queue on SQS (services/kernel/work-queue.ts, structurally): each message as its JSON,
 * ten to a request, all at once. A message SQS did not take is sent again once; one still not
 * taken fails the send (nothing is lost: what the messages ask for is found again by the caller's
 * own sweep). The SQS client is loaded with the first send: most instances never send (only a
 * big round's outcome does), and their cold start need not load it.
 */
export function sqsQueue<M>(
  queueUrl: string,
  given?: SQSClient,
): { send(messages: readonly M[], options?: { readonly delayMs?: number }): Promise<void> } {
  let sqs:
    | Promise<{ client: SQSClient; SendMessageBatchCommand: typeof import('@aws-sdk/client-sqs').SendMessageBatchCommand }>
    | undefined;
  const loaded = () =>
    (sqs ??= import('@aws-sdk/client-sqs').then(({ SQSClient, SendMessageBatchCommand }) => ({
      client: given ?? new SQSClient({}),
      SendMessageBatchCommand,
    })));
  const sendBatch = async (batch: readonly M[], again: boolean, delayMs: number | undefined): Promise<void> => {
    // Never sooner than asked: SQS's delays are whole seconds, 15 minutes at most.
    const delaySeconds = delayMs ? Math.min(MAX_DELAY_SECONDS, Math.ceil(delayMs / 1_000)) : 0;
    const { client, SendMessageBatchCommand } = await loaded();
    const { Failed = [] } = await client.send(
      new SendMessageBatchCommand({
        QueueUrl: queueUrl,
        Entries: batch.map((message, index) => ({
          Id: String(index),
          MessageBody: JSON.stringify(message),
          ...(delaySeconds > 0 ? { DelaySeconds: delaySeconds } : {}),
        })),
      }),
    );
    if (Failed.length === 0) return;
    const failed = Failed.map((entry) => batch[Number(entry.Id)]!);
    if (!again) throw new Error(`SQS did not take ${failed.length} message(s): ${Failed.map((entry) => entry.Code).join(', ')}`);
    await sendBatch(failed, false, delayMs);
  };
  return {
    async send(messages, options) {
      const batches = Array.from({ length: Math.ceil(messages.length / BATCH) }, (_, i) => messages.slice(i * BATCH, (i + 1) * BATCH));
      await Promise.all(batches.map((batch) => sendBatch(batch, true, options?.delayMs)));
    },
  };
}
