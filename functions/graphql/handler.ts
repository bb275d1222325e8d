import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { observability, observedHandler } from '../observability/lambda-entry';
import { logger } from '../observability/logger';
import { environmentDependencies, type ServiceDependencies } from '../services/kernel/services';
import { logToCloudWatch } from './errors';
import { createGraphQLHandler, type GraphQLHandler } from './server';
import { SESSION_PATHS } from '../launch/session-paths';

/**
 * Lambda entry point of the API: GraphQL, and the session routes (a partner's launch, the
 * player token's exchange, the JWKS: launch/routes.ts), loaded with their first call. The GraphQL
 * API, configured from its environment (see environmentDependencies;
 * GRAPHQL_INTROSPECTION=on answers introspection, off by default). Every log line of a request
 * carries API Gateway's request id (correlation_id) and the caller's subject and partner.
 * `npm start` runs this same entry, giving it its in-process settlement workers (`configure`).
 */
export function graphQLEntry(configure: (deps: ServiceDependencies) => ServiceDependencies = (deps) => deps) {
  // Built on the first request and kept for the life of the Lambda instance.
  let graphQLHandler: GraphQLHandler | undefined;
  let sessionRoutes: Promise<(event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyStructuredResultV2>> | undefined;
  return observedHandler(
    async (event: APIGatewayProxyEventV2, context: Context) => {
      if (SESSION_PATHS.test(event.rawPath ?? '')) {
        sessionRoutes ??= import('../launch/handler').then(({ sessionRoutesFrom }) => sessionRoutesFrom(configure, process.env));
        return (await sessionRoutes)(event);
      }
      const logError = (error: unknown) => {
        logToCloudWatch(error);
        observability.metrics.internalError();
      };
      graphQLHandler ??= createGraphQLHandler(configure(environmentDependencies(process.env, observability)), logError, {
        ...(process.env.GRAPHQL_INTROSPECTION === 'on' ? { introspection: await import('./generated/described-type-defs') } : {}),
        onIdentified: ({ caller }) => {
          if (caller) logger.appendKeys({ subject: caller.playerId, ...(caller.partner ? { partner: caller.partner } : {}) });
        },
      });
      // With a callback given, the integration still answers with a promise.
      return (await graphQLHandler(event, context, () => undefined)) as APIGatewayProxyStructuredResultV2;
    },
    { correlationId: (event) => event.requestContext?.requestId },
  );
}

export const handler = graphQLEntry();
