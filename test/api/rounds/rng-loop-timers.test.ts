/**
 * The round loop of a table the server deals, on its own: each step a message delayed to its
 * moment and handed to the real worker handler (as `npm start` runs it, and SQS in AWS), with the
 * real clock. A player bets; the table closes betting at the deadline, rolls, pays and opens the
 * next round by itself, round after round, with nobody dealing.
 */
import { describe, expect, it } from 'vitest';
import { useTestApi } from '../../support/use-test-api';
import { verifyRoll } from '../../../functions/fairness/verification';

const api = useTestApi({ rngQueue: true });
const PLAYER = 'rng-timer-player';

const TABLE = `query ($t: ID!) { table(id: $t) { nextSequence bettingClosesAt fairness { commitment }
  ... on CrapsTable { rolls(first: 10) { edges { node { sequence dice fairness { commitment seed salt } } } } } } }`;

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('a table the server deals, on its own clock', () => {
  it('rolls at each deadline and pays, round after round, with nobody dealing', async () => {
    await api.fundAccount(PLAYER, 100_000);
    const tableId = await api.openTable({ dealing: 'RNG', bettingWindowSeconds: 5 });
    const table = () => api.data(PLAYER, TABLE, { t: tableId }).then((data) => data.table);
    const first = await table();
    // A Field bet every round keeps a shooter at the table (any bet of the minimum makes one).
    await api.placeBet(PLAYER, { tableId, type: 'FIELD', amount: 100 });
    const afterOne = await waitFor(table, (t) => t.nextSequence >= 2, 9_000);
    expect(afterOne.nextSequence).toBe(2);
    await api.placeBet(PLAYER, { tableId, type: 'FIELD', amount: 100 });
    const afterTwo = await waitFor(table, (t) => t.nextSequence >= 3, 9_000);
    expect(afterTwo.nextSequence).toBe(3);

    const rolls = afterTwo.rolls.edges.map((edge: { node: any }) => edge.node).sort((a: any, b: any) => a.sequence - b.sequence);
    expect(rolls.map((roll: any) => roll.sequence)).toEqual([1, 2]);
    // Each roll was drawn under the commitment published before its bets, and checks against it.
    expect(rolls[0].fairness.commitment).toBe(first.fairness.commitment);
    expect(rolls[1].fairness.commitment).toBe(afterOne.fairness.commitment);
    for (const roll of rolls) expect(verifyRoll(roll.fairness, roll.dice)).toEqual({ ok: true });
    // Both Field bets were decided and paid: the ledger agrees with every balance.
    const statuses = () =>
      api.data(PLAYER, `{ me { bets(last: 10) { status } } }`).then((data) => data.me.bets.map((bet: { status: string }) => bet.status));
    expect(await waitFor(statuses, (list) => !list.includes('OPEN'), 3_000)).toHaveLength(2);
    expect(await statuses()).not.toContain('OPEN');
    await api.expectReconciled();
    expect(api.loggedErrors).toEqual([]);
  }, 30_000);
});
