/** Chromium for the browser tests (local/chromium.ts), patient as a loaded machine needs. */
import type { Browser, Page } from 'playwright-core';
import { launchChromium as launch } from '../../local/chromium';
import { PATIENCE_MS } from './patience';

/** Chromium, started however long a loaded machine takes (PATIENCE_MS only a safety; Playwright's own is 3 minutes). */
export const launchChromium = (): Promise<Browser> => launch(PATIENCE_MS);

/**
 * A new page whose navigations, clicks and waits last as long as they take (PATIENCE_MS only a
 * safety): Playwright's default of 30 s is one a loaded machine can reach.
 */
export async function newPage(browser: Browser, options?: Parameters<Browser['newPage']>[0]): Promise<Page> {
  const page = await browser.newPage(options);
  page.setDefaultTimeout(PATIENCE_MS);
  return page;
}
