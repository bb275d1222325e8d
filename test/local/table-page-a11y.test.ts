/**
 * The table page for everyone (the issue on phones and languages): axe-core, run in Chromium on
 * each page and state a player meets, finds no serious or critical violation; and a bet is placed
 * and taken down with the keyboard alone. Real Chromium, the real API, DynamoDB Local.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, newPage } from '../support/chromium';
import { useTestApi } from '../support/use-test-api';
import { demoExplorerConfig, DEMO_BACCARAT_TABLE, DEMO_PLAYER, seedDemo } from '../../local/demo';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const api = useTestApi({ live: true, explorerConfig: demoExplorerConfig });
let browser: Browser;
beforeAll(async () => {
  await seedDemo(api.deps);
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/** The page at `path`, for the demo player, once its live connection is up. */
async function opened(path: string, viewport = { width: 1100, height: 800 }): Promise<Page> {
  const page = await newPage(browser, { viewport });
  await page.goto(`${api.url}${path}`);
  await page.locator('.connection[data-state="live"]').waitFor();
  await page.locator('#table-page[data-synced]').waitFor();
  return page;
}

/** axe-core's serious and critical findings on the page as it stands (injected over CDP: the page's policy allows no inline script). */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe;
    return (await axe.run(document)).violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** Presses Tab until the element `selector` has the focus (at most `most` times): the keyboard's way to it. */
async function tabTo(page: Page, selector: string, most = 60): Promise<void> {
  for (let presses = 0; presses < most; presses++) {
    if (await page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${selector} is not reached with Tab`);
}

describe('the table page, for everyone', () => {
  it('has no serious or critical accessibility violation: a craps table, its Play safely panel open, a baccarat table, on a phone too', async () => {
    const tableId = await api.openTable({ name: 'Access craps' });
    const craps = await opened(`/tables/${tableId}`);
    expect(await seriousViolations(craps)).toEqual([]);
    await craps.getByText('Limits, reality checks and breaks').click();
    await craps.locator('.protection-status').filter({ hasText: /\S/ }).waitFor();
    expect(await seriousViolations(craps)).toEqual([]);
    await craps.close();

    const baccarat = await opened(`/tables/${DEMO_BACCARAT_TABLE}`, { width: 390, height: 844 });
    expect(await seriousViolations(baccarat)).toEqual([]);
    await baccarat.close();

    const lobby = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await lobby.goto(`${api.url}/lobby`);
    await lobby.locator('h1').waitFor();
    expect(await seriousViolations(lobby)).toEqual([]);
    // The instrument finds what it should: an image with no text is a critical violation.
    await lobby.evaluate(() => document.body.append(Object.assign(document.createElement('img'), { src: 'data:,' })));
    expect((await seriousViolations(lobby)).join()).toMatch(/^image-alt \(critical\)/);
    await lobby.close();
  });

  it('takes a bet and takes it down from the keyboard alone', async () => {
    const tableId = await api.openTable({ name: 'Keyboard craps' });
    await api.seatShooter(tableId);
    const page = await opened(`/tables/${tableId}`);
    const before = await api.balance(DEMO_PLAYER);

    await tabTo(page, '#bet-type');
    await page.keyboard.type('Field');
    expect(await page.locator('#bet-type').inputValue()).toBe('FIELD');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('bet-amount');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('10');
    await page.keyboard.press('Enter');
    await page.locator('.bet-outcome', { hasText: 'Placed: Field 10.00 MOP' }).waitFor();
    expect(await api.balance(DEMO_PLAYER)).toBe(before! - 1_000);

    await tabTo(page, 'button.take-down');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Take down your Field 10.00 MOP');
    await page.keyboard.press('Enter');
    await page.locator('.take-down-outcome', { hasText: 'Taken down: Field 10.00 MOP' }).waitFor();
    await page.locator('[aria-labelledby="open-heading"]', { hasText: 'No bets of yours on the table.' }).waitFor();
    expect(await api.balance(DEMO_PLAYER)).toBe(before);
    await page.close();
  });
});
