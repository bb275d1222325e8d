/**
 * Condition expressions composed from named clauses, each saying what it guards, as Powertools'
 * idempotency layer writes its own: a module names its clauses (`const NOT_BLOCKED = '...'`) and
 * a condition reads as what must hold (`allOf(ACCOUNT_EXISTS, anyOf(...))`). Pure strings.
 */

/** Every clause must hold. */
export const allOf = (...clauses: readonly string[]): string => clauses.join(' AND ');

/**
 * One of the clauses must hold. Parenthesized, so that it stands as one clause among others
 * (DynamoDB's AND binds tighter than OR); a clause of several ANDed is parenthesized within it too,
 * for the reader only (the meaning is the same either way).
 */
export const anyOf = (...clauses: readonly string[]): string =>
  `(${clauses.map((clause) => (clause.includes(' AND ') ? `(${clause})` : clause)).join(' OR ')})`;
