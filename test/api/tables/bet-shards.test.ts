/**
 * A table's betting-gate shards (openTable's betShards): a quiet table may be opened with fewer,
 * so that closing betting and reading its layout cost fewer writes and queries, and a busy one
 * with up to 512, so that its bets rarely meet at one (docs/DATA-MODEL.md, "Contention"); every
 * bet still lands in its player's shard, closing betting closes exactly that many, and the table
 * still settles every bet. A table of more shards than one transaction holds has its gates
 * written before it, so that an opening cut off between the two is finished by its retry.
 */
import { describe, expect, it } from 'vitest';
import { dealer, refusalOf } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';
import {
  DEFAULT_BET_SHARDS,
  MIN_BET_SHARDS,
  MAX_BET_SHARDS,
  gateKey,
  shardPk,
  shardOfBetKey,
  parseBetId,
} from '../../../functions/store/kernel/keys';
import { DEFAULT_PARTITIONS, STORE_PARTITIONS } from '../../../functions/store/kernel/store-partitions';
import { createTableSession, getTableSession } from '../../../functions/store/tables/tables';
import { getGate, newGates } from '../../../functions/store/betting/gates';
import type { GateRecord } from '../../../functions/store/betting/bet-records';
import { batchGet } from '../../../functions/store/kernel/batch-get';
import { TRANSACTION_ITEMS, transact } from '../../../functions/store/kernel/transact';
import { withFaults } from '../../support/faults';

/** The shards whose whole layout a request read (each a query of the layout index), while a test listens. */
let layoutsRead: string[] | undefined;
const api = useTestApi({
  wrapDb: (db) =>
    withFaults(db, {
      before: (name, _, input) => {
        if (name === 'QueryCommand' && input.KeyConditionExpression === 'pk = :pk')
          layoutsRead?.push(input.ExpressionAttributeValues[':pk']);
        return undefined;
      },
    }),
});

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

/** The gate items the table holds, by shard, among the first `upTo` shards (read 100 at a time). */
async function gates(tableId: string, upTo = 64 + 8): Promise<number[]> {
  const keys = Array.from({ length: upTo }, (_, shard) => gateKey(tableId, shard));
  const found = await batchGet<GateRecord>(api.db, keys, { consistent: true });
  return found.map((gate) => gate.shard).sort((a, b) => a - b);
}

describe('openTable betShards', () => {
  it("defaults to the stage's count (storePartitions.tableBets: the tests' stage opens 4), each with its gate", async () => {
    expect([DEFAULT_BET_SHARDS, STORE_PARTITIONS.tableBets]).toEqual([4, 4]);
    const { data, errors } = await open();
    expect(errors).toBeUndefined();
    expect(data!.openTable.table.betShards).toBe(4);
    expect(await gates(data!.openTable.table.id)).toHaveLength(4);
    // A production stage's default, asked for.
    const busy = await open(DEFAULT_PARTITIONS.tableBets);
    expect(busy.data!.openTable.table.betShards).toBe(64);
    expect(await gates(busy.data!.openTable.table.id)).toHaveLength(64);
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

  it(`a table of ${MAX_BET_SHARDS} shards has a gate in each, takes bets in shards past 99, and pays every bet`, async () => {
    const { data } = await open(MAX_BET_SHARDS);
    const tableId = data!.openTable.table.id as string;
    expect(data!.openTable.table.betShards).toBe(MAX_BET_SHARDS);
    expect(await gates(tableId, MAX_BET_SHARDS + 8)).toEqual(Array.from({ length: MAX_BET_SHARDS }, (_, shard) => shard));

    const players = Array.from({ length: 16 }, (_, i) => `wide-player-${i}`);
    await api.fundNewAccounts(players, 10_000);
    const placed = await Promise.all(players.map((playerId) => api.placeBet(playerId, { tableId, type: 'PASS_LINE', amount: 1_000 })));
    const shards = placed.map((bet) => shardOfBetKey(parseBetId(bet.id as string)!.betKey));
    // Sixteen players over 512 shards: most land past shard 99, in the three-digit form.
    expect(shards.some((shard) => shard >= 100)).toBe(true);
    for (const shard of shards) expect(shard).toBeLessThan(MAX_BET_SHARDS);

    layoutsRead = [];
    await api.closeAndRoll(tableId, [3, 4]);
    expect(await api.balances(players)).toEqual(players.map(() => 11_000));
    // The layouts of the shards holding bets were read twice, and no other: closing betting looked for
    // a shooter there (nobody had the dice yet: their gates say which shards hold bets), the roll settled them.
    expect(new Set(layoutsRead)).toEqual(new Set(shards.map((shard) => shardPk(tableId, shard))));
    expect(layoutsRead.length).toBe(2 * new Set(shards).size);
    layoutsRead = undefined;
    // Closing betting moved every one of the 512 gates past the round.
    expect((await getGate(api.db, tableId, MAX_BET_SHARDS - 1))!.round).toBe(2);
    await api.expectReconciled();
  });

  it('an opening cut off after its gates is finished by its retry, and a retry after bets never resets a gate', async () => {
    // More gates than one transaction writes: the opening writes them in several.
    const betShards = TRANSACTION_ITEMS + 28;
    const { data } = await open(betShards);
    const opened = (await getTableSession(api.db, data!.openTable.table.id))!;
    const again = { ...opened, id: `${opened.id}-retried` };
    // The gates of a table whose own write never happened (the process died between the two)...
    const groups = newGates(api.db, again.id, again.betShards, 1);
    expect(groups).toHaveLength(2);
    for (const group of groups) expect((await transact(api.db, { group })).written).toBe(true);
    expect(await getTableSession(api.db, again.id)).toBeUndefined();
    // ...are written again alike by the retry, which opens the table.
    expect(await createTableSession(api.db, again, 1)).toBe('CREATED');
    expect((await getTableSession(api.db, again.id))!.betShards).toBe(betShards);

    // An open table whose gates have moved on (a bet passed, betting closed) is left as it is.
    const player = 'retry-bettor';
    await api.fundNewAccounts([player], 10_000);
    const bet = await api.placeBet(player, { tableId: opened.id, type: 'PASS_LINE', amount: 1_000 });
    const shard = shardOfBetKey(parseBetId(bet.id as string)!.betKey);
    expect(await createTableSession(api.db, opened, 1)).toBe('EXISTS');
    expect((await getGate(api.db, opened.id, shard))!.open).toBe(1);
  });
});
