import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { handlers, startServerAndCreateLambdaHandler, type LambdaHandler } from '@as-integrations/aws-lambda';
import type { ServiceDependencies } from '../services/services';
import { identify, type GraphQLContext, type Identity } from './context';
import { formatError, logToCloudWatch, type ErrorLogger } from './errors';
import { inputBounds } from './input-bounds';
import { bodyTooLarge, requestLimits } from './request-limits';
import { resolvers } from './resolvers';
import { typeDefs } from './generated/type-defs';

const requestHandler = handlers.createAPIGatewayProxyEventV2RequestHandler();
export type GraphQLHandler = LambdaHandler<typeof requestHandler>;

/**
 * The one GraphQL handler: Lambda runs it behind API Gateway, and the local server and the
 * integration tests run this same function on API Gateway v2 events they build.
 */
export function createGraphQLHandler(
  deps: ServiceDependencies,
  logError: ErrorLogger = logToCloudWatch,
  /** Off unless asked for: in AWS only where GRAPHQL_INTROSPECTION=on; the local server turns it on for its explorer. */
  {
    introspection = false,
    onIdentified,
  }: {
    readonly introspection?: boolean;
    /** Told who each request's caller is, before it runs (the Lambda entry puts them on its log lines). */
    readonly onIdentified?: (identity: Identity) => void;
  } = {},
): GraphQLHandler {
  const server = new ApolloServer<GraphQLContext>({
    typeDefs,
    resolvers,
    // Explicit, though it is the default: a browser cannot send a simple (preflight-free) request.
    csrfPrevention: true,
    introspection,
    includeStacktraceInErrorResponses: false,
    formatError: formatError(logError),
    // The explorer is served by the local server from bundled files; Apollo's loads from a CDN.
    plugins: [ApolloServerPluginLandingPageDisabled(), inputBounds(), requestLimits()],
  });
  const graphql = startServerAndCreateLambdaHandler(server, requestHandler, {
    context: async ({ event }) => {
      const identity = identify(event);
      onIdentified?.(identity);
      return { deps, ...identity };
    },
  });
  // A body past the limit is answered before Apollo reads it.
  return (event, context, callback) => {
    const tooLarge = bodyTooLarge(event);
    return tooLarge ? Promise.resolve(tooLarge) : graphql(event, context, callback);
  };
}
