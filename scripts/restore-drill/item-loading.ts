/**
 * An export's items written into the drill's copy: BatchWriteItem of 25, a few batches in flight
 * (the copy is on demand: it takes what it is sent, and throttles what it cannot yet, which is
 * sent again). Items go as the export holds them, AttributeValues the low-level client sends as
 * they are: no number passes through a JavaScript number on the way.
 */
import { BatchWriteItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { Item } from './dynamodb-json';

const BATCH = 25;
const IN_FLIGHT = 8;
/** Items DynamoDB left unprocessed (throttled) are sent again after this, doubling, at most LONGEST_WAIT_MS apart. */
const FIRST_WAIT_MS = 50;
const LONGEST_WAIT_MS = 5_000;

/** Writes every item into `table`, and answers how many there were. The first failure ends the load, after the batches in flight. */
export async function loadItems(client: DynamoDBClient, table: string, items: AsyncIterable<Item>): Promise<number> {
  const inFlight = new Set<Promise<void>>();
  let failure: { readonly error: unknown } | undefined;
  const send = (batch: Item[]) => {
    const sent: Promise<void> = writeBatch(client, table, batch)
      .catch((error: unknown) => void (failure ??= { error }))
      .finally(() => inFlight.delete(sent));
    inFlight.add(sent);
  };
  let count = 0;
  let batch: Item[] = [];
  try {
    for await (const item of items) {
      if (failure) break;
      batch.push(item);
      count++;
      if (batch.length === BATCH) {
        send(batch);
        batch = [];
        if (inFlight.size >= IN_FLIGHT) await Promise.race(inFlight);
      }
    }
    if (batch.length > 0 && !failure) send(batch);
  } finally {
    // Also when reading the export failed: nothing is left writing into a copy about to be deleted.
    await Promise.all(inFlight);
  }
  if (failure) throw failure.error;
  return count;
}

async function writeBatch(client: DynamoDBClient, table: string, batch: readonly Item[]): Promise<void> {
  let pending = batch.map((Item) => ({ PutRequest: { Item } }));
  for (let wait = FIRST_WAIT_MS; ; wait = Math.min(wait * 2, LONGEST_WAIT_MS)) {
    const { UnprocessedItems } = await client.send(new BatchWriteItemCommand({ RequestItems: { [table]: pending } }));
    const left = UnprocessedItems?.[table] ?? [];
    if (left.length === 0) return;
    pending = left.map(({ PutRequest }) => ({ PutRequest: { Item: PutRequest!.Item! } }));
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}
