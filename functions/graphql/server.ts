import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { handlers, startServerAndCreateLambdaHandler, type LambdaHandler } from '@as-integrations/aws-lambda';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { budgeted, MAX_READS_PER_REQUEST, ReadBudget } from '../services/kernel/read-budget';
import type { ServiceDependencies } from '../services/kernel/services';
import { playerSessionOf, identify, type GraphQLContext, type Identity } from './context';
import { answeredError, formatError, logToCloudWatch, type ErrorLogger } from './errors';
import { DOCUMENT_TOO_DEEP, inputBounds, nestsTooDeep } from './input-bounds';
import { bodyTooLarge, requestLimits } from './request-limits';
import { executableSchema } from './executable-schema';
import { sessionOpen } from '../services/sessions/open-sessions';
import { schemaShape } from './generated/type-shapes';

const requestHandler = handlers.createAPIGatewayProxyEventV2RequestHandler();
export type GraphQLHandler = LambdaHandler<typeof requestHandler>;

/**
 * The one GraphQL handler: Lambda runs it behind API Gateway, and the local server and the
 * integration tests run this same function on API Gateway v2 events they build.
 */
export function createGraphQLHandler(
  deps: ServiceDependencies,
  logError: ErrorLogger = logToCloudWatch,
  /**
   * Off unless asked for: in AWS only where GRAPHQL_INTROSPECTION=on; the local server turns it on
   * for its explorer. It answers the schema with its descriptions, which the caller gives
   * (generated/described-type-defs.ts), loaded only where introspection is on.
   */
  {
    introspection,
    onIdentified,
    readsPerRequest = MAX_READS_PER_REQUEST,
    instancePerRequest = false,
  }: {
    readonly introspection?: { readonly describedTypeDefs: string };
    /** The reads of the store each request may make (services/kernel/read-budget.ts); only tests set another. */
    readonly readsPerRequest?: number;
    /** Told who each request's caller is, before it runs (the Lambda entry puts them on its log lines). */
    readonly onIdentified?: (identity: Identity) => void;
    /**
     * Each request runs as if in a Lambda instance of its own, which serves one request at a time:
     * requests take no turns together (ServiceDependencies.instance). Only the bench sets it, to
     * meet the races many instances meet; Lambda needs nothing, an instance being one process.
     */
    readonly instancePerRequest?: boolean;
  } = {},
): GraphQLHandler {
  const server = new ApolloServer<GraphQLContext>({
    schema: executableSchema(introspection?.describedTypeDefs ?? schemaShape),
    // Explicit, though it is the default: a browser cannot send a simple (preflight-free) request.
    csrfPrevention: true,
    introspection: introspection !== undefined,
    includeStacktraceInErrorResponses: false,
    formatError: formatError(logError),
    plugins: [
      // The explorer is served by the local server from bundled files; Apollo's loads from a CDN.
      ApolloServerPluginLandingPageDisabled(),
      // No answer may be kept by an HTTP cache (each is a player's or a table's as it is now), which
      // `uncacheable` says; Apollo's cache hints would walk the whole schema at start and wrap every
      // resolver to say only that.
      ApolloServerPluginCacheControlDisabled(),
      uncacheable,
      inputBounds(),
      requestLimits(),
    ],
  });
  const graphql = startServerAndCreateLambdaHandler(server, requestHandler, {
    context: async ({ event }) => {
      const identity = await withOpenSession(deps, identify(event), playerSessionOf(event));
      onIdentified?.(identity);
      // Each request counts its own reads, on the process's one client and caches.
      const budget = budgeted(deps, new ReadBudget(readsPerRequest));
      return { deps: instancePerRequest ? { ...budget, instance: deps.newId() } : budget, ...identity };
    },
  });
  // A body past the limit, one that is not the JSON it says it is, or a document nested deeper than
  // graphql-js's parser can follow (it recurses) is answered before Apollo reads it.
  return (event, context, callback) => {
    const refused = bodyTooLarge(event) ?? bodyNotJson(event) ?? documentTooDeep(event);
    return refused ? Promise.resolve(refused) : graphql(event, context, callback);
  };
}

/**
 * A house's player token stands only while its session is open: one the partner ended, or that went
 * idle, stops its tokens within SESSION_CHECK_MS (each process keeps an open session's answer that long).
 */
async function withOpenSession(deps: ServiceDependencies, identity: Identity, sessionId: string | undefined): Promise<Identity> {
  if (!identity.caller || sessionId === undefined) return identity;
  return (await sessionOpen(deps, sessionId))
    ? identity
    : { caller: null, refusal: 'Your session has ended: come in again from your platform.' };
}

/** Every answer Apollo sends says `cache-control: no-store`. */
const uncacheable: ApolloServerPlugin<GraphQLContext> = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        response.http.headers.set('cache-control', 'no-store');
      },
    };
  },
};

/**
 * The answer to a body sent as JSON that does not parse, or undefined: the Lambda integration
 * would answer it 400 with its parser's message as plain text, which quotes the body and carries
 * no code.
 */
function bodyNotJson(event: APIGatewayProxyEventV2): APIGatewayProxyStructuredResultV2 | undefined {
  const contentType = Object.entries(event.headers ?? {}).find(([name]) => name.toLowerCase() === 'content-type')?.[1];
  if (!event.body || !contentType?.startsWith('application/json')) return undefined;
  try {
    JSON.parse(event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body);
    return undefined;
  } catch {
    return {
      statusCode: 400,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ errors: [answeredError('BAD_REQUEST', 'The request body is not JSON.')] }),
    };
  }
}

/** The answer to a document (in a JSON body or a GET's query) that nests its brackets too deep to parse, or undefined. */
function documentTooDeep(event: APIGatewayProxyEventV2): APIGatewayProxyStructuredResultV2 | undefined {
  let query: unknown = event.queryStringParameters?.query;
  if (event.body) {
    try {
      const body: unknown = JSON.parse(event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body);
      const requests = Array.isArray(body) ? body : [body];
      query = requests.map((request) => (request && typeof request === 'object' ? (request as { query?: unknown }).query : undefined));
    } catch {
      return undefined;
    }
  }
  const queries = (Array.isArray(query) ? query : [query]).filter((text): text is string => typeof text === 'string');
  if (!queries.some(nestsTooDeep)) return undefined;
  return {
    statusCode: 400,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ errors: [answeredError('BAD_USER_INPUT', DOCUMENT_TOO_DEEP)] }),
  };
}
