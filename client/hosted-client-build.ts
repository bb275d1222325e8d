/**
 * How the hosted client's files are built, once for both places that serve them:
 * - `npm start` bundles them in memory on the first request (local/table-page.ts);
 * - the stack bundles them at synth into the S3 bucket CloudFront serves them from (infra/hosted-client.ts).
 * The HTML page around them is the API's (functions/launch/hosted-pages.ts), which names them.
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync, type BuildOptions } from 'esbuild';
import { CLIENT_FILES } from '../functions/launch/hosted-pages';

const ENTRY = fileURLToPath(new URL('./table-page/page.ts', import.meta.url));
const STYLES = fileURLToPath(new URL('./table-page/page.css', import.meta.url));

/** The script's bundle: one ES module for the browser, minified. */
export const CLIENT_SCRIPT_BUILD = {
  entryPoints: [ENTRY],
  bundle: true,
  platform: 'browser',
  format: 'esm',
  target: 'es2022',
  minify: true,
  legalComments: 'none',
  logLevel: 'silent',
} as const satisfies BuildOptions;

/** The page's styles, as written. */
export const clientStyles = (): string => readFileSync(STYLES, 'utf8');

/** Writes the script and styles into `directory`, synchronously (as CDK's local bundling runs): what the stack uploads. */
export function buildHostedClient(directory: string): void {
  mkdirSync(directory, { recursive: true });
  buildSync({ ...CLIENT_SCRIPT_BUILD, outfile: join(directory, CLIENT_FILES.script), write: true });
  writeFileSync(join(directory, CLIENT_FILES.styles), clientStyles());
}
