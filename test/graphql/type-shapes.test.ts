/**
 * The shapes a cold start builds the schema from (functions/graphql/type-shapes.ts) are the
 * schema itself: built from them, it prints exactly as graphql-js's own build of the SDL.
 */
import { buildSchema, printSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schemaShape } from '../../functions/graphql/generated/type-shapes';
import { typeDefs } from '../../functions/graphql/generated/type-defs';
import { schemaOfShapes, shapesOfSdl } from '../../functions/graphql/type-shapes';

describe('the schema built from its shapes', () => {
  it('is the schema the SDL describes, every type, field, argument, default and enum value in its order', () => {
    expect(printSchema(schemaOfShapes(schemaShape))).toBe(printSchema(buildSchema(typeDefs)));
  });

  it('are the same whether read from the SDL with its descriptions (what codegen reads) or without', () => {
    expect(shapesOfSdl(typeDefs)).toEqual(schemaShape);
  });

  it('carries deprecations, defaults of every kind, unions, interfaces and types named before they are defined', () => {
    const sdl = `
      schema { query: Q mutation: M }
      type Q implements Node { id: ID! later: Later old: Int @deprecated(reason: "use id") older(x: Int): Int @deprecated
        pick(kind: Kind = B, list: [Int!] = [1, 2], filter: Filter = { first: 3, name: "a" }, none: String = null, gone: Int @deprecated(reason: "no")): [Kind!]! }
      type M { ping: Boolean }
      interface Node { id: ID! }
      union Later = Q | M
      enum Kind { A B @deprecated(reason: "use A") C @deprecated }
      input Filter { first: Int = 50 name: String! old: Float @deprecated(reason: "gone") }
      scalar Money
    `;
    expect(printSchema(schemaOfShapes(shapesOfSdl(sdl)))).toBe(printSchema(buildSchema(sdl)));
  });

  it('refuses what shapes cannot carry, rather than drop it', () => {
    expect(() => shapesOfSdl('type Query { a: Int @tag(name: "x") } directive @tag(name: String) on FIELD_DEFINITION')).toThrow(
      /cannot carry @tag/,
    );
    expect(() => shapesOfSdl('type Query { a: Int } extend type Query { b: Int }')).toThrow(/cannot carry a ObjectTypeExtension/);
    expect(() => shapesOfSdl('type Query { a: Int }')).toThrow(/need the schema definition/);
    expect(() =>
      schemaOfShapes({ query: 'Query', types: [['object', 'Query', ['a:Missing'], []]] })
        .getQueryType()
        ?.getFields(),
    ).toThrow(/name Missing, which they do not define/);
  });
});
