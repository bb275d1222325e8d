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

/** True if the transaction lost a race with another one on the same item (real DynamoDB only). */
export function isConflict(error: unknown, reasons?: readonly CancellationReason[]): boolean {
  const name = typeof error === 'object' && error !== null ? (error as { name?: string }).name : undefined;
  return name === 'TransactionConflictException' || (reasons ?? []).some((r) => r.Code === 'TransactionConflict');
}

export function isConditionalCheckFailed(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: string }).name === 'ConditionalCheckFailedException';
}
