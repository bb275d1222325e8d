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

  it("writes the contract's repeated forms short, and reads them back to the same schema", () => {
    const sdl = `
      schema { query: Q mutation: M }
      type Q { table: Table }
      interface Table { id: ID! name: String! }
      type Craps implements Table { id: ID! name: String! point: Int }
      type Other implements Table { name: String! id: ID! }
      type M { placeBet(input: PlaceBetInput!): PlaceBetPayload odd(input: OddInput): PlaceBetPayload }
      input PlaceBetInput { amount: Int! }
      input OddInput { amount: Int! }
      type PlaceBetPayload { bet: ID userErrors: [PlaceBetUserError!]! }
      interface UserError { code: ErrorCode! message: String! field: [String!] params: [ErrorParameter!]! }
      type ErrorParameter { name: String! }
      type PlaceBetUserError implements UserError { code: PlaceBetErrorCode! message: String! field: [String!] params: [ErrorParameter!]! }
      enum ErrorCode { NOT_FOUND BETTING_CLOSED CONFLICT }
      enum PlaceBetErrorCode { BETTING_CLOSED NOT_FOUND }
      enum Mixed { BETTING_CLOSED ELSEWHERE }
    `;
    const shapes = shapesOfSdl(sdl);
    const byName = new Map(shapes.types.map((type) => [type[1], type]));
    expect(byName.get('Craps')).toEqual(['object', 'Craps', ['...Table point:Int'], ['Table']]);
    // Not the interface's fields in its order: written out.
    expect(byName.get('Other')).toEqual(['object', 'Other', ['name:String! id:ID!'], ['Table']]);
    expect(byName.get('M')![2]).toEqual(['+placeBet', ['odd', 'PlaceBetPayload', ['input:OddInput']]]);
    expect(shapes.types).toContainEqual(['payload', 'PlaceBet', ['bet:ID']]);
    expect(shapes.types).toContainEqual(['userError', 'PlaceBet']);
    expect(byName.has('PlaceBetUserError') || byName.has('PlaceBetPayload')).toBe(false);
    expect(byName.get('PlaceBetErrorCode')).toEqual(['enum', 'PlaceBetErrorCode', '@ErrorCode 1 0']);
    expect(byName.get('Mixed')).toEqual(['enum', 'Mixed', 'BETTING_CLOSED ELSEWHERE']);
    expect(printSchema(schemaOfShapes(shapes))).toBe(printSchema(buildSchema(sdl)));
  });

  it('refuses what shapes cannot carry, rather than drop it', () => {
    expect(() => shapesOfSdl('type Query { a: Int @tag(name: "x") } directive @tag(name: String) on FIELD_DEFINITION')).toThrow(
      /cannot carry @tag/,
    );
    expect(() => shapesOfSdl('type Query { a: Int } extend type Query { b: Int }')).toThrow(/cannot carry an ObjectTypeExtension/);
    expect(() => shapesOfSdl('type Query { a: Int }')).toThrow(/need the schema definition/);
    expect(() =>
      schemaOfShapes({ query: 'Query', types: [['object', 'Query', ['a:Missing'], []]] })
        .getQueryType()
        ?.getFields(),
    ).toThrow(/name Missing, which they do not define/);
  });
});
