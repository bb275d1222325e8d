import type { DynamoDBClient, TransactWriteItemsInput } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** One request a client sent to DynamoDB, as the wire saw it. */
export interface RecordedRequest {
  /** The low-level command, e.g. `TransactWriteItemsCommand` (a document client's too). */
  readonly command: string;
  /** The input as sent (marshalled): a transaction's items, for floors built from it. */
  readonly input: Readonly<Record<string, unknown>>;
  readonly ms: number;
  /** The error's name, if DynamoDB (or the conflict model) refused it. */
  readonly error?: string;
}

/**
 * Counts and keeps every request a client sends, for figures that say how many requests a use
 * case makes and what they cost. Attach it to the client under test only: the bench's own
 * setup and floors go through other clients.
 */
export class RequestRecorder {
  private readonly log: RecordedRequest[] = [];

  /** On a client or a document client (which shares its client's middleware). */
  attachTo(client: DynamoDBClient | DynamoDBDocumentClient): void {
    const stack = (client as DynamoDBClient).middlewareStack;
    // After serialization: the input as DynamoDB sees it, timed once per call (retries included).
    stack.add(
      (next, context) => async (args) => {
        const start = performance.now();
        const entry = { command: context.commandName ?? 'unknown', input: args.input as Record<string, unknown> };
        try {
          const result = await next(args);
          this.log.push({ ...entry, ms: performance.now() - start });
          return result;
        } catch (error) {
          this.log.push({ ...entry, ms: performance.now() - start, error: (error as Error).name });
          throw error;
        }
      },
      { step: 'build', name: 'benchRequestRecorder', priority: 'high' },
    );
  }

  /** A position in the log: `since(mark)` is what was sent after it. */
  mark(): number {
    return this.log.length;
  }

  since(mark: number): readonly RecordedRequest[] {
    return this.log.slice(mark);
  }

  /** Forgets what was recorded (marks taken before no longer apply): between figures, so the log does not grow all run. */
  clear(): void {
    this.log.length = 0;
  }
}

/** How many of each command, e.g. `{ GetItem: 2, Query: 1, TransactWriteItems: 1 }`. */
export function countByCommand(requests: readonly RecordedRequest[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { command } of requests) {
    const name = command.replace(/Command$/, '');
    counts[name] = (counts[name] ?? 0) + 1;
  }
  return counts;
}

/** The transactions among `requests` that DynamoDB applied (not refused). */
export function appliedTransactions(requests: readonly RecordedRequest[]): TransactWriteItemsInput[] {
  return requests
    .filter((request) => request.command === 'TransactWriteItemsCommand' && request.error === undefined)
    .map((request) => request.input as unknown as TransactWriteItemsInput);
}
