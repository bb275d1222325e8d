/**
 * The schema is a front end's documentation: every bet type says what wins it and what it pays,
 * every jackpot combination what makes it and how its prize is paid.
 */
import { readFileSync } from 'node:fs';
import { buildSchema, type GraphQLEnumType } from 'graphql';
import { describe, expect, it } from 'vitest';

const schema = buildSchema(readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8'));
const valuesOf = (name: string) => (schema.getType(name) as GraphQLEnumType).getValues();

describe('the schema documents', () => {
  it.each(valuesOf('BetType').map((value) => [value.name, value.description ?? ''] as const))(
    'bet type %s with its payout',
    (_, description) => {
      expect(description).toMatch(/^(Craps|Baccarat)\b/);
      // A ratio, or the rule its prize follows (the commission option, the jackpot's prize table).
      expect(description).toMatch(/\d+:\d+|commission option|jackpot/);
    },
  );

  it.each(valuesOf('JackpotCombination').map((value) => [value.name, value.description ?? ''] as const))(
    'jackpot combination %s with its modality and prize',
    (_, description) => {
      expect(description).toMatch(/^Modalit(y|ies) [ABC]/);
      expect(description).toMatch(/whole pool|fixed amount/);
    },
  );
});
