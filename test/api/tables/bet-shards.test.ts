/**
 * A table's betting-gate shards (openTable's betShards): a quiet table may be opened with fewer,
 * so that closing betting and reading its layout cost fewer writes and queries; every bet still
 * lands in its player's shard, closing betting closes exactly that many, and the table still
 * settles every bet.
 */
import { describe, expect, it } from 'vitest';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dealer, refusalOf } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';
import { MIN_BET_SHARDS, MAX_BET_SHARDS, shardPk } from '../../../functions/store/kernel/keys';

const api = useTestApi();

const OPERATOR = dealer('shards-operator');
const OPEN = /* GraphQL */ `
  mutation ($input: OpenTableInput!) {
    openTable(input: $input) {
      table {
        id
        betShards
      }
      userErrors {
        code
        message
        field
      }
    }
  }
`;
const open = (betShards?: number) =>
  api.graphql(OPERATOR, OPEN, {
    input: { game: 'CRAPS', minimumBet: 100, maximumBet: 100_000, ...(betShards === undefined ? {} : { betShards }) },
  });

/** The gate items the table holds, by shard. */
async function gates(tableId: string): Promise<number[]> {
  const found: number[] = [];
  for (let shard = 0; shard < MAX_BET_SHARDS; shard++) {
    const { Items } = await api.db.doc.send(
      new QueryCommand({
        TableName: api.db.tableName,
        KeyConditionExpression: 'pk = :pk AND sk = :gate',
        ExpressionAttributeValues: { ':pk': shardPk(tableId, shard), ':gate': 'GATE' },
      }),
    );
    if (Items?.length) found.push(shard);
  }
  return found;
}

describe('openTable betShards', () => {
  it('defaults to 64 shards, each with its gate', async () => {
    const { data, errors } = await open();
    expect(errors).toBeUndefined();
    expect(data!.openTable.table.betShards).toBe(64);
    expect(await gates(data!.openTable.table.id)).toHaveLength(64);
  });

  it(`is refused outside ${MIN_BET_SHARDS} to ${MAX_BET_SHARDS} (BAD_USER_INPUT, naming the field), opening nothing`, async () => {
    for (const betShards of [0, 1, MIN_BET_SHARDS - 1, MAX_BET_SHARDS + 1]) {
      const res = await open(betShards);
      expect(res.errors).toBeUndefined();
      expect(refusalOf(res), String(betShards)).toMatchObject({ code: 'BAD_USER_INPUT', message: expect.stringMatching(/betShards/) });
      expect(res.data!.openTable.userErrors[0].field).toEqual(['input', 'betShards']);
      expect(res.data!.openTable.table).toBeNull();
    }
  });

  it('a table of 4 shards takes bets in those 4 only, closes them, and pays every bet', async () => {
    const { data } = await open(4);
    const tableId = data!.openTable.table.id as string;
    expect(data!.openTable.table.betShards).toBe(4);
    expect(await gates(tableId)).toEqual([0, 1, 2, 3]);

    const players = Array.from({ length: 12 }, (_, i) => `shards-player-${i}`);
    await api.fundNewAccounts(players, 10_000);
    const placed = await Promise.all(players.map((playerId) => api.placeBet(playerId, { tableId, type: 'PASS_LINE', amount: 1_000 })));
    // A bet's id carries its shard: every one among the table's four.
    const shards = new Set(placed.map((bet) => Number((bet.id as string).split('.').at(-1)!.slice(0, 2))));
    for (const shard of shards) expect(shard).toBeLessThan(4);
    expect(shards.size).toBeGreaterThan(1);

    const { table } = await api.data(OPERATOR, `query ($id: ID!) { table(id: $id) { openBets { id } layout { bets } } }`, { id: tableId });
    expect(table.openBets).toHaveLength(12);
    expect(table.layout.bets).toBe(12);

    await api.closeAndRoll(tableId, [3, 4]);
    expect(await api.balances(players)).toEqual(players.map(() => 11_000));
    await api.expectReconciled();
  });
});
