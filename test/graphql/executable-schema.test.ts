/**
 * The schema a function builds at its cold start, without checking it (executable-schema.ts):
 * these are the checks it skips, made here once, on the same SDL it is built from.
 */
import { GraphQLObjectType, buildSchema, getNamedType, isInterfaceType, isObjectType, isScalarType, validateSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { executableSchema } from '../../functions/graphql/executable-schema';
import { describedTypeDefs } from '../../functions/graphql/generated/described-type-defs';
import { typeDefs } from '../../functions/graphql/generated/type-defs';
import { schemaShape } from '../../functions/graphql/generated/type-shapes';
import { resolvers } from '../../functions/graphql/resolvers';

describe('the SDL the functions build their schema from', () => {
  it.each([
    ['without descriptions', typeDefs],
    ['with descriptions (introspection on)', describedTypeDefs],
  ])('is a valid schema, %s', (_, sdl) => {
    expect(validateSchema(buildSchema(sdl)).map((error) => error.message)).toEqual([]);
  });
});

describe('the executable schema', () => {
  const schema = executableSchema(schemaShape);

  it('puts every resolver on a field of its type, and refuses one the schema has not', () => {
    for (const [typeName, fields] of Object.entries(resolvers as Record<string, object>)) {
      const type = schema.getType(typeName);
      if (!isObjectType(type)) continue;
      for (const name of Object.keys(fields)) expect(type.getFields()[name]?.resolve, `${typeName}.${name}`).toBeTypeOf('function');
    }
    const extra = { ...resolvers, Query: { ...resolvers.Query, noSuchField: () => null } };
    expect(() => executableSchema(schemaShape, extra)).toThrow(/Query.noSuchField has no field/);
  });

  it("gives every interface a field answers its resolveType, and every custom scalar the API's own functions", () => {
    // UserError is only implemented (each payload's errors are of its own type), never answered.
    const answered = new Set(
      Object.values(schema.getTypeMap())
        .filter(isObjectType)
        .flatMap((type) => Object.values(type.getFields()).map((field) => getNamedType(field.type).name)),
    );
    expect([...answered].filter((name) => isInterfaceType(schema.getType(name)))).toEqual(['Table']);
    for (const type of Object.values(schema.getTypeMap())) {
      if (type.name.startsWith('__')) continue;
      if (isInterfaceType(type) && answered.has(type.name)) expect(type.resolveType, type.name).toBeTypeOf('function');
      if (isScalarType(type) && type.name in resolvers) expect(type.parseValue, type.name).toBe((resolvers as any)[type.name].parseValue);
    }
    expect(schema.getType('Query')).toBeInstanceOf(GraphQLObjectType);
  });
});
