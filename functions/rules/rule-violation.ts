import { inCurrency, renderMessage, type ErrorParam } from './error-params';

/**
 * Every reason the rules refuse a request for: each is a value of the schema's ErrorCode enum
 * (graphql/error-codes.ts checks that, by type, against the generated one).
 */
export type RuleViolationCode =
  | 'ABOVE_MAX_ODDS'
  | 'BASE_BET_NOT_TAKEN'
  | 'BET_NOT_ALLOWED_IN_PHASE'
  | 'BET_NOT_OPEN'
  | 'CARD_NOT_IN_SHOE'
  | 'CONTRACT_BET'
  | 'DEAL_BANKER_MUST_DRAW'
  | 'DEAL_BANKER_MUST_STAND'
  | 'DEAL_NATURAL_STANDS'
  | 'DEAL_PLAYER_MUST_DRAW'
  | 'DEAL_TOO_FEW_CARDS'
  | 'DEAL_TOO_MANY_CARDS'
  | 'DUPLICATE_BET'
  | 'HORN_NOT_MULTIPLE_OF_FOUR'
  | 'INVALID_CARD'
  | 'INVALID_DECK_COUNT'
  | 'INVALID_DIE'
  | 'INVALID_JACKPOT_BETTORS'
  | 'INVALID_JACKPOT_CONFIG'
  | 'INVALID_JACKPOT_POOL'
  | 'INVALID_ROLL'
  | 'INVALID_STAKE'
  | 'INVALID_TABLE_OPTIONS'
  | 'INVALID_TABLE_STATE'
  | 'JACKPOT_COMBINATION_NOT_IN_MODALITY'
  | 'JACKPOT_NEEDS_MAIN_BET'
  | 'JACKPOT_NOT_OFFERED'
  | 'JACKPOT_ONE_PER_SEAT'
  | 'JACKPOT_SEATED_PLAYERS_ONLY'
  | 'MISSING_DICE'
  | 'NUMBER_NOT_ALLOWED'
  | 'ODDS_BEFORE_COME_NUMBER'
  | 'ODDS_ON_WRONG_BET'
  | 'ODDS_ON_WRONG_NUMBER'
  | 'ODDS_STILL_UP'
  | 'ODDS_WITHOUT_BASE_BET'
  | 'ODDS_WITHOUT_COME_NUMBER'
  | 'ODDS_WITHOUT_POINT'
  | 'STAKE_ABOVE_MAXIMUM'
  | 'STAKE_NOT_INTEGER'
  | 'STAKE_NOT_MULTIPLE_OF_MINIMUM'
  | 'STAKE_NOT_POSITIVE'
  | 'UNKNOWN_BET_TYPE'
  | 'VOID_ROLL_WITH_DICE'
  | 'WRONG_NUMBER_OF_DICE';

/**
 * A request the rules refuse: a die of 7, a bet in the wrong phase, a stake that is not a
 * multiple of the minimum, an impossible card sequence. Pure data, no stack worth showing:
 * the API turns it into a typed GraphQL error carrying `code`, this message verbatim and its
 * parameters, so the message must say exactly which rule was broken (and cite the article where
 * one applies). A message with parameters is a template (error-params.ts): `{maximum}` is written
 * from the parameter `maximum`.
 */
export class RuleViolation extends Error {
  override readonly name = 'RuleViolation';
  constructor(
    /** Stable, machine-readable reason, e.g. `INVALID_DIE`, `BET_NOT_ALLOWED_IN_PHASE`. */
    readonly code: RuleViolationCode,
    readonly template: string,
    /** What the message names, as data (amounts without a currency: the rules know none). */
    readonly params: readonly ErrorParam[] = [],
  ) {
    super(renderMessage(template, params));
  }

  /** The same refusal at a table of `currency`: its amounts in it, and written in its units. */
  inCurrency(currency: string): RuleViolation {
    return new RuleViolation(this.code, this.template, inCurrency(this.params, currency));
  }
}
