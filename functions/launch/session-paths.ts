/**
 * The paths the session routes answer (routes.ts): API Gateway routes them to the API's function
 * without its JWT authorizer. A module of its own, so that the GraphQL entry reads it without
 * loading the routes before their first call.
 */
export const SESSION_PATHS = /^\/(partner|session|rounds)\/v1\/|^\/\.well-known\//;
