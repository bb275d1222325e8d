/**
 * Reading DynamoDB's refusals. A cancelled TransactWriteItems gives its reasons in TransactItems
 * order (transact.ts reads them by the actions' names); errors are recognised by name, not
 * `instanceof` (the SDK class may come from another copy of the package).
 */
export interface CancellationReason {
  readonly Code?: string;
  readonly Item?: Record<string, unknown>;
}

export function cancellationReasons(error: unknown): readonly CancellationReason[] | undefined {
  if (typeof error === 'object' && error !== null && (error as { name?: string }).name === 'TransactionCanceledException') {
    return ((error as { CancellationReasons?: CancellationReason[] }).CancellationReasons ?? []) as CancellationReason[];
  }
  return undefined;
}

export function isConditionalCheckFailed(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: string }).name === 'ConditionalCheckFailedException';
}

/** Sends a conditional write: true once written, false when its condition refused it (nothing written); any other failure is thrown. */
export async function writtenUnlessConditionFails(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

const RETRYABLE_ERRORS = new Set([
  'TransactionConflictException',
  'TransactionInProgressException',
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
]);

/**
 * True for a failure that changed nothing and may succeed if tried again: a lost race or
 * throttling, whether alone or as a transaction's cancellation reason.
 */
export function isRetryable(error: unknown): boolean {
  const name = typeof error === 'object' && error !== null ? (error as { name?: string }).name : undefined;
  if (name !== undefined && RETRYABLE_ERRORS.has(name)) return true;
  const reasons = cancellationReasons(error);
  return (reasons ?? []).some((r) => r.Code === 'TransactionConflict' || r.Code === 'ThrottlingError');
}
