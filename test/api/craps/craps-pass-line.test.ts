/**
 * The first slice, end to end: real HTTP -> local server -> the Lambda handler -> DynamoDB Local.
 * Open a craps table, bet the Pass Line, roll, and read balances and bets back.
 */
import { describe, expect, it } from 'vitest';
import { dealer, refusalCode } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';

const api = useTestApi();

const OPEN_TABLE = /* GraphQL */ `
  mutation ($input: OpenTableInput!) {
    openTable(input: $input) {
      table {
        id
        game
        status
        currency
        minimumBet
        maximumBet
        ... on CrapsTable {
          phase
          point
          rollCount
          options {
            field12Pays
          }
        }
      }
      userErrors {
        code
        message
        field
      }
    }
  }
`;
const PLACE_BET = /* GraphQL */ `
  mutation ($input: PlaceBetInput!) {
    placeBet(input: $input) {
      bet {
        id
        tableId
        playerId
        type
        amount
        status
        winnings
        returned
      }
      userErrors {
        code
        message
      }
    }
  }
`;
const ROLL = /* GraphQL */ `
  mutation ($tableId: ID!, $dice: [Int!], $void: Boolean, $sequence: Int!) {
    submitRoll(input: { tableId: $tableId, dice: $dice, void: $void, sequence: $sequence }) {
      roll {
        sequence
        dice
        void
        total
        phaseBefore
        pointBefore
        phaseAfter
        pointAfter
      }
      table {
        phase
        point
        rollCount
      }
      settlements {
        bet {
          id
          type
          status
        }
        outcome
        winnings
        returned
      }
      userErrors {
        code
        message
      }
    }
  }
`;
const TABLE = /* GraphQL */ `
  query ($id: ID!) {
    table(id: $id) {
      openBets {
        id
        playerId
        type
        amount
        status
      }
      ... on CrapsTable {
        phase
        point
        rollCount
        rolls {
          edges {
            node {
              sequence
              dice
              total
            }
          }
        }
      }
    }
  }
`;

const DEALER = dealer('dealer-1');

/** Setup: a craps table of minimum 100 and maximum 100,000 in MOP (over 4 betting shards: faster rounds). */
const openCrapsTable = () => api.openTable({ currency: 'MOP' });

async function passLine(player: string, tableId: string, amount: number) {
  return api.graphql(player, PLACE_BET, { input: { tableId, type: 'PASS_LINE', amount } });
}

async function roll(tableId: string, dice: number[]) {
  const sequence = await api.closeBetting(tableId);
  const res = await api.graphql(DEALER, ROLL, { tableId, dice, sequence });
  expect(refusalCode(res), JSON.stringify(res)).toBeUndefined();
  return res.data!.submitRoll;
}

describe('opening a craps table', () => {
  it('starts on the come-out with the chosen limits', async () => {
    const res = await api.graphql(DEALER, OPEN_TABLE, {
      input: { game: 'CRAPS', minimumBet: 500, maximumBet: 50_000, craps: { field12Pays: 3 } },
    });
    expect(res.data!.openTable.table).toMatchObject({
      game: 'CRAPS',
      status: 'OPEN',
      currency: 'MOP',
      minimumBet: 500,
      maximumBet: 50_000,
      phase: 'COME_OUT',
      point: null,
      rollCount: 0,
      options: { field12Pays: 3 },
    });
    expect(res.data!.openTable.userErrors).toEqual([]);
  });

  it('refuses a maximum below the minimum, with a typed error', async () => {
    const res = await api.graphql(DEALER, OPEN_TABLE, { input: { game: 'CRAPS', minimumBet: 500, maximumBet: 100 } });
    // An expected refusal: data, no table, and a userError of openTable's own enum.
    expect(res.errors).toBeUndefined();
    expect(res.data).toMatchObject({
      openTable: { table: null, userErrors: [{ code: 'INVALID_TABLE_OPTIONS', message: expect.any(String) }] },
    });
    expect(refusalCode(res)).toBe('INVALID_TABLE_OPTIONS');
  });
});

describe('a Pass Line bet', () => {
  it('is debited at once and stored on the layout', async () => {
    const tableId = await openCrapsTable();
    await api.fundAccount('p-debit', 10_000);
    const res = await passLine('p-debit', tableId, 1_000);
    expect(refusalCode(res), JSON.stringify(res)).toBeUndefined();
    expect(res.data!.placeBet.bet).toMatchObject({ tableId, playerId: 'p-debit', type: 'PASS_LINE', amount: 1_000, status: 'OPEN' });
    expect(await api.balance('p-debit')).toBe(9_000);

    const table = await api.graphql('p-debit', TABLE, { id: tableId });
    expect(table.data!.table.openBets).toEqual([
      { id: res.data!.placeBet.bet.id, playerId: 'p-debit', type: 'PASS_LINE', amount: 1_000, status: 'OPEN' },
    ]);
  });

  it('wins 1:1 on a come-out 7 and the balance gets stake plus winnings', async () => {
    const tableId = await openCrapsTable();
    await api.fundAccount('p-seven', 10_000);
    const bet = (await passLine('p-seven', tableId, 2_000)).data!.placeBet.bet;

    const result = await roll(tableId, [3, 4]);
    expect(result.roll).toMatchObject({
      sequence: 1,
      dice: [3, 4],
      void: false,
      total: 7,
      phaseBefore: 'COME_OUT',
      phaseAfter: 'COME_OUT',
    });
    expect(result.settlements).toEqual([
      { bet: { id: bet.id, type: 'PASS_LINE', status: 'WON' }, outcome: 'WIN', winnings: 2_000, returned: 4_000 },
    ]);
    expect(await api.balance('p-seven')).toBe(12_000);

    const stored = await api.graphql('p-seven', `query ($id: ID!) { bet(id: $id) { status winnings returned settledInRound } }`, {
      id: bet.id,
    });
    expect(stored.data!.bet).toEqual({ status: 'WON', winnings: 2_000, returned: 4_000, settledInRound: 1 });
  });

  it('wins on a come-out 11', async () => {
    const tableId = await openCrapsTable();
    await api.fundAccount('p-eleven', 1_000);
    await passLine('p-eleven', tableId, 1_000);
    await roll(tableId, [5, 6]);
    expect(await api.balance('p-eleven')).toBe(2_000);
  });

  it.each([
    [[1, 1], 'aces'],
    [[1, 2], 'ace-deuce'],
    [[6, 6], 'boxcars'],
  ])('loses on a come-out craps %j (%s)', async (dice) => {
    const tableId = await openCrapsTable();
    const player = `p-craps-${dice.join('')}`;
    await api.fundAccount(player, 5_000);
    await passLine(player, tableId, 1_000);
    const result = await roll(tableId, dice);
    expect(result.settlements).toMatchObject([{ outcome: 'LOSE', winnings: 0, returned: 0, bet: { status: 'LOST' } }]);
    expect(await api.balance(player)).toBe(4_000);
    expect((await api.graphql(player, TABLE, { id: tableId })).data!.table.openBets).toEqual([]);
  });

  it('with a point on, stays through other numbers and wins when the point repeats', async () => {
    const tableId = await openCrapsTable();
    await api.fundAccount('p-point', 5_000);
    await passLine('p-point', tableId, 1_000);

    const comeOut = await roll(tableId, [2, 2]);
    expect(comeOut.roll).toMatchObject({ phaseAfter: 'POINT', pointAfter: 4 });
    expect(comeOut.settlements).toEqual([]);

    const noDecision = await roll(tableId, [5, 6]);
    expect(noDecision.settlements).toEqual([]);
    expect(await api.balance('p-point')).toBe(4_000);

    const hit = await roll(tableId, [1, 3]);
    expect(hit.roll).toMatchObject({ total: 4, phaseAfter: 'COME_OUT', pointAfter: null });
    expect(hit.settlements).toMatchObject([{ outcome: 'WIN', winnings: 1_000, returned: 2_000 }]);
    expect(await api.balance('p-point')).toBe(6_000);
  });

  it('with a point on, loses on a seven-out', async () => {
    const tableId = await openCrapsTable();
    await api.fundAccount('p-sevenout', 5_000);
    await passLine('p-sevenout', tableId, 1_000);
    await roll(tableId, [4, 6]);
    const sevenOut = await roll(tableId, [1, 6]);
    expect(sevenOut.settlements).toMatchObject([{ outcome: 'LOSE' }]);
    expect(sevenOut.table).toEqual({ phase: 'COME_OUT', point: null, rollCount: 2 });
    expect(await api.balance('p-sevenout')).toBe(4_000);
  });

  it('settles every player at the table, each on their own account', async () => {
    const tableId = await openCrapsTable();
    await api.fundAccount('p-a', 3_000);
    await api.fundAccount('p-b', 3_000);
    await passLine('p-a', tableId, 1_000);
    await passLine('p-b', tableId, 300);
    await passLine('p-a', tableId, 500);
    await roll(tableId, [6, 5]);
    expect(await api.balance('p-a')).toBe(4_500);
    expect(await api.balance('p-b')).toBe(3_300);
  });

  it('records every roll, newest first', async () => {
    const tableId = await openCrapsTable();
    await api.seatShooter(tableId);
    await roll(tableId, [1, 2]); // craps: the shooter's Pass Line loses, and they bet again
    await api.seatShooter(tableId);
    await roll(tableId, [6, 4]);
    const table = await api.graphql(DEALER, TABLE, { id: tableId });
    expect(table.data!.table.rolls.edges.map((edge: { node: unknown }) => edge.node)).toEqual([
      { sequence: 2, dice: [6, 4], total: 10 },
      { sequence: 1, dice: [1, 2], total: 3 },
    ]);
    expect(table.data!.table).toMatchObject({ phase: 'POINT', point: 10, rollCount: 2 });
  });
});
