/**
 * The paths the session routes answer (routes.ts), the hosted client's pages among them
 * (hosted-pages.ts): API Gateway routes them to the API's function without its JWT authorizer. A
 * module of its own, so that the GraphQL entry reads it without loading the routes before their first call.
 */
/** The hosted client's pages, right or wrong (a wrong table id is answered 404 by the page's server). */
export const PAGE_PATHS = /^\/tables\/|^\/lobby$|^\/rounds\/(?!v1\/)/;
export const SESSION_PATHS = new RegExp(`^/(partner|session|rounds)/v1/|^/\\.well-known/|${PAGE_PATHS.source}`);
