import { Kind, type DocumentNode, type FragmentDefinitionNode, type GraphQLSchema, type OperationTypeNode } from 'graphql';

/**
 * A type of the schema, read by its shape only: the schema is built by a copy of graphql-js other
 * than the one these modules import (Apollo's schema tools load it as CommonJS), and graphql-js's
 * type predicates and TypeInfo refuse, or silently misread, another copy's types. Shared by the
 * checks that walk a document against the schema (input-bounds.ts, request-limits.ts).
 */
export interface SchemaType {
  readonly name?: string;
  readonly ofType?: SchemaType;
  toString(): string;
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
