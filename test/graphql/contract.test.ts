/**
 * The contract partners freeze (schema.graphql, version 1): every mutation takes one `input` and
 * answers one payload whose userErrors carry that mutation's own error codes, every code one of
 * ErrorCode and none retryable; times and actors are named one way; descriptions read as written.
 */
import { readFileSync } from 'node:fs';
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLEnumType,
  type GraphQLNamedType,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { RETRYABLE } from '../../functions/graphql/error-codes';

const sdl = readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8');
const schema = buildSchema(sdl);
const mutations = Object.values(schema.getMutationType()!.getFields());
const pascal = (name: string) => name[0]!.toUpperCase() + name.slice(1);
const errorCodes = new Set((schema.getType('ErrorCode') as GraphQLEnumType).getValues().map((value) => value.name));

describe('every mutation', () => {
  it.each(mutations.map((mutation) => [mutation.name, mutation] as const))(
    '%s takes one input and answers one payload',
    (name, mutation) => {
      const Name = pascal(name);
      expect(mutation.args.map((arg) => [arg.name, String(arg.type)])).toEqual([['input', `${Name}Input!`]]);
      expect(isInputObjectType(getNamedType(mutation.args[0]!.type))).toBe(true);
      // Nullable: a mutation refused with a GraphQL error answers null, and the document's other mutations stand.
      expect(String(mutation.type)).toBe(`${Name}Payload`);

      const payload = schema.getType(`${Name}Payload`);
      if (!isObjectType(payload)) throw new Error(`${Name}Payload is not an object type`);
      const userErrors = payload.getFields().userErrors!;
      expect(String(userErrors.type)).toBe(`[${Name}UserError!]!`);
      // Its result fields are nullable: null when refused.
      for (const field of Object.values(payload.getFields()))
        if (field.name !== 'userErrors') expect(isNonNullType(field.type)).toBe(false);

      const userError = schema.getType(`${Name}UserError`);
      if (!isObjectType(userError)) throw new Error(`${Name}UserError is not an object type`);
      expect(userError.getInterfaces().map(String)).toEqual(['UserError']);
      expect(String(userError.getFields().code!.type)).toBe(`${Name}ErrorCode!`);
      const codes = (schema.getType(`${Name}ErrorCode`) as GraphQLEnumType).getValues().map((value) => value.name);
      expect(codes.length).toBeGreaterThan(0);
      // Each a code of ErrorCode, described there; none retryable: a retryable refusal stays a GraphQL error.
      for (const code of codes) {
        expect(errorCodes.has(code), code).toBe(true);
        expect(RETRYABLE[code as keyof typeof RETRYABLE], code).toBe(false);
      }
    },
  );

  it('and no other kind of argument, payload or error type is left over', () => {
    const names = new Set(mutations.map((mutation) => pascal(mutation.name)));
    const leftOver = Object.keys(schema.getTypeMap()).filter((type) => {
      const match = /^(\w+?)(Payload|UserError|ErrorCode)$/.exec(type);
      return match !== null && !names.has(match[1]!);
    });
    expect(leftOver).toEqual([]);
  });
});

describe('names and descriptions', () => {
  const types = Object.values(schema.getTypeMap()).filter((type) => !type.name.startsWith('__'));
  const outputFields = types.flatMap((type) =>
    isObjectType(type) || isInterfaceType(type) ? Object.values(type.getFields()).map((field) => ({ type, field })) : [],
  );

  it('call a moment …At (serverTime: the clock now) and an actor …By, a string', () => {
    const moments = outputFields.filter(({ field }) => getNamedType(field.type).name === 'DateTime' && !isListType(field.type));
    expect(
      moments
        .filter(({ field }) => !field.name.endsWith('At') && field.name !== 'serverTime')
        .map(({ type, field }) => `${type}.${field.name}`),
    ).toEqual([]);
    const actors = outputFields.filter(({ field }) => field.name.endsWith('By'));
    expect(
      actors.filter(({ field }) => getNamedType(field.type).name !== 'String').map(({ type, field }) => `${type}.${field.name}`),
    ).toEqual([]);
  });

  it('give every day a Date and every currency a Currency', () => {
    const named = (type: GraphQLNamedType) => type.name;
    for (const { type, field } of outputFields) {
      if (field.name === 'day') expect(named(getNamedType(field.type)), `${type}.${field.name}`).toBe('Date');
      if (field.name === 'currency') expect(named(getNamedType(field.type)), `${type}.${field.name}`).toBe('Currency');
      for (const arg of field.args) if (arg.name === 'currency') expect(named(getNamedType(arg.type))).toBe('Currency');
    }
  });

  it('hold no backslash: a description reaches introspection as written', () => {
    const descriptions = [
      schema.description,
      ...types.map((type) => type.description),
      ...outputFields.map(({ field }) => field.description),
      ...types.flatMap((type) => (isEnumType(type) ? type.getValues().map((value) => value.description) : [])),
      ...types.flatMap((type) => (isInputObjectType(type) ? Object.values(type.getFields()).map((field) => field.description) : [])),
    ];
    expect(descriptions.filter((text) => text?.includes('\\'))).toEqual([]);
  });

  it('say the contract version and the deprecation rule', () => {
    expect(schema.description).toMatch(/Contract version 1/);
    expect(schema.description).toMatch(/@deprecated/);
  });
});
