/**
 * What subscribers are told of each change: the events an item's before and after make, in the
 * order a front end applies them, on the topic of the table, the player or the pool.
 */
import { describe, expect, it } from 'vitest';
import { eventsOfChange, LOBBY_TOPIC } from '../../../functions/services/live/live-events';
import type { AccountRecord } from '../../../functions/store/money/account-records';
import type { BaccaratTableRecord, CrapsTableRecord } from '../../../functions/store/tables/table-records';
import type { BetRecord } from '../../../functions/store/betting/bet-records';
import type { JackpotPoolRecord } from '../../../functions/store/rounds/jackpot-pool-record';
import type { WalletCallRecord } from '../../../functions/store/wallet/wallet-calls';

const craps = (changes: Omit<Partial<CrapsTableRecord>, 'state'> & { state?: Partial<CrapsTableRecord['state']> } = {}): CrapsTableRecord =>
  ({
    id: 't1',
    game: 'CRAPS',
    status: 'OPEN',
    version: 1,
    bettingOpenedAt: '2026-12-01T10:00:00.000Z',
    bettingWindowSeconds: 30,
    ...changes,
    state: { phase: 'COME_OUT', point: null, rollCount: 0, shooter: null, ...changes.state },
  }) as CrapsTableRecord;

const baccarat = (state: Partial<BaccaratTableRecord['state']> = {}, changes: Partial<BaccaratTableRecord> = {}): BaccaratTableRecord =>
  ({
    id: 'b1',
    game: 'BACCARAT',
    status: 'OPEN',
    version: 1,
    ...changes,
    state: { roundCount: 0, shoe: [], ...state },
  }) as BaccaratTableRecord;

const kinds = (events: ReturnType<typeof eventsOfChange>) =>
  events.map((event) => [event.topic, 'kind' in event.payload ? event.payload.kind : 'AMOUNT']);

describe('a table change', () => {
  it('closing betting: BETTING_CLOSED to the table and the lobby, with no deadline', () => {
    const events = eventsOfChange({ kind: 'TABLE', before: craps(), after: craps({ bettingClosed: true, version: 2 }) });
    expect(kinds(events)).toEqual([
      ['TABLE#t1', 'BETTING_CLOSED'],
      [LOBBY_TOPIC, 'TABLE_CHANGED'],
    ]);
    expect(events[0]!.payload).toMatchObject({ tableId: 't1', sequence: null, bettingClosesAt: null });
  });

  it('recording a roll with bets to pay: the outcome with its result, then betting open with the new deadline; settled later', () => {
    const before = craps({ bettingClosed: true });
    const recorded = craps({
      version: 3,
      bettingOpenedAt: '2026-12-01T10:01:00.000Z',
      settling: { sequence: 1, kind: 'ROLL', dice: [3, 4], stateBefore: before.state },
      recentResults: [{ sequence: 1, dice: [3, 4] }],
      state: { rollCount: 1 },
    });
    const events = eventsOfChange({ kind: 'TABLE', before, after: recorded });
    expect(kinds(events)).toEqual([
      ['TABLE#t1', 'OUTCOME_RECORDED'],
      ['TABLE#t1', 'BETTING_OPENED'],
      [LOBBY_TOPIC, 'TABLE_CHANGED'],
    ]);
    expect(events[0]!.payload).toMatchObject({ sequence: 1, result: { sequence: 1, dice: [3, 4] } });
    expect(events[1]!.payload).toMatchObject({ bettingClosesAt: '2026-12-01T10:01:30.000Z' });

    const { settling: _, ...settled } = recorded;
    const paid = eventsOfChange({ kind: 'TABLE', before: recorded, after: { ...settled, version: 4 } as CrapsTableRecord });
    // The lobby shows results and betting, not settlements.
    expect(kinds(paid)).toEqual([['TABLE#t1', 'ROUND_SETTLED']]);
    expect(paid[0]!.payload).toMatchObject({ sequence: 1 });
  });

  it('recording an outcome with nothing to pay: settled in the same write; a void has no result', () => {
    const events = eventsOfChange({
      kind: 'TABLE',
      before: craps({ bettingClosed: true }),
      after: craps({ version: 2, bettingOpenedAt: '2026-12-01T10:02:00.000Z', state: { rollCount: 1 } }),
    });
    expect(kinds(events).map(([, kind]) => kind)).toEqual(['OUTCOME_RECORDED', 'ROUND_SETTLED', 'BETTING_OPENED', 'TABLE_CHANGED']);
    expect(events[0]!.payload).toMatchObject({ sequence: 1, result: null });
  });

  it('a seven-out hands the dice on: SHOOTER_CHANGED', () => {
    const events = eventsOfChange({
      kind: 'TABLE',
      before: craps({ bettingClosed: true, state: { shooter: 'ann', rollCount: 4 } }),
      after: craps({ version: 9, bettingOpenedAt: '2026-12-01T10:03:00.000Z', state: { shooter: 'bob', rollCount: 5 } }),
    });
    expect(kinds(events).map(([, kind]) => kind)).toContain('SHOOTER_CHANGED');
  });

  it('a new shoe and the table closing; a table opened goes to the lobby', () => {
    const shoe = eventsOfChange({ kind: 'TABLE', before: baccarat({ shoeNumber: 1 }), after: baccarat({ shoeNumber: 2 }, { version: 2 }) });
    expect(kinds(shoe)).toEqual([
      ['TABLE#b1', 'SHOE_CHANGED'],
      [LOBBY_TOPIC, 'TABLE_CHANGED'],
    ]);
    const closed = eventsOfChange({ kind: 'TABLE', before: baccarat(), after: baccarat({}, { status: 'CLOSED', bettingClosed: true }) });
    expect(kinds(closed)).toEqual([
      ['TABLE#b1', 'BETTING_CLOSED'],
      ['TABLE#b1', 'TABLE_CLOSED'],
      [LOBBY_TOPIC, 'TABLE_CLOSED'],
    ]);
    expect(kinds(eventsOfChange({ kind: 'TABLE', after: baccarat() }))).toEqual([
      ['TABLE#b1', 'BETTING_OPENED'],
      [LOBBY_TOPIC, 'TABLE_OPENED'],
    ]);
  });

  it('a change nobody needs to hear of (dealers assigned) makes no event', () => {
    expect(eventsOfChange({ kind: 'TABLE', before: craps(), after: craps({ version: 2, dealers: ['d'] }) })).toEqual([]);
  });
});

describe("a player's items", () => {
  const bet = (changes: Partial<BetRecord> = {}): BetRecord =>
    ({
      id: 'bet-1',
      tableId: 't1',
      playerId: 'p/ann',
      type: 'PASS_LINE',
      amount: 100,
      status: 'OPEN',
      winnings: 0,
      returned: 0,
      ...changes,
    }) as BetRecord;

  it('go to the player alone: placed, moved, decided', () => {
    expect(kinds(eventsOfChange({ kind: 'BET', after: bet() }))).toEqual([['PLAYER#p/ann', 'BET_PLACED']]);
    expect(kinds(eventsOfChange({ kind: 'BET', before: bet({ type: 'COME' }), after: bet({ type: 'COME', number: 6 }) }))).toEqual([
      ['PLAYER#p/ann', 'BET_CHANGED'],
    ]);
    expect(kinds(eventsOfChange({ kind: 'BET', before: bet(), after: bet({ status: 'WON', winnings: 100 }) }))).toEqual([
      ['PLAYER#p/ann', 'BET_SETTLED'],
    ]);
    // A jackpot bet decided with its round, then paid its share of the prize.
    expect(
      kinds(
        eventsOfChange({ kind: 'BET', before: bet({ status: 'LOST' }), after: bet({ status: 'WON', winnings: 2_000, returned: 2_000 }) }),
      ),
    ).toEqual([['PLAYER#p/ann', 'BET_SETTLED']]);
    expect(eventsOfChange({ kind: 'BET', before: bet({ status: 'LOST' }), after: bet({ status: 'LOST', settledBy: 4 }) })).toEqual([]);
    // A replay guard moving on is no news.
    expect(eventsOfChange({ kind: 'BET', before: bet(), after: bet({ lastOutcome: 3 }) })).toEqual([]);
  });

  it('a balance that moved; a journal count alone does not', () => {
    const account = (balance: number, journals: number) =>
      ({ id: 'p/ann', currency: 'MOP', balance, journals, createdAt: 'x' }) as AccountRecord;
    expect(kinds(eventsOfChange({ kind: 'ACCOUNT', before: account(100, 1), after: account(50, 2) }))).toEqual([
      ['PLAYER#p/ann', 'BALANCE_CHANGED'],
    ]);
    expect(eventsOfChange({ kind: 'ACCOUNT', before: account(100, 1), after: account(100, 2) })).toEqual([]);
  });

  it("a seamless wallet's answered balance, to its player, once: when the wallet's answer to a debit, credit or rollback is recorded", () => {
    const call = (changes: Partial<WalletCallRecord>) =>
      ({
        transactionId: 'STAKE:t1.4',
        partner: 'p',
        playerId: 'p/ann',
        currency: 'MOP',
        updatedAt: '2026-12-03T10:00:09.000Z',
        ...changes,
      }) as WalletCallRecord;
    const answered = (balanceAfter: number, balanceAt: string) => ({ balanceAfter, balanceAt });
    const confirmed = eventsOfChange({
      kind: 'WALLET_CALL',
      before: call({ state: 'DUE' }),
      after: call({ state: 'CONFIRMED', ...answered(12_000, '2026-12-03T10:00:08.000Z') }),
    });
    expect(confirmed).toEqual([
      {
        field: 'myEvents',
        topic: 'PLAYER#p/ann',
        payload: {
          kind: 'WALLET_BALANCE_CHANGED',
          playerId: 'p/ann',
          bet: null,
          account: null,
          // When the wallet answered, not when the call was written back.
          wallet: { playerId: 'p/ann', balance: 12_000, currency: 'MOP', readAt: '2026-12-03T10:00:08.000Z' },
        },
      },
    ]);
    // A debit confirmed by its bet, and its rollback taken by the wallet: each tells the balance it answered.
    const debited = call({ state: 'CONFIRMED', ...answered(9_000, '2026-12-03T10:00:01.000Z') });
    expect(kinds(eventsOfChange({ kind: 'WALLET_CALL', before: call({ state: 'SENT' }), after: debited }))).toEqual([
      ['PLAYER#p/ann', 'WALLET_BALANCE_CHANGED'],
    ]);
    const rolling = { ...debited, state: 'ROLLING_BACK' as const };
    // The round voided: the debit's old answer rides on, untold again.
    expect(eventsOfChange({ kind: 'WALLET_CALL', before: debited, after: rolling })).toEqual([]);
    expect(
      kinds(
        eventsOfChange({
          kind: 'WALLET_CALL',
          before: rolling,
          after: { ...rolling, state: 'ROLLED_BACK', ...answered(10_000, '2026-12-03T10:00:05.000Z') },
        }),
      ),
    ).toEqual([['PLAYER#p/ann', 'WALLET_BALANCE_CHANGED']]);
    // Set aside, settled by hand, a rollback the wallet never knew (UNKNOWN_TRANSACTION): no new answer, nothing to tell.
    expect(eventsOfChange({ kind: 'WALLET_CALL', before: rolling, after: { ...rolling, state: 'DEAD_LETTERED' } })).toEqual([]);
    expect(
      eventsOfChange({ kind: 'WALLET_CALL', before: rolling, after: { ...rolling, state: 'ROLLED_BACK', refusal: 'UNKNOWN_TRANSACTION' } }),
    ).toEqual([]);
    // Written, retried: no balance answered yet.
    expect(eventsOfChange({ kind: 'WALLET_CALL', after: call({ state: 'DUE' }) })).toEqual([]);
    expect(eventsOfChange({ kind: 'WALLET_CALL', before: call({ state: 'DUE' }), after: call({ state: 'DUE', attempts: 2 }) })).toEqual([]);
  });

  it("a pool's amount, to its topic", () => {
    const pool = (amount: number) => ({ id: 'pool-1', amount }) as JackpotPoolRecord;
    expect(kinds(eventsOfChange({ kind: 'POOL', before: pool(1), after: pool(2) }))).toEqual([['POOL#pool-1', 'AMOUNT']]);
    expect(eventsOfChange({ kind: 'POOL', before: pool(2), after: undefined })).toEqual([]);
  });
});
