/**
 * The table page on phones, a tablet and a desktop, in a real headless Chromium (Debian's, driven
 * by playwright-core, as table-page-browser.test.ts drives it) against the local server: for a craps
 * and a baccarat table with a betting clock and rounds behind them, at each size the issue names,
 * measured in the page itself: no sideways scroll, the betting clock and the bet form on a phone's
 * first screen, every control at least 44 px, and roads that keep their columns with labels
 * apart. Screenshots go to .local/screenshots/ with SCREENSHOTS=1 (and docs/, with UPDATE_DOCS_SCREENSHOTS=1).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, newPage } from '../support/chromium';
import { dealer } from '../support/test-api';
import { useTestApi } from '../support/use-test-api';
import { demoExplorerConfig, DEMO_PLAYER, seedDemo } from '../../local/demo';

const SCREENSHOTS = '.local/screenshots';
const UPDATE_DOCS = process.env.UPDATE_DOCS_SCREENSHOTS === '1';
// Taken only when asked: encoding each page is CPU the suite's other files need.
const TAKE_SCREENSHOTS = UPDATE_DOCS || process.env.SCREENSHOTS === '1';
const DEALER = dealer('mobile-dealer');
/** Apple's and Google's smallest comfortable touch target, in CSS px. */
const TOUCH = 44;

interface Viewport {
  readonly width: number;
  readonly height: number;
  /** A phone: the betting clock and the bet form must be on its first screen. */
  readonly phone: boolean;
  /** Emulated as a touch device (a mobile viewport: the page's meta viewport applies, scrollbars overlay). */
  readonly mobile: boolean;
}

const VIEWPORTS: readonly Viewport[] = [
  { width: 360, height: 740, phone: true, mobile: true },
  { width: 390, height: 844, phone: true, mobile: true },
  // A phone in landscape: 390 px high.
  { width: 844, height: 390, phone: true, mobile: true },
  { width: 768, height: 1024, phone: false, mobile: true },
  { width: 1280, height: 800, phone: false, mobile: false },
];

const api = useTestApi({ live: true, explorerConfig: demoExplorerConfig });
let browser: Browser;
const tables = { craps: '', baccarat: '' };
/** The baccarat table's hands, in order: Player, Banker, Tie. Streaks and chops, so that every derived road has columns. */
const WINNERS = 'PPBPBBBPPBTPBBPPBPBBBPBPPBPBBPPB';

beforeAll(async () => {
  await seedDemo(api.deps);
  browser = await launchChromium();
  mkdirSync(SCREENSHOTS, { recursive: true });

  // A craps table with a betting clock, a point on and a few rolls behind it, and a bet of the player's.
  tables.craps = await api.openTable({ game: 'CRAPS', name: 'Craps on the terrace', bettingWindowSeconds: 600 });
  await api.seatShooter(tables.craps);
  for (const dice of [
    [2, 2],
    [3, 3],
    [5, 6],
    [1, 2],
    [4, 4],
    [2, 3],
  ] as const)
    await api.closeAndRoll(tables.craps, dice);
  await api.placeBet(DEMO_PLAYER, { tableId: tables.craps, type: 'FIELD', amount: 500 });

  // A baccarat table with a betting clock and a shoe long enough for every road to have several columns.
  tables.baccarat = await api.openTable({ game: 'BACCARAT', name: 'Baccarat on the terrace', bettingWindowSeconds: 600 });
  for (const [i, winner] of [...WINNERS].entries()) {
    const sequence = await api.closeBetting(tables.baccarat);
    await api.data(DEALER, `mutation ($i: SubmitDealInput!) { submitDeal(input: $i) { settlementComplete userErrors { code message } } }`, {
      i: { tableId: tables.baccarat, cards: naturalHand(winner, i), sequence },
    });
  }
  await api.placeBet(DEMO_PLAYER, { tableId: tables.baccarat, type: 'BANKER', amount: 1_000, seat: 3 });
});
afterAll(async () => {
  await browser?.close();
});

/**
 * A hand decided by a natural (no third card), in the order dealt: Player, Banker, Player, Banker.
 * The cards change with `i` so that the tracked shoe never runs out of any of them.
 */
function naturalHand(winner: string, i: number): string[] {
  const suits = ['S', 'H', 'D', 'C'];
  const suit = (k: number) => suits[(i + k) % 4]!;
  const ten = (k: number) => `${['10', 'J', 'Q', 'K'][(Math.floor(i / 4) + k) % 4]}${suit(k)}`;
  const natural = `${Math.floor(i / 4) % 2 ? 8 : 9}${suit(0)}`;
  const small = `${2 + (Math.floor(i / 4) % 4)}${suit(1)}`;
  if (winner === 'P') return [natural, small, ten(2), ten(3)];
  if (winner === 'B') return [small, natural, ten(2), ten(3)];
  return [`8${suit(0)}`, `8${suit(1)}`, ten(2), ten(3)];
}

/** The table's page at `viewport`, drawn, live, its betting clock running and what the table holds shown. */
async function openTablePage(game: 'craps' | 'baccarat', viewport: Viewport): Promise<{ page: Page; errors: string[] }> {
  const page = await newPage(browser, {
    viewport: { width: viewport.width, height: viewport.height },
    deviceScaleFactor: 1,
    isMobile: viewport.mobile,
    hasTouch: viewport.mobile,
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`${api.url}/tables/${tables[game]}`);
  // Waited for by what the page marks, not by its words (which are the player's language's).
  await page.locator('.connection[data-state="live"]').waitFor();
  await page.locator('.betting[data-clock]:is([data-state="open"], [data-state="closing"]) .countdown:not(:empty)').waitFor();
  await page.locator('[aria-labelledby="open-heading"] li.bet').waitFor();
  if (game === 'craps') {
    await page.locator('.puck[data-on]').waitFor();
    await page.locator('.results .result').nth(5).waitFor();
  } else {
    await page
      .locator('.bead-plate .bead')
      .nth(WINNERS.length - 1)
      .waitFor();
    await page.locator('.results .result').first().waitFor();
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  return { page, errors };
}

type Box = {
  readonly top: number;
  readonly bottom: number;
  readonly left: number;
  readonly right: number;
  readonly width: number;
  readonly height: number;
};

/** What the test measures, read in the page at scroll 0. */
interface Layout {
  readonly innerWidth: number;
  readonly innerHeight: number;
  readonly scrollWidth: number;
  readonly bodyScrollWidth: number;
  readonly placeBet: Box;
  readonly amount: Box;
  readonly betting: Box;
  readonly countdown: Box;
  readonly controls: readonly { readonly what: string; readonly width: number; readonly height: number }[];
  readonly roads: readonly {
    readonly kind: string;
    readonly used: number;
    readonly laidOut: number;
    readonly visibleColumns: number;
    readonly markColumnsInView: number;
    readonly caption: Box;
    readonly captionClipped: boolean;
    readonly scroller: Box;
  }[];
}

const measure = (page: Page): Promise<Layout> =>
  page.evaluate(() => {
    const box = (element: Element | null): Box => {
      if (!element) throw new Error('an element the test measures is missing');
      const { top, bottom, left, right, width, height } = element.getBoundingClientRect();
      return { top, bottom, left, right, width, height };
    };
    const controls = Array.from(document.querySelectorAll<HTMLElement>('button, select, input, summary'))
      .filter((control) => control.checkVisibility() && control.getClientRects().length > 0)
      .map((control) => ({
        what: `${control.tagName.toLowerCase()}${control.id ? `#${control.id}` : ''} "${(control.textContent ?? '').trim().slice(0, 30)}"`,
        width: control.getBoundingClientRect().width,
        height: control.getBoundingClientRect().height,
      }));
    const roads = Array.from(document.querySelectorAll('.road')).map((road) => {
      const grid = road.querySelector<HTMLElement>('.road-grid')!;
      const scroller = road.querySelector<HTMLElement>('.road-scroll')!;
      const caption = road.querySelector('figcaption')!;
      const cell = parseFloat(getComputedStyle(grid).getPropertyValue('--cell'));
      const view = scroller.getBoundingClientRect();
      // The columns of marks the player sees without scrolling the road.
      const inView = Array.from(grid.children)
        .map((mark) => mark.getBoundingClientRect())
        .filter((mark) => mark.width > 0 && mark.left >= view.left - 0.5 && mark.right <= view.right + 0.5)
        .map((mark) => Math.round((mark.left - grid.getBoundingClientRect().left) / cell));
      return {
        kind: Array.from(road.classList).find((name) => name.startsWith('road-'))!,
        used: Number(grid.dataset.used),
        laidOut: getComputedStyle(grid).gridTemplateColumns.split(' ').length,
        visibleColumns: Math.floor((scroller.clientWidth - 1) / cell),
        markColumnsInView: new Set(inView).size,
        caption: box(caption),
        captionClipped: caption.scrollWidth > caption.clientWidth,
        scroller: box(scroller),
      };
    });
    return {
      innerWidth: window.innerWidth,
      innerHeight: window.innerHeight,
      scrollWidth: document.documentElement.scrollWidth,
      bodyScrollWidth: document.body.scrollWidth,
      placeBet: box(document.querySelector('.place-bet')),
      amount: box(document.querySelector('#bet-amount')),
      betting: box(document.querySelector('.betting')),
      countdown: box(document.querySelector('.countdown')),
      controls,
      roads,
    };
  });

const overlap = (a: Box, b: Box) =>
  Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;

/** Into .local/screenshots/ with SCREENSHOTS=1; into docs/ as well with UPDATE_DOCS_SCREENSHOTS=1. The whole page, as a player scrolls it. */
async function screenshot(page: Page, name: string): Promise<void> {
  if (!TAKE_SCREENSHOTS) return;
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
  if (UPDATE_DOCS) await page.screenshot({ path: `docs/${name}.png`, fullPage: true });
}

describe.each(['craps', 'baccarat'] as const)('the %s table page on a small screen and a large one', (game) => {
  it.each(VIEWPORTS.map((viewport) => ({ ...viewport, size: `${viewport.width}x${viewport.height}` })))(
    'at $size: no sideways scroll, 44 px controls, the clock and the bet form first on a phone, roads that keep their columns',
    async (viewport) => {
      const { page, errors } = await openTablePage(game, viewport);
      const layout = await measure(page);

      // The page is as wide as the screen: nothing scrolls it sideways (a road scrolls inside its own box).
      expect(layout.innerWidth).toBe(viewport.width);
      expect(layout.scrollWidth).toBeLessThanOrEqual(layout.innerWidth);
      expect(layout.bodyScrollWidth).toBeLessThanOrEqual(layout.innerWidth);

      // A phone's first screen, unscrolled: the betting clock, then the bet form, its amount and its button. On its side
      // too (844x390): there the page's rules for a screen under 500 px high tighten the header and put the form's hints
      // under its button, so that the button fits with the clock.
      if (viewport.phone) {
        expect(layout.betting.bottom).toBeLessThanOrEqual(layout.innerHeight);
        expect(layout.countdown.height).toBeGreaterThan(0);
        expect(layout.countdown.bottom).toBeLessThanOrEqual(layout.innerHeight);
        expect(layout.amount.bottom).toBeLessThanOrEqual(layout.innerHeight);
        expect(layout.placeBet.bottom).toBeLessThanOrEqual(layout.innerHeight);
      }

      // Every control a finger taps: 44 px high, and a button 44 px wide.
      expect(layout.controls.length).toBeGreaterThan(0);
      for (const control of layout.controls) {
        expect(control.height, control.what).toBeGreaterThanOrEqual(TOUCH);
        if (control.what.startsWith('button')) expect(control.width, control.what).toBeGreaterThanOrEqual(TOUCH);
      }

      if (game === 'baccarat') {
        expect(layout.roads.map((road) => road.kind).sort()).toEqual(
          ['road-bead-plate', 'road-big-eye-boy', 'road-big-road', 'road-cockroach-pig', 'road-small-road'].sort(),
        );
        for (const road of layout.roads) {
          // The shoe gives every road several columns: each is laid out, and the road's box shows many of them, never one.
          expect(road.used, road.kind).toBeGreaterThanOrEqual(3);
          expect(road.laidOut, road.kind).toBeGreaterThanOrEqual(road.used);
          expect(road.visibleColumns, road.kind).toBeGreaterThanOrEqual(Math.min(road.used, 8));
          expect(road.markColumnsInView, road.kind).toBeGreaterThan(1);
          expect(road.captionClipped, road.kind).toBe(false);
          expect(road.scroller.left, road.kind).toBeGreaterThanOrEqual(0);
          expect(road.scroller.right, road.kind).toBeLessThanOrEqual(layout.innerWidth);
        }
        // No label over another, or over a road.
        const boxes = layout.roads.flatMap((road) => [
          { what: `${road.kind} label`, box: road.caption },
          { what: `${road.kind} grid`, box: road.scroller },
        ]);
        for (const [i, a] of boxes.entries())
          for (const b of boxes.slice(i + 1)) expect(overlap(a.box, b.box), `${a.what} over ${b.what}`).toBe(false);
      }

      expect(errors).toEqual([]);
      await screenshot(page, `table-page-${viewport.size}-${game}`);
      await page.close();
    },
  );
});
