import {
  GraphQLInterfaceType,
  GraphQLObjectType,
  GraphQLScalarType,
  buildASTSchema,
  parse,
  type GraphQLFieldResolver,
  type GraphQLSchema,
  type GraphQLTypeResolver,
} from 'graphql';
import { resolvers } from './resolvers';
import { schemaOfShapes, type SchemaShape } from './type-shapes';

type FieldResolver = GraphQLFieldResolver<unknown, unknown> | { resolve?: GraphQLFieldResolver<unknown, unknown> };

/**
 * The API's schema with its resolvers, built by graphql-js itself, in place: the resolvers set on
 * the fields, the scalars' functions on the scalars, each interface's resolveType. Apollo's schema
 * tools would copy every type to add them, the largest part of a cold start's first request
 * (figure 5 of the bench). A cold start builds it from the schema's shapes (type-shapes.ts); the
 * SDL with its descriptions, only where introspection is on. Both are checked where they are
 * generated and by the tests (a valid schema, every resolver on a field of it, the shapes the
 * same schema as the SDL: test/graphql/), so a cold start builds it without checking it again,
 * neither the SDL (assumeValidSDL) nor the schema whole (assumeValid, which Apollo's own check
 * then takes as done).
 * Both the HTTP function and the live ones run their documents through a schema built here, by
 * the same copy of graphql-js that runs them (graphql-js refuses another copy's schema).
 */
export function executableSchema(source: SchemaShape | string, given: object = resolvers): GraphQLSchema {
  const built =
    typeof source === 'string'
      ? buildASTSchema(parse(source, { noLocation: true }), { assumeValidSDL: true, assumeValid: true })
      : schemaOfShapes(source);
  for (const [typeName, typeResolvers] of Object.entries(given as Record<string, unknown>)) {
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
        if (typeof resolver === 'function') field.resolve = resolver;
        else Object.assign(field, resolver);
      }
    } else {
      throw new Error(`resolvers for ${typeName}, which the schema has not as an object, interface or scalar type`);
    }
  }
  return built;
}
