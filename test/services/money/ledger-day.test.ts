/**
 * The daily check's pure core (services/money/ledger-day.ts): a day's totals by account group,
 * and the book through a day as the book through the day before plus the day, so that the whole
 * book is the sum of its days, whichever way its journals fall into days.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { EMPTY_BOOK, bookThrough, dayTotalsOf, nextDay, previousDay } from '../../../functions/services/money/ledger-day';
import type { JournalRecord, Leg } from '../../../functions/store/money/ledger';

const account = fc.oneof(
  fc.constantFrom('a', 'b', 'c').map((id) => ({ kind: 'PLAYER' as const, id })),
  fc.constantFrom('p1', 'p2').map((id) => ({ kind: 'POOL' as const, id })),
  fc.constantFrom('t1', 't2', undefined).map((id) => (id === undefined ? { kind: 'HOUSE' as const } : { kind: 'HOUSE' as const, id })),
  fc.constant({ kind: 'CASHIER' as const }),
  fc.constantFrom('x/a', 'x/b').map((id) => ({ kind: 'WALLET' as const, id })),
);

/** A balanced journal: legs moving money from one account to another, each pair summing to zero. */
const journal = fc
  .tuple(fc.uuid(), fc.array(fc.tuple(account, account, fc.integer({ min: 1, max: 2 ** 50 })), { minLength: 1, maxLength: 4 }))
  .map(([id, moves]): JournalRecord => ({
    id,
    kind: 'PAYOUT',
    currency: 'MOP',
    at: '2026-03-01T00:00:00.000Z',
    actor: 'test',
    cause: {},
    legs: moves.flatMap(([from, to, amount]): Leg[] => [
      { account: from, amount: -amount, type: 'WIN' },
      { account: to, amount, type: 'WIN' },
    ]),
  }));

describe("a day's totals", () => {
  it('sum to the same book whichever way the journals fall into days', () => {
    fc.assert(
      fc.property(fc.array(journal, { maxLength: 30 }), fc.array(fc.nat(3), { maxLength: 30 }), (journals, dayOf) => {
        const days = [0, 1, 2, 3].map((day) => journals.filter((_, i) => (dayOf[i] ?? 0) === day));
        const summed = days.reduce((book, dayJournals) => bookThrough(book, dayTotalsOf(dayJournals)), EMPTY_BOOK);
        const whole = dayTotalsOf(journals);
        expect(summed).toEqual({
          journals: whole.journals,
          total: whole.total,
          players: whole.players,
          pools: whole.pools,
          cashierIn: whole.cashierIn,
          partnerWallets: whole.partnerWallets,
          houseResult: whole.houseResult,
          houseByTable: whole.houseByTable,
        });
        // Balanced journals: every leg sums to zero, and the house is the negative of everything else.
        expect(whole.total).toBe(0n);
        expect(whole.houseResult).toBe(-(whole.players + whole.pools - whole.cashierIn + whole.partnerWallets));
        expect(whole.unbalancedJournals).toEqual([]);
      }),
    );
  });

  it('name the journals that do not balance, and what the day moved into each account and pool, exactly past 2^53', () => {
    const big = 2 ** 52;
    const journals: JournalRecord[] = [
      {
        id: 'j1',
        kind: 'DEPOSIT',
        currency: 'MOP',
        at: '2026-03-01T01:00:00.000Z',
        actor: 'op',
        cause: {},
        legs: [
          { account: { kind: 'CASHIER' }, amount: -big, type: 'DEPOSIT' },
          { account: { kind: 'PLAYER', id: 'a' }, amount: big, type: 'DEPOSIT' },
        ],
      },
      {
        id: 'j2',
        kind: 'DEPOSIT',
        currency: 'MOP',
        at: '2026-03-01T02:00:00.000Z',
        actor: 'op',
        cause: {},
        legs: [
          { account: { kind: 'CASHIER' }, amount: -big, type: 'DEPOSIT' },
          { account: { kind: 'PLAYER', id: 'a' }, amount: big + 1, type: 'DEPOSIT' },
        ],
      },
    ];
    const day = dayTotalsOf(journals);
    expect(day.unbalancedJournals).toEqual(['j2']);
    expect(day.total).toBe(1n);
    expect(day.players).toBe(2n * BigInt(big) + 1n);
    expect([...day.moved.values()]).toEqual([{ home: { kind: 'PLAYER', id: 'a' }, amount: 2n * BigInt(big) + 1n }]);
  });
});

describe('days', () => {
  it('follow one another across months and leap days', () => {
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(previousDay('2026-03-01')).toBe('2026-02-28');
  });
});
