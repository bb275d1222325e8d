/**
 * A craps table's roll statistics: how often each total came over the session, and for the
 * shooter holding the dice since they took them; void rolls are not totals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealer, startTestApi, type TestApi } from '../support/test-api';

let api: TestApi;
const DEALER = dealer('stats-dealer');
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

const bet = (tableId: string, player: string, seat: number) =>
  api.data(player, `mutation ($t: ID!, $s: Int!) { placeBet(input: { tableId: $t, type: PASS_LINE, amount: 100, seat: $s }) { id } }`, {
    t: tableId,
    s: seat,
  });
const statistics = async (tableId: string) => {
  const { table } = await api.data(
    'stats-viewer',
    `query ($t: ID!) { table(id: $t) { craps { shooter } crapsStatistics { session { rolls totals { total count } } shooter { rolls totals { total count } } } } }`,
    { t: tableId },
  );
  /** Only the totals that came, as [total, count]. */
  const came = (tally: { rolls: number; totals: { total: number; count: number }[] }) => ({
    rolls: tally.rolls,
    came: tally.totals.filter((entry) => entry.count > 0).map((entry) => [entry.total, entry.count]),
  });
  return { holder: table.craps.shooter, session: came(table.crapsStatistics.session), shooter: came(table.crapsStatistics.shooter) };
};

describe("a craps table's roll statistics", () => {
  it('count each total over the session, and the shooter’s own rolls from when they took the dice', async () => {
    const tableId = (await api.data(DEALER, `mutation { openTable(input: { game: CRAPS, minimumBet: 100, maximumBet: 10000 }) { id } }`))
      .openTable.id;
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
      `mutation ($t: ID!, $s: Int!) { submitRoll(input: { tableId: $t, void: true, sequence: $s }) { settlementComplete } }`,
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

  it('are null at a baccarat table', async () => {
    const tableId = (await api.data(DEALER, `mutation { openTable(input: { game: BACCARAT, minimumBet: 100, maximumBet: 10000 }) { id } }`))
      .openTable.id;
    expect(
      (await api.data('stats-viewer', `query ($t: ID!) { table(id: $t) { crapsStatistics { session { rolls } } } }`, { t: tableId })).table
        .crapsStatistics,
    ).toBeNull();
  });
});
