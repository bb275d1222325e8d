/**
 * A partner's activity feed (docs/LAUNCH.md, "Activity"): every bet of its players, as each is
 * placed and decided, paged by a cursor the partner keeps, 30 seconds behind the clock, and
 * nothing of another partner's or the house's own players. Through real HTTP, signed by the
 * partner's credential, against the real routes and DynamoDB Local.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApi } from '../../support/use-test-api';
import { issueCredential, partnerCall, type PartnerSigner } from '../../support/partner-launch';
import { startSeamlessPartner } from '../../support/seamless-partner';
import { ACTIVITY_DELAY_MS, ACTIVITY_PAGE_MAX } from '../../../functions/services/sessions/partner-activity';

/** The handler's clock: real time, moved past the feed's delay when a test says. */
let ahead = 0;
const now = () => Date.now() + ahead;
const api = useTestApi({ clock: () => new Date(now()).toISOString() });
const passTheDelay = () => void (ahead += ACTIVITY_DELAY_MS + 1_000);

const player = (partner: string, id: string) => ({ id, roles: ['player'], partner });
const feed = (signer: PartnerSigner, body: unknown) => partnerCall(api, signer, '/partner/v1/activity', body, now());

/** Every entry from `cursor` on, page by page of `limit`, and the cursor to go on from. */
async function readAll(signer: PartnerSigner, cursor: string, limit = 100): Promise<{ entries: any[]; cursor: string }> {
  const entries: any[] = [];
  for (;;) {
    const page = await feed(signer, { cursor, limit });
    expect(page.status).toBe(200);
    entries.push(...page.body.entries);
    cursor = page.body.nextCursor;
    if (!page.body.more) return { entries, cursor };
  }
}

let table: string;
let feedCo: PartnerSigner;
let walletCo: PartnerSigner;
beforeAll(async () => {
  table = await api.openTable();
  feedCo = await issueCredential(api, 'feed-co');
  walletCo = await issueCredential(api, 'feed-wallet-co');
  await startSeamlessPartner(api, 'feed-wallet-co', { sam: { currency: 'MOP', balance: 10_000 } }, { contract: 1 });
  await api.fundNewAccounts(
    ['feed-co/ana', 'feed-co/bea', 'house-hal', ...['p1', 'p2', 'p3', 'p4', 'p5', 'p6'].map((p) => `page-co/${p}`)],
    10_000,
  );
});

describe("a partner's activity feed", () => {
  it("gives each bet of the partner's players as it is placed and as it is decided, once the delay has passed, and nobody else's", async () => {
    const since = new Date(now()).toISOString();
    const first = await feed(feedCo, { since });
    const second = await feed(walletCo, { since });
    const ana = await api.placeBet(player('feed-co', 'ana'), { tableId: table, type: 'PASS_LINE', amount: 100 });
    const bea = await api.placeBet(player('feed-co', 'bea'), { tableId: table, type: 'DONT_PASS', amount: 200 });
    const sam = await api.placeBet(player('feed-wallet-co', 'sam'), { tableId: table, type: 'PASS_LINE', amount: 300 });
    await api.placeBet('house-hal', { tableId: table, type: 'PASS_LINE', amount: 100 });

    // Within the delay, nothing is given yet; every entry up to `through` is (none of these).
    const early = await feed(feedCo, { cursor: first.body.nextCursor });
    expect(early.body).toMatchObject({ entries: [], more: false });
    expect(now() - Date.parse(early.body.through)).toBeGreaterThanOrEqual(ACTIVITY_DELAY_MS);
    expect(Date.parse(early.body.through)).toBeLessThan(Date.parse(since) + 1_000);

    passTheDelay();
    const placed = await readAll(feedCo, early.body.nextCursor);
    expect(placed.entries.map((entry) => [entry.betId, entry.status])).toEqual([
      [ana.id, 'OPEN'],
      [bea.id, 'OPEN'],
    ]);
    expect(placed.entries[0]).toMatchObject({
      playerId: 'ana',
      tableId: table,
      game: 'CRAPS',
      currency: 'MOP',
      type: 'PASS_LINE',
      amount: 100,
      winnings: 0,
      returned: 0,
      wallet: 'TRANSFER',
      settledAt: null,
      settledBy: null,
    });
    expect(placed.entries[0].changedAt).toBe(placed.entries[0].placedAt);
    expect(placed.entries[0].roundDetailsUrl).toMatch(/\/rounds\/.+\?player=feed-co%2Fana&sig=/);

    // A 7 on the come-out: the pass line wins, don't pass loses.
    await api.closeAndRoll(table, [3, 4]);
    passTheDelay();
    const decided = await readAll(feedCo, placed.cursor);
    // Decided together: in the feed's order, by their time of change, then by id.
    expect(decided.entries.map((entry) => `${entry.changedAt}#${entry.betId}`)).toEqual(
      decided.entries.map((entry) => `${entry.changedAt}#${entry.betId}`).sort(),
    );
    expect(decided.entries.map((entry) => [entry.betId, entry.status, entry.winnings, entry.returned]).sort()).toEqual(
      [
        [ana.id, 'WON', 100, 200],
        [bea.id, 'LOST', 0, 0],
      ].sort(),
    );
    for (const entry of decided.entries) {
      expect(entry.changedAt).toBe(entry.settledAt);
      expect(entry.settledBy).toBe(1);
    }
    // Nothing more; and an empty answer's cursor still goes on.
    expect((await feed(feedCo, { cursor: decided.cursor })).body).toMatchObject({ entries: [], more: false });

    // The seamless partner's feed, read first now: its own player only, staked from its wallet, and
    // the bet once, where it last changed (decided), not where it was placed.
    const theirs = await readAll(walletCo, second.body.nextCursor);
    expect(theirs.entries.map((entry) => [entry.playerId, entry.betId, entry.status, entry.wallet])).toEqual([
      ['sam', sam.id, 'WON', 'SEAMLESS'],
    ]);
  });

  it('pages by the cursor: every change once and in order, whatever the page size', async () => {
    const pageCo = await issueCredential(api, 'page-co');
    const start = (await feed(pageCo, { since: new Date(now()).toISOString() })).body.nextCursor;
    const players = ['p1', 'p2', 'p3', 'p4', 'p5'];
    const ids = [];
    for (const id of players) ids.push((await api.placeBet(player('page-co', id), { tableId: table, type: 'PASS_LINE', amount: 100 })).id);
    passTheDelay();

    const whole = await readAll(pageCo, start, ACTIVITY_PAGE_MAX);
    expect(whole.entries.map((entry) => entry.betId).sort()).toEqual([...ids].sort());
    const order = whole.entries.map((entry) => `${entry.changedAt}#${entry.betId}`);
    expect(order).toEqual([...order].sort());
    for (const limit of [1, 2, 3]) {
      const paged = await readAll(pageCo, start, limit);
      expect(paged.entries, `pages of ${limit}`).toEqual(whole.entries);
    }

    // What comes after the last cursor is exactly what changed since.
    const later = await api.placeBet(player('page-co', 'p6'), { tableId: table, type: 'PASS_LINE', amount: 100 });
    passTheDelay();
    expect((await readAll(pageCo, whole.cursor, 2)).entries.map((entry) => entry.betId)).toEqual([later.id]);
  });

  it('refuses what it cannot take, naming the field and never echoing it, and calls not signed by the partner', async () => {
    const since = new Date(now()).toISOString();
    const { nextCursor } = (await feed(feedCo, { since })).body;
    const forged = Buffer.from(JSON.stringify(['<script>#x'])).toString('base64url');
    for (const [body, field] of [
      [{}, 'since'],
      [{ since, cursor: nextCursor }, 'since'],
      [{ since: 'yesterday<b>' }, 'since'],
      [{ since: '2026-13-45T99:00:00Z' }, 'since'],
      [{ since: 1_790_000_000 }, 'since'],
      [{ cursor: forged }, 'cursor'],
      [{ cursor: 'not-a-cursor<b>' }, 'cursor'],
      [{ cursor: 'x'.repeat(2_048) }, 'cursor'],
      [{ since, limit: 0 }, 'limit'],
      [{ since, limit: ACTIVITY_PAGE_MAX + 1 }, 'limit'],
      [{ since, limit: 1.5 }, 'limit'],
      [{ since, limit: '10' }, 'limit'],
    ] as const) {
      const answer = await feed(feedCo, body);
      expect([answer.status, answer.body.error.code, answer.body.error.field], JSON.stringify(body)).toEqual([
        400,
        'BAD_USER_INPUT',
        field,
      ]);
      expect(answer.body.error.message).not.toMatch(/<b>|<script>|yesterday|xxxx/);
    }
    // Another partner's credential does not read this partner's feed: it is refused, not answered with another's.
    const unsigned = await partnerCall(api, { ...walletCo, partner: 'feed-co' }, '/partner/v1/activity', { since }, now());
    expect([unsigned.status, unsigned.body.error.code]).toEqual([401, 'UNAUTHENTICATED']);
  });
});
