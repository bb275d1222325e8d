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
