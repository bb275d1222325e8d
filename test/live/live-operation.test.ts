/**
 * A subscription's document, read as the HTTP API reads a request and then as a subscription of
 * this API: each refusal typed, none echoing what was sent.
 */
import { describe, expect, it } from 'vitest';
import { readSubscription } from '../../functions/live/live-operation';
import { liveSchema } from '../../functions/live/live-schema';

const read = (query: unknown, variables?: unknown, operationName?: unknown) =>
  readSubscription(liveSchema(), {
    query,
    ...(variables !== undefined ? { variables } : {}),
    ...(operationName !== undefined ? { operationName } : {}),
  });
const codeOf = (result: ReturnType<typeof read>) => ('errors' in result ? result.errors[0]!.extensions?.code : 'ACCEPTED');

describe('a subscription document', () => {
  it('is read with its field and arguments', () => {
    const result = read('subscription ($t: ID!) { tableEvents(tableId: $t) { kind table { id } } }', { t: 'demo-craps' });
    expect('operation' in result && { field: result.operation.field, args: result.operation.args }).toEqual({
      field: 'tableEvents',
      args: { tableId: 'demo-craps' },
    });
  });

  it.each([
    ['no document', 42, undefined, 'BAD_REQUEST'],
    ['a document past 16 KiB', `subscription { myEvents { kind } } #${'x'.repeat(17_000)}`, undefined, 'BAD_REQUEST'],
    ['not GraphQL', 'subscription {', undefined, 'GRAPHQL_PARSE_FAILED'],
    ['a field the schema lacks', 'subscription { nothing }', undefined, 'GRAPHQL_VALIDATION_FAILED'],
    ['two root fields', 'subscription { myEvents { kind } lobbyEvents { kind } }', undefined, 'GRAPHQL_VALIDATION_FAILED'],
    ['a query', 'query { serverTime }', undefined, 'BAD_REQUEST'],
    ['a variable of the wrong type', 'subscription ($t: ID!) { tableEvents(tableId: $t) { kind } }', { t: 5.5 }, 'BAD_USER_INPUT'],
    ['an id of 2 KB', 'subscription ($t: ID!) { tableEvents(tableId: $t) { kind } }', { t: 'y'.repeat(2048) }, 'BAD_USER_INPUT'],
    ['an id outside the alphabet', 'subscription { tableEvents(tableId: "<script>") { kind } }', undefined, 'BAD_USER_INPUT'],
    [
      'a field that reads storage',
      'subscription { lobbyEvents { table { ... on BaccaratTable { roads { shoe } } } } }',
      undefined,
      'BAD_USER_INPUT',
    ],
    [
      'one, behind a fragment',
      'subscription { myEvents { ...M } } fragment M on PlayerEvent { account { statement { edges { cursor } } } }',
      undefined,
      'BAD_USER_INPUT',
    ],
  ])('is refused for %s', (_, query, variables, code) => {
    const result = read(query, variables);
    expect(codeOf(result)).toBe(code);
    expect(JSON.stringify(result)).not.toMatch(/yyyyyyyy|xxxxxxxx|<script>/);
  });

  it('names the field it will not serve live', () => {
    const result = read('subscription { lobbyEvents { table { openBets { id } } } }');
    expect('errors' in result && result.errors[0]!.message).toContain('Table.openBets');
    // A game's own field by its type's name; a field every table has by the interface's, whichever type it is selected on.
    const rolls = read('subscription { lobbyEvents { table { ... on CrapsTable { rolls { edges { cursor } } } } } }');
    expect('errors' in rolls && rolls.errors[0]!.message).toContain('CrapsTable.rolls');
    const onCraps = read('subscription { lobbyEvents { table { ... on CrapsTable { openBets { id } } } } }');
    expect('errors' in onCraps && onCraps.errors[0]!.message).toContain('Table.openBets');
  });
});
