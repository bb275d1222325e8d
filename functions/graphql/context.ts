import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { Caller, Role, ServiceDependencies } from '../services/services';

export interface GraphQLContext {
  readonly deps: ServiceDependencies;
  /** Null when the request carried no verified identity. */
  readonly caller: Caller | null;
}

type Claims = Record<string, string | number | boolean | string[]>;

/** Claims that may carry the caller's roles: our own, and Cognito's groups. */
const ROLE_CLAIMS = ['roles', 'cognito:groups'] as const;
const ROLES: Readonly<Record<string, Role>> = { dealer: 'DEALER', operator: 'OPERATOR' };

/**
 * The caller is whoever API Gateway's JWT authorizer verified: its claims arrive in the event,
 * never in a header the client could forge.
 */
export function callerFromEvent(event: APIGatewayProxyEventV2): Caller | null {
  const requestContext = event.requestContext as APIGatewayProxyEventV2['requestContext'] & {
    authorizer?: { jwt?: { claims?: Claims } };
  };
  const claims = requestContext.authorizer?.jwt?.claims ?? {};
  const sub = claims.sub;
  if (typeof sub !== 'string' || sub.length === 0) return null;
  const roles = new Set<Role>();
  for (const claim of ROLE_CLAIMS) {
    for (const name of claimValues(claims[claim])) {
      const role = ROLES[name.toLowerCase()];
      if (role) roles.add(role);
    }
  }
  return { playerId: sub, roles };
}

/**
 * API Gateway HTTP APIs hand list claims to the function flattened into one string, as
 * "[dealer operator]"; other issuers send JSON arrays or comma-separated strings. Accept all.
 */
function claimValues(value: Claims[string] | undefined): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== 'string') return [];
  const text = value.trim();
  if (text.startsWith('[') && text.endsWith(']')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) return parsed.map(String);
    } catch {
      // Not JSON: API Gateway's "[a b]" form.
    }
    return text
      .slice(1, -1)
      .split(/[\s,]+/)
      .filter(Boolean);
  }
  return text.split(/[\s,]+/).filter(Boolean);
}
