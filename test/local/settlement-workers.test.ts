import { describe, expect, it } from 'vitest';
import type { SQSEvent } from 'aws-lambda';
import { localWorkQueue } from '../../local/settlement-workers';

describe('a work queue as `npm start` runs it', () => {
  it('hands each message to the worker no sooner than its delay, to the millisecond', async () => {
    const delivered: { n: number; at: number }[] = [];
    let sent = 0;
    const queue = localWorkQueue<{ n: number }>('a test message', async (event: SQSEvent) => {
      for (const record of event.Records) delivered.push({ n: JSON.parse(record.body).n, at: Date.now() - sent });
      return { batchItemFailures: [] };
    });
    sent = Date.now();
    await queue.send([{ n: 1 }], { delayMs: 30 });
    await queue.send([{ n: 0 }]);
    await expect.poll(() => delivered.length).toBe(2);
    expect(delivered.map((message) => message.n)).toEqual([0, 1]);
    expect(delivered[1]!.at).toBeGreaterThanOrEqual(30);
  });
});
