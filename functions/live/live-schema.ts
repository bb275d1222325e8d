import {
  GraphQLInterfaceType,
  GraphQLObjectType,
  GraphQLScalarType,
  buildSchema,
  type GraphQLFieldResolver,
  type GraphQLSchema,
  type GraphQLTypeResolver,
} from 'graphql';
import { resolvers } from '../graphql/resolvers';
import { typeDefs } from '../graphql/generated/type-defs';

let schema: GraphQLSchema | undefined;

type FieldResolver = GraphQLFieldResolver<unknown, unknown> | { resolve?: GraphQLFieldResolver<unknown, unknown> };

/**
 * The API's own schema and resolvers, which each event is run through for its subscribers: built
 * once per process, by the same copy of graphql-js that runs it. (A schema made by Apollo's schema
 * tools may come from another copy, which graphql-js's `execute` and `validate` refuse.)
 */
export function liveSchema(): GraphQLSchema {
  if (schema) return schema;
  const built = buildSchema(typeDefs);
  for (const [typeName, typeResolvers] of Object.entries(resolvers as Record<string, unknown>)) {
    const type = built.getType(typeName);
    if (typeResolvers instanceof GraphQLScalarType && type instanceof GraphQLScalarType) {
      Object.assign(type, {
        serialize: typeResolvers.serialize,
        parseValue: typeResolvers.parseValue,
        parseLiteral: typeResolvers.parseLiteral,
      });
    } else if (type instanceof GraphQLInterfaceType) {
      // Which of its types an interface's value is (a table: its game's type).
      type.resolveType = (typeResolvers as { __resolveType: GraphQLTypeResolver<unknown, unknown> }).__resolveType;
    } else if (type instanceof GraphQLObjectType) {
      const fields = type.getFields();
      for (const [name, resolver] of Object.entries(typeResolvers as Record<string, FieldResolver>)) {
        const field = fields[name];
        if (!field) throw new Error(`resolver ${typeName}.${name} has no field in the schema`);
        field.resolve = typeof resolver === 'function' ? resolver : resolver.resolve;
      }
    }
  }
  schema = built;
  return schema;
}
