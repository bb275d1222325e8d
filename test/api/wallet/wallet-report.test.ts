/**
 * A partner's daily wallet report through the API, on a day of many calls: its totals over every
 * call, and its calls page by page (callPage), each call once, in the report's order, whatever
 * report partition it sits in; the deprecated `calls` still answers the whole day.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { dealer, refusalOf } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';
import { creditOf } from '../../../functions/services/wallet/wallet-calls';
import { createWalletCall } from '../../../functions/store/wallet/wallet-calls';

const api = useTestApi();
const OPERATOR = dealer('test-dealer');
const DAY = '2026-11-30';
const CALLS = 37;

beforeAll(async () => {
  // Credits of a busy day, four to a second, spread over the report's partitions by their ids, whose
  // players' tags differ in case and punctuation as real ones do (the index orders them byte by byte);
  // and one of the next day.
  const tags = ['alice', 'Bob', '-z', '_z'];
  for (let i = 0; i < CALLS; i++) {
    const at = new Date(Date.parse(`${DAY}T10:00:00.000Z`) + Math.floor(i / 4) * 1_000).toISOString();
    // Within a second: t.<g>: and t.<g>0: (a colon against a digit), alice and Bob (a small letter against a capital).
    const second = Math.floor(i / 4);
    const transactionId = `PAYOUT:t.${second}${i % 4 === 2 ? '0' : ''}:${tags[i % 4]}${i}:0`;
    const credit = creditOf(
      transactionId,
      `paging-co/p${i % 5}`,
      { amount: 100 + i, currency: 'MOP', tableId: 't', sequence: i, betIds: [], kind: 'ROUND_RESULT' },
      at,
      2,
    );
    await createWalletCall(api.db, i % 3 === 0 ? { ...credit, state: 'CONFIRMED' } : credit);
  }
  await createWalletCall(
    api.db,
    creditOf(
      'PAYOUT:t.99:p0:0',
      'paging-co/p0',
      { amount: 7, currency: 'MOP', tableId: 't', sequence: 99, betIds: [], kind: 'ROUND_RESULT' },
      '2026-12-01T00:00:00.000Z',
      2,
    ),
  );
});

const page = (first: number, after?: string | null) =>
  api.graphql(
    OPERATOR,
    `query ($day: Date!, $first: Int, $after: String) { partnerWalletReport(partner: "paging-co", day: $day) { callPage(first: $first, after: $after) { calls { transactionId amount } nextCursor } } }`,
    { day: DAY, first, after },
  );

describe("a partner's day of wallet calls", () => {
  it('comes page by page, each call once, in the order of the whole day, the last page saying there is no more', async () => {
    const whole = await api.data(OPERATOR, `{ partnerWalletReport(partner: "paging-co", day: "${DAY}") { calls { transactionId } } }`);
    const day = whole.partnerWalletReport.calls.map((call: { transactionId: string }) => call.transactionId);
    expect(day).toHaveLength(CALLS);

    const paged: string[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 20; pages++) {
      const answer = await page(3, after);
      const { calls, nextCursor } = answer.data!.partnerWalletReport.callPage;
      paged.push(...calls.map((call: { transactionId: string }) => call.transactionId));
      expect(calls.length).toBeLessThanOrEqual(3);
      after = nextCursor;
      if (!after) break;
    }
    expect(after).toBeNull();
    expect(new Set(paged).size).toBe(CALLS);
    expect(paged).toEqual(day);
    // One page of the default size holds this day.
    const all = await page(500);
    expect(all.data!.partnerWalletReport.callPage.nextCursor).toBeNull();
    expect(all.data!.partnerWalletReport.callPage.calls).toHaveLength(CALLS);
  });

  it('takes the page size the docs give (1,000 calls) with every field of a call: the page counts its calls once', async () => {
    const fields = `transactionId operation playerId amount currency state tableId roundId betIds attempts createdAt updatedAt
      lastProblem refusal settledBy settledAt settlementNote`;
    const answer = await api.graphql(
      OPERATOR,
      `query ($day: Date!) { partnerWalletReport(partner: "paging-co", day: $day) { callPage(first: 1000) { calls { ${fields} } nextCursor } } }`,
      { day: DAY },
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.partnerWalletReport.callPage.calls).toHaveLength(CALLS);
  });

  it("totals every call of the day, whatever page is asked for, and none of the next day's", async () => {
    const { partnerWalletReport } = await api.data(
      OPERATOR,
      `{ partnerWalletReport(partner: "paging-co", day: "${DAY}") { totals { currency credited owed debited } callPage(first: 1) { calls { transactionId } } } }`,
    );
    const amounts = Array.from({ length: CALLS }, (_, i) => 100 + i);
    const credited = amounts.filter((_, i) => i % 3 === 0).reduce((a, b) => a + b, 0);
    const owed = amounts.filter((_, i) => i % 3 !== 0).reduce((a, b) => a + b, 0);
    expect(partnerWalletReport.totals).toEqual([{ currency: 'MOP', credited: String(credited), owed: String(owed), debited: '0' }]);
  });

  it('refuses a page size out of 1 to 1,000, and a cursor it did not give for this day, without echoing it', async () => {
    for (const first of [0, 1_001]) {
      expect(refusalOf(await page(first))).toMatchObject({
        code: 'BAD_USER_INPUT',
        message: expect.stringMatching(/first must be a whole number from 1 to 1000/),
      });
    }
    const nextDay = '2026-12-01T00:00:00.000Z#PAYOUT:t.99:p0:0';
    for (const after of ['garbage-cursor-xyz', nextDay]) {
      const refusal = refusalOf(await page(5, after));
      expect(refusal).toMatchObject({ code: 'BAD_USER_INPUT', message: "after must be a nextCursor of this day's report." });
      expect(JSON.stringify(refusal)).not.toContain('garbage-cursor');
    }
    // Longer than any cursor: refused with every over-long string, before the report is read.
    expect(refusalOf(await page(5, `${DAY}T10:00:00.000Z#${'x'.repeat(2_000)}`))).toMatchObject({ code: 'BAD_USER_INPUT' });
  });
});
