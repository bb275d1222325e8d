/** What leaves the API when something goes wrong: a code and a message, never internals. */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { buildSchema, type GraphQLEnumType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { REQUEST_ERROR_CODES, RETRYABLE } from '../../functions/graphql/error-codes';
import { formatError, withoutEcho } from '../../functions/graphql/errors';
import { betTypeParam, moneyParam } from '../../functions/rules/error-params';
import { RuleViolation } from '../../functions/rules/rule-violation';
import { ServiceError } from '../../functions/services/kernel/service-error';
import { readSource, sourceFiles } from '../support/source-files';

// The GraphQLError class Apollo itself loads (Node's CommonJS copy of graphql), as resolvers' errors are.
const { GraphQLError } = createRequire(import.meta.url)('graphql') as typeof import('graphql');

function format(error: unknown, extensions: Record<string, unknown> = {}) {
  const logged: unknown[] = [];
  const wrapped = new GraphQLError('raw message', { path: ['placeBet'], originalError: error as Error, extensions });
  return { result: formatError((e) => logged.push(e))({ message: wrapped.message, path: ['placeBet'], extensions }, wrapped), logged };
}

describe('formatError', () => {
  it('keeps a rules refusal or a service refusal as it is', () => {
    expect(format(new RuleViolation('INVALID_DIE', 'The first die shows 7')).result).toEqual({
      message: 'The first die shows 7',
      path: ['placeBet'],
      extensions: { code: 'INVALID_DIE', retryable: false },
    });
    expect(format(new ServiceError('FORBIDDEN', 'Only a dealer may do this.')).result.extensions).toEqual({
      code: 'FORBIDDEN',
      retryable: false,
    });
    expect(format(new ServiceError('SETTLEMENT_IN_PROGRESS', 'Retry in a moment.')).result.extensions).toEqual({
      code: 'SETTLEMENT_IN_PROGRESS',
      retryable: true,
    });
  });

  it("carries a refusal's parameters in extensions.params, every field present, and none where it names nothing", () => {
    const over = new RuleViolation('STAKE_ABOVE_MAXIMUM', 'The stake is above the {betType} maximum of {maximum}.', [
      betTypeParam('betType', 'BANKER'),
      moneyParam('maximum', 100_000),
    ]).inCurrency('KWD');
    const { result } = format(over);
    expect(result.message).toBe('The stake is above the Banker maximum of 100.000 KWD.');
    expect(result.extensions).toEqual({
      code: 'STAKE_ABOVE_MAXIMUM',
      retryable: false,
      params: [
        { name: 'betType', kind: 'BET_TYPE', amount: null, currency: null, betType: 'BANKER', number: null, momentAt: null, text: null },
        { name: 'maximum', kind: 'MONEY', amount: 100_000, currency: 'KWD', betType: null, number: null, momentAt: null, text: null },
      ],
    });
    expect(format(new ServiceError('FORBIDDEN', 'Only a dealer may do this.')).result.extensions).not.toHaveProperty('params');
  });

  it('turns a race lost in DynamoDB into a CONFLICT the client may retry', () => {
    const conflict = Object.assign(new Error('Transaction is ongoing'), { name: 'TransactionConflictException' });
    const { result, logged } = format(conflict);
    expect(result).toMatchObject({ extensions: { code: 'CONFLICT', retryable: true }, message: expect.stringMatching(/retry/) });
    expect(logged).toEqual([]);
  });

  it('answers anything else with a bare INTERNAL_SERVER_ERROR, and logs it', () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'balance')");
    const { result, logged } = format(bug, { code: 'INTERNAL_SERVER_ERROR', stacktrace: ['TypeError: ...', '    at x'] });
    expect(result).toEqual({
      message: 'Internal server error',
      path: ['placeBet'],
      extensions: { code: 'INTERNAL_SERVER_ERROR', retryable: true },
    });
    expect(logged).toEqual([bug]);
  });

  it("keeps Apollo's codes for a malformed request", () => {
    expect(format(undefined, { code: 'GRAPHQL_VALIDATION_FAILED' }).result.extensions).toEqual({
      code: 'GRAPHQL_VALIDATION_FAILED',
      retryable: false,
    });
  });
});

describe('a malformed request is answered without what was sent', () => {
  const SECRET = 'secret-value-sent';
  it.each([
    [
      `Variable "$input" got invalid value { tableId: "${SECRET}", reason: "x" }; Field "sequence" of required type "Int!" was not provided.`,
      'Variable "$input" got an invalid value: a required field (Int!) is missing.',
    ],
    [
      `Variable "$input" got invalid value "${SECRET}" at "input.sequence"; Int cannot represent non-integer value: "${SECRET}"`,
      'Variable "$input" got an invalid value at "input.sequence": not a value a Int can hold.',
    ],
    [
      `Variable "$input" got invalid value "${SECRET}" at "input.type"; Value "${SECRET}" does not exist in "BetType" enum.`,
      'Variable "$input" got an invalid value at "input.type": not a value of the BetType enum.',
    ],
    [
      `Variable "$input" got invalid value { ${SECRET}: 1 }; Field "${SECRET}" is not defined by type "PlaceBetInput".`,
      'Variable "$input" got an invalid value: it has a field that PlaceBetInput does not define.',
    ],
    [
      'Variable "$input" got invalid value -100 at "input.amount"; Expected type "Money". Money must not be negative.',
      'Variable "$input" got an invalid value at "input.amount": Money must not be negative.',
    ],
    [
      `Variable "$input" got invalid value "; x" at "input.a"; something new: ${SECRET}`,
      'Variable "$input" got an invalid value at "input.a": it does not fit its type.',
    ],
    [`Expected value of type "Money!", found "${SECRET}".`, 'Expected value of type "Money!".'],
    [`Value "${SECRET}" does not exist in "BetType" enum.`, 'A value that is not in the BetType enum.'],
    [
      `ID cannot represent a non-string and non-integer value: [[["${SECRET}"]]]`,
      'ID cannot represent a non-string and non-integer value.',
    ],
    [`Cannot query field "${'x'.repeat(80)}" on type "Query".`, 'Cannot query field "…" on type "Query".'],
  ])('%s', (message, expected) => {
    expect(withoutEcho(message)).toBe(expected);
    expect(withoutEcho(message)).not.toContain(SECRET);
  });
});

describe('the schema lists every error code', () => {
  // That every code the API refuses with is in ErrorCode, and every code of ErrorCode is one some
  // layer's code type holds, is checked by tsc: RuleViolation and ServiceError take their layer's
  // code type, the API's own errors take ErrorCode, and functions/graphql/error-codes.ts requires
  // those types to make up ErrorCode exactly. What types cannot tell is whether a code still
  // declared is still refused with somewhere: that is read from the sources here.
  const schema = buildSchema(readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8'));
  const listed = (schema.getType('ErrorCode') as GraphQLEnumType).getValues().map((value) => value.name);

  /** Every file of functions/ but those that declare the codes (or are generated from the schema). */
  function sources(): string[] {
    const declaring = ['rules/rule-violation.ts', 'services/kernel/service-error.ts', 'graphql/error-codes.ts'].map(
      (file) => `functions/${file}`,
    );
    return sourceFiles('functions')
      .filter((file) => !declaring.includes(file))
      .map(readSource);
  }

  it('each of them some code refuses with, but for the codes Apollo answers by itself', () => {
    const code = sources().join('\n');
    const apollosOwn = new Set<string>(REQUEST_ERROR_CODES);
    expect(listed.filter((name) => !apollosOwn.has(name) && !code.includes(`'${name}'`))).toEqual([]);
  });

  it("each with whether it is retryable: a race lost, a round still being paid, a partner's wallet that did not answer, and a fault only", () => {
    expect(Object.keys(RETRYABLE).sort()).toEqual([...listed].sort());
    expect(listed.filter((name) => RETRYABLE[name as keyof typeof RETRYABLE]).sort()).toEqual([
      'CONFLICT',
      'INTERNAL_SERVER_ERROR',
      'SETTLEMENT_IN_PROGRESS',
      'WALLET_UNAVAILABLE',
    ]);
  });
});
