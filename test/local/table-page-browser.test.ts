/**
 * The table page (/tables/<id>), in a real headless Chromium (Debian's, driven by playwright-core:
 * nothing downloads a browser) against the local server with its WebSocket subscriptions, as
 * `npm start` serves them. The demo player bets through the page's form; the test's dealer
 * closes betting and records the outcome; the page shows the result, the settlement and the new
 * balance from its subscriptions alone: it reads over HTTP only what an event says changed, and
 * never polls. Screenshots go to .local/screenshots/ with SCREENSHOTS=1 (and docs/, with UPDATE_DOCS_SCREENSHOTS=1).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page, WebSocketRoute } from 'playwright-core';
import { launchChromium, newPage } from '../support/chromium';
import { dealer, refusalCode } from '../support/test-api';
import { useTestApi } from '../support/use-test-api';
import { AS_SEAMLESS_PLAYER, demoExplorerConfig, DEMO_BACCARAT_TABLE, DEMO_PLAYER, DEMO_TABLE, seedDemo } from '../../local/demo';
import { DEMO_SEAMLESS_PARTNER, DEMO_SEAMLESS_SUBJECT } from '../../local/seamless-demo';
import { startSeamlessPartner } from '../support/seamless-partner';
import { issueCredential, partnerCall } from '../support/partner-launch';
import { TOKEN_LIFETIME_SECONDS } from '../../local/dev-authorizer';
import { stepRoundLoop } from '../../functions/services/rng/round-loop';
import { getLoopClaim } from '../../functions/store/rng/loop-claims';
import { sweepRealityChecks } from '../../functions/services/protection/reality-checks';
import { writeRealityCheck } from '../../functions/store/protection/reality-checks';
import { getAccount } from '../../functions/store/money/accounts';

const VIEWPORT = { width: 1100, height: 800 };
const SCREENSHOTS = '.local/screenshots';
const UPDATE_DOCS = process.env.UPDATE_DOCS_SCREENSHOTS === '1';
// Taken only when asked: encoding each page is CPU the suite's other files need.
const TAKE_SCREENSHOTS = UPDATE_DOCS || process.env.SCREENSHOTS === '1';
const DEALER = dealer('page-dealer');
const BET_QUERY = `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { bet { id } userErrors { code message } } }`;

/** A player of the page's own (`?as=page-protect`), whose break must not keep the demo player from the other tests. */
const PROTECTED_PLAYER = 'page-protect';
const api = useTestApi({
  live: true,
  explorerConfig: (deps, authorizer) => {
    const demo = demoExplorerConfig(deps, authorizer);
    return async (as) =>
      as === PROTECTED_PLAYER
        ? { ...(await demo()), headers: { authorization: `Bearer ${await authorizer.issueToken(PROTECTED_PLAYER)}` } }
        : demo(as);
  },
});
let browser: Browser;
beforeAll(async () => {
  await seedDemo(api.deps);
  browser = await launchChromium();
  mkdirSync(SCREENSHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

/** A round at the demo baccarat table, as its dealer: no more bets, then the cards. */
async function deal(cards: readonly string[]): Promise<void> {
  const sequence = await api.closeBetting(DEMO_BACCARAT_TABLE);
  await api.data(DEALER, `mutation ($i: SubmitDealInput!) { submitDeal(input: $i) { settlementComplete userErrors { code message } } }`, {
    i: { tableId: DEMO_BACCARAT_TABLE, cards, sequence },
  });
}

/** Rounds that give the roads a shape, naturals all: Player, Banker (a Player pair), Tie, Banker, Player. */
async function dealShoe(): Promise<void> {
  for (const cards of [
    ['9H', '2C', 'KD', '3S'],
    ['5S', 'KH', '5D', '9C'],
    ['8H', '8C', 'KD', 'KS'],
    ['KH', '9D', 'QC', 'KS'],
    ['9C', '7D', 'JH', 'KC'],
  ])
    await deal(cards);
}

/** What the page asked of whom: every request's origin, its GraphQL POSTs by operation, its sockets, its errors. */
interface Traffic {
  readonly origins: Set<string>;
  readonly posts: string[];
  readonly configReads: string[];
  readonly sockets: string[];
  readonly errors: string[];
}

async function openTablePage(
  path: string,
  { clockSkewMs = 0, beforeLoad }: { clockSkewMs?: number; beforeLoad?: (page: Page) => Promise<void> } = {},
): Promise<{ page: Page; traffic: Traffic; status: number | undefined }> {
  const page = await newPage(browser, { viewport: VIEWPORT });
  const traffic: Traffic = { origins: new Set(), posts: [], configReads: [], sockets: [], errors: [] };
  page.on('request', (request) => {
    const url = new URL(request.url());
    traffic.origins.add(url.origin);
    if ((url.pathname === '/graphql' || url.pathname === '/play/graphql') && request.method() === 'POST') {
      const query = (request.postDataJSON() as { query: string }).query;
      traffic.posts.push(/^\s*(?:query|mutation)\s+(\w+)/.exec(query)?.[1] ?? 'anonymous');
    }
    if (url.pathname === '/explorer/config.json') traffic.configReads.push(request.method());
  });
  page.on('websocket', (socket) => traffic.sockets.push(socket.url()));
  page.on('pageerror', (error) => traffic.errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') traffic.errors.push(message.text());
  });
  // The device's clock is wrong: the countdown must run on the server's.
  if (clockSkewMs) {
    await page.addInitScript((skew: number) => {
      const realNow = Date.now.bind(Date);
      Date.now = () => realNow() + skew;
    }, clockSkewMs);
  }
  await beforeLoad?.(page);
  const response = await page.goto(`${api.url}${path}`);
  return { page, traffic, status: response?.status() };
}

/** The page is drawn and its subscriptions are live. */
/** The page live, and showing a table read after the server held its subscriptions (the read made again at load). */
const live = async (page: Page) => {
  await page.locator('.connection[data-state="live"]').waitFor();
  await page.locator('#table-page[data-synced]').waitFor();
};
/** Waits until `selector` holds `text`. */
const shows = (page: Page, selector: string, text: string | RegExp) => page.locator(selector, { hasText: text }).first().waitFor();
const textOf = async (page: Page, selector: string) => ((await page.locator(selector).first().textContent()) ?? '').trim();
/** The countdown's seconds left, as the page shows them ("closes in 0:58"). */
async function secondsLeft(page: Page): Promise<number> {
  const [, minutes, seconds] = /^closes in (\d+):(\d\d)$/.exec(await textOf(page, '.countdown')) ?? [];
  return Number(minutes) * 60 + Number(seconds);
}

async function placeThroughForm(page: Page, bet: { type: string; amount: string; seat?: string }, expected: string | RegExp) {
  await page.getByLabel('Bet', { exact: true }).selectOption(bet.type);
  await page.getByLabel(/^Amount/).fill(bet.amount);
  if (bet.seat !== undefined) await page.getByLabel('Seat', { exact: true }).fill(bet.seat);
  await page.getByRole('button', { name: 'Place bet' }).click();
  await shows(page, '.bet-outcome', expected);
}

const settled = (page: Page, name: string, status: string | RegExp, net: string | RegExp) =>
  page
    .locator('[aria-labelledby="settled-heading"] li', { hasText: name })
    .filter({ hasText: status })
    .filter({ hasText: net })
    .first()
    .waitFor();

/** Into .local/screenshots/ with SCREENSHOTS=1; the docs' own pictures (`docs`) into docs/ as well with UPDATE_DOCS_SCREENSHOTS=1. */
async function screenshot(page: Page, name: string, { docs = false } = {}): Promise<void> {
  if (!TAKE_SCREENSHOTS) return;
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png` });
  if (docs && UPDATE_DOCS) await page.screenshot({ path: `docs/${name}.png` });
}

/** Nothing but this server was asked for anything, over HTTP or WebSocket; the page threw nothing. */
function expectOnlyTheServer(traffic: Traffic): void {
  // The page's icon is an empty data: URL (origin "null"): nothing is fetched for it.
  expect([...traffic.origins].filter((origin) => origin !== 'null')).toEqual([new URL(api.url).origin]);
  for (const socket of traffic.sockets) expect(socket).toBe(api.wsUrl);
  expect(traffic.errors).toEqual([]);
}

/**
 * The page's GraphQL POSTs were these (in any order) and no more: it asked nothing on its own, it
 * never polled. Checked up to a known point, not after a wait: first every event sent to the page
 * so far has reached it (a deposit and a withdrawal to the player after everything else: the
 * stream is read in order and each batch delivered in full before the next is read, so once the
 * withdrawal, written after the deposit reached the page, is shown, everything sent before the
 * deposit has arrived and been handled); then the page sends one bet the table refuses (`refused`,
 * answered with `code`), which is its last POST: every POST it sent before is seen by then.
 */
async function expectOnly(
  page: Page,
  traffic: Traffic,
  operations: readonly string[],
  refused: { readonly bet: { type: string; amount: string; seat?: string }; readonly code: string },
): Promise<void> {
  const balance = (await api.balance(DEMO_PLAYER))!;
  await api.fundAccount(DEMO_PLAYER, balance + 100);
  await shows(page, '.balance-amount', money(balance + 100));
  await api.fundAccount(DEMO_PLAYER, balance);
  await shows(page, '.balance-amount', money(balance));
  const placements = () => traffic.posts.filter((post) => post === 'TablePagePlaceBet').length;
  const placedBefore = operations.filter((post) => post === 'TablePagePlaceBet').length;
  await placeThroughForm(page, refused.bet, refused.code);
  await expect.poll(placements).toBe(placedBefore + 1);
  expect([...traffic.posts].sort()).toEqual([...operations, 'TablePagePlaceBet'].sort());
}

const money = (minor: number) => `${Math.floor(minor / 100).toLocaleString('en-US')}.${String(minor % 100).padStart(2, '0')} MOP`;

describe('the table page in Chromium', () => {
  it('plays a craps hand: a countdown on the server clock, bets through the form, rolls, results and payouts from the subscriptions', async () => {
    // The longest window a table may have: however loaded the machine, the hand is played within it.
    const opening = Date.now();
    const tableId = await api.openTable({
      game: 'CRAPS',
      name: 'Craps with a clock',
      minimumBet: 1_000,
      maximumBet: 1_000_000,
      bettingWindowSeconds: 600,
    });
    const start = (await api.balance(DEMO_PLAYER))!;
    // The device's clock is an hour fast: counting on it, betting would look closed long ago.
    const { page, traffic } = await openTablePage(`/tables/${tableId}`, { clockSkewMs: 3_600_000 });
    await live(page);
    expect(await textOf(page, 'h1')).toBe('Craps with a clock');
    await shows(page, '.betting-state', 'Betting open');
    // Ten minutes less what has passed since the table opened, by the server's clock, and counting down.
    const first = await secondsLeft(page);
    expect(first).toBeLessThanOrEqual(600);
    expect(first).toBeGreaterThanOrEqual(600 - Math.ceil((Date.now() - opening) / 1_000) - 1);
    await shows(page, '.balance-amount', money(start));
    expect(await textOf(page, '.balance .label')).toBe('Your balance');
    await shows(page, '.phase', 'Come-out roll');

    // A Come bet is no bet on a come-out roll: the refusal's code and message, as the API gave them.
    await placeThroughForm(page, { type: 'COME', amount: '10' }, 'BET_NOT_ALLOWED_IN_PHASE');
    await placeThroughForm(page, { type: 'PASS_LINE', amount: '10.00' }, 'Placed: Pass Line 10.00 MOP');
    await placeThroughForm(page, { type: 'FIELD', amount: '10' }, 'Placed: Field 10.00 MOP');
    await shows(page, '[aria-labelledby="open-heading"] li', 'Pass Line');
    await shows(page, '[aria-labelledby="open-heading"] li', 'Field');
    await shows(page, '.balance-amount', money(start - 2_000));
    await expect.poll(() => secondsLeft(page)).toBeLessThan(first);

    // Come-out 4: the point is on, the Field wins (1:1 on a 4), the player holds the dice.
    await api.closeAndRoll(tableId, [2, 2]);
    await shows(page, '.phase', 'Point is 4');
    await shows(page, '.roll-total', '4');
    await settled(page, 'Field', 'Won', '+10.00 MOP');
    await shows(page, '.balance-amount', money(start));
    await shows(page, '.event-log', 'Roll 1: 2 + 2 = 4, point 4');
    await shows(page, '.event-log', 'The dice passed to you');
    await shows(page, '.shooter', 'You have the dice');

    // Seven out: the Pass Line and the new Field bet lose.
    await placeThroughForm(page, { type: 'FIELD', amount: '10' }, 'Placed: Field 10.00 MOP');
    await shows(page, '[aria-labelledby="open-heading"] li', 'Field');
    await screenshot(page, 'table-page-craps', { docs: true });
    await api.closeAndRoll(tableId, [3, 4]);
    await settled(page, 'Pass Line', 'Lost', '−10.00 MOP');
    await settled(page, 'Field', 'Lost', '−10.00 MOP');
    await shows(page, '.phase', 'Come-out roll');
    await shows(page, '.balance-amount', money(start - 1_000));
    await shows(page, '[aria-labelledby="open-heading"]', 'No bets of yours on the table.');
    await shows(page, '.betting-state', 'Betting open');
    expect(await api.balance(DEMO_PLAYER)).toBe(start - 1_000);
    const results = await page.locator('.results .result').allTextContents();
    expect(results.map((result) => result.trim())).toEqual(['7', '4']);
    await screenshot(page, 'table-page-craps-seven-out');

    // Two reads of the table at load (beside the socket's opening, and once it holds the subscriptions); then only the bets placed and, after each round paid, what it left.
    await expectOnly(
      page,
      traffic,
      [
        'TablePage',
        'TablePage',
        'TablePagePlaceBet',
        'TablePagePlaceBet',
        'TablePagePlaceBet',
        'TablePageRoundSettled',
        'TablePagePlaceBet',
        'TablePageRoundSettled',
      ],
      { bet: { type: 'COME', amount: '10' }, code: 'BET_NOT_ALLOWED_IN_PHASE' },
    );
    expect(traffic.configReads).toEqual(['GET']);
    expect(traffic.sockets).toHaveLength(1);
    expectOnlyTheServer(traffic);

    // A reload shows the rounds the player played here, as they were decided.
    await page.reload();
    await live(page);
    await settled(page, 'Pass Line', 'Lost', '−10.00 MOP');
    await settled(page, 'Field', 'Lost', '−10.00 MOP');
    await settled(page, 'Field', 'Won', '+10.00 MOP');
    await page.close();
  });

  it('plays at a table the server deals: its commitment, the roll at the deadline, and a reveal the player verifies in the browser', async () => {
    const tableId = await api.openTable({
      game: 'CRAPS',
      name: 'Auto craps',
      minimumBet: 1_000,
      maximumBet: 1_000_000,
      dealing: 'RNG',
      // The longest window: the page is open and the bet placed within it, however loaded the machine.
      bettingWindowSeconds: 600,
    });
    const published = (await api.data(DEMO_PLAYER, `query ($t: ID!) { table(id: $t) { fairness { commitment } } }`, { t: tableId })).table
      .fairness.commitment;
    const { page, traffic } = await openTablePage(`/tables/${tableId}`);
    await live(page);
    await shows(page, '.dealing-badge', 'Dealt by the server');
    expect(await page.locator('.fairness .commitment').getAttribute('title')).toBe(published);
    await shows(page, '.fairness', 'Its seed is revealed once what it draws is over.');
    await placeThroughForm(page, { type: 'FIELD', amount: '10' }, 'Placed: Field 10.00 MOP');

    // Nobody deals: at the deadline the round loop's step rolls from the seed committed to (the step's clock past it, the test's alone).
    const pastDeadline = { ...api.deps, now: () => new Date(Date.now() + 601_000).toISOString() };
    await stepRoundLoop(pastDeadline, { tableId, token: (await getLoopClaim(api.db, tableId))!.token });
    await shows(page, '.event-log', /Roll 1: \d \+ \d = \d+/);
    await settled(page, 'Field', /Won|Lost/, /MOP/);
    await shows(page, '.fairness .reveal', 'Last revealed');
    const next = await page.locator('.fairness .commitment').getAttribute('title');
    expect(next).not.toBe(published);
    await page.getByRole('button', { name: 'Verify' }).click();
    await shows(
      page,
      '.fairness .verdict[data-ok]',
      /matches the commitment published before the bets, and it draws \d \+ \d: the dice rolled/,
    );
    await screenshot(page, 'table-page-rng-craps', { docs: true });
    expect(traffic.errors).toEqual([]);
    expectOnlyTheServer(traffic);
    await page.close();
  });

  it("verifies a baccarat shoe the server dealt in the browser: every deal's reveal, the burn and every card; a deal showing another seed fails, named", async () => {
    const tableId = await api.openTable({ game: 'BACCARAT', name: 'Auto baccarat', dealing: 'RNG', baccarat: { decks: 6 } });
    const fairness = async () =>
      (await api.data(DEMO_PLAYER, `query ($t: ID!) { table(id: $t) { fairness { shoe lastReveal { seed } } } }`, { t: tableId })).table
        .fairness;
    // The whole first shoe, each round's step on a clock past its deadline (the test's alone).
    let ahead = 0;
    while ((await fairness()).shoe === 1) {
      ahead += 601_000;
      const pastDeadline = { ...api.deps, now: () => new Date(Date.now() + ahead).toISOString() };
      await stepRoundLoop(pastDeadline, { tableId, token: (await getLoopClaim(api.db, tableId))!.token });
    }
    const { seed } = (await fairness()).lastReveal;
    const { page, traffic } = await openTablePage(`/tables/${tableId}`);
    await live(page);
    await shows(page, '.fairness .reveal', 'Last revealed (shoe 1)');
    await page.getByRole('button', { name: 'Verify' }).click();
    await shows(
      page,
      '.fairness .verdict',
      /^✓ The seed matches the commitment published before the bets; every deal of the shoe shows it, and it deals the burn \((?:\w+ ?){2,11}\) and all \d+ rounds, card by card/,
    );

    // The shoe's deals changed on the way: the 40th shows another seed.
    const other = seed.replace(/^./, seed.startsWith('0') ? '1' : '0');
    await page.route('**/graphql', async (route) => {
      if (!/TablePageShoeDeals/.test((route.request().postDataJSON() as { query: string }).query)) return route.continue();
      const response = await route.fetch();
      const body = await response.json();
      const changed = body.data.table.deals.edges.find((edge: any) => edge.node.shoe === 1 && edge.node.shoePosition === 40).node;
      changed.fairness.seed = other;
      await route.fulfill({ response, json: body });
    });
    await page.getByRole('button', { name: 'Verify' }).click();
    await shows(
      page,
      '.fairness .verdict',
      /^✗ Deal \d+ shows another seed, [0-9a-f]{64}: every deal of the shoe must show the seed revealed\.$/,
    );
    expect(traffic.errors).toEqual([]);
    await page.close();
  });

  it("plays as a seamless partner's player: the balance is their wallet's, told by their events as the wallet answers each call", async () => {
    const partner = await startSeamlessPartner(api, DEMO_SEAMLESS_PARTNER, {
      [DEMO_SEAMLESS_SUBJECT]: { currency: 'MOP', balance: 500_000 },
    });
    try {
      const tableId = await api.openTable({ game: 'CRAPS', name: 'Craps from a wallet', minimumBet: 1_000, maximumBet: 1_000_000 });
      const { page, traffic } = await openTablePage(`/tables/${tableId}?as=${AS_SEAMLESS_PLAYER}`);
      await live(page);
      await shows(page, '.balance-amount', money(500_000));
      expect(await textOf(page, '.balance .label')).toBe('In your wallet');
      await placeThroughForm(page, { type: 'PASS_LINE', amount: '10' }, 'Placed: Pass Line 10.00 MOP');
      await shows(page, '.balance-amount', money(499_000));
      await shows(page, '.event-log', 'Wallet 4,990.00 MOP');
      await api.closeAndRoll(tableId, [3, 4]); // a natural: the Pass Line wins even money, credited to the wallet
      await settled(page, 'Pass Line', 'Won', '+10.00 MOP');
      await shows(page, '.balance-amount', money(501_000));
      await partner.expectBooksAgree();
      expect(partner.balance(DEMO_SEAMLESS_SUBJECT)).toBe(501_000);
      await screenshot(page, 'table-page-seamless');
      // The wallet read with the table at load (twice: again once the subscriptions are held); after that, its balance came with the player's own events.
      await expect.poll(() => traffic.posts.includes('TablePageRoundSettled')).toBe(true);
      expect([...traffic.posts].sort()).toEqual([
        'TablePage',
        'TablePage',
        'TablePagePlaceBet',
        'TablePageRoundSettled',
        'TablePageWallet',
        'TablePageWallet',
      ]);
      expect(traffic.configReads).toEqual(['GET']);
      expectOnlyTheServer(traffic);
      await page.close();
    } finally {
      await partner.wallet.close();
    }
  });

  it('plays a baccarat round at the demo table: roads, jackpot and payouts from the subscriptions', async () => {
    await dealShoe();
    const start = (await api.balance(DEMO_PLAYER))!;
    const pool = (await api.data(DEMO_PLAYER, `{ jackpotPool(id: "demo-pool") { amount } }`)).jackpotPool.amount as number;

    const { page, traffic } = await openTablePage(`/tables/${DEMO_BACCARAT_TABLE}`);
    await live(page);
    expect(await textOf(page, 'h1')).toBe('Demo baccarat');
    await page.locator('.bead-plate[aria-label="Bead plate: 5 rounds, the last one Player"]').waitFor();
    expect(await page.locator('.big-road .ring').count()).toBe(4);
    await shows(page, '.shoe-counts', 'Banker 2 · Player 2 · Tie 1');
    await shows(page, '.jackpot', money(pool));
    await shows(page, '.countdown', 'until the dealer closes it');

    await placeThroughForm(page, { type: 'JACKPOT', amount: '10', seat: '3' }, 'JACKPOT_NEEDS_MAIN_BET');
    await placeThroughForm(page, { type: 'BANKER', amount: '100', seat: '3' }, 'Placed: Banker 100.00 MOP');
    await placeThroughForm(page, { type: 'JACKPOT', amount: '10', seat: '3' }, 'Placed: Jackpot 10.00 MOP');
    await shows(page, '.balance-amount', money(start - 11_000));

    // Player 5+5 against Banker K+9: the Banker wins (less 5% commission), the Player's pair is the jackpot's single pair.
    await deal(['5S', 'KH', '5D', '9C']);
    await page.locator('.bead-plate[aria-label="Bead plate: 6 rounds, the last one Banker"]').waitFor();
    expect(await page.locator('.big-road .ring').count()).toBe(5);
    await shows(page, '.results .result:first-child', 'B');
    await settled(page, 'Banker', 'Won', '+95.00 MOP');
    await settled(page, 'Jackpot', 'Won', '+10.00 MOP');
    await shows(page, '.balance-amount', money(start - 11_000 + 19_500 + 2_000));
    // A quarter of the jackpot bet went in, the 20.00 single-pair prize out.
    await shows(page, '.jackpot', money(pool + 250 - 2_000));
    await shows(page, '.event-log', 'Round 6: Banker wins (natural, Player pair)');
    await shows(page, '[aria-labelledby="open-heading"]', 'No bets of yours on the table.');
    await screenshot(page, 'table-page-baccarat', { docs: true });

    // The roads after the outcome, what the round left after its payout: once each, nothing else.
    await expectOnly(
      page,
      traffic,
      [
        'TablePage',
        'TablePage',
        'TablePagePlaceBet',
        'TablePagePlaceBet',
        'TablePagePlaceBet',
        'TablePageRoadsRefresh',
        'TablePageRoundSettled',
      ],
      { bet: { type: 'JACKPOT', amount: '10', seat: '3' }, code: 'JACKPOT_NEEDS_MAIN_BET' },
    );
    expectOnlyTheServer(traffic);
    await page.close();
  });

  it('reconnects after the connection is lost, and reads the table again: what happened meanwhile shows', async () => {
    // The page's WebSocket goes through the test, which can cut it, and keep the network down until told.
    const sockets: WebSocketRoute[] = [];
    let networkUp = true;
    const demo = await openTablePage(`/tables/${DEMO_TABLE}`, {
      beforeLoad: (page) =>
        page.routeWebSocket(
          (url) => url.pathname === '/graphql',
          (socket) => {
            if (!networkUp) return socket.close({ code: 1001, reason: 'network down' });
            sockets.push(socket);
            socket.connectToServer();
          },
        ),
    });
    await live(demo.page);
    expect(await textOf(demo.page, 'h1')).toBe('Demo craps');
    await shows(demo.page, '.countdown', 'until the dealer closes it');
    await shows(demo.page, '[aria-labelledby="open-heading"]', 'No bets of yours on the table.');

    networkUp = false;
    await sockets[0]!.close({ code: 1006, reason: 'network lost' });
    await demo.page.locator('.connection[data-state="reconnecting"]').waitFor();
    // While it is lost, the page takes no bet: it could not show what the bet meets.
    await shows(demo.page, '.betting-state', 'Connection lost: bets wait until it is back');
    const submit = demo.page.getByRole('button', { name: 'Reconnecting…' });
    expect(await submit.isDisabled()).toBe(true);
    // Meanwhile the player bets from another device: no event of it can reach this page.
    await api.placeBet(DEMO_PLAYER, { tableId: DEMO_TABLE, type: 'PASS_LINE', amount: 5000 });
    networkUp = true;
    await live(demo.page);
    await shows(demo.page, '[aria-labelledby="open-heading"] li', 'Pass Line');
    expect(await demo.page.getByRole('button', { name: 'Place bet' }).isEnabled()).toBe(true);
    await shows(demo.page, '.event-log', 'Reconnected: the table is shown as it is now.');
    expect(sockets).toHaveLength(2);
    await expectOnly(demo.page, demo.traffic, ['TablePage', 'TablePage', 'TablePage'], {
      bet: { type: 'COME', amount: '10' },
      code: 'BET_NOT_ALLOWED_IN_PHASE',
    });
    expectOnlyTheServer(demo.traffic);
    await demo.page.close();
  });

  it('holds bets at a reality check until the player has read it: the session told live, acknowledged from the page', async () => {
    const tableId = await api.openTable({ game: 'CRAPS', name: 'Reality craps', minimumBet: 1_000, maximumBet: 1_000_000 });
    const { page, traffic } = await openTablePage(`/tables/${tableId}`);
    await live(page);
    await placeThroughForm(page, { type: 'FIELD', amount: '10' }, 'Placed: Field 10.00 MOP');
    // Test setup: the player's checks every 10 minutes, the session begun 11 minutes ago (the first check just due).
    const started = new Date(Date.now() - 11 * 60_000).toISOString();
    const account = (await getAccount(api.db, DEMO_PLAYER))!;
    expect(
      await writeRealityCheck(
        api.db,
        DEMO_PLAYER,
        { minutes: 10, at: started, dueAt: new Date(Date.now() - 60_000).toISOString() },
        account.rcDueAt,
      ),
    ).toBe(true);
    expect(await sweepRealityChecks(api.deps)).toEqual({ told: 1 });

    await shows(page, '.reality-check', /Reality check.*you have played 11 min/i);
    await shows(page, '.event-log', 'Reality check: you have played 11 min');
    await placeThroughForm(page, { type: 'FIELD', amount: '10' }, 'REALITY_CHECK_DUE');
    await screenshot(page, 'table-page-reality-check');
    await page.getByRole('button', { name: 'I have read this: go on playing' }).click();
    await page.locator('.reality-check').waitFor({ state: 'hidden' });
    await placeThroughForm(page, { type: 'FIELD', amount: '10' }, 'Placed: Field 10.00 MOP');
    expect(traffic.errors).toEqual([]);
    // Off again, for the file's other tests.
    await api.data(DEMO_PLAYER, `mutation { setRealityCheck(input: { minutes: null }) { userErrors { code } } }`);
    await page.close();
  });

  it('lets the player set their limits and take a break from the page: refused bets say why, and a break holds every bet', async () => {
    await api.fundAccount(PROTECTED_PLAYER, 100_000);
    const tableId = await api.openTable({ game: 'CRAPS', name: 'Careful craps', minimumBet: 1_000, maximumBet: 1_000_000 });
    const { page, traffic } = await openTablePage(`/tables/${tableId}?as=${PROTECTED_PLAYER}`);
    await live(page);
    // Read only when opened: the page's first load asks nothing more.
    expect(traffic.posts).not.toContain('TablePageProtection');
    await page.getByText('Limits, reality checks and breaks').click();
    await shows(page, '.protection-status', 'You may play.');
    await shows(page, '.limits-list', 'No limits set.');

    await page.getByLabel('Limit on').selectOption('STAKE');
    await page.getByLabel('Period').selectOption('DAY');
    await page.getByLabel('Limit (MOP)').fill('15');
    await page.getByRole('button', { name: 'Set limit' }).click();
    await shows(page, '.protection-outcome', 'Daily stake limit set: 15.00 MOP.');
    await shows(page, '.limits-list', 'Daily stake limit: 15.00 MOP (0.00 MOP used)');
    await placeThroughForm(page, { type: 'FIELD', amount: '10' }, 'Placed: Field 10.00 MOP');
    await placeThroughForm(page, { type: 'FIELD', amount: '10' }, /STAKE_LIMIT_REACHED.*daily stake limit of 15.00 MOP: 5.00 MOP is left/);
    // A rise waits 24 hours, and says so.
    await page.getByLabel('Limit (MOP)').fill('50');
    await page.getByRole('button', { name: 'Set limit' }).click();
    await shows(page, '.protection-outcome', /the change applies from .* UTC, after 24 hours/);
    await shows(page, '.limits-list', /Daily stake limit: 15\.00 MOP \(10\.00 MOP used\), 50\.00 MOP from/);
    // Session time is set in minutes.
    await page.getByLabel('Limit on').selectOption('SESSION_TIME');
    await page.getByLabel('Limit (minutes)').fill('90');
    await page.getByRole('button', { name: 'Set limit' }).click();
    await shows(page, '.limits-list', 'Daily session time limit: 90 min (0 min used)');
    await screenshot(page, 'table-page-play-safely', { docs: true });

    // A break is asked twice, then holds every bet; the player's live connection ends, and is refused when it comes back.
    await page.getByLabel('Length of the break').selectOption({ label: 'A time-out of 24 hours' });
    await page.getByRole('button', { name: 'Take a break' }).click();
    await shows(page, '.break-confirmation', 'cannot be shortened or undone');
    await page.getByRole('button', { name: 'Yes, take the break' }).click();
    await shows(page, '.protection-status', /You are taking a break until .* UTC/);
    await shows(page, '.play-restricted', /You are taking a break until/);
    expect(await page.getByRole('button', { name: 'Betting closed' }).isDisabled()).toBe(true);
    await shows(page, '.event-log', /Live updates stopped: PLAYER_TIMED_OUT/);
    expect(refusalCode(await api.graphql(PROTECTED_PLAYER, BET_QUERY, { input: { tableId, type: 'FIELD', amount: 1_000 } }))).toBe(
      'PLAYER_TIMED_OUT',
    );
    await page.close();

    // Opened again, the page says so from the start.
    const again = await openTablePage(`/tables/${tableId}?as=${PROTECTED_PLAYER}`);
    await shows(again.page, '.play-restricted', /time-out/i);
    expect(await again.page.getByRole('button', { name: 'Betting closed' }).isDisabled()).toBe(true);
    expect(again.traffic.errors).toEqual([]);
    await again.page.close();
  });

  it("opens from a partner's launch: the code exchanged for the player's token and out of the address, Home and Cashier to the partner's, and a reload carries on", async () => {
    const partner = await issueCredential(api, 'page-co');
    await api.fundAccount('page-co/lia', 100_000);
    const tableId = await api.openTable({ game: 'CRAPS', name: 'Launched craps', minimumBet: 1_000, maximumBet: 1_000_000 });
    const lobbyUrl = 'https://casino.page-co.example/lobby';
    const cashierUrl = 'https://casino.page-co.example/cashier';
    const launched = await partnerCall(api, partner, '/partner/v1/launch', {
      playerId: 'lia',
      currency: 'MOP',
      language: 'en',
      tableId,
      platform: 'DESKTOP',
      lobbyUrl,
      cashierUrl,
    });
    const url = new URL(launched.body.launchUrl);
    const { page, traffic } = await openTablePage(`${url.pathname}${url.search}`);
    await live(page);
    // The code is out of the address; the partner (its sites may embed the page by it) and the language stay.
    expect(new URL(page.url()).search).toBe('?partner=page-co&lang=en');
    expect(await page.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe(lobbyUrl);
    expect(await page.getByRole('link', { name: 'Cashier' }).getAttribute('href')).toBe(cashierUrl);
    await shows(page, '.balance', '1,000.00 MOP');
    await placeThroughForm(page, { type: 'FIELD', amount: '10' }, 'Placed: Field 10.00 MOP');
    expect((await api.balance('page-co/lia'))!).toBe(100_000 - 1_000);
    // Never the demo's token: the launch's, on the path its authorizer takes.
    expect(traffic.configReads).toEqual([]);
    await page.reload();
    await live(page);
    await shows(page, '.balance', '990.00 MOP');
    expect(traffic.configReads).toEqual([]);
    expect(traffic.errors).toEqual([]);
    expectOnlyTheServer(traffic);
    await page.close();
  });

  it("opens the lobby for a launch without a table: the tables in the session's currency, each opening its page in the same session", async () => {
    const partner = await issueCredential(api, 'lobby-co');
    await api.fundAccount('lobby-co/noa', 100_000);
    const tableId = await api.openTable({ game: 'BACCARAT', name: 'Lobby baccarat' });
    const launched = await partnerCall(api, partner, '/partner/v1/launch', {
      playerId: 'noa',
      currency: 'MOP',
      language: 'en',
      platform: 'MOBILE',
      lobbyUrl: 'https://casino.lobby-co.example/',
    });
    const url = new URL(launched.body.launchUrl);
    expect(url.pathname).toBe('/lobby');
    const { page, traffic } = await openTablePage(`${url.pathname}${url.search}`);
    await page.getByRole('link', { name: 'Lobby baccarat' }).click();
    await live(page);
    expect(new URL(page.url()).pathname).toBe(`/tables/${tableId}`);
    expect(await page.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('https://casino.lobby-co.example/');
    await shows(page, '.balance', '1,000.00 MOP');
    expect(traffic.configReads).toEqual([]);
    expect(traffic.errors).toEqual([]);
    await page.close();
  });

  it("shows a round's details from its link, without signing in: the outcome, the player's bets and what they were paid", async () => {
    const tableId = await api.openTable({ game: 'CRAPS', name: 'Detailed craps' });
    await api.fundAccount('ida', 100_000);
    await api.seatShooter(tableId);
    await api.placeBet('ida', { tableId, type: 'FIELD', amount: 200 });
    const sequence = await api.closeAndRoll(tableId, [5, 6]);
    const { me } = await api.data('ida', '{ me { bets(last: 5) { settledInRound roundDetailsUrl } } }');
    const link = me.bets.find((bet: { settledInRound: number | null }) => bet.settledInRound === sequence).roundDetailsUrl as string;
    const page = await newPage(browser, { viewport: VIEWPORT });
    const configReads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/explorer/config.json') configReads.push(request.url());
    });
    await page.goto(link);
    await shows(page, 'h1', `Round ${sequence} at ${tableId}`);
    await shows(page, '.round-outcome', 'Rolled 5 and 6');
    expect(await page.locator('.round-bets tbody tr').allTextContents()).toEqual(['Field2.00 MOPWIN4.00 MOP']);
    await shows(page, '.round-credited', 'Paid for the round: 4.00 MOP');
    // No token of anyone's was asked for.
    expect(configReads).toEqual([]);
    await page.goto(link.replace('player=ida', 'player=someone'));
    await shows(page, '[role="alert"]', 'No such round');
    await page.close();
  });

  it("may be embedded by the partner's own sites only (frame-ancestors): a registered one shows the table, any other is refused", async () => {
    const partner = await issueCredential(api, 'embed-co');
    await api.fundAccount('embed-co/max', 100_000);
    const tableId = await api.openTable({ game: 'CRAPS', name: 'Embedded craps' });
    const launch = async () =>
      (
        await partnerCall(api, partner, '/partner/v1/launch', {
          playerId: 'max',
          currency: 'MOP',
          language: 'en',
          tableId,
          platform: 'DESKTOP',
        })
      ).body.launchUrl as string;
    // Two sites of their own, each a page that embeds a launch URL.
    const sites = await Promise.all([embeddingSite(), embeddingSite()]);
    try {
      const [registered, other] = sites;
      await api.data(
        DEALER,
        `mutation ($input: ConfigurePartnerClientInput!) { configurePartnerClient(input: $input) { client { embedOrigins } userErrors { code } } }`,
        { input: { partner: 'embed-co', embedOrigins: [registered!.origin] } },
      );
      const page = await newPage(browser, { viewport: VIEWPORT });
      await page.goto(`${registered!.origin}/?src=${encodeURIComponent(await launch())}`);
      await page.frameLocator('iframe').locator('.connection[data-state="live"]').waitFor();
      expect(await page.frameLocator('iframe').locator('h1').textContent()).toBe('Embedded craps');

      const refused = page.waitForEvent('console', (message) => /frame-ancestors/.test(message.text()));
      await page.goto(`${other!.origin}/?src=${encodeURIComponent(await launch())}`);
      await refused;
      // The frame shows Chromium's own refusal, never the table.
      expect(await page.frameLocator('iframe').locator('#table-page').count()).toBe(0);
      await page.close();
    } finally {
      await Promise.all(sites.map((site) => site.close()));
    }
  });

  it('says clearly when there is no table, and serves no page for an id the API could not hold', async () => {
    const unknown = await openTablePage('/tables/no-such-table');
    expect(unknown.status).toBe(200);
    await shows(unknown.page, '[role="alert"]', 'No such table');
    expect(await textOf(unknown.page, '[role="alert"] p')).toBe('There is no table at this address, or it is not offered to you.');
    expect(unknown.traffic.posts).toEqual(['TablePage']);
    expectOnlyTheServer(unknown.traffic);
    await screenshot(unknown.page, 'table-page-unknown');
    await unknown.page.close();

    const page = await fetch(`${api.url}/tables/${DEMO_TABLE}`);
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain(`connect-src 'self' ws://${new URL(api.url).host}`);
    expect(policy).not.toContain('unsafe-inline');
    const script = await fetch(`${api.url}/client/page.js`);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).toContain('graphql-transport-ws');

    // The same page for each, naming nothing of what was asked.
    for (const path of ['/tables/bad%20id', '/tables/a/b', '/tables/', `/tables/${'x'.repeat(129)}`, '/tables/%3Cb%3E']) {
      const answer = await fetch(`${api.url}${path}`);
      expect(answer.status, path).toBe(404);
      const body = await answer.text();
      expect(body).toContain('No table page here');
      expect(body).not.toMatch(/bad|xxx|%3C|<b>/);
    }
    expect((await fetch(`${api.url}/tables/${DEMO_TABLE}`, { method: 'POST' })).status).toBe(404);
  });

  it('speaks Portuguese to a Portuguese player and Chinese to one who switches, refusals said from their parameters, amounts their way', async () => {
    const tableId = await api.openTable({ name: 'Mesa de craps' });
    const { page } = await openTablePage(`/tables/${tableId}?lang=pt`);
    await live(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt');
    await shows(page, '.betting-state', 'Apostas abertas');
    await shows(page, '#bet-heading', 'Fazer uma aposta');
    await shows(page, '.table-facts', 'Limites de 1,00 MOP a 1.000,00 MOP');
    await page.getByLabel('Aposta', { exact: true }).selectOption('PASS_LINE');
    await page.getByLabel(/^Montante/).fill('2000');
    await page.getByRole('button', { name: 'Apostar' }).click();
    await shows(page, '.bet-outcome', 'A aposta ultrapassa o máximo de Pass Line, 1.000,00 MOP.');
    await page.getByLabel(/^Montante/).fill('10');
    await page.getByRole('button', { name: 'Apostar' }).click();
    await shows(page, '.bet-outcome', 'Apostado: Pass Line 10,00 MOP');
    await shows(page, '.event-log', 'A sua aposta: Pass Line 10,00 MOP');

    // The player switches to Traditional Chinese: the page is read again in it, and stays so on reload.
    await page.getByLabel('Língua').selectOption('zh-Hant');
    await shows(page, '.betting-state', '接受下注');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-Hant');
    await shows(page, '[aria-labelledby="open-heading"] li', '過關線');
    await page.reload();
    await shows(page, '#bet-heading', '下注');
    await page.close();
  });

  it("shows a JPY table's amounts in yen and a KWD table's in thousandths, as the API says each currency's minor unit", async () => {
    for (const { currency, balance, limits, shown, typed, placed } of [
      {
        currency: 'JPY',
        balance: 150_000,
        limits: 'Limits 100 JPY to 100,000 JPY',
        shown: '150,000 JPY',
        typed: '500',
        placed: 'Placed: Field 500 JPY',
      },
      {
        currency: 'KWD',
        balance: 1_234_567,
        limits: 'Limits 0.100 KWD to 100.000 KWD',
        shown: '1,234.567 KWD',
        typed: '0.5',
        placed: 'Placed: Field 0.500 KWD',
      },
    ]) {
      const tableId = await api.openTable({ currency, minimumBet: 100, maximumBet: 100_000 });
      await api.fundAccount(`${currency.toLowerCase()}-shooter`, 1_000_000, currency);
      await api.seatShooter(tableId, { playerId: `${currency.toLowerCase()}-shooter` });
      const player = `${currency.toLowerCase()}-player`;
      await api.fundAccount(player, balance, currency);
      const authorization = `Bearer ${await api.token(player)}`;
      const { page } = await openTablePage(`/tables/${tableId}`, {
        beforeLoad: async (page) => {
          await page.route('**/explorer/config.json', (route) =>
            route.fulfill({ json: { headers: { authorization }, tokenLifetimeSeconds: TOKEN_LIFETIME_SECONDS } }),
          );
        },
      });
      await shows(page, '.table-facts', limits);
      await shows(page, '.balance-amount', shown);
      await placeThroughForm(page, { type: 'FIELD', amount: typed }, placed);
      await page.close();
    }
  });

  it('says clearly when the player has no account (Query.me null), rather than a table they cannot bet at', async () => {
    // The server offers the page the token of a player whose account is not opened yet.
    const authorization = `Bearer ${await api.token('page-newcomer')}`;
    const { page, traffic } = await openTablePage(`/tables/${DEMO_TABLE}`, {
      beforeLoad: async (page) => {
        await page.route('**/explorer/config.json', (route) =>
          route.fulfill({ json: { headers: { authorization }, tokenLifetimeSeconds: TOKEN_LIFETIME_SECONDS } }),
        );
      },
    });
    await shows(page, '[role="alert"]', 'No account');
    expect(await textOf(page, '[role="alert"] p')).toBe(
      'You have no account to bet from yet: an operator opens one and pays money into it.',
    );
    expect(await page.locator('.bet-form').count()).toBe(0);
    // The table, then whether a seamless partner's wallet holds their money (it does not: walletBalance null).
    expect(traffic.posts).toEqual(['TablePage', 'TablePageWallet']);
    expectOnlyTheServer(traffic);
    await screenshot(page, 'table-page-no-account');
    await page.close();
  });
});

/** A partner's site on a port of its own: its page embeds the URL `?src=` names in an iframe. */
async function embeddingSite(): Promise<{ origin: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const src = new URL(request.url ?? '/', 'http://localhost').searchParams.get('src') ?? '';
    const escaped = src.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
    response
      .writeHead(200, { 'content-type': 'text/html' })
      .end(`<!doctype html><title>Casino</title><iframe src="${escaped}" title="Table" width="1200" height="900"></iframe>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
