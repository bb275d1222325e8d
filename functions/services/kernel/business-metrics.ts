/**
 * What the use cases tell operations about the business as it happens (bets, outcomes,
 * settlements, jackpots, the sweeper's backlog). A port: in Lambda it publishes CloudWatch
 * metrics (functions/observability/powertools-metrics.ts); locally and in most tests it does
 * nothing; the tests of the metrics themselves record what is told.
 */
export interface BusinessMetrics {
  betPlaced(): void;
  /** `code`: the error code the caller was answered with. */
  betRefused(code: string): void;
  outcomeRecorded(game: string): void;
  /** One run of a settlement job that paid bets: how long it took, how many transactions it committed. */
  settlementRun(run: { readonly durationMs: number; readonly batches: number }): void;
  /**
   * A request DynamoDB refused for a race (a transaction conflict, or throttling past the SDK's
   * retries). Its caller sends it again, but for the last of its tries, answered CONFLICT.
   */
  conflictRetried(): void;
  /** Jackpot prizes a round paid, and their total in minor units. */
  jackpotPrizesPaid(prizes: { readonly count: number; readonly amount: number }): void;
  /** After a sweep: the age of the oldest settlement still unfinished (0 when none), and the tables it failed to finish. */
  settlementBacklog(backlog: { readonly oldestAgeSeconds: number; readonly failedTables: number }): void;
  /** A request answered INTERNAL_SERVER_ERROR: a fault of ours, logged with the request's correlation id. */
  internalError(): void;
  /** A call to a partner's wallet still undelivered 24 hours after it fell due, set aside for operators (docs/WALLET.md). */
  walletCallDeadLettered(): void;
  /** A table the server deals had stopped (its loop's step lost, its worker failed): the sweeper started its loop again. */
  roundLoopRestarted(): void;
}

export const noBusinessMetrics: BusinessMetrics = {
  betPlaced: () => undefined,
  betRefused: () => undefined,
  outcomeRecorded: () => undefined,
  settlementRun: () => undefined,
  conflictRetried: () => undefined,
  jackpotPrizesPaid: () => undefined,
  settlementBacklog: () => undefined,
  internalError: () => undefined,
  walletCallDeadLettered: () => undefined,
  roundLoopRestarted: () => undefined,
};
