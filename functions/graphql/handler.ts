import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { environmentDependencies } from '../services/services';
import { createGraphQLHandler, type GraphQLHandler } from './server';

// Built on the first request and kept for the life of the Lambda instance.
let graphQLHandler: GraphQLHandler | undefined;

/** Lambda entry point of the GraphQL API, configured from its environment (see environmentDependencies). */
export async function handler(event: APIGatewayProxyEventV2, context: Context) {
  graphQLHandler ??= createGraphQLHandler(environmentDependencies());
  return graphQLHandler(event, context, () => undefined);
}
