import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { environmentDependencies } from '../services/services';
import { createGraphQLHandler, type GraphQLHandler } from './server';

// Built on the first request and kept for the life of the Lambda instance.
let graphQLHandler: GraphQLHandler | undefined;

/**
 * Lambda entry point of the GraphQL API, configured from its environment (see environmentDependencies;
 * GRAPHQL_INTROSPECTION=on answers introspection, off by default).
 */
export async function handler(event: APIGatewayProxyEventV2, context: Context) {
  graphQLHandler ??= createGraphQLHandler(environmentDependencies(), undefined, {
    introspection: process.env.GRAPHQL_INTROSPECTION === 'on',
  });
  return graphQLHandler(event, context, () => undefined);
}
