import type { GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { RuleViolation } from '../rules/rule-violation';
import { ServiceError, retryableAsConflict } from '../services/service-error';

/** Apollo's own codes for a malformed request: safe to show as they are. */
export const CLIENT_ERROR_CODES = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'BAD_REQUEST',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'OPERATION_RESOLUTION_FAILURE',
]);

export type ErrorLogger = (error: unknown) => void;

/**
 * Every error leaves the API typed and without internals: a rules refusal or a service refusal
 * keeps its code and message; a malformed request keeps Apollo's; anything else is logged and
 * answered with a bare INTERNAL_SERVER_ERROR (no message from inside, never a stack trace).
 */
export function formatError(logError: ErrorLogger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const unwrapped = unwrapResolverError(error);
    const original = retryableAsConflict(unwrapped) ?? unwrapped;
    const base = {
      message: formatted.message,
      ...(formatted.locations ? { locations: formatted.locations } : {}),
      ...(formatted.path ? { path: formatted.path } : {}),
    };
    if (original instanceof RuleViolation || original instanceof ServiceError) {
      return { ...base, message: original.message, extensions: { code: original.code } };
    }
    const code = formatted.extensions?.code;
    if (typeof code === 'string' && CLIENT_ERROR_CODES.has(code)) return { ...base, extensions: { code } };
    logError(original);
    return { ...base, message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } };
  };
}
