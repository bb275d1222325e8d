import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { observability, observedHandler } from '../observability/lambda-entry';
import { environmentDependencies, type ServiceDependencies } from '../services/kernel/services';
import { launchRoutes, type LaunchRoutes } from './routes';
import { playerTokenIssuer } from './token-issuer';

/**
 * Lambda entry point of the session routes (routes.ts), configured from its environment as the
 * GraphQL function is, and: PLAYER_TOKEN_ISSUER, the house's token issuer URL (the API's own,
 * which serves its JWKS); CLIENT_BASE_URL, the hosted client's, which launch URLs open.
 */
export function launchEntry(configure: (deps: ServiceDependencies) => ServiceDependencies = (deps) => deps) {
  let routes: LaunchRoutes | undefined;
  return observedHandler(
    async (event: APIGatewayProxyEventV2) => {
      routes ??= launchRoutes(withPlayerTokens(configure(environmentDependencies(process.env, observability)), process.env), {
        ...(process.env.CLIENT_BASE_URL ? { clientBaseUrl: process.env.CLIENT_BASE_URL } : {}),
      });
      return routes(event);
    },
    { correlationId: (event) => event.requestContext?.requestId },
  );
}

/** The house's token issuer, where PLAYER_TOKEN_ISSUER names it and there is a secret store for its key. */
export function withPlayerTokens(deps: ServiceDependencies, env: NodeJS.ProcessEnv): ServiceDependencies {
  if (deps.playerTokens || !env.PLAYER_TOKEN_ISSUER || !deps.walletSecrets) return deps;
  return { ...deps, playerTokens: playerTokenIssuer(env.PLAYER_TOKEN_ISSUER, deps.walletSecrets) };
}

export const handler = launchEntry();
