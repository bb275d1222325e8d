import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { createDb } from '../store/db';
import { systemDependencies } from '../services/services';
import { createGraphQLHandler, type GraphQLHandler } from './server';

/**
 * Lambda entry point. Configuration comes from the environment: TABLE_NAME (set by the CDK
 * stack), and DYNAMODB_ENDPOINT only when running against DynamoDB Local.
 */
let graphQLHandler: GraphQLHandler | undefined;

function fromEnvironment(): GraphQLHandler {
  const tableName = process.env.TABLE_NAME;
  if (!tableName) throw new Error('TABLE_NAME is not set');
  const endpoint = process.env.DYNAMODB_ENDPOINT;
  return createGraphQLHandler(systemDependencies(createDb({ tableName, ...(endpoint ? { endpoint } : {}) })));
}

export async function handler(event: APIGatewayProxyEventV2, context: Context) {
  graphQLHandler ??= fromEnvironment();
  return graphQLHandler(event, context, () => undefined);
}
