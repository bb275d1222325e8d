/**
 * The hosted client's script and styles on the local server (`GET /client/page.js`,
 * `GET /client/page.css`), as CloudFront serves them from S3 in AWS: the script bundled by esbuild
 * on the first request and kept, built as the stack builds it (client/hosted-client-build.ts). The
 * pages that load them are the API's (functions/launch/hosted-pages.ts).
 */
import { CLIENT_FILES, CLIENT_PATH } from '../functions/launch/hosted-pages';
import { CLIENT_SCRIPT_BUILD, clientStyles } from '../client/hosted-client-build';

export interface ClientFileAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

let script: Promise<string> | undefined;

/** Bundled once per process (the first page's request waits for it, about a tenth of a second); a failure is tried again next time. */
function pageScript(): Promise<string> {
  script ??= import('esbuild')
    .then(({ build }) => build({ ...CLIENT_SCRIPT_BUILD, write: false }))
    .then((result) => result.outputFiles[0]!.text)
    .catch((error: unknown) => {
      script = undefined;
      throw error;
    });
  return script;
}

/** The answer to `GET <pathname>` for a client file, or undefined for any other path. */
export async function clientFile(pathname: string): Promise<ClientFileAnswer | undefined> {
  const headers = {
    'x-content-type-options': 'nosniff',
    // Bundled anew at each start: a browser asks again rather than keep an old script.
    'cache-control': 'no-cache',
  };
  if (pathname === `${CLIENT_PATH}${CLIENT_FILES.script}`)
    return { status: 200, headers: { ...headers, 'content-type': 'text/javascript; charset=utf-8' }, body: await pageScript() };
  if (pathname === `${CLIENT_PATH}${CLIENT_FILES.styles}`)
    return { status: 200, headers: { ...headers, 'content-type': 'text/css; charset=utf-8' }, body: clientStyles() };
  return undefined;
}
