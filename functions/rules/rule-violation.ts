/**
 * A request the rules refuse: a die of 7, a bet in the wrong phase, a stake that is not a
 * multiple of the minimum, an impossible card sequence. Pure data, no stack worth showing:
 * the API turns it into a typed GraphQL error carrying `code` and this message verbatim,
 * so the message must say exactly which rule was broken (and cite the article where one applies).
 */
export class RuleViolation extends Error {
  override readonly name = 'RuleViolation';
  constructor(
    /** Stable, machine-readable reason, e.g. `INVALID_DIE`, `BET_NOT_ALLOWED_IN_PHASE`. */
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
