import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { RuleViolation } from '../rules/rule-violation';
import type { ErrorParam, ErrorParamKind } from '../rules/error-params';
import { ServiceError, retryableAsConflict } from '../services/kernel/service-error';
import { logger } from '../observability/logger';
import { REQUEST_ERROR_CODES, RETRYABLE, type RequestErrorCode } from './error-codes';
import type { ErrorCode } from './generated/resolvers-types';

const CLIENT_ERROR_CODES: ReadonlySet<string> = new Set(REQUEST_ERROR_CODES);

/** An ErrorParameter as answered: every field present, null where its kind fills another. */
export interface ErrorParameterAnswer {
  readonly name: string;
  readonly kind: ErrorParamKind;
  readonly amount: number | null;
  readonly currency: string | null;
  readonly betType: string | null;
  readonly number: number | null;
  readonly momentAt: string | null;
  readonly text: string | null;
}

export const errorParameterOf = (param: ErrorParam): ErrorParameterAnswer => ({
  name: param.name,
  kind: param.kind,
  amount: param.amount ?? null,
  currency: param.currency ?? null,
  betType: param.betType ?? null,
  number: param.number ?? null,
  momentAt: param.at ?? null,
  text: param.text ?? null,
});

/**
 * An error as the API sends it, over HTTP and over WebSocket: a code of ErrorCode, whether a retry
 * may succeed, why, and what the refusal names as data (`params`, when it names anything).
 */
export interface AnsweredError extends GraphQLFormattedError {
  readonly extensions: { readonly code: ErrorCode; readonly retryable: boolean; readonly params?: readonly ErrorParameterAnswer[] };
}

/** The one way an error is answered: its code, whether that code is retryable (error-codes.ts), and its parameters. */
export const answeredError = (code: ErrorCode, message: string, params: readonly ErrorParam[] = []): AnsweredError => ({
  message,
  extensions: { code, retryable: RETRYABLE[code], ...(params.length > 0 ? { params: params.map(errorParameterOf) } : {}) },
});

/** The request refusals made here, with their codes: formatError answers them as they are. */
const REQUEST_REFUSALS = new WeakMap<object, ErrorCode>();

/**
 * A whole request refused for the client's mistake before anything runs (thrown from a plugin's
 * didResolveOperation: a bound, a limit): HTTP 400. Apollo answers 500 for an error thrown there
 * that names no status (its `extensions.http`, which it takes off before the error is sent), and
 * a client's mistake must neither look like a fault to the alarms nor be retried by clients.
 */
export function requestRefusal(message: string, code: ErrorCode = 'BAD_USER_INPUT'): GraphQLError {
  const refusal = new GraphQLError(message, { extensions: { code, http: { status: 400 } } });
  REQUEST_REFUSALS.set(refusal, code);
  return refusal;
}

/**
 * The code of a request refusal, or undefined for any other error; also once Apollo wrapped it
 * (it wraps an error that is not its own copy of graphql's GraphQLError, as under the tests).
 */
export function refusalCode(error: unknown): ErrorCode | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const wrapped = (error as { readonly originalError?: unknown }).originalError;
  return REQUEST_REFUSALS.get(error) ?? (wrapped && typeof wrapped === 'object' ? REQUEST_REFUSALS.get(wrapped) : undefined);
}

export type ErrorLogger = (error: unknown) => void;

/** Where unexpected errors go in AWS: the function's log, with their details (never to the client). */
export const logToCloudWatch: ErrorLogger = (error) =>
  logger.error('unexpected error', { error: error instanceof Error ? error : String(error) });

/**
 * Every error leaves the API typed and without internals: a rules refusal or a service refusal
 * keeps its code and message; a malformed request keeps Apollo's; anything else is logged and
 * answered with a bare INTERNAL_SERVER_ERROR (no message from inside, never a stack trace). Each
 * says whether it is retryable.
 */
export function formatError(logError: ErrorLogger) {
  return (formatted: GraphQLFormattedError, error: unknown): AnsweredError => {
    const unwrapped = unwrapResolverError(error);
    const original = retryableAsConflict(unwrapped) ?? unwrapped;
    const base = {
      message: formatted.message,
      ...(formatted.locations ? { locations: formatted.locations } : {}),
      ...(formatted.path ? { path: formatted.path } : {}),
    };
    if (original instanceof RuleViolation || original instanceof ServiceError) {
      return { ...base, ...answeredError(original.code, original.message, original.params) };
    }
    const refused = refusalCode(error);
    if (refused) return { ...base, ...answeredError(refused, base.message) };
    const code = formatted.extensions?.code;
    if (typeof code === 'string' && CLIENT_ERROR_CODES.has(code))
      return { ...base, ...answeredError(code as RequestErrorCode, withoutEcho(base.message)) };
    logError(original);
    return { ...base, ...answeredError('INTERNAL_SERVER_ERROR', 'Internal server error') };
  };
}

/**
 * Why graphql-js refused a value, reworded without the value: each pattern matches one of its
 * messages (or the API's own scalars', scalars.ts), and the replacement keeps only what the
 * schema names. A cause none of them matches is not repeated at all.
 */
const CAUSES: readonly (readonly [RegExp, string])[] = [
  [/^Field "\w{1,64}" of required type "([\w![\]]{1,128})" was not provided\.$/, 'a required field ($1) is missing.'],
  [/^Expected non-nullable type "([\w![\]]{1,128})" not to be null\.$/, 'a $1 may not be null.'],
  [/^Field "[^"]*" is not defined by type "(\w{1,128})"\.[\s\S]*$/, 'it has a field that $1 does not define.'],
  [/^Value "[^"]*" does not exist in "(\w{1,128})" enum\.[\s\S]*$/, 'not a value of the $1 enum.'],
  [/^(?:Expected type "\w{1,128}"\. )?((?:Money|DateTime|Date|Currency) must [^"]{1,120})$/, '$1'],
  [/^(Int|Float|String|Boolean|ID) cannot represent [\s\S]*$/, 'not a value a $1 can hold.'],
];

function causeWithoutValue(cause: string): string {
  for (const [pattern, replacement] of CAUSES) if (pattern.test(cause)) return cause.replace(pattern, replacement);
  return 'it does not fit its type.';
}

/**
 * graphql-js words a variable it cannot coerce with the value sent ("Variable "$input" got invalid
 * value { ...everything sent... }; ..."), and a literal it cannot read with the literal ("found
 * ..."): the API never sends back what it was sent, so the value is cut out, leaving the variable,
 * where in it the fault is, and why, when graphql-js says why without the value. Any other quoted
 * text past 64 characters (a name the client made up) is cut short.
 */
export function withoutEcho(message: string): string {
  const variable = /^Variable "(\$\w{1,64})" got invalid value /.exec(message);
  if (variable) {
    const cause = message.slice(message.lastIndexOf('; ') + 2);
    const at = / at "([\w.[\]]{1,200})"; [^;]*$/.exec(message)?.[1];
    return `Variable "${variable[1]}" got an invalid value${at ? ` at "${at}"` : ''}: ${causeWithoutValue(cause)}`;
  }
  return (
    message
      .replace(/, found [\s\S]*$/, '.')
      // A literal a built-in scalar cannot read is worded with the literal after a colon.
      .replace(/^((?:Int|Float|String|Boolean|ID) cannot represent [^:]{0,80}):[\s\S]*$/, '$1.')
      .replace(/^Value "[^"]*" does not exist in "(\w{1,128})" enum\./, 'A value that is not in the $1 enum.')
      .replace(/"[^"]{65,}"/g, '"…"')
  );
}
