/**
 * docs/DEPLOY.md tells ops what to send to a new stage (its jackpot pool, tables, accounts): every
 * GraphQL document it gives is checked against the schema, so the guide cannot drift from the API.
 */
import { readFileSync } from 'node:fs';
import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';

const guide = readFileSync(new URL('../../docs/DEPLOY.md', import.meta.url), 'utf8');
const schema = buildSchema(readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8'));
/** The JSON bodies of the guide's `gql '<body>'` commands. */
const bodies = [...guide.matchAll(/^\s*gql '(.+)'$/gm)].map((match) => JSON.parse(match[1]!) as { query: string; variables?: object });

describe("the deploy guide's GraphQL", () => {
  it('gives the first documents a new stage needs', () => {
    expect(bodies.map((body) => /\{\s*(\w+)/.exec(body.query.replace(/^mutation[^{]*/, ''))![1])).toEqual([
      'openJackpotPool',
      'openTable',
      'openTable',
      'openAccount',
      'deposit',
    ]);
  });

  it.each(bodies.map((body) => [body.query.slice(0, 60), body] as const))('is valid against the schema: %s', (_, body) => {
    expect(validate(schema, parse(body.query)).map((error) => error.message)).toEqual([]);
  });
});
