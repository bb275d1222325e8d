/**
 * The layering of the house, checked by `npm test` (the `check` script runs dependency-cruiser
 * over functions/, local/, infra/ and client/; test/layering.test.ts proves each rule bites).
 * Dependencies point down, toward the rules layer:
 *
 *   rules  <  store  <  services  <  observability  <  graphql  <  live, sweeper, workers  <  infra, local
 *
 * and within services/ and store/, every capability may import its floor's `kernel/`, which
 * imports no other capability; capabilities may import one another (a bet needs its table, a
 * round its bets), as long as no cycle of modules forms; no other capability imports the live
 * one (the live feed reads the game; the game never waits on the live feed).
 * Type-only imports count: a cycle through a type is still two modules that cannot be read apart.
 */

/** Node's own modules and every npm package: what the pure rules layer never imports. */
const NOT_OWN_CODE = ['core', 'npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-bundled', 'npm-no-pkg', 'npm-unknown'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules that import each other, directly or around a loop: move what both need to a module below them.',
      from: { path: '^(functions|local|infra|client)/' },
      to: { circular: true },
    },
    {
      name: 'rules-are-pure',
      severity: 'error',
      comment: 'The rules layer is exact arithmetic on values, tested alone: it imports none of the floors above it, nor any tool.',
      from: { path: '^functions/rules/' },
      to: { path: '^(functions/(services|store|graphql|live|observability|sweeper|workers)|infra|local|client|test|bench|scripts)/' },
    },
    {
      name: 'rules-import-no-package',
      severity: 'error',
      comment: 'The rules layer imports no Node module and no npm package: it reads nothing and writes nothing.',
      from: { path: '^functions/rules/' },
      to: { dependencyTypes: NOT_OWN_CODE },
    },
    {
      name: 'store-below-services',
      severity: 'error',
      comment: 'The store reads and writes items; the use cases (services) and the entries above them call it, never the reverse.',
      from: { path: '^functions/store/' },
      to: { path: '^(functions/(services|edge|graphql|launch|live|observability|sweeper|workers)|infra|local)/' },
    },
    {
      name: 'services-below-entries',
      severity: 'error',
      comment:
        'A use case knows nothing of the transport that calls it (GraphQL, WebSocket, the sweeper, the queue workers) nor of how it is deployed or run locally.',
      from: { path: '^functions/services/' },
      to: { path: '^(functions/(edge|graphql|launch|live|observability|sweeper|workers)|infra|local)/' },
    },
    {
      name: 'observability-below-entries',
      severity: 'error',
      comment: 'Logs, metrics and traces wrap the entries (graphql, live, sweeper, workers); they do not import them.',
      from: { path: '^functions/observability/' },
      to: { path: '^functions/(graphql|live|sweeper|workers)/' },
    },
    {
      name: 'graphql-below-live',
      severity: 'error',
      comment: 'The WebSocket side serves the GraphQL schema; the HTTP side never imports the WebSocket side, the sweeper or the workers.',
      from: { path: '^functions/graphql/' },
      to: { path: '^functions/(live|sweeper|workers)/' },
    },
    {
      name: 'kernel-imports-no-capability',
      severity: 'error',
      comment:
        "A floor's kernel (services/kernel, store/kernel) is what every capability stands on: it imports no capability of its floor or any above.",
      from: { path: '^functions/(services|store)/kernel/' },
      to: { path: '^functions/(services|store)/(?!kernel/)[^/]+/' },
    },
    {
      name: 'live-capability-is-a-leaf',
      severity: 'error',
      comment:
        'No other capability imports the live one (services/live, store/live): the live feed is fed from the stream and reads the game, the game never waits on it.',
      from: { path: '^functions/(services|store)/(?!live/)[^/]+/' },
      to: { path: '^functions/(services|store)/live/' },
    },
    {
      name: 'wallet-contract-stands-alone',
      severity: 'error',
      comment:
        "The seamless wallet contract (functions/wallet) imports no other floor: partners' wallets, the reference wallet and the conformance check read it as it is, and the services call it through a port.",
      from: { path: '^functions/wallet/' },
      to: { path: '^functions/(?!wallet/)' },
    },
    {
      name: 'functions-not-to-infra',
      severity: 'error',
      comment: 'The Lambdas do not import the CDK stack that deploys them.',
      from: { path: '^functions/' },
      to: { path: '^infra/' },
    },
    {
      name: 'production-not-to-tooling',
      severity: 'error',
      comment:
        'What is deployed or shipped (functions, infra, client) never imports the tests, the bench, the local server or the scripts.',
      from: { path: '^(functions|infra|client)/' },
      to: { path: '^(test|bench|local|scripts)/' },
    },
    {
      name: 'not-to-dev-dep',
      severity: 'error',
      comment:
        'The Lambda bundles hold what functions/ imports at run time: such a package is a dependency, so that package.json says what the product runs on (and its version is pinned as one). Type-only imports (@types/aws-lambda) leave nothing in the bundle.',
      from: { path: '^functions/' },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'], pathNot: ['node_modules/@types/'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    // Type-only imports count, for cycles as for floors (they are erased from the JavaScript).
    tsPreCompilationDeps: true,
  },
};
