/**
 * A big round is paid by workers at once (services/rounds/settlement-job.ts, settlePart): the
 * outcome hands its parts to the settlement queue as it is recorded, the worker handler
 * (functions/workers/settlement-handler.ts) pays each, and the dealer's request answers once all
 * are paid; every player is paid once. Without workers, the request pays them all.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApi } from '../../support/use-test-api';
import { seedBets } from '../../../local/bulk-setup';
import { getOutcome } from '../../../functions/store/rounds/outcomes';
import type { SettlementPart } from '../../../functions/services/kernel/work-queue';
import { PATIENCE_MS } from '../../support/patience';

/**
 * Plan entries a part pays here: a round of more is paid in parts, as one of more than
 * ENTRIES_PER_PART is in production (the bench's figure 2 pays 10,000 bets in ten).
 */
const ENTRIES_PER_PART = 40;
const handed: SettlementPart[] = [];
let queueDown = false;
const api = useTestApi({
  settlementEntriesPerPart: ENTRIES_PER_PART,
  // The dealer's request waits for the workers as long as a loaded machine makes them take (6 s in production).
  settlementWaitMs: PATIENCE_MS,
  wrapSettlementQueue: (queue) => ({
    async send(parts) {
      if (queueDown) throw new Error('the queue is down');
      handed.push(...parts);
      await queue.send(parts);
    },
  }),
});

// The ledger accounts for every unit: checked once, at the end (reconciling reads the whole book).
afterAll(() => api.expectReconciled());

/**
 * A table of the tests' 4 shards (a part pays a group of them) holding `bets` Field bets of 100,
 * one per player, each funded with 1,000; the roll of 3 wins them all.
 */
async function bigRound(prefix: string, bets: number) {
  const tableId = await api.openTable();
  const players = Array.from({ length: bets }, (_, i) => `${prefix}-${i}`);
  await api.fundNewAccounts(players, 1_000);
  await seedBets(api.deps, tableId, [...players.map((playerId) => ({ playerId, type: 'FIELD' as const, amount: 100 }))]);
  return { tableId, players };
}

describe('a round of more bets than a part pays', () => {
  it('is handed to the workers in parts as it is recorded, and every player is paid once before the dealer is answered', async () => {
    const { tableId, players } = await bigRound('w', ENTRIES_PER_PART + 20);
    await api.seatShooter(tableId);
    await api.closeAndRoll(tableId, [1, 2]);
    const outcome = await getOutcome(api.db, tableId, 1);
    expect(outcome!.planned.parts).toBe(2);
    expect(outcome!.settledAt).toBeDefined();
    // Both parts went to the workers as the outcome was recorded.
    expect(handed.filter((part) => part.tableId === tableId).map((part) => part.part)).toEqual([0, 1]);
    expect(new Set(await api.balances(players))).toEqual(new Set([1_100]));
  });

  it('is paid whole by the recording request when the workers cannot be told', async () => {
    const { tableId, players } = await bigRound('nw', ENTRIES_PER_PART + 20);
    await api.seatShooter(tableId);
    queueDown = true;
    try {
      await api.closeAndRoll(tableId, [1, 2]);
    } finally {
      queueDown = false;
    }
    expect((await getOutcome(api.db, tableId, 1))!.planned.parts).toBe(2);
    expect(new Set(await api.balances(players))).toEqual(new Set([1_100]));
    expect(api.loggedErrors).toContainEqual(
      expect.objectContaining({ message: expect.stringMatching(/could not be handed to the workers/) }),
    );
    await api.expectReconciled();
  });
});
