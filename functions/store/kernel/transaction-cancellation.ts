/**
 * Reading a cancelled TransactWriteItems. Reasons come back in TransactItems order; the error
 * is recognised by name, not `instanceof` (the SDK class may come from another copy of the package).
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

/** True if the item at `index` failed its condition (and so the whole transaction changed nothing). */
export function conditionFailedAt(reasons: readonly CancellationReason[], index: number): boolean {
  return reasons[index]?.Code === 'ConditionalCheckFailed';
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

/**
 * Why a transaction that creates an item (its first) was refused: the item exists already, or a
 * transaction in flight held one of its items (nothing was written either way); else rethrown.
 */
export function creationRefused(error: unknown): 'EXISTS' | 'RACED' {
  const reasons = cancellationReasons(error);
  if (reasons && conditionFailedAt(reasons, 0)) return 'EXISTS';
  if (isRetryable(error)) return 'RACED';
  throw error;
}
