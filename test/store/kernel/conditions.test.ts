/**
 * Condition expressions from named clauses (store/kernel/conditions.ts): every clause ANDed as
 * given, a choice of clauses in parentheses so that it stands as one clause among others. Pure.
 */
import { describe, expect, it } from 'vitest';
import { allOf, anyOf } from '../../../functions/store/kernel/conditions';

describe('a condition from named clauses', () => {
  it('holds every clause of allOf, in the order given', () => {
    expect(allOf('attribute_exists(pk)', '#sequence = :sequence', 'NOT contains(done, :part)')).toBe(
      'attribute_exists(pk) AND #sequence = :sequence AND NOT contains(done, :part)',
    );
  });

  it('is the clause itself when there is one', () => {
    expect(allOf('attribute_exists(pk)')).toBe('attribute_exists(pk)');
    expect(allOf('attribute_exists(pk)', ...[])).toBe('attribute_exists(pk)');
  });

  it('parenthesizes a choice, so that it stays one clause among those ANDed with it', () => {
    expect(allOf('attribute_exists(layoutSk)', anyOf('attribute_not_exists(lastOutcome)', 'lastOutcome < :sequence'))).toBe(
      'attribute_exists(layoutSk) AND (attribute_not_exists(lastOutcome) OR lastOutcome < :sequence)',
    );
  });

  it('parenthesizes clauses ANDed within a choice (the same meaning: AND binds tighter than OR)', () => {
    expect(anyOf('attribute_not_exists(pk)', allOf('#round = :round', '#open = :zero'))).toBe(
      '(attribute_not_exists(pk) OR (#round = :round AND #open = :zero))',
    );
  });

  it('nests: a choice within clauses ANDed within a choice', () => {
    const unrestricted = allOf(anyOf('attribute_not_exists(restrictedUntil)', 'restrictedUntil <= :now'), 'attribute_not_exists(blocked)');
    expect(unrestricted).toBe('(attribute_not_exists(restrictedUntil) OR restrictedUntil <= :now) AND attribute_not_exists(blocked)');
    expect(anyOf('attribute_not_exists(pk)', unrestricted)).toBe(
      '(attribute_not_exists(pk) OR ((attribute_not_exists(restrictedUntil) OR restrictedUntil <= :now) AND attribute_not_exists(blocked)))',
    );
  });
});
