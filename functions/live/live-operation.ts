import {
  GraphQLError,
  Kind,
  getArgumentValues,
  getOperationAST,
  getVariableValues,
  parse,
  validate,
  type DocumentNode,
  type FieldNode,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';
import { answeredError, refusalCode, withoutEcho, type AnsweredError } from '../graphql/errors';
import type { ErrorCode } from '../graphql/generated/resolvers-types';
import { DOCUMENT_TOO_DEEP, inputOutOfBounds, nestsTooDeep } from '../graphql/input-bounds';
import { overLimits } from '../graphql/request-limits';
import { fieldKey, fieldsReached, fragmentsOf, rootOf, type SchemaType } from '../graphql/schema-shape';
import type { LiveField } from '../services/live/live-events';

/**
 * Fields a subscription may not select: each reads storage of its own (a layout's 64 shards, a
 * shoe's rounds, a page of outcomes, a pool) or works out a paytable, and an event goes to
 * thousands of subscribers at once, each running their document. A front end queries them over
 * HTTP when an event tells it they changed.
 */
export const NOT_LIVE_FIELDS: ReadonlySet<string> = new Set([
  'Table.openBets',
  'Table.layout',
  'Table.seatsTaken',
  'BaccaratTable.roads',
  'CrapsTable.rolls',
  'BaccaratTable.deals',
  'Table.paytable',
  'TableJackpot.pool',
  'Account.statement',
  'Account.bets',
  'Bet.balanceAfterPlacement',
  'Bet.balanceAfterSettlement',
]);

/** A subscription's document at most, in characters (a front end's is well under 2 KB). */
export const MAX_SUBSCRIPTION_DOCUMENT = 16 * 1024;

export interface LiveOperation {
  readonly document: DocumentNode;
  readonly query: string;
  readonly operationName: string | null;
  readonly variables: Record<string, unknown>;
  readonly field: LiveField;
  readonly args: Record<string, unknown>;
}

export type ReadOperation = { readonly operation: LiveOperation } | { readonly errors: readonly AnsweredError[] };

const refused = (code: ErrorCode, message: string): ReadOperation => ({ errors: [answeredError(code, message)] });

/**
 * A graphql-ws `subscribe` payload read as the HTTP API reads a request (the same parse,
 * validation, input bounds and cost limits, with the same codes and without echoing what was
 * sent), and then as a subscription of this API: one root field, nothing that reads storage.
 */
export function readSubscription(schema: GraphQLSchema, payload: unknown): ReadOperation {
  const { query, variables = {}, operationName = null } = (payload ?? {}) as Record<string, unknown>;
  if (typeof query !== 'string' || query.length > MAX_SUBSCRIPTION_DOCUMENT) {
    return refused('BAD_REQUEST', `A subscription needs its document as \`query\`, at most ${MAX_SUBSCRIPTION_DOCUMENT} characters.`);
  }
  if (
    (variables !== null && (typeof variables !== 'object' || Array.isArray(variables))) ||
    (operationName !== null && typeof operationName !== 'string')
  ) {
    return refused('BAD_REQUEST', '`variables` must be an object and `operationName` a string.');
  }
  if (nestsTooDeep(query)) return refused('BAD_USER_INPUT', DOCUMENT_TOO_DEEP);
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch (error) {
    return refused('GRAPHQL_PARSE_FAILED', withoutEcho((error as GraphQLError).message));
  }
  const invalid = validate(schema, document);
  if (invalid.length > 0) return { errors: invalid.map((error) => answeredError('GRAPHQL_VALIDATION_FAILED', withoutEcho(error.message))) };
  const operation = getOperationAST(document, operationName);
  if (!operation)
    return refused('OPERATION_RESOLUTION_FAILURE', 'Name the operation to run (operationName): the document holds none, or several.');
  if (operation.operation !== 'subscription') {
    return refused('BAD_REQUEST', 'Only subscriptions are served over WebSocket: send queries and mutations over HTTP.');
  }
  const given = (variables ?? {}) as Record<string, unknown>;
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], given);
  if (coerced.errors) return { errors: coerced.errors.map((error) => answeredError('BAD_USER_INPUT', withoutEcho(error.message))) };
  const bounds = inputOutOfBounds(schema, document, given) ?? overLimits(schema, document, operation, given);
  if (bounds) return refused(refusalCode(bounds) ?? 'BAD_USER_INPUT', bounds.message);
  const fragments = fragmentsOf(document);
  const root = rootOf(schema, 'subscription')!;
  const unserved = notLiveField(schema, root, operation.selectionSet, fragments);
  if (unserved) {
    return refused('BAD_USER_INPUT', `${unserved} is not served in a subscription: query it over HTTP when an event says it changed.`);
  }
  // Validation leaves exactly one root field (graphql-js's single-field subscription rule), and no fragment at the root changes that.
  const rootField = rootFields(operation.selectionSet, fragments)[0]!;
  const fieldDefinition = schema.getSubscriptionType()!.getFields()[rootField.name.value]!;
  const args = getArgumentValues(fieldDefinition, rootField, coerced.coerced);
  return {
    operation: { document, query, operationName, variables: coerced.coerced, field: rootField.name.value as LiveField, args },
  };
}

/** The root fields, through the root's fragments, each fragment once (as graphql-js collects them). */
function rootFields(
  selections: SelectionSetNode,
  fragments: ReadonlyMap<string, { readonly selectionSet: SelectionSetNode }>,
): FieldNode[] {
  const found: FieldNode[] = [];
  const sets = [selections];
  const spread = new Set<string>();
  while (sets.length > 0) {
    for (const selection of sets.shift()!.selections) {
      if (selection.kind === Kind.FIELD) {
        if (!selection.name.value.startsWith('__')) found.push(selection);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) sets.push(selection.selectionSet);
      else if (!spread.has(selection.name.value)) {
        spread.add(selection.name.value);
        const inner = fragments.get(selection.name.value)?.selectionSet;
        if (inner) sets.push(inner);
      }
    }
  }
  return found;
}

/**
 * A field of NOT_LIVE_FIELDS the selection reaches, as Type.field, or undefined. Walked with a
 * stack rather than by recursion, each fragment once.
 */
function notLiveField(
  schema: GraphQLSchema,
  root: SchemaType,
  selections: SelectionSetNode,
  fragments: ReadonlyMap<
    string,
    { readonly typeCondition: { readonly name: { readonly value: string } }; readonly selectionSet: SelectionSetNode }
  >,
): string | undefined {
  for (const { parent, selection } of fieldsReached(schema, [{ parent: root, set: selections }], fragments)) {
    const name = fieldKey(parent, selection.name.value);
    if (NOT_LIVE_FIELDS.has(name)) return name;
  }
  return undefined;
}
