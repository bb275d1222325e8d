/**
 * Debian's Chromium, driven by playwright-core, for the browser tests and the bench: nothing
 * downloads a browser (CHROMIUM_PATH for another).
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/**
 * Chromium's headless shell (Debian's package chromium-headless-shell: the same Blink and V8 as
 * `chromium`, without the desktop browser around them) where it is installed, as Playwright runs
 * headless itself: it takes a third less CPU than `chromium` for the same pages. `chromium` otherwise.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
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

/** Headless Chromium, its start given `timeout` ms (a loaded machine's patience; Playwright's own is 3 minutes). */
export const launchChromium = (timeout: number): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true, timeout });
