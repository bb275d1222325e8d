/**
 * The ledger's daily checks (services/money/ledger-check.ts): a day is checked from that day's
 * journals and the balances they moved, once it has been over ten minutes, in order; the book
 * through a day is the book through the day before plus the day, so the whole book is the sum of
 * the days checked. A balance is taken back to the day's end through what moved it since, so
 * that later days' movements are no difference; one that was changed without a journal is.
 */
import { describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { useTestApi } from '../../support/use-test-api';
import { MODALITY_A_FIXED_AMOUNTS } from '../../support/jackpot-prizes';
import { deposit, openAccount, withdraw } from '../../../functions/services/money/cashier';
import { openJackpotPool } from '../../../functions/services/money/jackpot-pools';
import { checkLedger, checkLedgerDay, LedgerCheckRefused } from '../../../functions/services/money/ledger-check';
import { reconcile } from '../../../functions/services/money/reconcile';
import { checkedBook } from '../../../functions/services/money/checked-book';
import { accountKey, poolKey } from '../../../functions/store/kernel/keys';
import type { ServiceDependencies } from '../../../functions/services/kernel/services';

const api = useTestApi();
const OPERATOR = { playerId: 'ledger-operator', roles: new Set(['OPERATOR'] as const) };
const [DAY_1, DAY_2, DAY_3] = ['2026-03-01', '2026-03-02', '2026-03-03'];
/** The service's dependencies with the clock at `at`. */
const at = (instant: string): ServiceDependencies => ({ ...api.deps, now: () => instant });
let reference = 0;
const cash = (instant: string, playerId: string, amount: number) =>
  (amount > 0 ? deposit : withdraw)(at(instant), OPERATOR, { playerId, amount: Math.abs(amount), reference: `ledger-${reference++}` });

describe('the daily checks of a ledger over three days', () => {
  it('check each day from its own journals, in order, and sum the book day by day', async () => {
    // Day 1: two accounts funded; a pool opened with its seed.
    for (const playerId of ['lc-a', 'lc-b']) await openAccount(at(`${DAY_1}T08:00:00.000Z`), OPERATOR, { playerId, currency: 'MOP' });
    await cash(`${DAY_1}T09:00:00.000Z`, 'lc-a', 10_000);
    await cash(`${DAY_1}T23:59:59.999Z`, 'lc-b', 4_000);
    await openJackpotPool(at(`${DAY_1}T10:00:00.000Z`), OPERATOR, {
      currency: 'MOP',
      seed: 50_000,
      modality: 'A',
      fixedAmounts: MODALITY_A_FIXED_AMOUNTS,
    });
    // Day 2: a withdrawal. Day 3 (not over yet when day 2 is checked): another deposit.
    await cash(`${DAY_2}T00:00:00.000Z`, 'lc-a', -3_000);
    await cash(`${DAY_3}T12:00:00.000Z`, 'lc-b', 1_000);

    // Not before the day is over by ten minutes; not a day before the currency's first.
    await expect(checkLedgerDay(at(`${DAY_2}T00:05:00.000Z`), 'MOP', DAY_1)).rejects.toThrow(LedgerCheckRefused);
    await expect(checkLedgerDay(at(`${DAY_3}T01:00:00.000Z`), 'MOP', '2026-02-28')).rejects.toThrow(/starts on 2026-03-01/);
    // In order: day 2 waits for day 1.
    await expect(checkLedgerDay(at(`${DAY_3}T01:00:00.000Z`), 'MOP', DAY_2)).rejects.toThrow(/2026-03-01 of MOP is not checked yet/);

    const checked = await checkLedger(at(`${DAY_3}T00:20:00.000Z`));
    expect(checked.map((check) => check.day)).toEqual([DAY_1, DAY_2]);
    const [first, second] = checked;
    for (const check of checked) expect([check.unbalancedJournals, check.differences, check.inconsistentDays]).toEqual([[], [], []]);
    // Each day is its own journals: day 1's two deposits and the pool's seed; day 2's withdrawal.
    expect(first!.dayTotals).toMatchObject({ journals: 3, players: '14000', pools: '50000', cashierIn: '14000', houseResult: '-50000' });
    expect(second!.dayTotals).toMatchObject({ journals: 1, players: '-3000', pools: '0', cashierIn: '-3000', houseResult: '0' });
    // The book through day 2 is day 1's and day 2's.
    expect(second!.through).toMatchObject({ journals: 4, total: '0', players: '11000', pools: '50000', cashierIn: '11000' });
    expect(second!.through.houseByTable).toEqual({ '*': '-50000' });
    // Checked again later, nothing new: day 3 is not over.
    expect(await checkLedger(at(`${DAY_3}T23:00:00.000Z`))).toEqual([]);

    // The balances moved on day 3 (a deposit to lc-b) were taken back to each day's end: no difference.
    const day3 = await checkLedger(at(`2026-03-04T00:20:00.000Z`));
    expect(day3.map((check) => [check.day, check.differences])).toEqual([[DAY_3, []]]);
    // The whole book, summed day by day, is the full audit's.
    const book = await checkedBook(api.deps);
    const audit = await reconcile(api.deps);
    expect(book.consistent).toBe(true);
    const { firstDay: _first, ...audited } = audit.currencies[0]!;
    expect(book.currencies).toEqual([{ ...audited, checkedThrough: DAY_3 }]);
  });

  it('find a balance or a pool changed without a journal, on the day it is next moved', async () => {
    const tamper = (key: { pk: string; sk: string }, attribute: string, extra: number) =>
      api.db.doc.send(
        new UpdateCommand({
          TableName: api.db.tableName,
          Key: key,
          UpdateExpression: `SET #a = #a + :extra`,
          ExpressionAttributeNames: { '#a': attribute },
          ExpressionAttributeValues: { ':extra': extra },
        }),
      );
    // A player's balance raised by 7 behind the ledger's back, then moved on day 4 by a deposit.
    await tamper(accountKey('lc-a'), 'balance', 7);
    await cash('2026-03-04T10:00:00.000Z', 'lc-a', 100);
    const [day4] = await checkLedger(at('2026-03-05T00:20:00.000Z'));
    expect(day4!.differences).toEqual([{ kind: 'PLAYER', id: 'lc-a', day: '2026-03-04', stored: '7107', ledger: '7100' }]);
    expect(day4!.inconsistentDays).toEqual(['2026-03-04']);
    // The reconciliation says so, and keeps saying it on later days.
    const book = await checkedBook(api.deps);
    expect(book.consistent).toBe(false);
    expect(book.differences).toEqual([
      { account: { kind: 'PLAYER', id: 'lc-a' }, currency: 'MOP', day: '2026-03-04', stored: 7_107, ledger: 7_100n },
    ]);
    await tamper(accountKey('lc-a'), 'balance', -7);

    // A pool opened on day 5 and raised by 5 without a journal: found as the day's check reads it.
    const pool = await openJackpotPool(at('2026-03-05T10:00:00.000Z'), OPERATOR, {
      currency: 'MOP',
      seed: 60_000,
      modality: 'A',
      fixedAmounts: MODALITY_A_FIXED_AMOUNTS,
    });
    await tamper(poolKey(pool.id), 'amount', 5);
    const [day5] = await checkLedger(at('2026-03-06T00:20:00.000Z'));
    expect(day5!.differences).toEqual([{ kind: 'POOL', id: pool.id, day: '2026-03-05', stored: '60005', ledger: '60000' }]);
    expect(day5!.inconsistentDays).toEqual(['2026-03-04', '2026-03-05']);
    await tamper(poolKey(pool.id), 'amount', -5);
  });
});
