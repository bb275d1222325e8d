import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { ServiceError, answeredCode } from '../services/kernel/service-error';
import type { ServiceDependencies } from '../services/kernel/services';
import { checkPartnerSignature, takeSecretCallOnce } from '../services/sessions/partner-credentials';
import { endSession, launchPlayer, type LaunchRequest } from '../services/sessions/launch';
import { exchangeLaunchCode, issuer, refreshPlayerToken, type IssuedPlayerToken } from '../services/sessions/player-tokens';
import { subjectOf } from '../services/wallet/wallet-calls';
import { roundDetails } from '../services/rounds/round-details';
import { partnerActivity, type ActivityRequest } from '../services/sessions/partner-activity';
import { nextCredential } from '../services/sessions/credential-rotation';
import { nextWalletSecret } from '../services/wallet/wallet-secret-rotation';
import { KEY_ID_HEADER, PARTNER_HEADER, PARTNER_SIGNATURE_HEADER, PARTNER_TIMESTAMP_HEADER } from './partner-signature';
import { SIGNATURE_TOLERANCE_SECONDS } from '../wallet/wallet-signature';
import { hostedPage } from './hosted-pages';
import { pageLanguage } from './page-words';
import { DEMO_PARTNER, partnerOfPlayer } from '../store/kernel/keys';
import { PAGE_PATHS } from './session-paths';
import { numberParam } from '../rules/error-params';

/**
 * The REST side of sessions (docs/LAUNCH.md, docs/partner-api.yaml): a partner's backend launches
 * its players and ends their sessions, signed with a credential of its own; the hosted client
 * exchanges a launch's code for a player token and refreshes it; anyone reads the keys tokens are
 * checked with. Every refusal is `{ "error": { "code", "message", "field" } }`, never echoing input.
 */
export type LaunchRoutes = (event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyStructuredResultV2>;

const ROUND_DETAILS_PREFIX = '/rounds/v1/';

/** A path segment as sent, decoded; one that cannot be is no round id (refused as one). */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
}

/** No call here needs more. */
export const MAX_SESSION_BODY_BYTES = 16 * 1024;

/** Every route answered here, as `<METHOD> <path>` (docs/partner-api.yaml describes each). */
export const ROUTES = [
  'POST /partner/v1/launch',
  'POST /partner/v1/sessions/end',
  'POST /partner/v1/activity',
  'POST /partner/v1/wallet-secret/next',
  'POST /partner/v1/credentials/next',
  'POST /session/v1/token',
  'POST /session/v1/refresh',
  'GET /.well-known/jwks.json',
  'GET /.well-known/openid-configuration',
  'GET /rounds/v1/{roundId}',
] as const;

export interface LaunchRouteOptions {
  /** The WebSocket's path on the pages' origin (hosted-pages.ts): `/live` through CloudFront; the local server's, by default. */
  readonly socketPath?: string;
}

export function launchRoutes(deps: ServiceDependencies, { socketPath = '/graphql' }: LaunchRouteOptions = {}): LaunchRoutes {
  return async (event) => {
    try {
      const method = event.requestContext.http.method;
      // Where launch URLs, pages and links send the player: the public URL, else where this call came.
      const origin = deps.publicBaseUrl?.() ?? originOf(event);
      if (method === 'GET' && PAGE_PATHS.test(event.rawPath)) {
        const partner = event.queryStringParameters?.partner;
        const language = pageLanguage(event.queryStringParameters?.lang, event.headers['accept-language']);
        return await hostedPage(deps, { path: event.rawPath, partner, origin, socketPath, language });
      }
      // A round's details: its id in the path, the player and the link's signature in the query.
      if (method === 'GET' && event.rawPath.startsWith(ROUND_DETAILS_PREFIX)) {
        const query = event.queryStringParameters ?? {};
        return json(
          200,
          await roundDetails(deps, {
            round: decoded(event.rawPath.slice(ROUND_DETAILS_PREFIX.length)),
            player: query.player ?? '',
            sig: query.sig ?? '',
          }),
          { 'cache-control': 'private, max-age=60' },
        );
      }
      const route = `${method} ${event.rawPath}`;
      switch (route as (typeof ROUTES)[number]) {
        case 'POST /partner/v1/launch': {
          const { partner, body } = await signedCall(deps, event);
          return json(200, await launchPlayer(deps, partner, body as LaunchRequest, origin));
        }
        case 'POST /partner/v1/sessions/end': {
          const { partner, body } = await signedCall(deps, event);
          await endSession(deps, partner, (body as { sessionId?: string }).sessionId as string);
          return json(200, { ended: true });
        }
        case 'POST /partner/v1/activity': {
          const { partner, body } = await signedCall(deps, event);
          return json(200, await partnerActivity(deps, partner, body as ActivityRequest));
        }
        // A rotation's next secret, to the partner's own signed call, taken once (docs/WALLET.md, "Rotating the secret").
        case 'POST /partner/v1/wallet-secret/next': {
          const { partner } = await signedCallOnce(deps, event);
          const { secret, madeAt } = await nextWalletSecret(deps, partner);
          return json(200, { secret, madeAt });
        }
        // The successor of the credential the call is signed with (docs/LAUNCH.md, "Rotating a credential").
        case 'POST /partner/v1/credentials/next': {
          const { partner, keyId } = await signedCallOnce(deps, event);
          return json(200, await nextCredential(deps, partner, keyId));
        }
        case 'POST /session/v1/token':
          return json(200, tokenAnswer(await exchangeLaunchCode(deps, String((jsonBody(event) as { code?: unknown }).code ?? ''))));
        case 'POST /session/v1/refresh': {
          const bearer = /^Bearer (\S+)$/i.exec(event.headers.authorization ?? '')?.[1];
          if (!bearer) throw new ServiceError('UNAUTHENTICATED', 'Send the player token to refresh as a Bearer token.');
          return json(200, tokenAnswer(await refreshPlayerToken(deps, bearer)));
        }
        case 'GET /.well-known/jwks.json':
          return json(200, await issuer(deps).jwks(), { 'cache-control': 'public, max-age=300' });
        case 'GET /.well-known/openid-configuration': {
          const { issuer: iss } = issuer(deps);
          return json(
            200,
            { issuer: iss, jwks_uri: `${iss.replace(/\/$/, '')}/.well-known/jwks.json`, id_token_signing_alg_values_supported: ['RS256'] },
            { 'cache-control': 'public, max-age=300' },
          );
        }
        default:
          return json(404, { error: { code: 'NOT_FOUND', message: 'No such route.', field: null } });
      }
    } catch (error) {
      return refusal(deps, error, event.rawPath.startsWith('/partner/') ? 'X-Partner-Signature' : 'Bearer');
    }
  };
}

/** The body of a call signed by a credential of the partner it names; UNAUTHENTICATED otherwise (which part failed is not said). */
async function signedCall(
  deps: ServiceDependencies,
  event: APIGatewayProxyEventV2,
): Promise<{ partner: string; keyId: string; body: unknown }> {
  const raw = rawBody(event);
  const check = await checkPartnerSignature(deps, {
    partner: event.headers[PARTNER_HEADER] ?? '',
    keyId: event.headers[KEY_ID_HEADER] ?? '',
    timestamp: event.headers[PARTNER_TIMESTAMP_HEADER],
    signature: event.headers[PARTNER_SIGNATURE_HEADER],
    body: raw,
  });
  if (check !== 'VALID')
    throw new ServiceError(
      'UNAUTHENTICATED',
      check === 'STALE'
        ? 'The call is signed more than {seconds} seconds from our clock: sign it when sending.'
        : 'The call is not signed with a credential of the partner in force.',
      undefined,
      check === 'STALE' ? [numberParam('seconds', SIGNATURE_TOLERANCE_SECONDS)] : [],
    );
  return { partner: event.headers[PARTNER_HEADER]!, keyId: event.headers[KEY_ID_HEADER]!, body: parsed(raw) };
}

/** A signed call that answers a secret, taken once (takeSecretCallOnce). */
async function signedCallOnce(deps: ServiceDependencies, event: APIGatewayProxyEventV2): ReturnType<typeof signedCall> {
  const call = await signedCall(deps, event);
  const taken = await takeSecretCallOnce(deps, {
    partner: call.partner,
    timestamp: event.headers[PARTNER_TIMESTAMP_HEADER]!,
    signature: event.headers[PARTNER_SIGNATURE_HEADER]!,
  });
  if (!taken) throw new ServiceError('UNAUTHENTICATED', 'This signature was used already: sign each call anew.');
  return call;
}

const rawBody = (event: APIGatewayProxyEventV2): string => {
  const body = event.body ?? '';
  const text = event.isBase64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body;
  if (Buffer.byteLength(text, 'utf8') > MAX_SESSION_BODY_BYTES)
    throw new ServiceError('BAD_USER_INPUT', 'The body is longer than {max} bytes.', 'body', [numberParam('max', MAX_SESSION_BODY_BYTES)]);
  return text;
};

const jsonBody = (event: APIGatewayProxyEventV2): unknown => parsed(rawBody(event));

function parsed(text: string): unknown {
  try {
    const body = JSON.parse(text) as unknown;
    if (typeof body === 'object' && body !== null && !Array.isArray(body)) return body;
  } catch {
    // Said below, the same for every body that is not an object.
  }
  throw new ServiceError('BAD_USER_INPUT', 'The body is not a JSON object.', 'body');
}

/** What the client is told with a token: enough to show the session, never the partner's own session token. */
const tokenAnswer = ({ token, expiresAt, session }: IssuedPlayerToken) => ({
  token,
  expiresAt,
  session: {
    sessionId: session.sessionId,
    mode: partnerOfPlayer(session.playerId) === DEMO_PARTNER ? 'DEMO' : 'REAL',
    partner: session.partner,
    playerId: subjectOf(session.playerId),
    currency: session.currency,
    language: session.language,
    tableId: session.tableId ?? null,
    platform: session.platform,
    lobbyUrl: session.lobbyUrl ?? null,
    cashierUrl: session.cashierUrl ?? null,
  },
});

/** The API's origin, when no public URL is configured: the one the call came to. */
function originOf(event: APIGatewayProxyEventV2): string {
  const host = event.headers.host ?? event.requestContext.domainName;
  const local = /^(localhost|127\.0\.0\.1)(:\d+)?$/.test(host);
  return `${local ? 'http' : 'https'}://${host}`;
}

/** The HTTP status of each refusal's code (any other: 400); an unknown route is 404, a failure inside 500. */
export const STATUS: Partial<Record<string, number>> = {
  BAD_USER_INPUT: 400,
  CURRENCY_MISMATCH: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  PLAYER_BLOCKED: 403,
  PLAYER_TIMED_OUT: 403,
  PLAYER_SELF_EXCLUDED: 403,
  NOT_FOUND: 404,
  TABLE_CLOSED: 409,
  CONFLICT: 409,
  SESSION_ENDED: 410,
  WALLET_UNAVAILABLE: 503,
};

/** `challenge`: what an UNAUTHENTICATED refusal asks for (a partner's signature, or a Bearer token). */
function refusal(deps: ServiceDependencies, error: unknown, challenge: string): APIGatewayProxyStructuredResultV2 {
  const code = answeredCode(error);
  if (code === 'INTERNAL_SERVER_ERROR') {
    deps.log.error('a launch route failed', { error });
    return json(500, { error: { code, message: 'Something failed inside; try again.', field: null } });
  }
  const field = error instanceof ServiceError ? (error.field ?? null) : null;
  const message = error instanceof Error ? error.message : code;
  return json(
    STATUS[code] ?? 400,
    { error: { code, message, field } },
    code === 'UNAUTHENTICATED' ? { 'www-authenticate': challenge } : {},
  );
}

const json = (statusCode: number, body: unknown, headers: Record<string, string> = {}): APIGatewayProxyStructuredResultV2 => ({
  statusCode,
  headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
  body: JSON.stringify(body),
});
