// The offline GraphQL explorer served by the local server on `GET /`: the page and the
// GraphiQL, React and ReactDOM browser bundles, copied from the installed npm packages so
// nothing is fetched from a CDN (Apollo's own landing page is blank offline).
// `/explorer/config.json` (demo query and headers) is built by the server, not here.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ExplorerAsset {
  body: Buffer | string;
  contentType: string;
}

const HTML = 'text/html; charset=utf-8';
const JAVASCRIPT = 'text/javascript; charset=utf-8';
const CSS = 'text/css; charset=utf-8';

const require = createRequire(import.meta.url);

// Only `package.json` is exported by these packages, so the UMD files are found next to it.
function packageFile(packageName: string, file: string): string {
  return join(dirname(require.resolve(`${packageName}/package.json`)), file);
}

// A fixed whitelist: the request path is only ever a key here, never part of a file path,
// so no path traversal is possible.
const SOURCES: Readonly<Record<string, { file: () => string; contentType: string }>> = {
  '/': { file: () => fileURLToPath(new URL('./explorer.html', import.meta.url)), contentType: HTML },
  '/explorer/graphiql.min.js': { file: () => packageFile('graphiql', 'graphiql.min.js'), contentType: JAVASCRIPT },
  '/explorer/graphiql.min.css': { file: () => packageFile('graphiql', 'graphiql.min.css'), contentType: CSS },
  '/explorer/react.production.min.js': {
    file: () => packageFile('react', 'umd/react.production.min.js'),
    contentType: JAVASCRIPT,
  },
  '/explorer/react-dom.production.min.js': {
    file: () => packageFile('react-dom', 'umd/react-dom.production.min.js'),
    contentType: JAVASCRIPT,
  },
};

// Each file is read on first request and kept: about 1.5 MB in all, served unchanged for the process's life.
const loaded = new Map<string, ExplorerAsset>();

/** The explorer asset for a request path (`/`, `/explorer/...`), or undefined if the path is not one. */
export function explorerAsset(pathname: string): ExplorerAsset | undefined {
  if (!Object.hasOwn(SOURCES, pathname)) return undefined;
  const cached = loaded.get(pathname);
  if (cached) return cached;
  const source = SOURCES[pathname]!;
  const asset: ExplorerAsset = { body: readFileSync(source.file()), contentType: source.contentType };
  loaded.set(pathname, asset);
  return asset;
}

/** Every path `explorerAsset` serves, e.g. for a server's routing table or a test. */
export const explorerAssetPaths: readonly string[] = Object.keys(SOURCES);
