/**
 * No money is lost or created: players bet concurrently (their requests racing each other on the
 * table's lock, with real DynamoDB's transaction conflicts modelled), the dealer rolls, and at the end every balance equals what the player started
 * with, less every stake that left it, plus everything the settled bets returned, to the unit.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { dealer, refusalOf } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';
import type { BetRecord } from '../../../functions/store/betting/bet-records';
import { queryAll } from '../../../functions/store/betting/bets';
import { shardPk } from '../../../functions/store/kernel/keys';
import { seededRandom } from '../../../functions/rules/seeded-random';

const api = useTestApi();
// Whatever the test did, the ledger accounts for every unit of every balance.
afterEach(() => api.expectReconciled());

const DEALER = dealer('conservation-dealer');
const PLAYERS = ['cons-a', 'cons-b', 'cons-c', 'cons-d', 'cons-e'];
const START = 50_000;
/** The table's betting-gate shards: few, for quick rounds (this test measures money, not shards). */
const BET_SHARDS = 4;
const ONE_ROLL_AND_LINE_BETS = ['FIELD', 'ANY_SEVEN', 'ANY_CRAPS', 'BIG', 'SMALL', 'HARD_8', 'BIG_6', 'PASS_LINE', 'DONT_PASS', 'COME'];

/** Every bet ever placed at the table, open or decided: every bet item of every shard. */
async function allBetsAt(tableId: string): Promise<BetRecord[]> {
  const shards = await Promise.all(
    Array.from({ length: BET_SHARDS }, (_, shard) =>
      queryAll<BetRecord>(api.db, {
        TableName: api.db.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :bet)',
        ExpressionAttributeValues: { ':pk': shardPk(tableId, shard), ':bet': 'BET#' },
        ConsistentRead: true,
      }),
    ),
  );
  return shards.flat();
}

describe('a busy craps table', () => {
  it('keeps every balance equal to its starting amount less stakes plus returns', async () => {
    const random = seededRandom(20261130);
    const tableId = await api.openTable({ maximumBet: 10_000, betShards: BET_SHARDS });
    for (const player of PLAYERS) await api.fundAccount(player, START);

    for (let round = 0; round < 12; round++) {
      // Every player bets three times at once; the requests race each other on the table's lock.
      const attempts = PLAYERS.flatMap((player) =>
        [0, 1, 2].map(() => {
          const type = ONE_ROLL_AND_LINE_BETS[random(ONE_ROLL_AND_LINE_BETS.length)]!;
          const amount = 100 * (1 + random(10));
          return api.graphql(
            player,
            `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { bet { id } userErrors { code message } } }`,
            {
              input: { tableId, type, amount },
            },
          );
        }),
      );
      // Some are refused (a Come bet on the come-out, a limit): they must charge nothing.
      await Promise.all(attempts);
      await api.seatShooter(tableId); // whatever the players bet, a roll needs a shooter (art. 2.1)
      const sequence = await api.closeBetting(tableId);
      const dice = [1 + random(6), 1 + random(6)];
      const rolled = await api.graphql(
        DEALER,
        `mutation ($t: ID!, $d: [Int!], $s: Int!) { submitRoll(input: { tableId: $t, dice: $d, sequence: $s }) { settlementComplete userErrors { code message } } }`,
        {
          t: tableId,
          d: dice,
          s: sequence,
        },
      );
      expect(refusalOf(rolled), JSON.stringify(refusalOf(rolled))).toBeUndefined();
    }

    // A player's bets at once take turns in one server (turns.ts), so they meet no refusal here; a player's
    // chips racing from several servers, with every balance exact: betting-burst.test.ts.
    const bets = await allBetsAt(tableId);
    expect(bets.length).toBeGreaterThan(50);
    for (const player of PLAYERS) {
      const own = bets.filter((bet) => bet.playerId === player);
      const staked = own.reduce((sum, bet) => sum + bet.amount, 0);
      const returned = own.reduce((sum, bet) => sum + bet.returned, 0);
      expect(await api.balance(player), player).toBe(START - staked + returned);
    }
  });
});
