/**
 * The table page on the local server: `GET /tables/<tableId>` is one HTML page for every table
 * (the page reads the id from its address), and the lobby's (`GET /lobby`), `GET /tables/page.js` its script, bundled by esbuild
 * from client/table-page/page.ts on the first request and kept, `GET /tables/page.css` its styles.
 * Every answer says its page may reach this server only (Content-Security-Policy).
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

export interface TablePageAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** The ids the API accepts (its id alphabet): anything else in the path is no table page. */
const TABLE_ID = /^[A-Za-z0-9_.:-]{1,128}$/;
/** A Host header fit to be named in the policy (name or IPv4, or [IPv6], and a port); otherwise only 'self' is. */
const HOST = /^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

const SCRIPT_PATH = '/tables/page.js';
/** A round's details page (its round id, `<tableId>.<sequence>`): what a round-details link opens. */
export const ROUND_DETAILS = /^\/rounds\/[A-Za-z0-9_.:-]{1,140}$/;
/** Where a partner's launch without a table lands. */
export const LOBBY_PATH = '/lobby';
const STYLES_PATH = '/tables/page.css';
const ENTRY = fileURLToPath(new URL('../client/table-page/page.ts', import.meta.url));
const STYLES = fileURLToPath(new URL('../client/table-page/page.css', import.meta.url));

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Table</title>
    <link rel="icon" href="data:,">
    <link rel="stylesheet" href="${STYLES_PATH}">
    <script type="module" src="${SCRIPT_PATH}"></script>
  </head>
  <body>
    <main id="table-page" class="table-page" aria-busy="true">
      <p class="muted">Loading the table…</p>
    </main>
    <noscript><p>The table page needs JavaScript.</p></noscript>
  </body>
</html>
`;

const NOT_FOUND = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>No table page</title>
  </head>
  <body>
    <h1>No table page here</h1>
    <p>A table page's address is /tables/ followed by the table's id.</p>
  </body>
</html>
`;

/**
 * Scripts and styles from this server only, no inline ones (the page sets styles through the
 * CSSOM, which the policy allows); requests to this server only, its WebSocket included: 'self'
 * covers ws: for browsers of CSP level 3, the host named covers the others.
 */
function contentSecurityPolicy(host: string | undefined, embedOrigins: readonly string[]): string {
  const socket = host && HOST.test(host) ? ` ws://${host} wss://${host}` : '';
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `connect-src 'self'${socket}`,
    // data: for the page's empty icon, so that the browser asks for no /favicon.ico.
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    // A partner's sites may embed its players' page (configurePartnerClient); nobody else's.
    `frame-ancestors ${embedOrigins.length > 0 ? embedOrigins.join(' ') : "'none'"}`,
  ].join('; ');
}

let script: Promise<string> | undefined;
let styles: Promise<string> | undefined;

/** Bundled once per process (the first page's request waits for it, about a tenth of a second); a failure is tried again next time. */
function pageScript(): Promise<string> {
  script ??= import('esbuild')
    .then(({ build }) =>
      build({
        entryPoints: [ENTRY],
        bundle: true,
        platform: 'browser',
        format: 'esm',
        target: 'es2022',
        write: false,
        minify: true,
        legalComments: 'none',
        logLevel: 'silent',
      }),
    )
    .then((result) => result.outputFiles[0]!.text)
    .catch((error: unknown) => {
      script = undefined;
      throw error;
    });
  return script;
}

function pageStyles(): Promise<string> {
  styles ??= readFile(STYLES, 'utf8').catch((error: unknown) => {
    styles = undefined;
    throw error;
  });
  return styles;
}

/**
 * The answer to `GET <pathname>` for a path under /tables/; `host` is the request's Host header,
 * `embedOrigins` the sites that may embed it (those of the partner its address names).
 */
export async function tablePage(
  pathname: string,
  host: string | undefined,
  embedOrigins: readonly string[] = [],
): Promise<TablePageAnswer> {
  const headers = {
    'content-security-policy': contentSecurityPolicy(host, embedOrigins),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    // Bundled anew at each start: a browser asks again rather than keep an old script.
    'cache-control': 'no-cache',
  };
  if (pathname === SCRIPT_PATH)
    return { status: 200, headers: { ...headers, 'content-type': 'text/javascript; charset=utf-8' }, body: await pageScript() };
  if (pathname === STYLES_PATH)
    return { status: 200, headers: { ...headers, 'content-type': 'text/css; charset=utf-8' }, body: await pageStyles() };
  const html = { ...headers, 'content-type': 'text/html; charset=utf-8' };
  // The lobby is the same page: its script draws the lobby there.
  if (pathname === LOBBY_PATH || ROUND_DETAILS.test(pathname)) return { status: 200, headers: html, body: PAGE };
  const id = pathname.slice('/tables/'.length);
  // The id is checked as it appears in the path (a table id needs no escaping), never decoded into something else.
  if (!TABLE_ID.test(id)) return { status: 404, headers: html, body: NOT_FOUND };
  return { status: 200, headers: html, body: PAGE };
}
