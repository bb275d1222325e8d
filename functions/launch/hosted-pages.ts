/**
 * The hosted client's HTML pages, as the API's function serves them (in AWS behind CloudFront,
 * locally through `npm start`'s server): one page for the table (`/tables/<tableId>`), the lobby
 * (`/lobby`) and a round's details (`/rounds/<roundId>`), whose script draws what its address
 * names. The HTML comes from here, not from the bucket the script is in, because each partner's
 * page carries its own `frame-ancestors` (configurePartnerClient).
 */
import type { ServiceDependencies } from '../services/kernel/services';
import { embedOriginsOf } from '../services/sessions/partner-clients';
import { PAGE_WORDS, type PageLanguage } from './page-words';

/** Where the hosted page's script and styles are served from: S3 behind CloudFront in AWS, the local server under `npm start`. */
export const CLIENT_PATH = '/client/';
export const CLIENT_FILES = { script: 'page.js', styles: 'page.css' } as const;

/** The paths of the pages: a table's (its id as the API accepts ids), the lobby, a round's details (`<tableId>.<sequence>`). */
const TABLE_PAGE = /^\/tables\/[A-Za-z0-9_.:-]{1,128}$/;
const ROUND_PAGE = /^\/rounds\/[A-Za-z0-9_.:-]{1,140}$/;
export const LOBBY_PATH = '/lobby';

/** A Host header fit to be named in the policy (name or IPv4, or [IPv6], and a port); otherwise only 'self' is. */
const HOST = /^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

export interface PageRequest {
  readonly path: string;
  /** The partner the launch URL names (`?partner=`): whose sites may embed the page. */
  readonly partner: string | undefined;
  /** Where the page is reached: the public URL when configured, else the request's own origin. */
  readonly origin: string;
  /** The WebSocket's path on the page's origin: `/live` through CloudFront, `/graphql` on the local server. */
  readonly socketPath: string;
  /** The language of the shell's few words (page-words.ts); English unless said. */
  readonly language?: PageLanguage;
}

export interface PageAnswer {
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

export async function hostedPage(deps: ServiceDependencies, request: PageRequest): Promise<PageAnswer> {
  const known = request.path === LOBBY_PATH || TABLE_PAGE.test(request.path) || ROUND_PAGE.test(request.path);
  const embedOrigins = known ? await embedOriginsOf(deps, request.partner) : [];
  return {
    statusCode: known ? 200 : 404,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': contentSecurityPolicy(request.origin, embedOrigins),
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      // The page is a shell that names its script: a browser asks again rather than keep an old one.
      'cache-control': 'no-cache',
    },
    // The path is never written into the page: its script reads it from the address.
    body: known ? page(request.socketPath, request.language ?? 'en') : notFound(request.language ?? 'en'),
  };
}

/**
 * Scripts and styles from the page's origin only, no inline ones (the page sets styles through the
 * CSSOM, which the policy allows); requests to that origin only, its WebSocket included: 'self'
 * covers ws: and wss: for browsers of CSP level 3, the host named covers the others.
 */
function contentSecurityPolicy(origin: string, embedOrigins: readonly string[]): string {
  const url = URL.canParse(origin) ? new URL(origin) : undefined;
  const socket = url && HOST.test(url.host) ? ` ${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}` : '';
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

/** The socket path is configuration (a path of letters, digits and `/_-`), never the request's. */
const SOCKET_PATH = /^\/[A-Za-z0-9/_-]{0,64}$/;

const page = (socketPath: string, language: PageLanguage): string => {
  const words = PAGE_WORDS[language];
  return `<!doctype html>
<html lang="${language}">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="live-socket" content="${SOCKET_PATH.test(socketPath) ? socketPath : '/graphql'}">
    <title>${words.title}</title>
    <link rel="icon" href="data:,">
    <link rel="stylesheet" href="${CLIENT_PATH}${CLIENT_FILES.styles}">
    <script type="module" src="${CLIENT_PATH}${CLIENT_FILES.script}"></script>
  </head>
  <body>
    <main id="table-page" class="table-page" aria-busy="true">
      <p class="muted">${words.loading}</p>
    </main>
    <noscript><p>${words.noScript}</p></noscript>
  </body>
</html>
`;
};

const notFound = (language: PageLanguage): string => {
  const words = PAGE_WORDS[language];
  return `<!doctype html>
<html lang="${language}">
  <head>
    <meta charset="utf-8">
    <title>${words.notFoundTitle}</title>
  </head>
  <body>
    <h1>${words.notFound}</h1>
    <p>${words.notFoundText}</p>
  </body>
</html>
`;
};
