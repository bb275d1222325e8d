import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { observability, observedHandler } from '../observability/lambda-entry';
import { environmentDependencies, type ServiceDependencies } from '../services/kernel/services';
import { sqsBatchWorker } from './sqs-batch';
import type { WalletCallMessage } from '../services/kernel/work-queue';
import { deliverWalletCall } from '../services/wallet/deliver-wallet-call';

/**
 * The wallet workers: each message names one call of the outbox to a seamless partner's wallet
 * (a credit, a rollback, a debit whose request died), delivered by deliverWalletCall, which
 * records what came of it and, for a call to send again, queues it again with its backoff delay.
 * A message that failed here (our fault, not the wallet's) is reported, so SQS delivers it again
 * and, after its last delivery, moves it to the dead-letter queue, with an alarm; the sweeper
 * finds any call left due either way. Locally, `npm start` and the tests call this same handler.
 */
export const walletCallWorker = (deps: ServiceDependencies): ((event: SQSEvent) => Promise<SQSBatchResponse>) =>
  sqsBatchWorker<WalletCallMessage>(deps, 'delivering a wallet call failed: it is delivered again', ({ transactionId }) =>
    deliverWalletCall(deps, transactionId),
  );

let worker: ((event: SQSEvent) => Promise<SQSBatchResponse>) | undefined;

/** The Lambda entry: configured from its environment (TABLE_NAME, WALLET_QUEUE_URL, WALLET_SECRETS), as every entry. */
export const handler = observedHandler(async (event: SQSEvent): Promise<SQSBatchResponse> => {
  worker ??= walletCallWorker(environmentDependencies(process.env, observability));
  return worker(event);
});
