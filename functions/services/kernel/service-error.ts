import { isRetryable } from '../../store/kernel/transaction-cancellation';
import { RuleViolation, type RuleViolationCode } from '../../rules/rule-violation';
import { inCurrency, renderMessage, type ErrorParam } from '../../rules/error-params';

/**
 * A request the service refuses for a reason outside the game rules (the rules layer throws
 * RuleViolation): unknown table, a stranger's account, not enough money, a lost race.
 * The GraphQL layer exposes `code` as `extensions.code` and the message verbatim. Each is a value
 * of the schema's ErrorCode enum (graphql/error-codes.ts checks that, by type, against the generated one).
 */
export type ServiceErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'INSUFFICIENT_FUNDS'
  | 'CURRENCY_MISMATCH'
  | 'TABLE_CLOSED'
  | 'WRONG_GAME'
  | 'BAD_USER_INPUT'
  | 'BAD_REQUEST'
  | 'BETTING_CLOSED'
  | 'BETTING_OPEN'
  | 'OUTCOME_SEQUENCE_MISMATCH'
  | 'SEAT_TAKEN'
  | 'PLAYER_BET_LIMIT'
  | 'PLAYER_STAKE_LIMIT'
  | 'SETTLEMENT_IN_PROGRESS'
  | 'SHOOTER_NOT_ELIGIBLE'
  | 'NO_SHOOTER'
  | 'DEALT_BY_SERVER'
  | 'DEALT_BY_DEALER'
  | 'TABLE_FULL'
  | 'TABLE_HAS_OPEN_BETS'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'BALANCE_LIMIT'
  | 'REQUEST_TOO_EXPENSIVE'
  | 'PLAYER_BLOCKED'
  | 'PLAYER_TIMED_OUT'
  | 'PLAYER_SELF_EXCLUDED'
  | 'RESTRICTION_IN_FORCE'
  | 'DEPOSIT_LIMIT_REACHED'
  | 'STAKE_LIMIT_REACHED'
  | 'LOSS_LIMIT_REACHED'
  | 'SESSION_TIME_LIMIT_REACHED'
  | 'REALITY_CHECK_DUE'
  | 'LIMIT_REACHED'
  | 'WALLET_UNAVAILABLE'
  | 'SESSION_ENDED'
  | 'WALLET_CALL_NOT_SET_ASIDE'
  | 'CONFLICT';

export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  constructor(
    readonly code: ServiceErrorCode,
    /** Why, for a person; with `params`, a template (rules/error-params.ts: `{limit}` is written from the parameter `limit`). */
    readonly template: string,
    /**
     * The request's field at fault, dotted below a mutation's `input` (its userErrors name it);
     * null when the refusal is about no one field; absent, the code's usual field (graphql/payloads.ts).
     */
    readonly field?: string | null,
    /** What the message names, as data, so that any client says it in its own language. */
    readonly params: readonly ErrorParam[] = [],
  ) {
    super(params.length > 0 ? renderMessage(template, params) : template);
  }

  /** The same refusal with its amounts in `currency` (those that named none), written in its units. */
  inCurrency(currency: string): ServiceError {
    return new ServiceError(this.code, this.template, this.field, inCurrency(this.params, currency));
  }
}

/** A refusal's parameters, whichever layer refused. */
export const paramsOf = (error: unknown): readonly ErrorParam[] =>
  error instanceof ServiceError || error instanceof RuleViolation ? error.params : [];

/**
 * A store failure that outlived the services' own retries but changed nothing (a race lost,
 * throttling) is a CONFLICT the client may simply retry; anything else is not a refusal.
 */
export function retryableAsConflict(error: unknown): ServiceError | undefined {
  return isRetryable(error) ? new ServiceError('CONFLICT', 'The table is busy; retry the request.') : undefined;
}

/** The error code a caller is answered with for `error`, as the GraphQL layer answers it (graphql/errors.ts). */
export function answeredCode(error: unknown): ServiceErrorCode | RuleViolationCode | 'INTERNAL_SERVER_ERROR' {
  const refusal = retryableAsConflict(error) ?? error;
  return refusal instanceof ServiceError || refusal instanceof RuleViolation ? refusal.code : 'INTERNAL_SERVER_ERROR';
}
