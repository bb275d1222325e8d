import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { Caller, ServiceDependencies } from '../services/services';

export interface GraphQLContext {
  readonly deps: ServiceDependencies;
  /** Null when the request carried no verified identity. */
  readonly caller: Caller | null;
}

/**
 * The caller is whoever API Gateway's JWT authorizer verified: its claims arrive in the event,
 * never in a header the client could forge. (Roles come from the same claims, in a later step.)
 */
export function callerFromEvent(event: APIGatewayProxyEventV2): Caller | null {
  const requestContext = event.requestContext as APIGatewayProxyEventV2['requestContext'] & {
    authorizer?: { jwt?: { claims?: Record<string, string | number | boolean | string[]> } };
  };
  const sub = requestContext.authorizer?.jwt?.claims?.sub;
  return typeof sub === 'string' && sub.length > 0 ? { playerId: sub } : null;
}
