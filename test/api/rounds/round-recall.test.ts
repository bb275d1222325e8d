/**
 * A round recalled through the API, as a regulator asks for it years later: the outcome and who
 * recorded it, who closed betting before it, every bet it decided or moved, what each player was
 * credited; and who did what at the table.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { dealer, type Who } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';

const api = useTestApi();
const OPERATOR = dealer('rr-operator');
const CLOSER = dealer('rr-closer');
const ROLLER = dealer('rr-roller');

// Whatever the file did, the ledger accounts for every unit of every balance: checked once, at
// the end, since reconciling reads the whole book (after each test, the file's time grows with its square).
afterAll(() => api.expectReconciled());

const RECALL = `query ($t: ID!, $s: Int!) {
  round(tableId: $t, sequence: $s) {
    tableId sequence roll { dice recordedBy shooter } deal { cards } recordedAt recordedBy bettingClosedBy bettingClosedAt settled settledAt
    settlements { bet { id playerId type } outcome winnings returned }
    credits { playerId bets jackpot }
  }
}`;

const ok = (who: Who, query: string, variables?: Record<string, unknown>) => api.data(who, query, variables);

describe('a round recalled', () => {
  it('shows the roll, who recorded it and who closed betting, every bet it decided and what each player was credited', async () => {
    const tableId = (
      await ok(
        OPERATOR,
        `mutation { openTable(input: { game: CRAPS, minimumBet: 100, maximumBet: 100000, betShards: 4 }) { table { id openedBy } userErrors { code message } } }`,
      )
    ).openTable.table.id;
    for (const player of ['rr-a', 'rr-b']) await api.fundAccount(player, 10_000);
    const bet = (who: string, type: string, amount: number) =>
      api.placeBet(who, { tableId, type, amount }).then((placed) => placed.id as string);
    const pass = await bet('rr-a', 'PASS_LINE', 1_000);
    const field = await bet('rr-a', 'FIELD', 200);
    const dontPass = await bet('rr-b', 'DONT_PASS', 500);
    await ok(CLOSER, `mutation ($t: ID!) { closeBetting(input: { tableId: $t }) { table { bettingOpen } userErrors { code message } } }`, {
      t: tableId,
    });
    await ok(
      ROLLER,
      `mutation ($t: ID!) { submitRoll(input: { tableId: $t, dice: [3, 4], sequence: 1 }) { settlementComplete userErrors { code message } } }`,
      {
        t: tableId,
      },
    );

    const { round } = await ok(OPERATOR, RECALL, { t: tableId, s: 1 });
    expect(round).toMatchObject({
      tableId,
      sequence: 1,
      // Neither player sits: the first in the order of ids throws (art. 2.3).
      roll: { dice: [3, 4], recordedBy: 'rr-roller', shooter: 'rr-a' },
      deal: null,
      recordedBy: 'rr-roller',
      bettingClosedBy: 'rr-closer',
      settled: true,
    });
    expect(round.bettingClosedAt <= round.recordedAt).toBe(true);
    expect(round.settlements).toEqual(
      expect.arrayContaining([
        { bet: { id: pass, playerId: 'rr-a', type: 'PASS_LINE' }, outcome: 'WIN', winnings: 1_000, returned: 2_000 },
        { bet: { id: field, playerId: 'rr-a', type: 'FIELD' }, outcome: 'LOSE', winnings: 0, returned: 0 },
        { bet: { id: dontPass, playerId: 'rr-b', type: 'DONT_PASS' }, outcome: 'LOSE', winnings: 0, returned: 0 },
      ]),
    );
    expect(round.settlements).toHaveLength(3);
    expect(round.credits).toEqual([{ playerId: 'rr-a', bets: 2_000, jackpot: 0 }]);

    const table = (await ok(OPERATOR, `query ($t: ID!) { table(id: $t) { openedBy bettingClosedBy } }`, { t: tableId })).table;
    expect(table).toEqual({ openedBy: 'rr-operator', bettingClosedBy: 'rr-closer' });
  });

  it('is null for a round that never happened, refuses a sequence below 1, and is for operators only', async () => {
    const tableId = await api.openTable();
    expect((await ok(OPERATOR, RECALL, { t: tableId, s: 1 })).round).toBeNull();
    // A query's refusals are GraphQL errors.
    expect((await api.graphql(OPERATOR, RECALL, { t: tableId, s: 0 })).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect((await api.graphql('rr-a', RECALL, { t: tableId, s: 1 })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('records who closed the table, and when', async () => {
    const tableId = await api.openTable();
    const closed = (
      await ok(
        OPERATOR,
        `mutation ($t: ID!) { closeTable(input: { tableId: $t }) { table { status closedBy closedAt } userErrors { code message } } }`,
        { t: tableId },
      )
    ).closeTable.table;
    expect(closed).toMatchObject({ status: 'CLOSED', closedBy: 'rr-operator' });
    expect(Date.parse(closed.closedAt)).not.toBeNaN();
  });
});

describe("a table's rolls, a page at a time, and a round by its id", () => {
  const ROLLS = `query ($t: ID!, $first: Int, $after: String) {
    table(id: $t) {
      ... on CrapsTable { rolls(first: $first, after: $after) { edges { cursor node { id sequence dice } } pageInfo { hasNextPage endCursor } } }
    }
  }`;
  const page = async (tableId: string, first: number, after?: string | null) => {
    const { rolls } = (await ok(OPERATOR, ROLLS, { t: tableId, first, after })).table;
    expect(rolls.pageInfo.endCursor).toBe(rolls.edges.at(-1)?.cursor ?? null);
    return { sequences: rolls.edges.map((edge: { node: { sequence: number } }) => edge.node.sequence), ...rolls.pageInfo };
  };
  const roll = async (tableId: string, dice: number[]) => {
    await api.seatShooter(tableId);
    const sequence = await api.closeBetting(tableId);
    await ok(
      ROLLER,
      `mutation ($t: ID!, $d: [Int!], $s: Int!) { submitRoll(input: { tableId: $t, dice: $d, sequence: $s }) { settlementComplete userErrors { code message } } }`,
      {
        t: tableId,
        d: dice,
        s: sequence,
      },
    );
  };
  const BY_ID = `query ($id: ID!) { roundById(id: $id) { id tableId sequence roll { id dice } voidReason } }`;

  /** Rounds 1, 3 and 4 rolled, round 2 voided. */
  async function tableWithAVoid(): Promise<string> {
    const tableId = await api.openTable();
    await roll(tableId, [1, 2]);
    await api.seatShooter(tableId); // the 3 lost the shooter's Pass Line
    const sequence = await api.closeBetting(tableId);
    await ok(
      OPERATOR,
      `mutation ($t: ID!, $s: Int!) { voidRound(input: { tableId: $t, reason: "camera fault", sequence: $s }) { voidedRound { sequence } userErrors { code message } } }`,
      {
        t: tableId,
        s: sequence,
      },
    );
    await roll(tableId, [2, 2]);
    await roll(tableId, [6, 5]);
    return tableId;
  }

  it('is empty at a new table, with no cursor to go on from', async () => {
    const tableId = await api.openTable();
    expect(await page(tableId, 5)).toEqual({ sequences: [], hasNextPage: false, endCursor: null });
  });

  it('pages newest first; a voided round is not a roll and never shortens a page', async () => {
    const tableId = await tableWithAVoid();
    // One page holds everything.
    expect(await page(tableId, 20)).toMatchObject({ sequences: [4, 3, 1], hasNextPage: false });
    // A page exactly as long as the list: nothing after it.
    expect(await page(tableId, 3)).toMatchObject({ sequences: [4, 3, 1], hasNextPage: false });
    // Two pages: the void between them is skipped, not counted.
    const first = await page(tableId, 2);
    expect(first).toMatchObject({ sequences: [4, 3], hasNextPage: true });
    const second = await page(tableId, 2, first.endCursor);
    expect(second).toMatchObject({ sequences: [1], hasNextPage: false });
    expect(await page(tableId, 2, second.endCursor)).toEqual({ sequences: [], hasNextPage: false, endCursor: null });
  });

  it('refuses a page size out of bounds and a cursor it did not give, without echoing it', async () => {
    const tableId = await tableWithAVoid();
    for (const variables of [
      { t: tableId, first: 0 },
      { t: tableId, first: 201 },
      { t: tableId, first: 2, after: 'not-a-cursor-<script>' },
      { t: tableId, first: 2, after: Buffer.from('["x"]').toString('base64url') },
    ]) {
      const res = await api.graphql(OPERATOR, ROLLS, variables);
      expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(JSON.stringify(res.errors)).not.toContain('<script>');
    }
  });

  it('recalls a round by the id its roll, its recall and its journals carry', async () => {
    const tableId = await tableWithAVoid();
    const { rolls } = (await ok(OPERATOR, ROLLS, { t: tableId, first: 1 })).table;
    const newest = rolls.edges[0].node;
    expect(newest).toMatchObject({ id: `${tableId}.4`, sequence: 4 });
    expect((await ok(OPERATOR, BY_ID, { id: newest.id })).roundById).toEqual({
      id: newest.id,
      tableId,
      sequence: 4,
      roll: { id: newest.id, dice: [6, 5] },
      voidReason: null,
    });
    expect((await ok(OPERATOR, BY_ID, { id: `${tableId}.2` })).roundById).toMatchObject({
      sequence: 2,
      roll: null,
      voidReason: 'camera fault',
    });
    expect((await ok(OPERATOR, BY_ID, { id: `${tableId}.99` })).roundById).toBeNull();
    for (const id of ['nonsense', `${tableId}.0`, `${tableId}.-1`, `${tableId}.1e3`]) {
      expect((await api.graphql(OPERATOR, BY_ID, { id })).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
    expect((await api.graphql('rr-a', BY_ID, { id: newest.id })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    // A stake's journal names its round by the same id.
    await api.fundAccount('rr-c', 1_000);
    await api.placeBet('rr-c', { tableId, type: 'FIELD', amount: 100 });
    const statement = (await ok('rr-c', `{ me { statement(first: 1) { edges { node { kind cause { round roundId } } } } } }`)).me.statement;
    expect(statement.edges[0].node).toEqual({ kind: 'STAKE', cause: { round: 5, roundId: `${tableId}.5` } });
  });
});
