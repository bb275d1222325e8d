import { fileURLToPath } from 'node:url';
import { OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';

const splitBundle = fileURLToPath(new URL('./split-bundle.mjs', import.meta.url));
const withoutSchemaTools = fileURLToPath(new URL('./without-schema-tools.mjs', import.meta.url));

/**
 * How every function of the stack is bundled (local esbuild, no Docker): for `entry`, split, so
 * that what a handler loads with import() is left out of index.mjs until it is first needed
 * (split-bundle.mjs). One definition, so that the cold-start benchmark's minimal bundle is built
 * exactly as the product's.
 */
export const functionBundling = (
  entry: string,
  {
    /**
     * The function gives Apollo Server a built schema, never `typeDefs` (every function of the
     * stack): Apollo's schema tools are left out of the bundle (without-schema-tools.mjs).
     */
    schemaGiven = true,
  }: { readonly schemaGiven?: boolean } = {},
): BundlingOptions => {
  const options = schemaGiven ? { ...ESBUILD_OPTIONS, alias: { '@graphql-tools/schema': withoutSchemaTools } } : ESBUILD_OPTIONS;
  return {
    ...BUNDLING,
    commandHooks: {
      beforeBundling: () => [],
      beforeInstall: () => [],
      afterBundling: (_inputDir, outputDir) => [
        [process.execPath, splitBundle, entry, outputDir, JSON.stringify(options)].map(shellQuoted).join(' '),
      ],
    },
  };
};

/**
 * The environment every function's Node process starts with, beside its own settings; the
 * cold-start benchmark and the bundle's tests start theirs the same way.
 */
export const FUNCTION_PROCESS_ENVIRONMENT = {
  // Stack traces in the logs point into the TypeScript sources.
  NODE_OPTIONS: '--enable-source-maps',
  // graphql-js's production path: its instanceof checks without the guard against a second copy of
  // graphql-js (a bundle holds one), a few milliseconds of a cold start's schema build. Apollo reads
  // it too, for defaults the server sets explicitly (introspection, stack traces, landing page).
  NODE_ENV: 'production',
} as const;

const shellQuoted = (word: string): string => `'${word.replaceAll("'", "'\\''")}'`;

const BUNDLING = {
  format: OutputFormat.ESM,
  mainFields: ['module', 'main'],
  // ESM output, but some bundled CommonJS code still calls require() at run time (lru-cache,
  // under Apollo, requires node:diagnostics_channel); without this the bundle fails at import
  // with 'Dynamic require of "node:diagnostics_channel" is not supported'.
  banner: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
  target: 'node24',
  minify: true,
  // Stack traces and error names in the logs keep their real function and class names.
  keepNames: true,
  sourceMap: true,
  // Traces need file and line, not the sources: a map about a third the size, and Node parses it at every cold start.
  sourcesContent: false,
  // NodejsFunction's own esbuild pass compiles the entry alone, every import left out: split-bundle.mjs
  // replaces its output with the real bundle (the AWS SDK in it: the version the tests ran against,
  // not whichever one the runtime carries today), so bundling everything twice would be wasted.
  externalModules: ['*'],
} satisfies BundlingOptions;

/** The same options, as esbuild's API takes them (split-bundle.mjs). */
export const ESBUILD_OPTIONS = {
  mainFields: BUNDLING.mainFields,
  banner: { js: BUNDLING.banner },
  target: BUNDLING.target,
  minify: BUNDLING.minify,
  keepNames: BUNDLING.keepNames,
  sourcemap: BUNDLING.sourceMap,
  sourcesContent: BUNDLING.sourcesContent,
};
