import {
  GraphQLError,
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';
import type { ApolloServerPlugin } from '@apollo/server';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { fragmentsOf, named, rootOf, type SchemaType } from './schema-shape';

/**
 * What one request may ask: checked before anything runs, so that no document can make the
 * server place a thousand bets and then answer with one error, or read a table three thousand
 * times over. Each limit refuses the whole request (nothing done) with a code of ErrorCode.
 */

/** A request body's bytes at most (a document of this API is a few kilobytes): beyond, HTTP 413. */
export const MAX_BODY_BYTES = 64 * 1024;
/** Top-level mutations in one document at most (each moves money or a table): beyond, BAD_USER_INPUT. */
export const MAX_MUTATIONS_PER_DOCUMENT = 20;
/**
 * What a document may cost: one per field it selects, times the number of items each list above it
 * may hold (a `first` or `last` argument, its default, or LIST_ESTIMATE for a list without one).
 */
export const MAX_COST = 25_000;
const LIST_ESTIMATE = 10;
/**
 * Fields that read far more than one item cost what they read: a table's whole layout (its 64
 * shards), a shoe's rounds for its roads. So that a lobby page cannot ask each of its tables for them.
 */
export const FIELD_COSTS: Readonly<Record<string, number>> = {
  'Table.layout': 64,
  'Table.openBets': 64,
  'Table.roads': 100,
  'Table.seatsTaken': 2,
};

/** The answer to a body past MAX_BODY_BYTES, or undefined. */
export const PAYLOAD_TOO_LARGE = 'PAYLOAD_TOO_LARGE';

export function bodyTooLarge(event: APIGatewayProxyEventV2): APIGatewayProxyStructuredResultV2 | undefined {
  const bytes = event.body === undefined ? 0 : Buffer.byteLength(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
  if (bytes <= MAX_BODY_BYTES) return undefined;
  return {
    statusCode: 413,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      errors: [{ message: `A request body may be at most ${MAX_BODY_BYTES} bytes.`, extensions: { code: PAYLOAD_TOO_LARGE } }],
    }),
  };
}

export function requestLimits<Context extends object>(): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ document, schema, operation, request }) {
          if (!operation) return;
          if (operation.operation === 'subscription') {
            throw new GraphQLError('Subscriptions are served over WebSocket (the graphql-ws protocol), not over HTTP.', {
              extensions: { code: 'BAD_REQUEST' },
            });
          }
          const refused = overLimits(schema, document, operation, request.variables ?? {});
          if (refused) throw refused;
        },
      };
    },
  };
}

/** The refusal of an operation past the limits above, or undefined (also checked on subscriptions). */
export function overLimits(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): GraphQLError | undefined {
  const fragments = fragmentsOf(document);
  if (operation.operation === 'mutation' && topLevelFields(operation.selectionSet, fragments) > MAX_MUTATIONS_PER_DOCUMENT) {
    return refusal(`A document may hold at most ${MAX_MUTATIONS_PER_DOCUMENT} mutations.`);
  }
  const root = rootOf(schema, operation.operation);
  const measure = measured(schema, fragments, variables);
  // No type of the schema leads back to itself, so no document nests deeper than 7 fields: the cost bounds it.
  const cost = root ? measure(root, operation.selectionSet, 1, new Set()) : 0;
  return cost > MAX_COST
    ? refusal(`This document would cost ${cost}; a request may cost at most ${MAX_COST} (fields times list sizes).`)
    : undefined;
}

const refusal = (message: string) => new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });

const isList = (type: SchemaType): boolean => String(type).startsWith('[');

function topLevelFields(selections: SelectionSetNode, fragments: ReadonlyMap<string, FragmentDefinitionNode>): number {
  return selections.selections.reduce((count, selection) => {
    if (selection.kind === Kind.FIELD) return count + (selection.name.value.startsWith('__') ? 0 : 1);
    const inner = selection.kind === Kind.INLINE_FRAGMENT ? selection.selectionSet : fragments.get(selection.name.value)?.selectionSet;
    return count + (inner ? topLevelFields(inner, fragments) : 0);
  }, 0);
}

function measured(schema: GraphQLSchema, fragments: ReadonlyMap<string, FragmentDefinitionNode>, variables: Record<string, unknown>) {
  const typeOf = (name: string) => schema.getType(name) as unknown as SchemaType | undefined;
  const measure = (parent: SchemaType, selections: SelectionSetNode, multiplier: number, spread: ReadonlySet<string>): number => {
    let cost = 0;
    for (const selection of selections.selections) {
      if (selection.kind === Kind.FIELD) {
        const field = named(parent).getFields?.()[selection.name.value];
        cost += multiplier * (FIELD_COSTS[`${String(named(parent))}.${selection.name.value}`] ?? 1);
        if (!field || !selection.selectionSet) continue;
        const items = itemsOf(field, selection.arguments ?? [], variables);
        cost += measure(named(field.type), selection.selectionSet, multiplier * items, spread);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? typeOf(selection.typeCondition.name.value) : parent;
        if (type) cost += measure(type, selection.selectionSet, multiplier, spread);
      } else if (!spread.has(selection.name.value)) {
        const fragment = fragments.get(selection.name.value);
        const type = fragment && typeOf(fragment.typeCondition.name.value);
        if (fragment && type) cost += measure(type, fragment.selectionSet, multiplier, new Set([...spread, selection.name.value]));
      }
    }
    return cost;
  };
  return measure;
}

/** How many items a field's result may hold: its page size, or an estimate for a list without one. */
function itemsOf(
  field: { readonly type: SchemaType; readonly args?: readonly { readonly name: string; readonly defaultValue?: unknown }[] },
  args: readonly { readonly name: { readonly value: string }; readonly value: ValueNode }[],
  variables: Record<string, unknown>,
): number {
  for (const name of ['first', 'last']) {
    const declared = field.args?.find((arg) => arg.name === name);
    if (!declared) continue;
    const given = args.find((arg) => arg.name.value === name)?.value;
    const value =
      given?.kind === Kind.INT ? Number(given.value) : given?.kind === Kind.VARIABLE ? variables[given.name.value] : declared.defaultValue;
    return typeof value === 'number' && value > 0 ? value : LIST_ESTIMATE;
  }
  // A connection's edges are as many as its page, counted on the connection's field.
  return isList(field.type) && !String(named(field.type)).endsWith('Edge') ? LIST_ESTIMATE : 1;
}
