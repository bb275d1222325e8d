import type { ServiceDependencies } from '../services/kernel/services';
import { environmentDependencies } from '../services/kernel/services';
import { observability } from '../observability/lambda-entry';
import { launchRoutes, type LaunchRoutes } from './routes';
import { playerTokenIssuer } from './token-issuer';

/**
 * The session routes (routes.ts) as the API's function serves them (graphql/handler.ts routes
 * their paths here), configured from its environment as GraphQL is, and: PLAYER_TOKEN_ISSUER, the
 * house's token issuer URL (the API's own, which serves its JWKS); CLIENT_SOCKET_PATH, the
 * WebSocket's path on the hosted pages' origin (`/live` through CloudFront). Launch URLs and pages
 * name PUBLIC_BASE_URL (environmentDependencies), else the origin a call came to.
 */
export function sessionRoutesFrom(configure: (deps: ServiceDependencies) => ServiceDependencies, env: NodeJS.ProcessEnv): LaunchRoutes {
  return launchRoutes(withPlayerTokens(configure(environmentDependencies(env, observability)), env), {
    ...(env.CLIENT_SOCKET_PATH ? { socketPath: env.CLIENT_SOCKET_PATH } : {}),
  });
}

/** The house's token issuer, where PLAYER_TOKEN_ISSUER names it and there is a secret store for its key. */
export function withPlayerTokens(deps: ServiceDependencies, env: NodeJS.ProcessEnv): ServiceDependencies {
  if (deps.playerTokens || !env.PLAYER_TOKEN_ISSUER || !deps.walletSecrets) return deps;
  return { ...deps, playerTokens: playerTokenIssuer(env.PLAYER_TOKEN_ISSUER, deps.walletSecrets) };
}
