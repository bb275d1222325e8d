/**
 * The article a message puts before a word it fills in (issue 37): "Only an operator may do
 * this.", never "Only a operator".
 */
import { describe, expect, it } from 'vitest';
import { withArticle } from '../../functions/rules/article';
import { assertShoeHolds } from '../../functions/rules/baccarat/shoe';
import { parseCard } from '../../functions/rules/baccarat';

describe('withArticle', () => {
  it('says "an" before a vowel sound, "a" before a consonant sound', () => {
    expect(['operator', 'dealer', 'player'].map(withArticle)).toEqual(['an operator', 'a dealer', 'a player']);
    expect(['ANY_SEVEN', 'ELEVEN', 'ACES', 'ACE_DEUCE', 'FIELD', 'HORN', 'PASS_LINE', 'ObjectTypeDefinition'].map(withArticle)).toEqual([
      'an ANY_SEVEN',
      'an ELEVEN',
      'an ACES',
      'an ACE_DEUCE',
      'a FIELD',
      'a HORN',
      'a PASS_LINE',
      'an ObjectTypeDefinition',
    ]);
    expect(['user', 'unit', 'union', 'usual', 'euro', 'one', 'unimportant', 'under', 'onerous'].map(withArticle)).toEqual([
      'a user',
      'a unit',
      'a union',
      'a usual',
      'a euro',
      'a one',
      'an unimportant',
      'an under',
      'an onerous',
    ]);
  });

  it('says numbers as they are read: an 8, an 11, an 18, an 80, an 800, an 11,000; a 1, a 6, a 110', () => {
    expect([8, 11, 18, 80, 83, 800, 8000, 11_000, '18,000', 11_000_000].map(withArticle)).toEqual(
      ['8', '11', '18', '80', '83', '800', '8000', '11000', '18,000', '11000000'].map((n) => `an ${n}`),
    );
    expect([1, 6, 10, 12, 110, 180, 1100, 1800, 100].map(withArticle)).toEqual(
      ['1', '6', '10', '12', '110', '180', '1100', '1800', '100'].map((n) => `a ${n}`),
    );
  });
});

describe('messages built with it', () => {
  const messageOf = (run: () => void): string => {
    try {
      run();
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error('not refused');
  };

  it('a card an 8-deck shoe no longer holds reads "an 8-deck shoe"', () => {
    const aces = Array.from({ length: 8 }, () => parseCard('AS'));
    expect(messageOf(() => assertShoeHolds(8, aces, [parseCard('AS')]))).toMatch(/in an 8-deck shoe have already been dealt$/);
    expect(messageOf(() => assertShoeHolds(6, [...aces.slice(0, 6), parseCard('AS')], []))).toMatch(/but a 6-deck shoe has only 6$/);
  });
});
