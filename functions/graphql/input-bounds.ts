import { GraphQLError, Kind, visit, type DocumentNode, type GraphQLSchema, type TypeNode, type ValueNode } from 'graphql';
import type { ApolloServerPlugin } from '@apollo/server';
import { requestRefusal } from './errors';
import { fieldsReached, fragmentsOf, named, rootOf, type SchemaType, type SelectionsOf } from './schema-shape';

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

/**
 * How deep an input value may nest (lists and input objects within each other), in the variables
 * and in the document's literals. The schema's deepest argument (openTable's input) nests 5 levels
 * (test/api/requests/nesting-depth.test.ts keeps it so), so this refuses nothing a client needs, and bounds
 * what these checks and graphql-js walk afterwards. A deeper value refuses the whole request before
 * anything runs (BAD_USER_INPUT, without echoing it back).
 */
export const MAX_INPUT_DEPTH = 32;

const refusal = (message: string) => requestRefusal(message);
const ID_REFUSAL = 'An id may only be 1 to 256 of letters, digits and . _ @ + : | - /';

/**
 * How deep a document's brackets ({ [ and ( together) may nest before it is parsed at all: graphql-js
 * parses by recursion, so a document nested some thousands deep overflows its stack. Far above
 * what the bounds checked after parsing allow (MAX_INPUT_DEPTH, MAX_SELECTION_DEPTH), so those
 * still give the precise refusal.
 */
export const MAX_DOCUMENT_NESTING = 128;

/**
 * Whether a document's source nests its brackets past MAX_DOCUMENT_NESTING, read in one pass
 * without parsing: strings, block strings and comments are skipped, as they hold no syntax.
 */
export function nestsTooDeep(source: string): boolean {
  let depth = 0;
  for (let at = 0; at < source.length; at++) {
    const char = source[at];
    if (char === '#') {
      while (at < source.length && source[at] !== '\n' && source[at] !== '\r') at++;
    } else if (char === '"') {
      if (source.startsWith('"""', at)) {
        const end = source.indexOf('"""', at + 3);
        at = end === -1 ? source.length : end + 2;
      } else {
        for (at++; at < source.length && source[at] !== '"' && source[at] !== '\n'; at++) if (source[at] === '\\') at++;
      }
    } else if (char === '{' || char === '[' || char === '(') {
      if (++depth > MAX_DOCUMENT_NESTING) return true;
    } else if (char === '}' || char === ']' || char === ')') {
      depth--;
    }
  }
  return false;
}

export const DOCUMENT_TOO_DEEP = `A document may nest its brackets at most ${MAX_DOCUMENT_NESTING} deep.`;

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

/** The refusal of a document whose values nest too deep, or whose strings or ids are out of bounds, or undefined (also checked on subscriptions). */
export function inputOutOfBounds(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown>,
): GraphQLError | undefined {
  const literals = literalsOf(document);
  const given = variablesOf(schema, document, variables);
  if (literals.deepest > MAX_INPUT_DEPTH || given.deepest > MAX_INPUT_DEPTH) {
    return refusal(`An input value may nest lists and objects at most ${MAX_INPUT_DEPTH} levels deep.`);
  }
  if (literals.longest > MAX_INPUT_STRING || given.longest > MAX_INPUT_STRING) {
    return refusal(`An input string is longer than ${MAX_INPUT_STRING} characters.`);
  }
  return given.idsWellFormed && literalIdsWellFormed(schema, document) ? undefined : refusal(ID_REFUSAL);
}

interface ValuesRead {
  /** The most lists and objects within each other (a string or number alone: 0). */
  deepest: number;
  /** The longest string's length. */
  longest: number;
}

/** The document's literals, through graphql-js's visit (which walks with a stack of its own, not by recursion). */
function literalsOf(document: DocumentNode): ValuesRead {
  const read = { deepest: 0, longest: 0 };
  let depth = 0;
  const nest = { enter: () => void (read.deepest = Math.max(read.deepest, ++depth)), leave: () => void depth-- };
  visit(document, {
    [Kind.LIST]: nest,
    [Kind.OBJECT]: nest,
    [Kind.STRING]: (node) => void (read.longest = Math.max(read.longest, node.value.length)),
  });
  return read;
}

/**
 * Every variable sent (declared or not), walked with a stack rather than by recursion: how deep
 * it nests (the walk stops past MAX_INPUT_DEPTH), its longest string, and whether every string the
 * operation's declarations make an ID is well formed.
 */
function variablesOf(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown>,
): ValuesRead & { idsWellFormed: boolean } {
  // The types each operation of the document declares the variable with: an ID's strings are checked as ids.
  const declared = new Map<string, SchemaType[]>();
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    for (const variable of definition.variableDefinitions ?? []) {
      const type = schema.getType(namedTypeOf(variable.type)) as unknown as SchemaType | undefined;
      const name = variable.variable.name.value;
      if (type) declared.set(name, [...(declared.get(name) ?? []), type]);
    }
  }
  const read = { deepest: 0, longest: 0, idsWellFormed: true };
  const pending: { value: unknown; type: SchemaType | undefined; depth: number }[] = Object.entries(variables).flatMap(([name, value]) =>
    (declared.get(name) ?? [undefined]).map((type) => ({ value, type, depth: 0 })),
  );
  while (pending.length > 0) {
    const { value, type, depth } = pending.pop()!;
    if (typeof value === 'string') {
      read.longest = Math.max(read.longest, value.length);
      if (type && named(type).name === 'ID' && !ID_PATTERN.test(value)) read.idsWellFormed = false;
    } else if (value !== null && typeof value === 'object') {
      read.deepest = Math.max(read.deepest, depth + 1);
      if (read.deepest > MAX_INPUT_DEPTH) return read;
      if (Array.isArray(value)) for (const item of value) pending.push({ value: item, type, depth: depth + 1 });
      else {
        const fields = type && named(type).getFields?.();
        for (const [name, field] of Object.entries(value)) pending.push({ value: field, type: fields?.[name]?.type, depth: depth + 1 });
      }
    }
  }
  return read;
}

const namedTypeOf = (node: TypeNode): string => {
  let type = node;
  while (type.kind !== Kind.NAMED_TYPE) type = type.type;
  return type.name.value;
};

/**
 * Every ID among the arguments' literals, by the types the schema gives them (variables inside
 * them are checked with the variables). Each fragment is read once; selections and values are
 * walked with a stack rather than by recursion.
 */
function literalIdsWellFormed(schema: GraphQLSchema, document: DocumentNode): boolean {
  const fragments = fragmentsOf(document);
  const roots: SelectionsOf[] = [];
  for (const definition of document.definitions) {
    const root = definition.kind === Kind.OPERATION_DEFINITION ? rootOf(schema, definition.operation) : undefined;
    if (definition.kind === Kind.OPERATION_DEFINITION && root) roots.push({ parent: root, set: definition.selectionSet });
  }
  const values: { type: SchemaType; value: ValueNode }[] = [];
  for (const { parent, selection } of fieldsReached(schema, roots, fragments)) {
    const field = named(parent).getFields?.()[selection.name.value];
    for (const argument of field ? (selection.arguments ?? []) : []) {
      const type = field!.args?.find((candidate) => candidate.name === argument.name.value)?.type;
      if (type) values.push({ type, value: argument.value });
    }
  }
  while (values.length > 0) {
    const { type, value } = values.pop()!;
    const base = named(type);
    if (value.kind === Kind.LIST) for (const item of value.values) values.push({ type, value: item });
    else if (value.kind === Kind.OBJECT) {
      const fields = base.getFields?.() ?? {};
      for (const field of value.fields)
        if (fields[field.name.value]) values.push({ type: fields[field.name.value]!.type, value: field.value });
    } else if (base.name === 'ID' && value.kind === Kind.STRING && !ID_PATTERN.test(value.value)) return false;
  }
  return true;
}
