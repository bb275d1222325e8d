/** What each money movement journals: every journal balances, and names who gains and who pays. */
import { describe, expect, it } from 'vitest';
import {
  cashJournal,
  jackpotJournals,
  payoutJournal,
  poolSeedJournal,
  stakeJournal,
  takeDownJournal,
} from '../../../functions/services/money/journals';
import { homeOf, type JournalRecord } from '../../../functions/store/money/ledger';
import type { BetRecord } from '../../../functions/store/betting/bet-records';
import type { JackpotPoolRecord } from '../../../functions/store/rounds/jackpot-pool-record';

const legsSum = (journal: JournalRecord) => journal.legs.reduce((sum, leg) => sum + leg.amount, 0);
const bet: BetRecord = {
  id: 't1.03-b1',
  tableId: 't1',
  playerId: 'p1',
  type: 'PASS_LINE',
  amount: 500,
  status: 'OPEN',
  winnings: 0,
  returned: 0,
  round: 4,
  placedAt: '2026-12-01T10:00:00.000Z',
};

describe('a journal', () => {
  it('of a stake moves it from the player to the house at the table', () => {
    const journal = stakeJournal(bet, 'MOP', 'p1');
    expect(journal.legs).toEqual([
      { account: { kind: 'PLAYER', id: 'p1' }, amount: -500, type: 'STAKE', betId: bet.id, betType: 'PASS_LINE' },
      { account: { kind: 'HOUSE', id: 't1' }, amount: 500, type: 'STAKE', betId: bet.id, betType: 'PASS_LINE' },
    ]);
    expect(journal).toMatchObject({
      id: `STAKE:${bet.id}`,
      currency: 'MOP',
      actor: 'p1',
      cause: { tableId: 't1', round: 4, betId: bet.id },
    });
  });

  it('of a take-down gives the stake back', () => {
    const journal = takeDownJournal(bet, 'MOP', 'p1', '2026-12-01T10:00:05.000Z');
    expect(legsSum(journal)).toBe(0);
    expect(journal.legs.find((leg) => leg.account.kind === 'PLAYER')!.amount).toBe(500);
  });

  it("of a voided round's refunds is a VOID_REFUND journal, each stake back from the house", () => {
    const journal = payoutJournal(
      't1',
      4,
      'p1',
      [{ betId: 'v', playerId: 'p1', betType: 'FIELD', resolution: { outcome: 'VOID' }, returned: 300 }],
      'MOP',
      '2026-12-01T10:01:00.000Z',
    )!;
    expect(journal).toMatchObject({ id: 'VOID_REFUND:t1:4:p1:0', kind: 'VOID_REFUND' });
    expect(journal.legs).toEqual([
      { account: { kind: 'PLAYER', id: 'p1' }, amount: 300, type: 'VOID_REFUND', betId: 'v', betType: 'FIELD' },
      { account: { kind: 'HOUSE', id: 't1' }, amount: -300, type: 'VOID_REFUND' },
    ]);
  });

  it("of a round's payment to a player has a leg per bet that returns money and the house pays their sum", () => {
    const journal = payoutJournal(
      't1',
      4,
      'p1',
      [
        { betId: 'w', playerId: 'p1', resolution: { outcome: 'WIN', winnings: 500 }, returned: 1_000 },
        { betId: 'p', playerId: 'p1', resolution: { outcome: 'PUSH' }, returned: 200 },
        { betId: 'l', playerId: 'p1', resolution: { outcome: 'LOSE' }, returned: 0 },
      ],
      'MOP',
      '2026-12-01T10:01:00.000Z',
    )!;
    expect(journal.legs.map((leg) => [leg.account.kind, leg.type, leg.amount, leg.betId])).toEqual([
      ['PLAYER', 'WIN', 1_000, 'w'],
      ['PLAYER', 'PUSH_RETURN', 200, 'p'],
      ['HOUSE', 'WIN', -1_200, undefined],
    ]);
    expect(journal.actor).toBe('settlement');
  });

  it('is not written for a payment of nothing (every bet lost or moved)', () => {
    const lost = [{ betId: 'l', playerId: 'p1', resolution: { outcome: 'LOSE' } as const, returned: 0 }];
    expect(payoutJournal('t1', 4, 'p1', lost, 'MOP', '2026-12-01T10:01:00.000Z')).toBeUndefined();
  });

  it('of a deposit and a withdrawal moves money between the cashier and the player', () => {
    const movement = { playerId: 'p1', reference: 'r', amount: 700, currency: 'MOP', at: '2026-12-01T09:00:00.000Z', actor: 'op' };
    expect(cashJournal({ ...movement, kind: 'DEPOSIT' }).legs.map((leg) => [leg.account.kind, leg.amount])).toEqual([
      ['PLAYER', 700],
      ['CASHIER', -700],
    ]);
    expect(cashJournal({ ...movement, kind: 'WITHDRAWAL' }).legs.map((leg) => [leg.account.kind, leg.amount])).toEqual([
      ['PLAYER', -700],
      ['CASHIER', 700],
    ]);
  });

  it("of a jackpot round puts the contributions and any reseed in the pool from the table's book, and pays each bettor's share out of it", () => {
    const payout = { poolBefore: 10_100, prize: 10_100, share: 5_000, paid: 10_000, remainder: 100, reseeded: 2_000, poolAfter: 2_100 };
    const journals = jackpotJournals(
      't2',
      9,
      'pool',
      'MOP',
      [
        { playerId: 'a', betId: 't2#bet-a' },
        { playerId: 'b', betId: 't2#bet-b' },
      ],
      payout,
      100,
      '2026-12-01T10:02:00.000Z',
    );
    for (const journal of journals) expect(legsSum(journal)).toBe(0);
    const pool = journals.flatMap((journal) => journal.legs).filter((leg) => leg.account.kind === 'POOL');
    expect(pool.reduce((sum, leg) => sum + leg.amount, 0)).toBe(payout.poolAfter - (payout.poolBefore - 100)); // what the pool moved by
    expect(journals.filter((journal) => journal.id.startsWith('JACKPOT_PRIZE:')).map((journal) => journal.legs[1])).toEqual([
      { account: { kind: 'PLAYER', id: 'a' }, amount: 5_000, type: 'JACKPOT_PRIZE', betId: 't2#bet-a', betType: 'JACKPOT' },
      { account: { kind: 'PLAYER', id: 'b' }, amount: 5_000, type: 'JACKPOT_PRIZE', betId: 't2#bet-b', betType: 'JACKPOT' },
    ]);
  });

  it("of a jackpot prize pays each share where its bet's stake came from: the account, or the player's seamless wallet", () => {
    const payout = { poolBefore: 9_000, prize: 9_000, share: 3_000, paid: 9_000, remainder: 0, reseeded: 0, poolAfter: 0 };
    const [prize] = jackpotJournals(
      't2',
      9,
      'pool',
      'MOP',
      [
        { playerId: 'acme/a', betId: 'seat-1', seamless: true },
        { playerId: 'acme/a', betId: 'seat-2' },
      ],
      payout,
      0,
      '2026-12-01T10:02:00.000Z',
    );
    expect(legsSum(prize!)).toBe(0);
    expect(prize!.legs.filter((leg) => leg.amount > 0).map((leg) => [leg.account.kind, leg.betId])).toEqual([
      ['WALLET', 'seat-1'],
      ['PLAYER', 'seat-2'],
    ]);
    // Kept in the player's partition, as their account's journals are.
    expect(homeOf(prize!)).toEqual({ kind: 'PLAYER', id: 'acme/a' });
  });

  it("of a new pool's seed comes from the house's general book", () => {
    const created = { id: 'pool', currency: 'MOP', amount: 2_000, seed: 2_000, createdAt: '2026-12-01T08:00:00.000Z' } as JackpotPoolRecord;
    expect(poolSeedJournal(created, 'op').legs).toEqual([
      { account: { kind: 'HOUSE' }, amount: -2_000, type: 'POOL_SEED' },
      { account: { kind: 'POOL', id: 'pool' }, amount: 2_000, type: 'POOL_SEED' },
    ]);
  });
});
