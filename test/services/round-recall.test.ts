/**
 * A round recalled through the API, as a regulator asks for it years later: the outcome and who
 * recorded it, who closed betting before it, every bet it decided or moved, what each player was
 * credited; and who did what at the table.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dealer, startTestApi, type TestApi, type Who } from '../support/test-api';

let api: TestApi;
const OPERATOR = dealer('rr-operator');
const CLOSER = dealer('rr-closer');
const ROLLER = dealer('rr-roller');

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());
afterEach(() => api.expectReconciled());

const RECALL = `query ($t: ID!, $s: Int!) {
  round(tableId: $t, sequence: $s) {
    tableId sequence roll { dice recordedBy } deal { cards } recordedAt recordedBy bettingClosedBy { by at } settled settledAt
    settlements { bet { id playerId type } outcome winnings returned }
    credits { playerId bets jackpot }
  }
}`;

const ok = (who: Who, query: string, variables?: Record<string, unknown>) => api.data(who, query, variables);

describe('a round recalled', () => {
  it('shows the roll, who recorded it and who closed betting, every bet it decided and what each player was credited', async () => {
    const tableId = (
      await ok(OPERATOR, `mutation { openTable(input: { game: CRAPS, minimumBet: 100, maximumBet: 100000 }) { id openedBy } }`)
    ).openTable.id;
    for (const player of ['rr-a', 'rr-b']) await api.fundAccount(player, 10_000);
    const bet = (who: string, type: string, amount: number) =>
      ok(who, `mutation ($t: ID!, $type: BetType!, $a: Money!) { placeBet(input: { tableId: $t, type: $type, amount: $a }) { id } }`, {
        t: tableId,
        type,
        a: amount,
      }).then((data) => data.placeBet.id as string);
    const pass = await bet('rr-a', 'PASS_LINE', 1_000);
    const field = await bet('rr-a', 'FIELD', 200);
    const dontPass = await bet('rr-b', 'DONT_PASS', 500);
    await ok(CLOSER, `mutation ($t: ID!) { closeBetting(tableId: $t) { bettingOpen } }`, { t: tableId });
    await ok(ROLLER, `mutation ($t: ID!) { submitRoll(input: { tableId: $t, dice: [3, 4] }) { settlementComplete } }`, { t: tableId });

    const { round } = await ok(OPERATOR, RECALL, { t: tableId, s: 1 });
    expect(round).toMatchObject({
      tableId,
      sequence: 1,
      roll: { dice: [3, 4], recordedBy: 'rr-roller' },
      deal: null,
      recordedBy: 'rr-roller',
      bettingClosedBy: { by: 'rr-closer' },
      settled: true,
    });
    expect(round.bettingClosedBy.at <= round.recordedAt).toBe(true);
    expect(round.settlements).toEqual(
      expect.arrayContaining([
        { bet: { id: pass, playerId: 'rr-a', type: 'PASS_LINE' }, outcome: 'WIN', winnings: 1_000, returned: 2_000 },
        { bet: { id: field, playerId: 'rr-a', type: 'FIELD' }, outcome: 'LOSE', winnings: 0, returned: 0 },
        { bet: { id: dontPass, playerId: 'rr-b', type: 'DONT_PASS' }, outcome: 'LOSE', winnings: 0, returned: 0 },
      ]),
    );
    expect(round.settlements).toHaveLength(3);
    expect(round.credits).toEqual([{ playerId: 'rr-a', bets: 2_000, jackpot: 0 }]);

    const table = (await ok(OPERATOR, `query ($t: ID!) { table(id: $t) { openedBy bettingClosedBy { by } } }`, { t: tableId })).table;
    expect(table).toEqual({ openedBy: 'rr-operator', bettingClosedBy: { by: 'rr-closer' } });
  });

  it('is null for a round that never happened, refuses a sequence below 1, and is for operators only', async () => {
    const tableId = (await ok(OPERATOR, `mutation { openTable(input: { game: CRAPS, minimumBet: 100, maximumBet: 100000 }) { id } }`))
      .openTable.id;
    expect((await ok(OPERATOR, RECALL, { t: tableId, s: 1 })).round).toBeNull();
    expect((await api.graphql(OPERATOR, RECALL, { t: tableId, s: 0 })).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect((await api.graphql('rr-a', RECALL, { t: tableId, s: 1 })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('records who closed the table, and when', async () => {
    const tableId = (await ok(OPERATOR, `mutation { openTable(input: { game: CRAPS, minimumBet: 100, maximumBet: 100000 }) { id } }`))
      .openTable.id;
    const closed = (await ok(OPERATOR, `mutation ($t: ID!) { closeTable(tableId: $t) { status closedBy { by at } } }`, { t: tableId }))
      .closeTable;
    expect(closed).toMatchObject({ status: 'CLOSED', closedBy: { by: 'rr-operator' } });
  });
});
