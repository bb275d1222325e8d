import { observability, observedHandler } from '../observability/lambda-entry';
import { environmentDependencies } from '../services/kernel/services';
import { apiGatewaySender } from './connection-sender';
import { requiredEnv } from './environment';
import { eitherVerifier, issuerVerifier } from './issuer-verifier';
import { PLAYER_TOKEN_AUDIENCE } from '../launch/token-issuer';
import { originGuard, originGuardFrom, type OriginSecret } from '../edge/origin-guard';
import { createSocketHandler, type SocketEvent, type SocketHandler } from './socket-protocol';

/**
 * Lambda entry point of the WebSocket API's $connect, $disconnect and $default routes, configured
 * from its environment: TABLE_NAME, JWT_ISSUER and JWT_AUDIENCE (comma-separated), as the HTTP
 * API's authorizer is, ORIGIN_SECRET_ARN (what the edge adds: edge/origin-guard.ts), PLAYER_TOKEN_ISSUER (the house's own player tokens, trusted beside them), and WEBSOCKET_ENDPOINT, the @connections URL replies are posted to.
 */
export function socketEntry(
  /** The secret CloudFront adds to what it sends (edge/origin-guard.ts); by default ORIGIN_SECRET_ARN's, none locally. */
  originSecret?: OriginSecret,
) {
  let socketHandler: SocketHandler | undefined;
  const cameThroughEdge = originSecret ? originGuard(originSecret) : originGuardFrom(process.env);
  return observedHandler(
    async (event: SocketEvent) => {
      // Only a connection's opening carries headers: one opened past the edge never exists.
      if (event.requestContext.routeKey === '$connect' && !(await cameThroughEdge(event.headers))) return { statusCode: 403 };
      socketHandler ??= createSocketHandler({
        deps: environmentDependencies(process.env, observability),
        verifyToken: eitherVerifier(
          issuerVerifier(requiredEnv('JWT_ISSUER'), requiredEnv('JWT_AUDIENCE').split(',')),
          ...(process.env.PLAYER_TOKEN_ISSUER ? [issuerVerifier(process.env.PLAYER_TOKEN_ISSUER, [PLAYER_TOKEN_AUDIENCE])] : []),
        ),
        sender: apiGatewaySender(requiredEnv('WEBSOCKET_ENDPOINT')),
      });
      return socketHandler(event);
    },
    { correlationId: (event) => event.requestContext?.requestId },
  );
}

export const handler = socketEntry();
