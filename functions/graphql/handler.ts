import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { observability, observedHandler } from '../observability/lambda-entry';
import { logger } from '../observability/logger';
import { environmentDependencies, type ServiceDependencies } from '../services/kernel/services';
import { logToCloudWatch } from './errors';
import { createGraphQLHandler, type GraphQLHandler } from './server';
import { SESSION_PATHS } from '../launch/session-paths';
import { originGuard, originGuardFrom, type OriginSecret } from '../edge/origin-guard';

/**
 * Lambda entry point of the API: GraphQL, and the session routes (a partner's launch, the
 * player token's exchange, the JWKS: launch/routes.ts), loaded with their first call. The GraphQL
 * API, configured from its environment (see environmentDependencies;
 * GRAPHQL_INTROSPECTION=on answers introspection, off by default). Every log line of a request
 * carries API Gateway's request id (correlation_id) and the caller's subject and partner.
 * `npm start` runs this same entry, giving it its in-process settlement workers (`configure`).
 */
export function graphQLEntry(
  configure: (deps: ServiceDependencies) => ServiceDependencies = (deps) => deps,
  /** The secret CloudFront adds to what it sends (edge/origin-guard.ts); by default ORIGIN_SECRET_ARN's, none locally. */
  originSecret?: OriginSecret,
) {
  const cameThroughEdge = originSecret ? originGuard(originSecret) : originGuardFrom(process.env);
  // Built on the first request and kept for the life of the Lambda instance.
  let graphQLHandler: GraphQLHandler | undefined;
  let sessionRoutes: Promise<(event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyStructuredResultV2>> | undefined;
  return observedHandler(
    async (event: APIGatewayProxyEventV2, context: Context) => {
      // The token keys stay public at the API's own address: API Gateway's authorizer reads them there.
      if (!PUBLIC_KEYS_PATH.test(event.rawPath ?? '') && !(await cameThroughEdge(event.headers))) return NOT_THROUGH_EDGE;
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

/** The answer to a request that did not come through the stage's public address. */
const NOT_THROUGH_EDGE: APIGatewayProxyStructuredResultV2 = {
  statusCode: 403,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ errors: [{ message: "Use the stage's public address.", extensions: { code: 'FORBIDDEN', retryable: false } }] }),
};
const PUBLIC_KEYS_PATH = /^\/\.well-known\//;

export const handler = graphQLEntry();
