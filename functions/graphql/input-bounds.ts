import {
  GraphQLError,
  Kind,
  visit,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type SelectionSetNode,
  type TypeNode,
  type ValueNode,
} from 'graphql';
import type { ApolloServerPlugin } from '@apollo/server';
import { fragmentsOf, named, rootOf, type SchemaType } from './schema-shape';

/**
 * No string a client sends may be longer than this: every id, reference, key and card goes into
 * a DynamoDB key or item, and nothing needs more. A longer one refuses the whole request before
 * anything runs (BAD_USER_INPUT, without echoing it back).
 */
export const MAX_INPUT_STRING = 256;

/**
 * Every id a client sends (any argument or input field of type ID): what the API's own ids and
 * token subjects are made of. No blank, no space, no control, invisible or direction character,
 * nothing that could be taken for markup; checked before anything runs, never echoed back.
 */
export const ID_PATTERN = /^[A-Za-z0-9._@+:|/-]{1,256}$/;

const refusal = (message: string) => new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
const ID_REFUSAL = 'An id may only be 1 to 256 of letters, digits and . _ @ + : | - /';

export function inputBounds<Context extends object>(): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ document, request, schema }) {
          const refused = inputOutOfBounds(schema, document, request.variables ?? {});
          if (refused) throw refused;
        },
      };
    },
  };
}

/** The refusal of a document whose strings or ids are out of bounds, or undefined (also checked on subscriptions). */
export function inputOutOfBounds(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown>,
): GraphQLError | undefined {
  if (longestLiteral(document) > MAX_INPUT_STRING || longestString(variables) > MAX_INPUT_STRING) {
    return refusal(`An input string is longer than ${MAX_INPUT_STRING} characters.`);
  }
  return idsWellFormed(schema, document, variables) ? undefined : refusal(ID_REFUSAL);
}

/** Every ID in the document's literals and in the variables, by the types the schema gives them. */
function idsWellFormed(schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown>): boolean {
  const fragments = fragmentsOf(document);
  const typeOf = (name: string) => schema.getType(name) as unknown as SchemaType | undefined;
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    for (const variable of definition.variableDefinitions ?? []) {
      const type = typeOf(namedTypeOf(variable.type));
      if (type && !idsIn(type, variables[variable.variable.name.value])) return false;
    }
    const root = rootOf(schema, definition.operation);
    if (root && !literalIdsIn(root, definition.selectionSet, fragments, typeOf, new Set())) return false;
  }
  return true;
}

const namedTypeOf = (node: TypeNode): string => (node.kind === Kind.NAMED_TYPE ? node.name.value : namedTypeOf(node.type));

function literalIdsIn(
  parent: SchemaType,
  selections: SelectionSetNode,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  typeOf: (name: string) => SchemaType | undefined,
  spread: Set<string>,
): boolean {
  for (const selection of selections.selections) {
    if (selection.kind === Kind.FIELD) {
      const field = named(parent).getFields?.()[selection.name.value];
      if (!field) continue;
      for (const argument of selection.arguments ?? []) {
        const type = field.args?.find((candidate) => candidate.name === argument.name.value)?.type;
        if (type && !literalIdIn(type, argument.value)) return false;
      }
      if (selection.selectionSet && !literalIdsIn(named(field.type), selection.selectionSet, fragments, typeOf, spread)) return false;
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const type = selection.typeCondition ? typeOf(selection.typeCondition.name.value) : parent;
      if (type && !literalIdsIn(type, selection.selectionSet, fragments, typeOf, spread)) return false;
    } else if (!spread.has(selection.name.value)) {
      spread.add(selection.name.value);
      const fragment = fragments.get(selection.name.value);
      const type = fragment && typeOf(fragment.typeCondition.name.value);
      if (fragment && type && !literalIdsIn(type, fragment.selectionSet, fragments, typeOf, spread)) return false;
    }
  }
  return true;
}

/** An input literal's IDs (variables inside it are checked with the variables). */
function literalIdIn(type: SchemaType, value: ValueNode): boolean {
  const base = named(type);
  if (value.kind === Kind.LIST) return value.values.every((item) => literalIdIn(type, item));
  if (value.kind === Kind.OBJECT) {
    const fields = base.getFields?.() ?? {};
    return value.fields.every((field) => !fields[field.name.value] || literalIdIn(fields[field.name.value]!.type, field.value));
  }
  return base.name !== 'ID' || value.kind !== Kind.STRING || ID_PATTERN.test(value.value);
}

/** A variable's IDs, by its declared type. */
function idsIn(type: SchemaType, value: unknown): boolean {
  if (value == null) return true;
  if (Array.isArray(value)) return value.every((item) => idsIn(type, item));
  const base = named(type);
  if (typeof value === 'object') {
    const fields = base.getFields?.() ?? {};
    return Object.entries(value).every(([name, field]) => !fields[name] || idsIn(fields[name]!.type, field));
  }
  return base.name !== 'ID' || typeof value !== 'string' || ID_PATTERN.test(value);
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
