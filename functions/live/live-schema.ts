import type { GraphQLSchema } from 'graphql';
import { executableSchema } from '../graphql/executable-schema';
import { schemaShape } from '../graphql/generated/type-shapes';

let schema: GraphQLSchema | undefined;

/** The API's own schema and resolvers, which each event is run through for its subscribers: built once per process. */
export const liveSchema = (): GraphQLSchema => (schema ??= executableSchema(schemaShape));
