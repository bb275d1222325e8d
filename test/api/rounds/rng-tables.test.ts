/**
 * Tables the server deals (openTable's dealing RNG): the round loop closes betting at the
 * deadline, rolls or deals from the seed it committed to before any bet, pays the round, and
 * opens the next with a new commitment; a seed is revealed once what it drew is over, and checks
 * against its commitment and every die and card dealt. Nobody else deals there. Here the clock is
 * the test's, and the loop is stepped by the sweeper as its steps fall due (the worker handler on
 * timers steps it alike: rng-loop-timers.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { dealer, refusalCode } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';
import { sweepRoundLoops, stepRoundLoop } from '../../../functions/services/rng/round-loop';
import { getLoopClaim } from '../../../functions/store/rng/loop-claims';
import { crash, withFaults } from '../../support/faults';
import { verifyCommitment, verifyRoll, verifyShoe } from '../../../functions/fairness/verification';
import { formatCard, parseCard } from '../../../functions/rules/baccarat';
import { getSeed } from '../../../functions/store/rng/seeds';
import { dealtShoeOf } from '../../../functions/fairness/rng-shoe';
import { verifyTable } from '../../../scripts/table-verification';

/** The handler's clock: it moves only when a test moves it on, so that no window runs out while the machine is busy. */
const START = Date.now();
let ahead = 0;
const now = () => START + ahead;
const api = useTestApi({ clock: () => new Date(now()).toISOString() });
const OPERATOR = dealer('rng-operator');
const DEALER = { id: 'rng-dealer-person', roles: ['dealer'], tables: [] as string[] };
const PLAYER = 'rng-player';

const TABLE = `query ($t: ID!) { table(id: $t) {
  dealing dealingPaused nextSequence bettingOpen bettingClosesAt bettingWindowSeconds
  fairness { commitment shoe publishedAt lastReveal { commitment seed salt shoe burn revealedAt } }
} }`;
const tableNow = async (tableId: string) => (await api.data(PLAYER, TABLE, { t: tableId })).table;
const ROLLS = `query ($t: ID!) { table(id: $t) { ... on CrapsTable { rolls(first: 50) { edges { node { sequence dice fairness { commitment seed salt } } } } } } }`;
const rollsOf = async (tableId: string) =>
  ((await api.data(PLAYER, ROLLS, { t: tableId })).table.rolls.edges as { node: any }[]).map((edge) => edge.node);
const DEALS = `query ($t: ID!, $after: String) { table(id: $t) { ... on BaccaratTable {
  deals(first: 200, after: $after) { edges { node { sequence shoe shoePosition cards fairness { commitment seed salt burn } } } pageInfo { hasNextPage endCursor } }
} } }`;
async function dealsOf(tableId: string): Promise<any[]> {
  const all: any[] = [];
  let after: string | null = null;
  for (;;) {
    const page: any = (await api.data(PLAYER, DEALS, { t: tableId, after })).table.deals;
    all.push(...page.edges.map((edge: { node: unknown }) => edge.node));
    if (!page.pageInfo.hasNextPage) return all;
    after = page.pageInfo.endCursor;
  }
}

/** Moves the clock past the table's deadline and lets the sweeper step the tables that are due (`only`: this one alone, as its worker would). */
async function pastDeadline(tableId: string, { only = false } = {}): Promise<void> {
  const table = await tableNow(tableId);
  ahead += Math.max(0, Date.parse(table.bettingClosesAt) - now()) + 100;
  if (only) await stepRoundLoop(api.deps, { tableId, token: (await getLoopClaim(api.db, tableId))!.token });
  else await sweepRoundLoops(api.deps);
}

const openRng = (input: Record<string, unknown> = {}) => api.openTable({ dealing: 'RNG', ...input });

describe('a craps table the server deals', () => {
  it('publishes a commitment before any bet, rolls from it at the deadline, reveals it on the roll and commits to the next', async () => {
    await api.fundAccount(PLAYER, 100_000);
    const tableId = await openRng();
    const opened = await tableNow(tableId);
    expect(opened).toMatchObject({ dealing: 'RNG', dealingPaused: false, bettingOpen: true, bettingWindowSeconds: 15, nextSequence: 1 });
    expect(opened.fairness.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(opened.fairness.lastReveal).toBeNull();
    // The lobby marks it.
    const lobby = await api.data(PLAYER, `{ tables(game: CRAPS, first: 200) { edges { node { id dealing } } } }`);
    expect(lobby.tables.edges.map((edge: any) => edge.node)).toContainEqual({ id: tableId, dealing: 'RNG' });

    await api.placeBet(PLAYER, { tableId, type: 'PASS_LINE', amount: 100 });
    // Before the deadline a step does nothing.
    await sweepRoundLoops(api.deps);
    expect((await tableNow(tableId)).nextSequence).toBe(1);

    await pastDeadline(tableId);
    const after = await tableNow(tableId);
    expect(after.nextSequence).toBe(2);
    expect(after.bettingOpen).toBe(true);
    const [roll] = await rollsOf(tableId);
    expect(roll.sequence).toBe(1);
    // The roll carries the seed it was drawn from: the one committed to before the bet.
    expect(roll.fairness.commitment).toBe(opened.fairness.commitment);
    const reveal = { seed: roll.fairness.seed, salt: roll.fairness.salt, commitment: opened.fairness.commitment };
    expect(verifyRoll(reveal, roll.dice)).toEqual({ ok: true });
    // The table now shows that reveal, and a new commitment for the next roll.
    expect(after.fairness.lastReveal).toMatchObject({ commitment: opened.fairness.commitment, seed: roll.fairness.seed });
    expect(after.fairness.commitment).not.toBe(opened.fairness.commitment);
    expect(Date.parse(after.bettingClosesAt)).toBeGreaterThan(now() + 14_000);

    // A tampered roll fails the check.
    const other: [number, number] = roll.dice[0] === 6 ? [1, roll.dice[1]] : [roll.dice[0] + 1, roll.dice[1]];
    expect(verifyRoll(reveal, other).ok).toBe(false);
    expect(verifyCommitment({ ...reveal, commitment: after.fairness.commitment }).ok).toBe(false);
    await api.expectReconciled();
  });

  it('throws no roll nobody may shoot: betting opens again for a whole window, the commitment kept', async () => {
    const tableId = await openRng();
    const before = await tableNow(tableId);
    await pastDeadline(tableId);
    const after = await tableNow(tableId);
    expect(after.nextSequence).toBe(1);
    expect(after.bettingOpen).toBe(true);
    expect(Date.parse(after.bettingClosesAt)).toBeGreaterThan(now() + 14_000);
    expect(after.fairness.commitment).toBe(before.fairness.commitment);
  });

  it("refuses a dealer's dice, shooter and closing; lets the house's operators close betting and void a round, the commitment kept", async () => {
    await api.fundAccount(PLAYER, 100_000);
    const tableId = await openRng();
    const person = { ...DEALER, tables: [tableId] };
    const roll = await api.graphql(
      person,
      `mutation ($t: ID!) { submitRoll(input: { tableId: $t, dice: [3, 4], sequence: 1 }) { roll { id } userErrors { code } } }`,
      { t: tableId },
    );
    expect(refusalCode(roll)).toBe('DEALT_BY_SERVER');
    const close = await api.graphql(
      person,
      `mutation ($t: ID!) { closeBetting(input: { tableId: $t }) { table { id } userErrors { code } } }`,
      {
        t: tableId,
      },
    );
    expect(refusalCode(close)).toBe('DEALT_BY_SERVER');
    const shooter = await api.graphql(
      person,
      `mutation ($t: ID!) { setShooter(input: { tableId: $t, playerId: "${PLAYER}" }) { table { id } userErrors { code } } }`,
      { t: tableId },
    );
    expect(refusalCode(shooter)).toBe('DEALT_BY_SERVER');
    // Nothing changed.
    expect((await tableNow(tableId)).bettingOpen).toBe(true);

    const bet = await api.placeBet(PLAYER, { tableId, type: 'PASS_LINE', amount: 100 });
    const balance = await api.balance(PLAYER);
    const before = await tableNow(tableId);
    await api.data(OPERATOR, `mutation ($t: ID!) { closeBetting(input: { tableId: $t }) { table { id } userErrors { code } } }`, {
      t: tableId,
    });
    await api.data(
      OPERATOR,
      `mutation ($t: ID!) { voidRound(input: { tableId: $t, reason: "camera fault", sequence: 1 }) { settlementComplete userErrors { code } } }`,
      { t: tableId },
    );
    expect(await api.balance(PLAYER)).toBe(balance + bet.amount);
    // The commitment was not used: it stands for the next roll.
    const after = await tableNow(tableId);
    expect(after.nextSequence).toBe(2);
    expect(after.fairness.commitment).toBe(before.fairness.commitment);
    await api.expectReconciled();
  });

  it('pauses and resumes: nothing is dealt while paused; resuming gives betting a whole window', async () => {
    await api.fundAccount(PLAYER, 100_000);
    const tableId = await openRng();
    await api.placeBet(PLAYER, { tableId, type: 'PASS_LINE', amount: 100 });
    const paused = await api.data(
      OPERATOR,
      `mutation ($t: ID!) { pauseDealing(input: { tableId: $t }) { table { dealingPaused } userErrors { code } } }`,
      {
        t: tableId,
      },
    );
    expect(paused.pauseDealing.table.dealingPaused).toBe(true);
    await pastDeadline(tableId);
    ahead += 120_000;
    await sweepRoundLoops(api.deps);
    expect((await tableNow(tableId)).nextSequence).toBe(1);

    const resumed = await api.data(
      OPERATOR,
      `mutation ($t: ID!) { resumeDealing(input: { tableId: $t }) { table { dealingPaused bettingOpen } } }`,
      {
        t: tableId,
      },
    );
    expect(resumed.resumeDealing.table).toEqual({ dealingPaused: false, bettingOpen: true });
    await sweepRoundLoops(api.deps);
    expect((await tableNow(tableId)).nextSequence).toBe(1);
    await pastDeadline(tableId);
    expect((await tableNow(tableId)).nextSequence).toBe(2);

    // Only the house's operators, and only at a table the server deals.
    const live = await api.openTable();
    const refused = await api.graphql(
      OPERATOR,
      `mutation ($t: ID!) { pauseDealing(input: { tableId: $t }) { table { id } userErrors { code } } }`,
      {
        t: live,
      },
    );
    expect(refusalCode(refused)).toBe('DEALT_BY_DEALER');
    const player = await api.graphql(
      PLAYER,
      `mutation ($t: ID!) { pauseDealing(input: { tableId: $t }) { table { id } userErrors { code } } }`,
      {
        t: tableId,
      },
    );
    expect(refusalCode(player)).toBe('FORBIDDEN');
  });

  it('steps once however often a step is delivered: one roll for the round, one claim passed on', async () => {
    await api.fundAccount(PLAYER, 100_000);
    const tableId = await openRng();
    await api.placeBet(PLAYER, { tableId, type: 'FIELD', amount: 100 });
    const table = await tableNow(tableId);
    ahead += Date.parse(table.bettingClosesAt) - now() + 100;
    const claim = (await getLoopClaim(api.db, tableId))!;
    // The same message, delivered three times at once.
    await Promise.all([1, 2, 3].map(() => stepRoundLoop(api.deps, { tableId, token: claim.token })));
    expect((await tableNow(tableId)).nextSequence).toBe(2);
    expect(await rollsOf(tableId)).toHaveLength(1);
    const next = (await getLoopClaim(api.db, tableId))!;
    expect(next.token).not.toBe(claim.token);
    // The old token is stale now: delivered again, it does nothing, even past the next deadline.
    ahead += 20_000;
    await stepRoundLoop(api.deps, { tableId, token: claim.token });
    expect((await tableNow(tableId)).nextSequence).toBe(2);
    await api.expectReconciled();
  });

  it('survives a crash at each write of a step: the step delivered again deals the round once, from the same seed', async () => {
    await api.fundAccount(PLAYER, 100_000);
    for (const [what, dies] of [
      ['closing betting', (name: string) => name === 'UpdateCommand'],
      ['recording the roll', (name: string) => name === 'TransactWriteCommand'],
      ['reply lost after recording the roll', undefined],
      ['passing the claim on', (name: string, input: Record<string, any>) => name === 'UpdateCommand' && input.Key?.pk === 'RNGLOOP'],
    ] as const) {
      const tableId = await openRng();
      await api.placeBet(PLAYER, { tableId, type: 'FIELD', amount: 100 });
      const before = await tableNow(tableId);
      ahead += Date.parse(before.bettingClosesAt) - now() + 100;
      const claim = (await getLoopClaim(api.db, tableId))!;
      // The step dies at that write (or, for a lost reply, just after it).
      let died = false;
      const dying = withFaults(api.deps.db, {
        before: (name, _, input) => (!died && dies?.(name, input) ? ((died = true), crash()) : undefined),
        after: (name) => (!died && !dies && name === 'TransactWriteCommand' ? ((died = true), crash()) : undefined),
      });
      await expect(stepRoundLoop({ ...api.deps, db: dying }, { tableId, token: claim.token }), what).rejects.toThrow(/simulated crash/);
      // SQS delivers the step again.
      await stepRoundLoop(api.deps, { tableId, token: claim.token });
      const after = await tableNow(tableId);
      expect(after.nextSequence, what).toBe(2);
      const rolls = await rollsOf(tableId);
      expect(rolls, what).toHaveLength(1);
      expect(rolls[0].fairness.commitment, what).toBe(before.fairness.commitment);
      expect((await getLoopClaim(api.db, tableId))!.token, what).not.toBe(claim.token);
    }
    await api.expectReconciled();
  });

  it('ends its loop when the table closes', async () => {
    const tableId = await openRng();
    await api.data(OPERATOR, `mutation ($t: ID!) { closeTable(input: { tableId: $t }) { table { status } } }`, { t: tableId });
    ahead += 20_000;
    await sweepRoundLoops(api.deps);
    expect(await getLoopClaim(api.db, tableId)).toBeUndefined();
  });
});

describe('a baccarat table the server deals', () => {
  it('deals a whole shoe from its committed seed, reveals it at the shoe\u2019s end, and commits to the next before its first bet', async () => {
    await api.fundAccount(PLAYER, 1_000_000);
    const tableId = await openRng({ game: 'BACCARAT', baccarat: { decks: 6 } });
    const opened = await tableNow(tableId);
    expect(opened.fairness).toMatchObject({ shoe: 1, lastReveal: null });

    // Rounds until the shoe is over, a bet on some of them.
    let round = 0;
    while ((await tableNow(tableId)).fairness.shoe === 1) {
      if (round % 10 === 0) await api.placeBet(PLAYER, { tableId, type: 'BANKER', amount: 100 });
      await pastDeadline(tableId, { only: true });
      round++;
      expect(round).toBeLessThan(100);
    }
    const after = await tableNow(tableId);
    expect(after.fairness.shoe).toBe(2);
    expect(after.fairness.commitment).not.toBe(opened.fairness.commitment);
    expect(after.fairness.lastReveal).toMatchObject({ commitment: opened.fairness.commitment, shoe: 1 });

    const deals = (await dealsOf(tableId)).filter((deal) => deal.shoe === 1).sort((a, b) => a.sequence - b.sequence);
    expect(deals).toHaveLength(round);
    expect(deals.map((deal) => deal.shoePosition)).toEqual(deals.map((_, index) => index + 1));
    // Every deal of the shoe names its commitment, and now its revealed seed.
    expect(new Set(deals.map((deal) => deal.fairness.commitment))).toEqual(new Set([opened.fairness.commitment]));
    const { seed, salt } = after.fairness.lastReveal;
    expect(deals.every((deal) => deal.fairness.seed === seed && deal.fairness.salt === salt)).toBe(true);
    // And its burn, the one the seed deals, on each of them and on the table's last reveal.
    const burn = dealtShoeOf(seed, 6).burn.map(formatCard);
    expect(after.fairness.lastReveal.burn).toEqual(burn);
    expect(deals.every((deal) => deal.fairness.burn.join(' ') === burn.join(' '))).toBe(true);
    const reveal = { seed, salt, commitment: opened.fairness.commitment };
    const rounds = deals.map((deal) => deal.cards.map(parseCard));
    expect(verifyShoe(reveal, 6, { rounds })).toEqual({ ok: true });
    // The whole shoe was dealt: as many rounds as the seed deals.
    expect(rounds).toHaveLength(dealtShoeOf(seed, 6).rounds.length);
    // A round swapped for another fails.
    const tampered = [...rounds];
    [tampered[3], tampered[4]] = [tampered[4]!, tampered[3]!];
    expect(verifyShoe(reveal, 6, { rounds: tampered }).ok).toBe(false);

    // The next shoe's first deal names the new commitment, and hides its seed until that shoe is over.
    await api.placeBet(PLAYER, { tableId, type: 'PLAYER', amount: 100 });
    await pastDeadline(tableId, { only: true });
    const [next] = (await dealsOf(tableId)).filter((deal) => deal.shoe === 2);
    expect(next.fairness).toEqual({ commitment: after.fairness.commitment, seed: null, salt: null, burn: null });
    // Its burn (the first card and as many more as it counts: 2 to 11 cards) counts as dealt for shoe tracking.
    const tracked = (
      await api.data(PLAYER, `query ($t: ID!) { table(id: $t) { ... on BaccaratTable { cardsDealtFromShoe } } }`, { t: tableId })
    ).table.cardsDealtFromShoe;
    expect(tracked - next.cards.length).toBeGreaterThanOrEqual(2);
    expect(tracked - next.cards.length).toBeLessThanOrEqual(11);
    await api.expectReconciled();

    // `npm run verify`'s checks, from the public API: the finished shoe holds, the one in play waits for its reveal.
    const token = await api.token(PLAYER);
    const checked = await verifyTable({ url: `${api.url}/graphql`, token, tableId });
    expect(checked.passed).toBe(true);
    expect(checked.lines).toEqual([
      expect.stringMatching(/^ok {4}shoe 1 \(\d+ rounds\)/),
      expect.stringMatching(/^wait {2}shoe 2 \(1 rounds\)/),
    ]);
    expect((await verifyTable({ url: `${api.url}/graphql`, token, tableId, shoe: 1 })).lines).toHaveLength(1);
    // The first card of each round changed on the way fails the shoe, naming its first round.
    const tampering: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const text = (await response.text()).replace(
        /"cards":\["([^"]+)"/g,
        (_, card: string) => `"cards":["${card === 'AS' ? 'KS' : 'AS'}"`,
      );
      return new Response(text, { status: response.status, headers: response.headers });
    };
    const inTransit = await verifyTable({ url: `${api.url}/graphql`, token, tableId, shoe: 1, fetch: tampering });
    expect(inTransit.passed).toBe(false);
    expect(inTransit.lines[0]).toMatch(/^FAIL {2}shoe 1 .*round \d+ of the shoe: the seed deals/);
  });

  it('takes no card for a voided round: the next round is dealt the cards it would have had, and the void is not among the deals', async () => {
    const tableId = await openRng({ game: 'BACCARAT', baccarat: { decks: 6 } });
    const { commitment } = (await tableNow(tableId)).fairness;
    await api.data(OPERATOR, `mutation ($t: ID!) { closeBetting(input: { tableId: $t }) { table { id } userErrors { code } } }`, {
      t: tableId,
    });
    await api.data(
      OPERATOR,
      `mutation ($t: ID!) { voidRound(input: { tableId: $t, reason: "camera fault", sequence: 1 }) { settlementComplete userErrors { code } } }`,
      { t: tableId },
    );
    await pastDeadline(tableId, { only: true });
    // The seed is still secret (the shoe is in play): the test reads it from the store.
    const dealt = dealtShoeOf((await getSeed(api.db, tableId, commitment))!.seed, 6);
    const [deal] = await dealsOf(tableId);
    expect(deal).toMatchObject({ sequence: 2, shoe: 1, shoePosition: 1, cards: dealt.rounds[0]!.map(formatCard) });
    expect(deal.fairness).toEqual({ commitment, seed: null, salt: null, burn: null });
  });

  it("refuses a dealer's cards and shoe", async () => {
    const tableId = await openRng({ game: 'BACCARAT' });
    const person = { ...DEALER, tables: [tableId] };
    const deal = await api.graphql(
      person,
      `mutation ($t: ID!) { submitDeal(input: { tableId: $t, cards: ["9S", "KS", "KH", "KD"], sequence: 1 }) { deal { id } userErrors { code } } }`,
      { t: tableId },
    );
    expect(refusalCode(deal)).toBe('DEALT_BY_SERVER');
    const shoe = await api.graphql(
      person,
      `mutation ($t: ID!) { startNewShoe(input: { tableId: $t }) { table { id } userErrors { code } } }`,
      {
        t: tableId,
      },
    );
    expect(refusalCode(shoe)).toBe('DEALT_BY_SERVER');
  });
});
