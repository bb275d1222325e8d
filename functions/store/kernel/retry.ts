import { isRetryable } from './transaction-cancellation';

/**
 * Waiting before trying again after a lost race: "full jitter" (a random wait up to a cap that
 * doubles with each attempt), so that requests that collided do not collide again in step.
 */
export function backoff(attempt: number, baseMs = 4, capMs = 200): Promise<void> {
  const ms = Math.random() * Math.min(capMs, baseMs * 2 ** attempt);
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * How long this process's transactions have lately taken to be answered (a moving average of
 * those DynamoDB ran): about how long a transaction holds the items it names, and so what a
 * request refused for one of them should expect to wait. Some 10 ms on real DynamoDB; far more on
 * DynamoDB Local on a busy machine, where a wait sized for real DynamoDB would find the item held
 * every time it looked.
 */
let transactionMs = 10;

/** Notes how long a transaction DynamoDB ran (not one refused for a race: that says nothing of the hold). */
export function noteTransactionTime(ms: number): void {
  transactionMs += (ms - transactionMs) / 8;
}

/** The longest wait after a lost race: a few times what a transaction takes lately, and at least `floorMs`. */
export const raceWaitCap = (floorMs = 100): number => Math.max(floorMs, 3 * transactionMs);

/**
 * Sends a single-item write until it is not refused for a race: a transaction holding the item
 * (TransactionConflictException) or throttling. Any other failure is the caller's.
 */
export async function retryWhileRaced<T>(send: () => Promise<T>, attempts = 50, capMs = 200): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      if (!isRetryable(error) || attempt + 1 >= attempts) throw error;
      await backoff(attempt, 4, capMs);
    }
  }
}
