/**
 * A Portuguese and a Traditional Chinese player each play a craps hand and a baccarat round on a
 * 390 px phone: the page in their language, every refusal said in it from its code and
 * parameters, amounts in their currency's unit written their way. Real Chromium, the real API.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, newPage } from '../support/chromium';
import { dealer } from '../support/test-api';
import { useTestApi } from '../support/use-test-api';
import { demoExplorerConfig, seedDemo } from '../../local/demo';

const api = useTestApi({ live: true, explorerConfig: demoExplorerConfig });
const DEALER = dealer('language-dealer');
let browser: Browser;
beforeAll(async () => {
  await seedDemo(api.deps);
  browser = await launchChromium();
});
afterAll(() => browser?.close());

const PHONE = { width: 390, height: 844 };

async function opened(path: string): Promise<Page> {
  const page = await newPage(browser, { viewport: PHONE, isMobile: true, hasTouch: true });
  await page.goto(`${api.url}${path}`);
  await page.locator('.connection[data-state="live"]').waitFor();
  await page.locator('#table-page[data-synced]').waitFor();
  return page;
}

const shows = (page: Page, selector: string, text: string) => page.locator(selector, { hasText: text }).first().waitFor();

async function bet(page: Page, type: string, amount: string): Promise<void> {
  await page.locator('#bet-type').selectOption(type);
  await page.locator('#bet-amount').fill(amount);
  await page.locator('button.place-bet').click();
}

/** What each language says: its words, and its way of writing 1,000.00 MOP. */
const PLAYERS = [
  {
    lang: 'pt',
    open: 'Apostas abertas',
    aboveMaximum: 'A aposta ultrapassa o máximo de Pass Line, 1.000,00 MOP.',
    placed: 'Apostado: Pass Line 10,00 MOP',
    won: 'Ganhou',
    net: '+10,00 MOP',
    noJackpot: 'Esta mesa não tem jackpot.',
    banker: 'Apostado: Banqueiro 10,00 MOP',
    lost: 'Perdeu',
  },
  {
    lang: 'zh-Hant',
    open: '接受下注',
    aboveMaximum: '注碼超過過關線的上限 1,000.00 MOP。',
    placed: '已下注：過關線 10.00 MOP',
    won: '贏',
    net: '+10.00 MOP',
    noJackpot: '此賭桌沒有累積彩池。',
    banker: '已下注：莊 10.00 MOP',
    lost: '輸',
  },
] as const;

describe('a player in their own language, on a phone', () => {
  for (const player of PLAYERS)
    it(`plays a craps hand and a baccarat round in ${player.lang}, refusals and amounts theirs`, async () => {
      const craps = await api.openTable({ name: `Craps ${player.lang}` });
      await api.seatShooter(craps);
      const page = await opened(`/tables/${craps}?lang=${player.lang}`);
      await shows(page, '.betting-state', player.open);
      await bet(page, 'PASS_LINE', '2000');
      await shows(page, '.bet-outcome', player.aboveMaximum);
      await bet(page, 'PASS_LINE', '10');
      await shows(page, '.bet-outcome', player.placed);
      // A 7 on the come-out: the Pass Line wins.
      await api.closeAndRoll(craps, [3, 4]);
      await shows(page, '[aria-labelledby="settled-heading"] li', player.won);
      await shows(page, '[aria-labelledby="settled-heading"] li', player.net);
      await page.close();

      const baccarat = await api.openTable({ game: 'BACCARAT', name: `Baccarat ${player.lang}` });
      const round = await opened(`/tables/${baccarat}?lang=${player.lang}`);
      await bet(round, 'JACKPOT', '10');
      await shows(round, '.bet-outcome', player.noJackpot);
      await bet(round, 'BANKER', '10');
      await shows(round, '.bet-outcome', player.banker);
      // Player 9 to Banker 5: the Banker bet loses.
      const sequence = await api.closeBetting(baccarat);
      await api.data(DEALER, `mutation ($i: SubmitDealInput!) { submitDeal(input: $i) { settlementComplete userErrors { code } } }`, {
        i: { tableId: baccarat, cards: ['9H', '5C', 'KD', 'KS'], sequence },
      });
      await shows(round, '[aria-labelledby="settled-heading"] li', player.lost);
      expect(await round.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await round.close();
    });
});
