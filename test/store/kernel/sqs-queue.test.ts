import { describe, expect, it } from 'vitest';
import type { SQSClient } from '@aws-sdk/client-sqs';
import { sqsQueue } from '../../../functions/store/kernel/sqs-queue';

/** An SQS client that takes every batch and remembers it. */
function recordingClient() {
  const batches: { Entries: { Id: string; MessageBody: string; DelaySeconds?: number }[] }[] = [];
  const client = { send: async (command: { input: (typeof batches)[number] }) => (batches.push(command.input), { Failed: [] }) };
  return { client: client as unknown as SQSClient, batches };
}

describe('a work queue on SQS', () => {
  it('delays a message never less than asked: whole seconds rounded up, 15 minutes at most', async () => {
    const { client, batches } = recordingClient();
    const queue = sqsQueue<{ n: number }>('https://sqs.example/queue', client);
    for (const delayMs of [0, 1, 999, 1_000, 1_001, 900_000, 3_600_000]) await queue.send([{ n: delayMs }], { delayMs });
    expect(batches.map((batch) => batch.Entries[0]!.DelaySeconds)).toEqual([undefined, 1, 1, 1, 2, 900, 900]);
  });

  it('sends ten messages to a batch', async () => {
    const { client, batches } = recordingClient();
    await sqsQueue<{ n: number }>('https://sqs.example/queue', client).send(Array.from({ length: 23 }, (_, n) => ({ n })));
    expect(batches.map((batch) => batch.Entries.length)).toEqual([10, 10, 3]);
    expect(batches.flatMap((batch) => batch.Entries.map((entry) => JSON.parse(entry.MessageBody).n))).toEqual([...Array(23).keys()]);
  });
});
