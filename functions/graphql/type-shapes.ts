import {
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLFloat,
  GraphQLID,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLInterfaceType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLSchema,
  GraphQLString,
  GraphQLUnionType,
  Kind,
  parse,
  valueFromASTUntyped,
  type ConstDirectiveNode,
  type DirectiveNode,
  type GraphQLArgumentConfig,
  type GraphQLFieldConfig,
  type GraphQLInputFieldConfig,
  type GraphQLNamedType,
  type GraphQLType,
  type InputValueDefinitionNode,
  type TypeNode,
} from 'graphql';
import { withArticle } from '../rules/article';

/**
 * The schema (without its descriptions) as plain data that a cold start turns into graphql-js
 * types directly. Parsing the SDL and building the schema from its syntax tree took some 30 ms of
 * a cold start's first request (bench figure 5), two thirds of it graphql-js running cold through
 * the syntax tree; building the same types from these shapes takes a third of it. `npm run codegen`
 * writes them from schema.graphql (generated/type-shapes.ts); the tests check that the schema built
 * from them prints exactly as the one graphql-js builds from the SDL.
 */
export interface SchemaShape {
  readonly query: string;
  readonly mutation?: string;
  readonly subscription?: string;
  readonly types: readonly TypeShape[];
}

/** A type as the SDL writes a reference to it: `Bet`, `[Bet!]!`. */
type TypeReference = string;
/**
 * Fields, arguments or input fields with nothing but their types, as `name:Type`, and several in a
 * row as one string, space-separated: most of the schema's, and a cold start reads fewer bytes for
 * them (names hold no colon, references no space). In an object type's fields, `...Name` stands
 * for every field of its interface Name, in order: those an implementing type repeats as they are;
 * `+name` for a mutation as the contract makes every one: `name(input: <Name>Input!): <Name>Payload`.
 */
type PlainShape = string;
/** An argument or input field; its default, when it has one, as the value it stands for. */
type InputShape =
  | PlainShape
  | readonly [name: string, type: TypeReference, more: { readonly defaultValue?: unknown; readonly deprecationReason?: string }];
/** A field with arguments, or deprecated (its arguments then an empty list when it has none). */
type FieldShape = PlainShape | readonly [name: string, type: TypeReference, args: readonly InputShape[], deprecationReason?: string];

export type TypeShape =
  | readonly ['scalar', name: string]
  /**
   * Its values, space-separated when none is deprecated; `@Other i j k` when each is a value of
   * the enum Other (a mutation's error codes, each an ErrorCode), by its place there in base 36.
   */
  | readonly ['enum', name: string, values: string | readonly (string | readonly [value: string, deprecationReason: string])[]]
  | readonly ['object' | 'interface', name: string, fields: readonly FieldShape[], interfaces: readonly string[]]
  | readonly ['input', name: string, fields: readonly InputShape[]]
  | readonly ['union', name: string, members: readonly string[]]
  /**
   * A mutation's userError type, `<Name>UserError`, as the contract makes every one: `code:
   * <Name>ErrorCode!`, `message: String!`, `field: [String!]`, `params: [ErrorParameter!]!`,
   * implementing UserError.
   */
  | readonly ['userError', name: string]
  /** A mutation's payload, `<Name>Payload`: its result fields, then `userErrors: [<Name>UserError!]!`. */
  | readonly ['payload', name: string, fields: readonly FieldShape[]];

/** The shapes of an SDL document; refuses what they cannot carry (directives other than @deprecated, extensions). */
export function shapesOfSdl(sdl: string): SchemaShape {
  const operations: Record<string, string> = {};
  const types: TypeShape[] = [];
  for (const definition of parse(sdl, { noLocation: true }).definitions) {
    if ('directives' in definition) refuseDirectives(definition.directives, definition.kind);
    switch (definition.kind) {
      case Kind.SCHEMA_DEFINITION:
        for (const operation of definition.operationTypes) operations[operation.operation] = operation.type.name.value;
        break;
      case Kind.SCALAR_TYPE_DEFINITION:
        types.push(['scalar', definition.name.value]);
        break;
      case Kind.ENUM_TYPE_DEFINITION:
        types.push([
          'enum',
          definition.name.value,
          shortestValues(
            (definition.values ?? []).map((value) => {
              const reason = deprecationOf(value.directives);
              return reason === null ? value.name.value : [value.name.value, reason];
            }),
          ),
        ]);
        break;
      case Kind.OBJECT_TYPE_DEFINITION:
      case Kind.INTERFACE_TYPE_DEFINITION:
        types.push([
          definition.kind === Kind.OBJECT_TYPE_DEFINITION ? 'object' : 'interface',
          definition.name.value,
          (definition.fields ?? []).map((field): FieldShape => {
            const reason = deprecationOf(field.directives);
            const args = (field.arguments ?? []).map(inputShapeOf);
            // Each shape as short as it can be: the shapes are a cold start's to read.
            if (reason !== null) return [field.name.value, referenceOf(field.type), args, reason];
            return args.length ? [field.name.value, referenceOf(field.type), args] : `${field.name.value}:${referenceOf(field.type)}`;
          }),
          (definition.interfaces ?? []).map((named) => named.name.value),
        ]);
        break;
      case Kind.INPUT_OBJECT_TYPE_DEFINITION:
        types.push(['input', definition.name.value, (definition.fields ?? []).map(inputShapeOf)]);
        break;
      case Kind.UNION_TYPE_DEFINITION:
        types.push(['union', definition.name.value, (definition.types ?? []).map((named) => named.name.value)]);
        break;
      default:
        throw new Error(`type shapes cannot carry ${withArticle(definition.kind)}`);
    }
  }
  if (!operations.query) throw new Error('type shapes need the schema definition with its query type');
  return { query: operations.query, mutation: operations.mutation, subscription: operations.subscription, types: compacted(types) };
}

/**
 * The shapes as short as they go: an object type's leading fields that are its interface's, as they
 * are, written `...Interface`; plain shapes in a row joined into one string.
 */
function compacted(types: readonly TypeShape[]): TypeShape[] {
  const interfaces = new Map(types.filter((type) => type[0] === 'interface').map((type) => [type[1], type[2] as readonly FieldShape[]]));
  const errorCodes = types.find((type) => type[0] === 'enum' && type[1] === ERROR_CODES);
  const codeIndex = new Map(
    errorCodes && typeof errorCodes[2] === 'string' ? errorCodes[2].split(' ').map((code, i) => [code, i.toString(36)]) : [],
  );
  const same = (a: FieldShape, b: FieldShape) => JSON.stringify(a) === JSON.stringify(b);
  return types.map((type): TypeShape => {
    if (type[0] === 'input') return ['input', type[1], joined(type[2])];
    if (type[0] === 'enum' && type[1] !== ERROR_CODES && typeof type[2] === 'string') {
      const codes = type[2].split(' ');
      if (codes.every((code) => codeIndex.has(code)))
        return ['enum', type[1], `@${ERROR_CODES} ${codes.map((code) => codeIndex.get(code)).join(' ')}`];
    }
    if (type[0] === 'object' && type[1].endsWith(PAYLOAD) && type[3].length === 0) {
      const name = type[1].slice(0, -PAYLOAD.length);
      const last = type[2][type[2].length - 1];
      if (last === userErrorsField(name)) return ['payload', name, joined(type[2].slice(0, -1))];
    }
    if (type[0] === 'object' && type[1].endsWith(USER_ERROR) && type[3].join() === 'UserError') {
      const name = type[1].slice(0, -USER_ERROR.length);
      if (JSON.stringify(type[2]) === JSON.stringify(userErrorFields(name))) return ['userError', name];
    }
    if (type[0] !== 'object' && type[0] !== 'interface') return type;
    let fields: FieldShape[] = [...type[2]];
    for (const name of type[0] === 'object' ? type[3] : []) {
      const inherited = interfaces.get(name)!;
      if (inherited.length > 0 && inherited.every((field, i) => fields[i] !== undefined && same(field, fields[i]!))) {
        fields = [`...${name}`, ...fields.slice(inherited.length)];
        break;
      }
    }
    // A mutation as the contract makes every one: `+name`.
    fields = fields.map((field) => (typeof field !== 'string' && isContractMutation(field) ? `+${field[0]}` : field));
    return [type[0], type[1], joined(fields), type[3]];
  });
}

const pascal = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);
const contractMutation = (name: string): FieldShape => [name, `${pascal(name)}${PAYLOAD}`, [`input:${pascal(name)}Input!`]];
const isContractMutation = (field: Exclude<FieldShape, string>): boolean =>
  field.length === 3 && JSON.stringify(field) === JSON.stringify(contractMutation(field[0]));
const userErrorsField = (name: string): string => `userErrors:[${name}${USER_ERROR}!]!`;

/** The enum a mutation's error enums take their values from. */
const ERROR_CODES = 'ErrorCode';
const USER_ERROR = 'UserError';
const PAYLOAD = 'Payload';
const userErrorFields = (name: string): FieldShape[] => [
  `code:${name}ErrorCode!`,
  'message:String!',
  'field:[String!]',
  'params:[ErrorParameter!]!',
];

/** Plain shapes in a row, one string. */
function joined<S extends FieldShape | InputShape>(shapes: readonly S[]): S[] {
  const out: S[] = [];
  for (const shape of shapes) {
    const last = out[out.length - 1];
    if (typeof shape === 'string' && typeof last === 'string') out[out.length - 1] = `${last} ${shape}` as S;
    else out.push(shape);
  }
  return out;
}

/** Shapes as written (joined, inherited) back to one per field: an interface's from its own, already read. */
function expanded<S extends FieldShape | InputShape>(shapes: readonly S[], inheritedOf: (name: string) => readonly S[] = () => []): S[] {
  return shapes.flatMap((shape) =>
    typeof shape === 'string'
      ? shape
          .split(' ')
          .flatMap((one) =>
            one.startsWith('...') ? inheritedOf(one.slice(3)) : one.startsWith('+') ? [contractMutation(one.slice(1)) as S] : [one as S],
          )
      : [shape],
  );
}

/** The schema the shapes describe, its types built directly (no SDL parsed, no syntax tree walked). */
export function schemaOfShapes(shape: SchemaShape): GraphQLSchema {
  const named = new Map<string, GraphQLNamedType>(
    [GraphQLString, GraphQLInt, GraphQLFloat, GraphQLBoolean, GraphQLID].map((type) => [type.name, type]),
  );
  // One wrapper per reference ("String!" is named hundreds of times): fewer objects for a cold start to build and collect.
  const wrapped = new Map<TypeReference, GraphQLType>();
  const typeOf = (reference: TypeReference): GraphQLType => {
    const known = wrapped.get(reference) ?? named.get(reference);
    if (known) return known;
    if (!reference.endsWith('!') && !reference.startsWith('[')) throw new Error(`type shapes name ${reference}, which they do not define`);
    const type = reference.endsWith('!')
      ? new GraphQLNonNull(typeOf(reference.slice(0, -1)) as never)
      : new GraphQLList(typeOf(reference.slice(1, -1)));
    wrapped.set(reference, type);
    return type;
  };
  const inputs = (shapes: readonly InputShape[]) => {
    const configs: Record<string, GraphQLArgumentConfig & GraphQLInputFieldConfig> = {};
    for (const shape of expanded(shapes)) {
      const [name, type, more] = typeof shape === 'string' ? plain(shape) : shape;
      configs[name] = { type: typeOf(type) as never, ...more };
    }
    return configs;
  };
  const interfaceFields = new Map(
    shape.types.filter((type) => type[0] === 'interface').map((type) => [type[1], expanded(type[2] as readonly FieldShape[])]),
  );
  const fieldsOf = (fields: readonly FieldShape[]) => expanded(fields, (name) => interfaceFields.get(name) ?? []);
  const enumValues = new Map(
    shape.types.filter((type) => type[0] === 'enum' && typeof type[2] === 'string').map((type) => [type[1], type[2] as string]),
  );
  for (const compact of shape.types) {
    const type = decoded(compact, enumValues);
    named.set(type[1], namedTypeOf(type, typeOf, inputs, fieldsOf));
  }
  return new GraphQLSchema({
    query: named.get(shape.query) as GraphQLObjectType,
    mutation: shape.mutation ? (named.get(shape.mutation) as GraphQLObjectType) : undefined,
    subscription: shape.subscription ? (named.get(shape.subscription) as GraphQLObjectType) : undefined,
    types: [...named.values()],
    assumeValid: true,
  });
}

/** A compacted shape as it stands for: an error enum's values by name, a userError type's fields. */
function decoded(type: TypeShape, enumValues: ReadonlyMap<string, string>): TypeShape {
  if (type[0] === 'userError') return ['object', `${type[1]}${USER_ERROR}`, userErrorFields(type[1]), [USER_ERROR]];
  if (type[0] === 'payload') return ['object', `${type[1]}${PAYLOAD}`, [...type[2], userErrorsField(type[1])], []];
  if (type[0] === 'enum' && typeof type[2] === 'string' && type[2].startsWith('@')) {
    const [source, ...places] = type[2].slice(1).split(' ');
    const values = enumValues.get(source!)!.split(' ');
    return ['enum', type[1], places.map((place) => values[parseInt(place, 36)]!).join(' ')];
  }
  return type;
}

function namedTypeOf(
  type: TypeShape,
  typeOf: (reference: TypeReference) => GraphQLType,
  inputs: (shapes: readonly InputShape[]) => Record<string, GraphQLArgumentConfig & GraphQLInputFieldConfig>,
  fieldsOf: (fields: readonly FieldShape[]) => FieldShape[],
): GraphQLNamedType {
  // Fields, interfaces and members are thunks: a type may name one defined after it.
  switch (type[0]) {
    case 'scalar':
      return new GraphQLScalarType({ name: type[1] });
    case 'enum':
      return new GraphQLEnumType({
        name: type[1],
        values: Object.fromEntries(
          (typeof type[2] === 'string' ? type[2].split(' ') : type[2]).map((value) =>
            typeof value === 'string' ? [value, { value }] : [value[0], { value: value[0], deprecationReason: value[1] }],
          ),
        ),
      });
    case 'object':
    case 'interface': {
      const [kind, name, fields, interfaces] = type;
      const config = {
        name,
        interfaces: () => interfaces.map((each) => typeOf(each) as GraphQLInterfaceType),
        fields: () => {
          const configs: Record<string, GraphQLFieldConfig<unknown, unknown>> = {};
          for (const shape of fieldsOf(fields)) {
            const [field, reference, args, deprecationReason] = typeof shape === 'string' ? plain(shape) : shape;
            configs[field] = { type: typeOf(reference) as never, args: args && inputs(args), deprecationReason };
          }
          return configs;
        },
      };
      return kind === 'object' ? new GraphQLObjectType(config) : new GraphQLInterfaceType(config);
    }
    case 'input':
      return new GraphQLInputObjectType({ name: type[1], fields: () => inputs(type[2]) });
    case 'union':
      return new GraphQLUnionType({ name: type[1], types: () => type[2].map((each) => typeOf(each) as GraphQLObjectType) });
    case 'userError':
    case 'payload':
      throw new Error(`a ${type[0]} shape is decoded before its type is built`);
  }
}

/** A plain shape's name and type. */
function plain(shape: PlainShape): [name: string, type: TypeReference] {
  const colon = shape.indexOf(':');
  return [shape.slice(0, colon), shape.slice(colon + 1)];
}

/** An enum's values, as one space-separated string when none is deprecated. */
function shortestValues(values: (string | [string, string])[]): Extract<TypeShape, readonly ['enum', ...unknown[]]>[2] {
  return values.every((value) => typeof value === 'string') ? values.join(' ') : values;
}

function referenceOf(type: TypeNode): TypeReference {
  if (type.kind === Kind.NON_NULL_TYPE) return `${referenceOf(type.type)}!`;
  if (type.kind === Kind.LIST_TYPE) return `[${referenceOf(type.type)}]`;
  return type.name.value;
}

function inputShapeOf(input: InputValueDefinitionNode): InputShape {
  const more: { defaultValue?: unknown; deprecationReason?: string } = {};
  // Untyped is what graphql-js's own build gives here: the scalars have no parser of their own yet.
  if (input.defaultValue) more.defaultValue = valueFromASTUntyped(input.defaultValue);
  const reason = deprecationOf(input.directives);
  if (reason !== null) more.deprecationReason = reason;
  return Object.keys(more).length ? [input.name.value, referenceOf(input.type), more] : `${input.name.value}:${referenceOf(input.type)}`;
}

/** The reason of an @deprecated (graphql-js's default when it gives none), or null. */
function deprecationOf(directives: readonly ConstDirectiveNode[] | undefined): string | null {
  refuseDirectives(directives, 'definition', ['deprecated']);
  const deprecated = directives?.find((directive) => directive.name.value === 'deprecated');
  if (!deprecated) return null;
  const reason = deprecated.arguments?.find((argument) => argument.name.value === 'reason')?.value;
  return reason?.kind === Kind.STRING ? reason.value : 'No longer supported';
}

function refuseDirectives(directives: readonly DirectiveNode[] | undefined, where: string, allowed: readonly string[] = []): void {
  const other = directives?.find((directive) => !allowed.includes(directive.name.value));
  if (other) throw new Error(`type shapes cannot carry @${other.name.value} on ${withArticle(where)}`);
}
