/**
 * Work handed to workers that outlive a request (SQS in AWS: a queue, its consumer Lambda and a
 * dead-letter queue; locally the same handler in the `npm start` process). A message may be
 * delivered more than once: whatever a worker does with it must be safe to repeat.
 */
export interface WorkQueue<M> {
  /**
   * Sends the messages, each delivered no sooner than `delayMs` from now: SQS counts whole
   * seconds, at most 900, so it rounds up; locally the delay is kept to the millisecond.
   */
  send(messages: readonly M[], options?: { readonly delayMs?: number }): Promise<void>;
}

/** One part of a round's settlement, for a worker to pay (services/rounds/settlement-job.ts, settlePart). */
export interface SettlementPart {
  readonly tableId: string;
  readonly sequence: number;
  readonly part: number;
}

/** A call to a seamless partner's wallet, for a worker to deliver (services/wallet/deliver-wallet-call.ts). */
export interface WalletCallMessage {
  readonly transactionId: string;
}

/** A step of the round loop of a table the server deals (services/rng/round-loop.ts), valid while `token` is its loop's claim. */
export interface RngStep {
  readonly tableId: string;
  readonly token: string;
}
