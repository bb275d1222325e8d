/**
 * Stands in for @graphql-tools/schema in the functions' bundles (function-bundling.ts). Apollo
 * Server imports it to build a schema from `typeDefs`, which this API never gives it: the schema
 * is built by functions/graphql/executable-schema.ts and given whole. Left out, its 185 KiB (with
 * @graphql-tools/utils and merge) are not parsed at every cold start.
 */
export function makeExecutableSchema() {
  throw new Error('This bundle gives Apollo Server a built schema: building one from typeDefs is not bundled.');
}
