import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { Caller, Role, ServiceDependencies } from '../services/kernel/services';
import { SUBJECT } from '../services/kernel/request-checks';
import { PARTNER } from '../services/tables/tenancy';
import { playerIdOf } from '../store/kernel/keys';

export interface GraphQLContext {
  readonly deps: ServiceDependencies;
  /** Null when the request carried no verified identity, or one whose claims are refused. */
  readonly caller: Caller | null;
  /** Why the token's claims were refused, when they were (UNAUTHENTICATED says it). */
  readonly refusal?: string;
}

type VerifiedClaims = Record<string, unknown>;

/** A table id, as a dealer's token names the tables it runs. */
export const TABLE_ID = /^[A-Za-z0-9_.:-]{1,128}$/;
export const MAX_TOKEN_TABLES = 64;

const ROLES: Readonly<Record<string, Role | null>> = { player: null, dealer: 'DEALER', operator: 'OPERATOR' };
/** Claims that may carry the caller's roles: our own, and Cognito's groups. */
const ROLE_CLAIMS = ['roles', 'cognito:groups'] as const;

export type Identity = { readonly caller: Caller; readonly refusal?: undefined } | { readonly caller: null; readonly refusal?: string };

/**
 * The caller is whoever API Gateway's JWT authorizer verified. Its claims reach the function
 * flattened (a list claim arrives as the string "[a b]", so ["player operator"] and
 * ["player", "operator"] look alike), so the claims are read from the token itself, in the
 * Authorization header the authorizer verified (its identity source), with their JSON types,
 * and it must be the token the authorizer verified: every claim of MATCHED_CLAIMS the same in
 * both (or in neither), not its subject alone. Claims are read strictly: a token
 * whose roles, tables or partner are not exactly what docs/TOKENS.md describes is
 * refused, never read loosely.
 */
export function identify(event: APIGatewayProxyEventV2): Identity {
  const requestContext = event.requestContext as APIGatewayProxyEventV2['requestContext'] & {
    authorizer?: { jwt?: { claims?: VerifiedClaims } };
  };
  const verified = requestContext.authorizer?.jwt?.claims;
  if (!verified) return { caller: null };
  const claims = tokenClaims(event.headers?.authorization ?? event.headers?.Authorization);
  if (!claims || !MATCHED_CLAIMS.every((name) => sameClaim(verified[name], claims[name])))
    return { caller: null, refusal: 'The token could not be read.' };
  return callerFromClaims(claims);
}

/** A caller from a token's claims, exactly as they are typed in it. */
export function callerFromClaims(claims: VerifiedClaims): Identity {
  const { sub, partner, tables } = claims;
  if (typeof sub !== 'string' || !SUBJECT.test(sub)) {
    return refused('The token subject (sub) must be 1 to 128 of letters, digits and . _ @ + : | -');
  }
  const roles = new Set<Role>();
  for (const claim of ROLE_CLAIMS) {
    const value = claims[claim];
    if (value === undefined) continue;
    if (!Array.isArray(value) || !value.every((name) => typeof name === 'string' && Object.hasOwn(ROLES, name))) {
      return refused(`The token's ${claim} claim must be an array of: player, dealer, operator.`);
    }
    for (const name of value as string[]) {
      const role = ROLES[name];
      if (role) roles.add(role);
    }
  }
  if (partner !== undefined && (typeof partner !== 'string' || !PARTNER.test(partner))) {
    return refused('The token partner claim must be 1 to 32 of lowercase letters, digits and -, starting with a letter or digit.');
  }
  if (
    tables !== undefined &&
    (!Array.isArray(tables) || tables.length > MAX_TOKEN_TABLES || !tables.every((id) => typeof id === 'string' && TABLE_ID.test(id)))
  ) {
    return refused(`The token tables claim must be an array of at most ${MAX_TOKEN_TABLES} table ids.`);
  }
  return {
    caller: {
      // A partner's player is <partner>/<sub>: two partners' subjects never collide.
      playerId: playerIdOf(sub, partner as string | undefined),
      roles,
      dealerTables: new Set(roles.has('DEALER') ? ((tables as string[] | undefined) ?? []) : []),
      ...(partner !== undefined ? { partner: partner as string } : {}),
    },
  };
}

const refused = (refusal: string): Identity => ({ caller: null, refusal });

/**
 * The claims that say who the caller is (the caller is read from them) and which token this is
 * (its issuer, its id, when it was issued, its validity): so that the caller is never read from a
 * token other than the one the authorizer verified, even one of the same subject.
 */
const MATCHED_CLAIMS = ['sub', 'partner', 'roles', 'cognito:groups', 'tables', 'iss', 'aud', 'jti', 'iat', 'nbf', 'exp'] as const;

/**
 * A claim as read from the token against the same claim as the authorizer handed it on, which
 * turns every claim into a string: a number into its digits (API Gateway's REST authorizers,
 * into a date), a list into its items between brackets ("[a b]").
 */
function sameClaim(verified: unknown, read: unknown): boolean {
  if (verified === undefined || read === undefined) return verified === read;
  if (typeof read === 'number') return Number(verified) === read || Date.parse(String(verified)) === read * 1000;
  if (Array.isArray(read) || Array.isArray(verified)) return listItems(verified) === listItems(read);
  return typeof read === 'string' && String(verified) === read;
}

/** A list claim's items, as one string, whether it is the list itself or its flattened text. */
const listItems = (value: unknown): string =>
  (Array.isArray(value)
    ? value.map(String)
    : String(value)
        .replace(/^\[|\]$/g, '')
        .split(/[\s,]+/)
  )
    .filter((item) => item !== '')
    .join(' ');

/** The payload of the bearer token in an Authorization header (its signature was checked by the authorizer). */
/**
 * The house's session a request's player token is of (its `sid`): on /play/graphql only, where
 * API Gateway takes the house's own tokens alone (an identity provider's `sid` means something else).
 */
export function playerSessionOf(event: APIGatewayProxyEventV2): string | undefined {
  if (event.rawPath !== PLAY_GRAPHQL_PATH) return undefined;
  const sid = tokenClaims(event.headers?.authorization ?? event.headers?.Authorization)?.sid;
  return typeof sid === 'string' ? sid : undefined;
}

/** Where GraphQL takes the house's own player tokens (docs/LAUNCH.md). */
export const PLAY_GRAPHQL_PATH = '/play/graphql';

function tokenClaims(authorization: string | undefined): VerifiedClaims | undefined {
  const payload = /^Bearer [A-Za-z0-9_-]+\.([A-Za-z0-9_-]+)\.[A-Za-z0-9_-]+$/i.exec(authorization ?? '')?.[1];
  if (!payload) return undefined;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return claims && typeof claims === 'object' && !Array.isArray(claims) ? (claims as VerifiedClaims) : undefined;
  } catch {
    return undefined;
  }
}
