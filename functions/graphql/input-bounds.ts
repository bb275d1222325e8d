import { GraphQLError, Kind, visit, type DocumentNode } from 'graphql';
import type { ApolloServerPlugin } from '@apollo/server';

/**
 * No string a client sends may be longer than this: every id, reference, key and card goes into
 * a DynamoDB key or item, and nothing needs more. A longer one refuses the whole request before
 * anything runs (BAD_USER_INPUT, without echoing it back).
 */
export const MAX_INPUT_STRING = 256;

export function inputBounds<Context extends object>(): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ document, request }) {
          if (longestLiteral(document) > MAX_INPUT_STRING || longestString(request.variables) > MAX_INPUT_STRING) {
            throw new GraphQLError(`An input string is longer than ${MAX_INPUT_STRING} characters.`, {
              extensions: { code: 'BAD_USER_INPUT' },
            });
          }
        },
      };
    },
  };
}

function longestLiteral(document: DocumentNode): number {
  let longest = 0;
  visit(document, {
    [Kind.STRING]: (node) => {
      longest = Math.max(longest, node.value.length);
    },
  });
  return longest;
}

function longestString(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (Array.isArray(value)) return value.reduce((longest: number, item) => Math.max(longest, longestString(item)), 0);
  if (value && typeof value === 'object')
    return Object.values(value).reduce((longest: number, item) => Math.max(longest, longestString(item)), 0);
  return 0;
}
