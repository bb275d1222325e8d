/**
 * The round loop of a table the server deals, on its own: each step a message delayed to its
 * moment and handed to the real worker handler (as `npm start` runs it, and SQS in AWS), with the
 * real clock. A player bets; the table closes betting at the deadline, rolls, pays and opens the
 * next round by itself, round after round, with nobody dealing.
 */
import { describe, expect, it } from 'vitest';
import { refusalCode } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';
import { PATIENCE_MS } from '../../support/patience';
import { verifyRoll } from '../../../functions/fairness/verification';

const api = useTestApi({ rngQueue: true });
const PLAYER = 'rng-timer-player';

const TABLE = `query ($t: ID!) { table(id: $t) { nextSequence bettingClosesAt fairness { commitment }
  ... on CrapsTable { rolls(first: 10) { edges { node { sequence dice fairness { commitment seed salt } } } } } } }`;

/** Reads until `done` holds, however long the loop's timers take (PATIENCE_MS only a safety), and answers that read. */
async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const until = Date.now() + PATIENCE_MS;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`still waiting, after ${PATIENCE_MS} ms, on ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * A Field bet (the minimum: a shooter at the table for the round), in the window open now or, on a
 * machine too loaded to send it within the window, in the next: a window that ran out with nobody
 * able to shoot opens again, and its round is rolled once the bet is in.
 */
async function betThisRound(tableId: string): Promise<void> {
  const until = Date.now() + PATIENCE_MS;
  for (;;) {
    const res = await api.graphql(
      PLAYER,
      `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { bet { id } userErrors { code message } } }`,
      {
        input: { tableId, type: 'FIELD', amount: 100 },
      },
    );
    const refusal = refusalCode(res);
    if (refusal === undefined) return;
    if (refusal !== 'BETTING_CLOSED' || Date.now() > until) throw new Error(`the bet was refused: ${JSON.stringify(res)}`);
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
    await betThisRound(tableId);
    const afterOne = await waitFor(table, (t) => t.nextSequence >= 2);
    expect(afterOne.nextSequence).toBe(2);
    await betThisRound(tableId);
    const afterTwo = await waitFor(table, (t) => t.nextSequence >= 3);
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
    expect(await waitFor(statuses, (list) => !list.includes('OPEN'))).toHaveLength(2);
    await api.expectReconciled();
    expect(api.loggedErrors).toEqual([]);
  });
});
