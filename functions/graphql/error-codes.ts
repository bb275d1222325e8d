import type { RuleViolationCode } from '../rules/rule-violation';
import type { ServiceErrorCode } from '../services/kernel/service-error';
import type { ErrorCode } from './generated/resolvers-types';

/**
 * Apollo's own codes for a request it cannot run as sent (it answers them HTTP 400): safe to show
 * as they are. The API refuses a whole request with some of them too (errors.ts, requestRefusal).
 */
export const REQUEST_ERROR_CODES = [
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'BAD_REQUEST',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'OPERATION_RESOLUTION_FAILURE',
  // Ours: a document whose reads of the store would pass the request's budget (request-limits.ts).
  'REQUEST_TOO_EXPENSIVE',
] as const satisfies readonly ErrorCode[];
export type RequestErrorCode = (typeof REQUEST_ERROR_CODES)[number];

/**
 * Whether the same request, sent again unchanged, may succeed: a race lost in DynamoDB or a
 * throttle (both CONFLICT), a round still being paid, a fault inside. Every other refusal answers
 * the same until the request or the game changes, so a client that retries it only adds load.
 * One entry for each code of the schema's ErrorCode and no other: the type requires it.
 */
export const RETRYABLE: { readonly [Code in ErrorCode]: boolean } = {
  CONFLICT: true,
  SETTLEMENT_IN_PROGRESS: true,
  INTERNAL_SERVER_ERROR: true,
  WALLET_UNAVAILABLE: true,

  UNAUTHENTICATED: false,
  FORBIDDEN: false,
  BAD_USER_INPUT: false,
  GRAPHQL_PARSE_FAILED: false,
  GRAPHQL_VALIDATION_FAILED: false,
  BAD_REQUEST: false,
  PAYLOAD_TOO_LARGE: false,
  PERSISTED_QUERY_NOT_FOUND: false,
  PERSISTED_QUERY_NOT_SUPPORTED: false,
  OPERATION_RESOLUTION_FAILURE: false,
  REQUEST_TOO_EXPENSIVE: false,
  TOO_MANY_SUBSCRIPTIONS: false,
  IDEMPOTENCY_KEY_REUSED: false,
  NOT_FOUND: false,
  TABLE_CLOSED: false,
  WRONG_GAME: false,
  BETTING_CLOSED: false,
  BETTING_OPEN: false,
  OUTCOME_SEQUENCE_MISMATCH: false,
  TABLE_HAS_OPEN_BETS: false,
  TABLE_FULL: false,
  SEAT_TAKEN: false,
  SHOOTER_NOT_ELIGIBLE: false,
  NO_SHOOTER: false,
  DEALT_BY_SERVER: false,
  DEALT_BY_DEALER: false,
  INVALID_TABLE_OPTIONS: false,
  INVALID_TABLE_STATE: false,
  INVALID_DECK_COUNT: false,
  INSUFFICIENT_FUNDS: false,
  PLAYER_BLOCKED: false,
  SESSION_ENDED: false,
  PLAYER_TIMED_OUT: false,
  PLAYER_SELF_EXCLUDED: false,
  RESTRICTION_IN_FORCE: false,
  DEPOSIT_LIMIT_REACHED: false,
  STAKE_LIMIT_REACHED: false,
  LOSS_LIMIT_REACHED: false,
  SESSION_TIME_LIMIT_REACHED: false,
  REALITY_CHECK_DUE: false,
  WALLET_CALL_NOT_SET_ASIDE: false,
  LIMIT_REACHED: false,
  CURRENCY_MISMATCH: false,
  BALANCE_LIMIT: false,
  PLAYER_BET_LIMIT: false,
  PLAYER_STAKE_LIMIT: false,
  UNKNOWN_BET_TYPE: false,
  DUPLICATE_BET: false,
  INVALID_STAKE: false,
  STAKE_NOT_INTEGER: false,
  STAKE_NOT_POSITIVE: false,
  STAKE_NOT_MULTIPLE_OF_MINIMUM: false,
  HORN_NOT_MULTIPLE_OF_FOUR: false,
  STAKE_ABOVE_MAXIMUM: false,
  BET_NOT_ALLOWED_IN_PHASE: false,
  NUMBER_NOT_ALLOWED: false,
  BET_NOT_OPEN: false,
  CONTRACT_BET: false,
  ODDS_STILL_UP: false,
  BASE_BET_NOT_TAKEN: false,
  ODDS_WITHOUT_BASE_BET: false,
  ODDS_ON_WRONG_BET: false,
  ODDS_ON_WRONG_NUMBER: false,
  ODDS_WITHOUT_POINT: false,
  ODDS_WITHOUT_COME_NUMBER: false,
  ODDS_BEFORE_COME_NUMBER: false,
  ABOVE_MAX_ODDS: false,
  JACKPOT_NOT_OFFERED: false,
  JACKPOT_SEATED_PLAYERS_ONLY: false,
  JACKPOT_NEEDS_MAIN_BET: false,
  JACKPOT_ONE_PER_SEAT: false,
  INVALID_DIE: false,
  WRONG_NUMBER_OF_DICE: false,
  MISSING_DICE: false,
  VOID_ROLL_WITH_DICE: false,
  INVALID_ROLL: false,
  INVALID_CARD: false,
  CARD_NOT_IN_SHOE: false,
  DEAL_TOO_FEW_CARDS: false,
  DEAL_TOO_MANY_CARDS: false,
  DEAL_NATURAL_STANDS: false,
  DEAL_PLAYER_MUST_DRAW: false,
  DEAL_BANKER_MUST_DRAW: false,
  DEAL_BANKER_MUST_STAND: false,
  INVALID_JACKPOT_CONFIG: false,
  INVALID_JACKPOT_POOL: false,
  INVALID_JACKPOT_BETTORS: false,
  JACKPOT_COMBINATION_NOT_IN_MODALITY: false,
};

/**
 * Codes only the API's edges answer with: a body too large (request-limits.ts), a fault
 * (errors.ts), a WebSocket connection holding its most subscriptions (live/socket-protocol.ts).
 */
export type EdgeErrorCode = 'PAYLOAD_TOO_LARGE' | 'INTERNAL_SERVER_ERROR' | 'TOO_MANY_SUBSCRIPTIONS';

/**
 * The schema's ErrorCode lists exactly the codes the layers refuse with: the rules'
 * (RuleViolationCode), the services' (ServiceErrorCode), Apollo's and the edges'. `tsc` fails here,
 * naming the codes, when one is refused with but not listed, or listed but in none of them (the
 * services cannot import the generated type: their dependencies point toward the rules).
 */
type Refused = RuleViolationCode | ServiceErrorCode | RequestErrorCode | EdgeErrorCode;
type Exactly<Missing, Extra> = [Missing, Extra] extends [never, never]
  ? true
  : { readonly refusedButNotInSchema: Missing; readonly inSchemaButNeverRefused: Extra };
type Holds<Check extends true> = Check;
export type SchemaListsEveryCode = Holds<Exactly<Exclude<Refused, ErrorCode>, Exclude<ErrorCode, Refused>>>;
