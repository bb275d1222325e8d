/**
 * The reconciliation of a book the daily checks have not reached yet (issue 37): on a new book's
 * first day every total is 0 and `consistent` is true of nothing, so `status` says how far the
 * checks have reached: nothing checked yet, some currency not yet, every currency.
 */
import { describe, expect, it } from 'vitest';
import { dealer, type TestApi } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';
import { middayClock } from '../../support/midday-clock';
import { checkLedger } from '../../../functions/services/money/ledger-check';

const clock = middayClock();
// A table of its own: a book that starts empty.
const api = useTestApi({ clock: clock.now });
const OPERATOR = dealer('status-operator');
const TODAY = clock.day;
/** The next morning, when the scheduled check checks today. */
const tomorrow = (on: TestApi) => ({
  ...on.deps,
  now: () => new Date(Date.parse(`${TODAY}T00:00:00.000Z`) + 86_400_000 + 3_600_000).toISOString(),
});

const reconciliation = async () =>
  (await api.data(OPERATOR, `{ reconciliation { consistent status currencies { currency checkedThrough journals } } }`)).reconciliation;

describe("the reconciliation's status", () => {
  it('says nothing is checked yet on a new book, then which currencies are, then that all are', async () => {
    // No book at all.
    expect(await reconciliation()).toEqual({ consistent: true, status: 'NOTHING_CHECKED_YET', currencies: [] });

    // A first day of play, not over yet: the currency is known, none of its days checked.
    await api.fundAccount('status-mop', 10_000, 'MOP');
    expect(await reconciliation()).toEqual({
      consistent: true,
      status: 'NOTHING_CHECKED_YET',
      currencies: [{ currency: 'MOP', checkedThrough: null, journals: 0 }],
    });

    // The day is checked; then a second currency starts, its first day not over.
    expect(await checkLedger(tomorrow(api))).toHaveLength(1);
    await api.fundAccount('status-hkd', 5_000, 'HKD');
    expect(await reconciliation()).toEqual({
      consistent: true,
      status: 'PARTLY_CHECKED',
      currencies: [
        { currency: 'HKD', checkedThrough: null, journals: 0 },
        { currency: 'MOP', checkedThrough: TODAY, journals: expect.any(Number) },
      ],
    });

    // Its day checked too: every currency is.
    await checkLedger(tomorrow(api));
    const checked = await reconciliation();
    expect(checked.status).toBe('CHECKED');
    expect(checked.currencies.map((currency: { checkedThrough: string }) => currency.checkedThrough)).toEqual([TODAY, TODAY]);
  });
});
