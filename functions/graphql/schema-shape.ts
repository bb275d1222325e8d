import {
  Kind,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationTypeNode,
  type SelectionSetNode,
} from 'graphql';

/**
 * A type of the schema, read by its shape only: the schema is built by a copy of graphql-js other
 * than the one these modules import (Apollo's schema tools load it as CommonJS), and graphql-js's
 * type predicates and TypeInfo refuse, or silently misread, another copy's types. Shared by the
 * checks that walk a document against the schema (input-bounds.ts, request-limits.ts, live/live-operation.ts).
 */
export interface SchemaType {
  readonly name?: string;
  readonly ofType?: SchemaType;
  toString(): string;
  getInterfaces?(): readonly SchemaType[];
  getFields?(): Record<
    string,
    {
      readonly type: SchemaType;
      readonly args?: readonly { readonly name: string; readonly type: SchemaType; readonly defaultValue?: unknown }[];
    }
  >;
}

/** The named type under any list and non-null wrappers. */
export const named = (type: SchemaType): SchemaType => (type.ofType ? named(type.ofType) : type);

/**
 * A field as the API's tables of fields name it (its reads, whether a subscription may select it):
 * `<Type>.<field>`, where Type is the interface that declares the field if the type selected on
 * implements one (CrapsTable.openBets is Table.openBets), so that a field common to every table is
 * named once, however it is reached.
 */
export function fieldKey(parent: SchemaType, field: string): string {
  const type = named(parent);
  const declaring = type.getInterfaces?.().find((face) => face.getFields?.()[field] !== undefined);
  return `${String(declaring ?? type)}.${field}`;
}

export function fragmentsOf(document: DocumentNode): Map<string, FragmentDefinitionNode> {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  return fragments;
}

/** The root type an operation starts from. */
export function rootOf(
  schema: GraphQLSchema,
  operation: OperationTypeNode | 'query' | 'mutation' | 'subscription',
): SchemaType | undefined {
  const root = { query: schema.getQueryType(), mutation: schema.getMutationType(), subscription: schema.getSubscriptionType() }[operation];
  return (root ?? undefined) as unknown as SchemaType | undefined;
}

/** A selection set to walk, and the type its fields are of. */
export interface SelectionsOf {
  readonly parent: SchemaType;
  readonly set: SelectionSetNode;
}

/**
 * Every field selection reachable from `roots`, with the type it is selected on: through inline
 * fragments and each named fragment once (as graphql-js collects fields), walked with a stack
 * rather than by recursion, so that no document's depth can overflow the call stack.
 */
export function* fieldsReached(
  schema: GraphQLSchema,
  roots: readonly SelectionsOf[],
  fragments: ReadonlyMap<
    string,
    { readonly typeCondition: { readonly name: { readonly value: string } }; readonly selectionSet: SelectionSetNode }
  >,
): Generator<{ readonly parent: SchemaType; readonly selection: FieldNode }> {
  const typeOf = (name: string) => schema.getType(name) as unknown as SchemaType | undefined;
  const sets = [...roots];
  const spread = new Set<string>();
  while (sets.length > 0) {
    const { parent, set } = sets.pop()!;
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        yield { parent, selection };
        const field = named(parent).getFields?.()[selection.name.value];
        if (field && selection.selectionSet) sets.push({ parent: named(field.type), set: selection.selectionSet });
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? typeOf(selection.typeCondition.name.value) : parent;
        if (type) sets.push({ parent: type, set: selection.selectionSet });
      } else if (!spread.has(selection.name.value)) {
        spread.add(selection.name.value);
        const fragment = fragments.get(selection.name.value);
        const type = fragment && typeOf(fragment.typeCondition.name.value);
        if (fragment && type) sets.push({ parent: type, set: fragment.selectionSet });
      }
    }
  }
}
