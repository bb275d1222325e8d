/**
 * A round of an online table: 200 bets from 100 players (npm run bench pays 10,000), with real DynamoDB's transaction
 * conflicts modelled, paid exactly, also when its runner dies halfway and the sweeper takes the
 * job over. (Many players betting at once: online-table.test.ts.)
 */
import { afterEach, expect, describe, it } from 'vitest';
import { BUSY_TABLE_SHARDS, dealer, refusalOf } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';
import { crash, withFaults } from '../../support/faults';
import { seedBets, type SeedBet } from '../../../local/bulk-setup';
import { listOpenBets } from '../../../functions/store/betting/bets';
import { sweepSettlements } from '../../../functions/services/rounds/sweep-settlements';

/** The next TransactWriteItems of the handler, by count, at which its process dies (before it is sent). */
let crashAfter: number | null = null;
const api = useTestApi({
  // No workers: the dealer's request pays every part itself, so that when it answers, all but
  // the part its crash stopped are paid (the workers' own resumes: test/services/rounds/settlement-job.test.ts).
  wrapSettlementQueue: () => ({
    send: async () => {
      throw new Error('no workers in this file');
    },
  }),
  wrapDb: (db) =>
    withFaults(db, {
      before: (name) => {
        if (name !== 'TransactWriteCommand' || crashAfter === null) return undefined;
        return --crashAfter === 0 ? ((crashAfter = null), crash()) : undefined;
      },
    }),
});
// Whatever the test did, the ledger accounts for every unit of every balance.
afterEach(() => api.expectReconciled());

const DEALER = dealer('online-dealer');

describe('a round of 200 bets from 100 players', () => {
  /**
   * Player i bets FIELD 100 x (1 + i mod 3), and ANY_CRAPS 100 (even i) or BIG 100 (odd i). On a 3
   * the Field pays 1:1, Any Craps 7:1, and Big loses: what each player gets back, by hand.
   */
  const crowd = Array.from({ length: 100 }, (_, i) => `mass-${i}`);
  const field = (i: number) => 100 * (1 + (i % 3));
  const layout: SeedBet[] = crowd.flatMap((playerId, i) => [
    { playerId, type: 'FIELD', amount: field(i) },
    { playerId, type: i % 2 === 0 ? 'ANY_CRAPS' : 'BIG', amount: 100 },
  ]);
  const START = 10_000;
  const expectedBalance = (i: number) => START - field(i) - 100 + 2 * field(i) + (i % 2 === 0 ? 800 : 0);

  it('is paid exactly, also when its runner dies halfway and the next one takes the job over', async () => {
    // Over the default 64 shards, as a busy table is opened: the round's payments are what is measured.
    const tableId = (
      await api.data(
        DEALER,
        `mutation { openTable(input: { game: CRAPS, minimumBet: 100, maximumBet: 100000, betShards: ${BUSY_TABLE_SHARDS} }) { table { id } userErrors { code message } } }`,
      )
    ).openTable.table.id;
    await api.fundNewAccounts(crowd, START);
    await seedBets(api.deps, tableId, layout);
    // And a shooter, on Don't Pass (the 3 pays it too): a roll needs one (art. 2.1).
    await api.seatShooter(tableId, { type: 'DONT_PASS' });
    expect((await listOpenBets(api.db, tableId, BUSY_TABLE_SHARDS)).length).toBe(201);
    const sequence = await api.closeBetting(tableId);

    // Recorded (1st transaction), then a part's runner dies as it sends one of its first transactions
    // (a part sends up to 8 at once): what that one held is not paid, the rest is.
    crashAfter = 3;
    const rolled = await api.graphql(
      DEALER,
      `mutation ($t: ID!, $s: Int!) { submitRoll(input: { tableId: $t, dice: [1, 2], sequence: $s }) { roll { sequence } settlementComplete userErrors { code message } } }`,
      { t: tableId, s: sequence },
    );
    // The outcome is recorded, and the answer says it is not all paid.
    expect(refusalOf(rolled)).toBeUndefined();
    expect(rolled.data!.submitRoll.roll).toEqual({ sequence });
    expect(rolled.data!.submitRoll.settlementComplete).toBe(false);
    const halfway = await api.balances(crowd);
    const paid = halfway.filter((balance, i) => balance === expectedBalance(i)).length;
    const unpaid = halfway.filter((balance, i) => balance === START - field(i) - 100).length;
    // Each player paid in full or not at all, some of each.
    expect(paid + unpaid).toBe(crowd.length);
    expect(paid).toBeGreaterThan(0);
    expect(unpaid).toBeGreaterThan(0);

    // The dead runner's lease expires; the sweeper takes the job over and finishes it.
    const report = await sweepSettlements({ ...api.deps, now: () => new Date(Date.now() + 120_000).toISOString() }, 60);
    expect(report).toMatchObject({ completed: [tableId], failed: [] });
    expect(await api.balances(crowd)).toEqual(crowd.map((_, i) => expectedBalance(i)));
    expect(await listOpenBets(api.db, tableId, BUSY_TABLE_SHARDS)).toEqual([]);
  });
});
