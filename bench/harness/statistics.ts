/**
 * The few statistics the bench reports. Percentiles are nearest-rank: the value a sample
 * actually took, never an interpolation between two.
 */

export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) throw new Error('percentile of no samples');
  if (!(p > 0 && p <= 100)) throw new Error(`percentile ${p} is not in (0, 100]`);
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.ceil((p / 100) * sorted.length) - 1]!;
}

export const median = (samples: readonly number[]): number => percentile(samples, 50);

/** Milliseconds `work` took, with its result. */
export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const start = performance.now();
  const result = await work();
  return { ms: performance.now() - start, result };
}

/**
 * Runs each of `tasks` once per round, `rounds` times, starting each round one task later, so
 * that a noisy moment on a shared machine falls on every task alike rather than on one.
 */
export async function interleaved(rounds: number, tasks: readonly (() => Promise<void>)[]): Promise<void> {
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < tasks.length; i++) await tasks[(round + i) % tasks.length]!();
  }
}
