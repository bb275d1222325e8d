/**
 * A wallet call as an item (pure): in its partner's report always, in the due index while it
 * waits to be delivered (by when it is due), in the operators' list once set aside, and in
 * neither once done, so that nothing reads a finished call again.
 */
import { describe, expect, it } from 'vitest';
import { mergedReportPage, reportCursorOf, walletCallItem, type WalletCallRecord } from '../../../functions/store/wallet/wallet-calls';
import { walletDueShardOf } from '../../../functions/store/kernel/keys';

const call = (state: WalletCallRecord['state'], nextAttemptAt?: string): WalletCallRecord => ({
  transactionId: 'PAYOUT:t.3:abc:0',
  partner: 'acme',
  playerId: 'acme/p1',
  kind: 'CREDIT',
  operation: 'credit',
  body: '{}',
  amount: 5,
  currency: 'MOP',
  state,
  attempts: 0,
  createdAt: '2026-12-03T10:00:00.000Z',
  updatedAt: '2026-12-03T10:00:00.000Z',
  ...(nextAttemptAt ? { nextAttemptAt } : {}),
});
const shard = String(walletDueShardOf('PAYOUT:t.3:abc:0')).padStart(2, '0');

describe('a wallet call item', () => {
  it('is keyed by its transaction id, one item per movement', () => {
    expect(walletCallItem(call('DUE'))).toMatchObject({ pk: 'WALLETCALL#PAYOUT:t.3:abc:0', sk: 'CALL' });
  });

  it.each(['SENT', 'DUE', 'ROLLING_BACK'] as const)('waits in the due index while %s, by when it is due next', (state) => {
    expect(walletCallItem(call(state, '2026-12-03T10:05:00.000Z'))).toMatchObject({
      ownerPk: `WALLETDUE#${shard}`,
      ownerSk: '2026-12-03T10:05:00.000Z#PAYOUT:t.3:abc:0',
    });
  });

  it.each(['CONFIRMED', 'REFUSED', 'ROLLED_BACK', 'SETTLED_BY_HAND'] as const)('is in neither index once %s', (state) => {
    expect(walletCallItem(call(state))).not.toHaveProperty('ownerPk');
  });

  it("is listed for its partner's operators once set aside", () => {
    expect(walletCallItem(call('DEAD_LETTERED'))).toMatchObject({ ownerPk: 'WALLETDEAD#acme' });
  });

  it("is always in its partner's report, by when it was made", () => {
    for (const state of ['SENT', 'CONFIRMED', 'DEAD_LETTERED'] as const)
      expect(walletCallItem(call(state))).toMatchObject({
        bookPk: `WALLETCALLS#acme#${shard}`,
        bookSk: '2026-12-03T10:00:00.000Z#PAYOUT:t.3:abc:0',
      });
  });
});

describe("a page of a partner's report", () => {
  const at = (createdAt: string, transactionId: string) => ({ ...call('CONFIRMED'), createdAt, transactionId });
  const ids = (page: { calls: readonly WalletCallRecord[] }) => page.calls.map((c) => c.transactionId);

  it("is the first calls of every partition's own page, in the report's order (oldest first, then by transaction id)", () => {
    const page = mergedReportPage(
      [
        { calls: [at('2026-12-03T10:00:00.000Z', 'B'), at('2026-12-03T10:00:02.000Z', 'D')], more: false },
        { calls: [at('2026-12-03T10:00:00.000Z', 'A'), at('2026-12-03T10:00:01.000Z', 'C')], more: false },
      ],
      3,
    );
    expect(ids(page)).toEqual(['A', 'B', 'C']);
    expect(page.more).toBe(true); // D is left for the next page
  });

  it('says more may follow when a partition gave all it was allowed, and not when every call is given', () => {
    const one = [at('2026-12-03T10:00:00.000Z', 'A')];
    expect(
      mergedReportPage(
        [
          { calls: one, more: true },
          { calls: [], more: false },
        ],
        1,
      ),
    ).toMatchObject({ more: true });
    expect(
      mergedReportPage(
        [
          { calls: one, more: false },
          { calls: [], more: false },
        ],
        1,
      ),
    ).toMatchObject({ more: false });
    expect(mergedReportPage([{ calls: [], more: false }], 5)).toEqual({ calls: [], more: false });
  });

  it('orders calls as the index does, byte by byte (a digit before a colon, a capital before a small letter), not by collation', () => {
    const page = mergedReportPage(
      [
        { calls: [at('2026-12-03T10:00:00.000Z', 'PAYOUT:t.5:alice:0')], more: false },
        { calls: [at('2026-12-03T10:00:00.000Z', 'PAYOUT:t.5:Bob:0'), at('2026-12-03T10:00:00.000Z', 'PAYOUT:t.50:x:0')], more: false },
        { calls: [at('2026-12-03T10:00:00.000Z', 'PAYOUT:t.5:-z:0'), at('2026-12-03T10:00:00.000Z', 'PAYOUT:t.5:_z:0')], more: false },
      ],
      10,
    );
    expect(ids(page)).toEqual(['PAYOUT:t.50:x:0', 'PAYOUT:t.5:-z:0', 'PAYOUT:t.5:Bob:0', 'PAYOUT:t.5:_z:0', 'PAYOUT:t.5:alice:0']);
  });

  it('gives nothing past the last call of a partition that has more than it gave (DynamoDB stops a page at 1 MB), so nothing is skipped', () => {
    const page = mergedReportPage(
      [
        // Cut short at 1 MB after two calls: its third (10:00:03) may come before the other partition's later ones.
        { calls: [at('2026-12-03T10:00:00.000Z', 'A'), at('2026-12-03T10:00:02.000Z', 'C')], more: true },
        {
          calls: [at('2026-12-03T10:00:01.000Z', 'B'), at('2026-12-03T10:00:04.000Z', 'E'), at('2026-12-03T10:00:05.000Z', 'F')],
          more: false,
        },
      ],
      10,
    );
    expect(ids(page)).toEqual(['A', 'B', 'C']);
    expect(page.more).toBe(true);
  });

  it("starts the next page past its last call: the cursor is that call's place in the report's order", () => {
    expect(reportCursorOf(at('2026-12-03T10:00:00.000Z', 'PAYOUT:t.3:abc:0'))).toBe('2026-12-03T10:00:00.000Z#PAYOUT:t.3:abc:0');
  });
});
