/** Debian's Chromium for the browser tests, driven by playwright-core: nothing downloads a browser (CHROMIUM_PATH for another). */
import { chromium, type Browser, type Page } from 'playwright-core';
import { PATIENCE_MS } from './patience';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Without the background-networking flags Chromium tries Google's hosts at start, which this machine refuses.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Chromium, started however long a loaded machine takes (PATIENCE_MS only a safety; Playwright's own is 3 minutes). */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true, timeout: PATIENCE_MS });

/**
 * A new page whose navigations, clicks and waits last as long as they take (PATIENCE_MS only a
 * safety): Playwright's default of 30 s is one a loaded machine can reach.
 */
export async function newPage(browser: Browser, options?: Parameters<Browser['newPage']>[0]): Promise<Page> {
  const page = await browser.newPage(options);
  page.setDefaultTimeout(PATIENCE_MS);
  return page;
}
