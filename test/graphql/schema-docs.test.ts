/**
 * The schema is a front end's documentation: every type, field, argument, input field and enum
 * value says what it is (GraphiQL shows it), every bet type what wins it and what it pays, every
 * jackpot combination what makes it and how its prize is paid.
 */
import { readFileSync } from 'node:fs';
import {
  buildSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isIntrospectionType,
  isObjectType,
  isSpecifiedDirective,
  isSpecifiedScalarType,
  type GraphQLArgument,
  type GraphQLEnumType,
} from 'graphql';
import { describe, expect, it } from 'vitest';

const schema = buildSchema(readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8'));
const valuesOf = (name: string) => (schema.getType(name) as GraphQLEnumType).getValues();

/**
 * Everything of the schema's own a client can be shown, by its schema coordinate (Type,
 * Type.field, Type.field(argument), Type.VALUE, @directive(argument)), with its description.
 * GraphQL's built-in scalars and directives, and introspection's types, are described by GraphQL.
 */
function schemaElements(): { readonly coordinate: string; readonly description: string | null | undefined }[] {
  const argumentsOf = (owner: string, args: readonly GraphQLArgument[]) =>
    args.map((arg) => ({ coordinate: `${owner}(${arg.name})`, description: arg.description }));
  const types = Object.values(schema.getTypeMap()).filter((type) => !isIntrospectionType(type) && !isSpecifiedScalarType(type));
  return [
    ...types.flatMap((type) => [
      { coordinate: type.name, description: type.description },
      ...(isObjectType(type) || isInterfaceType(type)
        ? Object.values(type.getFields()).flatMap((field) => [
            { coordinate: `${type.name}.${field.name}`, description: field.description },
            ...argumentsOf(`${type.name}.${field.name}`, field.args),
          ])
        : []),
      ...(isInputObjectType(type)
        ? Object.values(type.getFields()).map((field) => ({ coordinate: `${type.name}.${field.name}`, description: field.description }))
        : []),
      ...(isEnumType(type)
        ? type.getValues().map((value) => ({ coordinate: `${type.name}.${value.name}`, description: value.description }))
        : []),
    ]),
    ...schema
      .getDirectives()
      .filter((directive) => !isSpecifiedDirective(directive))
      .flatMap((directive) => [
        { coordinate: `@${directive.name}`, description: directive.description },
        ...argumentsOf(`@${directive.name}`, directive.args),
      ]),
  ];
}

describe('the schema documents', () => {
  it('every type, field, argument, input field and enum value: the ones without a description are named here', () => {
    const elements = schemaElements();
    // The walk reaches each kind: a type, a field, an argument, an input field, an enum value.
    const kinds = ['PlaceBetInput', 'Query.table', 'Query.table(id)', 'PlaceBetInput.amount', 'PlaceBetErrorCode.ABOVE_MAX_ODDS'];
    expect(elements.map(({ coordinate }) => coordinate)).toEqual(expect.arrayContaining(kinds));
    expect(elements.filter(({ description }) => !description?.trim()).map(({ coordinate }) => coordinate)).toEqual([]);
  });

  it.each(valuesOf('BetType').map((value) => [value.name, value.description ?? ''] as const))(
    'bet type %s with its payout',
    (_, description) => {
      expect(description).toMatch(/^(Craps|Baccarat)\b/);
      // A ratio, or the rule its prize follows (the commission option, the jackpot's prize table).
      expect(description).toMatch(/\d+:\d+|commission option|jackpot/);
    },
  );

  it.each(valuesOf('JackpotCombination').map((value) => [value.name, value.description ?? ''] as const))(
    'jackpot combination %s with its modality and prize',
    (_, description) => {
      expect(description).toMatch(/^Modalit(y|ies) [ABC]/);
      expect(description).toMatch(/whole pool|fixed amount/);
    },
  );
});
