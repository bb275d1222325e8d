import type { GraphQLResolveInfo } from 'graphql';
import { RuleViolation } from '../rules/rule-violation';
import { errorParameterOf, type ErrorParameterAnswer } from './errors';
import { ServiceError } from '../services/kernel/service-error';
import type { ErrorCode } from './generated/resolvers-types';
import { named, type SchemaType } from './schema-shape';

/**
 * Every mutation answers one payload: its result, and `userErrors`. A refusal whose code is one of
 * the mutation's own error enum (PlaceBetErrorCode...) is an expected one: answered as data, the
 * result null and userErrors saying why. Any other (UNAUTHENTICATED, FORBIDDEN, CONFLICT, a fault)
 * stays a GraphQL error. Which codes are data is read from the schema itself, so the contract
 * and what is answered cannot drift apart.
 */

/** One userError as the schema's <Mutation>UserError types hold it. */
export interface UserErrorAnswer {
  readonly code: ErrorCode;
  readonly message: string;
  readonly field: readonly string[] | null;
  readonly params: readonly ErrorParameterAnswer[];
}

/** The payload of a mutation that did what it was asked: its result fields, and no userErrors. */
export async function payloadOf<P>(info: GraphQLResolveInfo, run: () => Promise<Omit<P, 'userErrors'>>): Promise<P> {
  try {
    return { ...(await run()), userErrors: [] } as P;
  } catch (error) {
    const refusal = userErrorOf(info, error);
    if (!refusal) throw error;
    // The result fields are left out: each answers null.
    return { userErrors: [refusal] } as P;
  }
}

/** The refusal as a userError of the mutation being resolved, if its code is one the mutation answers as data. */
export function userErrorOf(info: GraphQLResolveInfo, error: unknown): UserErrorAnswer | undefined {
  if (!(error instanceof ServiceError || error instanceof RuleViolation)) return undefined;
  if (!dataCodes(info).getValue(error.code)) return undefined;
  const field = error instanceof ServiceError && error.field !== undefined ? error.field : fieldOf(info.fieldName, error.code);
  return {
    code: error.code,
    message: error.message,
    field: field == null ? null : ['input', ...field.split('.')],
    params: error.params.map(errorParameterOf),
  };
}

/**
 * The mutation's error enum: the `code` of its payload's `userErrors`. Read by the types' shape
 * (schema-shape.ts): the schema may come from another copy of graphql-js than this module's.
 */
function dataCodes(info: GraphQLResolveInfo): { getValue(name: string): unknown } {
  const payload = named(info.returnType as unknown as SchemaType);
  const userError = named(payload.getFields!().userErrors!.type);
  return named(userError.getFields!().code!.type) as unknown as { getValue(name: string): unknown };
}

/**
 * The input field a code is about, where one field is (dotted below `input`); a mutation may say
 * otherwise for its own input (a cashier's reference is its key). Codes about no one field
 * (betting closed, not enough money, a table full) are absent: their userError's field is null.
 */
const FIELD_OF_CODE: Partial<Record<ErrorCode, string>> = {
  UNKNOWN_BET_TYPE: 'type',
  BET_NOT_ALLOWED_IN_PHASE: 'type',
  JACKPOT_NOT_OFFERED: 'type',
  JACKPOT_NEEDS_MAIN_BET: 'type',
  INVALID_STAKE: 'amount',
  STAKE_NOT_POSITIVE: 'amount',
  STAKE_NOT_MULTIPLE_OF_MINIMUM: 'amount',
  HORN_NOT_MULTIPLE_OF_FOUR: 'amount',
  STAKE_ABOVE_MAXIMUM: 'amount',
  ABOVE_MAX_ODDS: 'amount',
  PLAYER_STAKE_LIMIT: 'amount',
  BALANCE_LIMIT: 'amount',
  SEAT_TAKEN: 'seat',
  JACKPOT_SEATED_PLAYERS_ONLY: 'seat',
  JACKPOT_ONE_PER_SEAT: 'seat',
  BASE_BET_NOT_TAKEN: 'baseBetId',
  ODDS_WITHOUT_BASE_BET: 'baseBetId',
  ODDS_ON_WRONG_BET: 'baseBetId',
  ODDS_BEFORE_COME_NUMBER: 'baseBetId',
  IDEMPOTENCY_KEY_REUSED: 'idempotencyKey',
  OUTCOME_SEQUENCE_MISMATCH: 'sequence',
  MISSING_DICE: 'dice',
  WRONG_NUMBER_OF_DICE: 'dice',
  INVALID_DIE: 'dice',
  VOID_ROLL_WITH_DICE: 'void',
  INVALID_CARD: 'cards',
  CARD_NOT_IN_SHOE: 'cards',
  DEAL_TOO_FEW_CARDS: 'cards',
  DEAL_TOO_MANY_CARDS: 'cards',
  DEAL_NATURAL_STANDS: 'cards',
  DEAL_PLAYER_MUST_DRAW: 'cards',
  DEAL_BANKER_MUST_DRAW: 'cards',
  DEAL_BANKER_MUST_STAND: 'cards',
  SHOOTER_NOT_ELIGIBLE: 'playerId',
  INVALID_DECK_COUNT: 'baccarat.decks',
  INVALID_JACKPOT_CONFIG: 'fixedAmounts',
  INVALID_JACKPOT_POOL: 'seed',
  TABLE_HAS_OPEN_BETS: 'reason',
};

const FIELD_OF_CODE_BY_MUTATION: Readonly<Record<string, Partial<Record<ErrorCode, string | null>>>> = {
  deposit: { IDEMPOTENCY_KEY_REUSED: 'reference', BALANCE_LIMIT: 'amount', NOT_FOUND: 'playerId' },
  withdraw: { IDEMPOTENCY_KEY_REUSED: 'reference', INSUFFICIENT_FUNDS: 'amount', NOT_FOUND: 'playerId' },
  openAccount: { CURRENCY_MISMATCH: 'currency' },
  openTable: { NOT_FOUND: 'baccarat.jackpot.poolId', CURRENCY_MISMATCH: 'currency' },
  takeDownBet: { NOT_FOUND: 'betId', WRONG_GAME: 'betId', BET_NOT_OPEN: 'betId', CONTRACT_BET: 'betId', ODDS_STILL_UP: 'betId' },
};

function fieldOf(mutation: string, code: ErrorCode): string | undefined {
  const own = FIELD_OF_CODE_BY_MUTATION[mutation];
  if (own && code in own) return own[code] ?? undefined;
  if (code === 'NOT_FOUND' || code === 'TABLE_CLOSED' || code === 'WRONG_GAME') return 'tableId';
  return FIELD_OF_CODE[code];
}
