/**
 * A craps table's roll statistics: how often each total came over the session, and for the
 * shooter holding the dice since they took them; void rolls are not totals.
 */
import { describe, expect, it } from 'vitest';
import { dealer } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';

const api = useTestApi();
const DEALER = dealer('stats-dealer');

const bet = (tableId: string, player: string, seat: number) => api.placeBet(player, { tableId, type: 'PASS_LINE', amount: 100, seat });
const statistics = async (tableId: string) => {
  const { table } = await api.data(
    'stats-viewer',
    `query ($t: ID!) { table(id: $t) { ... on CrapsTable { shooter statistics { session { rolls totals { total count } } shooter { rolls totals { total count } } } } } }`,
    { t: tableId },
  );
  /** Only the totals that came, as [total, count]. */
  const came = (tally: { rolls: number; totals: { total: number; count: number }[] }) => ({
    rolls: tally.rolls,
    came: tally.totals.filter((entry) => entry.count > 0).map((entry) => [entry.total, entry.count]),
  });
  return { holder: table.shooter, session: came(table.statistics.session), shooter: came(table.statistics.shooter) };
};

describe("a craps table's roll statistics", () => {
  it('count each total over the session, and the shooter’s own rolls from when they took the dice', async () => {
    const tableId = await api.openTable({ maximumBet: 10_000 });
    for (const player of ['stats-ann', 'stats-bob']) await api.fundAccount(player, 10_000);
    await bet(tableId, 'stats-ann', 1);
    await bet(tableId, 'stats-bob', 2);
    for (const dice of [
      [2, 2],
      [3, 3],
      [1, 1],
    ] as const)
      await api.closeAndRoll(tableId, dice);
    const sequence = await api.closeBetting(tableId);
    await api.data(
      DEALER,
      `mutation ($t: ID!, $s: Int!) { submitRoll(input: { tableId: $t, void: true, sequence: $s }) { settlementComplete userErrors { code message } } }`,
      {
        t: tableId,
        s: sequence,
      },
    );
    expect(await statistics(tableId)).toEqual({
      holder: 'stats-ann',
      session: {
        rolls: 3,
        came: [
          [2, 1],
          [4, 1],
          [6, 1],
        ],
      },
      shooter: {
        rolls: 3,
        came: [
          [2, 1],
          [4, 1],
          [6, 1],
        ],
      },
    });

    await api.closeAndRoll(tableId, [3, 4]); // seven-out: the dice go to Bob, who has not thrown yet
    expect(await statistics(tableId)).toEqual({
      holder: 'stats-bob',
      session: {
        rolls: 4,
        came: [
          [2, 1],
          [4, 1],
          [6, 1],
          [7, 1],
        ],
      },
      shooter: { rolls: 0, came: [] },
    });

    await bet(tableId, 'stats-bob', 2);
    await api.closeAndRoll(tableId, [5, 6]);
    expect(await statistics(tableId)).toEqual({
      holder: 'stats-bob',
      session: {
        rolls: 5,
        came: [
          [2, 1],
          [4, 1],
          [6, 1],
          [7, 1],
          [11, 1],
        ],
      },
      shooter: { rolls: 1, came: [[11, 1]] },
    });
  });

  it('are a craps table’s only: a baccarat table has none', async () => {
    const tableId = await api.openTable({ game: 'BACCARAT', maximumBet: 10_000 });
    // Asked of any table, they come only where the table is a CrapsTable.
    expect(
      (
        await api.data(
          'stats-viewer',
          `query ($t: ID!) { table(id: $t) { __typename ... on CrapsTable { statistics { session { rolls } } } } }`,
          {
            t: tableId,
          },
        )
      ).table,
    ).toEqual({ __typename: 'BaccaratTable' });
  });
});
