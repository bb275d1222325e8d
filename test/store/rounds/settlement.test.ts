/**
 * Recording an outcome with its plan, on DynamoDB Local: a plan of any size (it is written before
 * the outcome's transaction, which holds at most 4 MB), read back whole; and the plan of an
 * attempt that did not record the outcome is never read. A seamless bet that stays past the roll
 * it was staked for is marked by that roll's payment once, so that a repeat finds it done.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createDb, type Db } from '../../../functions/store/kernel/db';
import { createTableSession, getTableSession, markBettingClosed } from '../../../functions/store/tables/tables';
import { shardSetText } from '../../../functions/store/betting/shard-set';
import { recordOutcome, recordOutcomeActions } from '../../../functions/store/rounds/outcome-recording';
import { readPlan } from '../../../functions/store/rounds/plan-chunks';
import { getOutcome } from '../../../functions/store/rounds/outcomes';
import { showsSettlement } from '../../../functions/store/rounds/bet-decisions';
import { commitSettlementBatch, unitActions } from '../../../functions/store/rounds/settlement-store';
import { openBetItem } from '../../../functions/store/betting/placement';
import { getBet } from '../../../functions/store/betting/bets';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_BET_SHARDS, newBetKey } from '../../../functions/store/kernel/keys';
import { initialCrapsState, makeCrapsOptions } from '../../../functions/rules/craps';
import type { BetRecord } from '../../../functions/store/betting/bet-records';
import type { CrapsTableRecord, PendingOutcome } from '../../../functions/store/tables/table-records';
import type { PlannedSettlement } from '../../../functions/store/rounds/planned-settlement';
import type { RollRecord } from '../../../functions/store/rounds/outcome-records';
import { ensureTable } from '../../../local/table-setup';
import { localCredentials, localRegion } from '../../../local/dynamodb-local';

let db: Db;
beforeAll(async () => {
  const connection = { endpoint: inject('dynamoEndpoint'), region: localRegion, credentials: localCredentials };
  const tableName = `settlement-${randomUUID()}`;
  const client = new DynamoDBClient(connection);
  await ensureTable(client, tableName);
  client.destroy();
  db = createDb({ tableName, ...connection });
});

async function closedTable(): Promise<CrapsTableRecord> {
  const table: CrapsTableRecord = {
    id: randomUUID(),
    game: 'CRAPS',
    status: 'OPEN',
    currency: 'MOP',
    minimumBet: 100,
    maximumBet: 100_000,
    betShards: DEFAULT_BET_SHARDS,
    version: 0,
    playerLimits: { maxOpenBets: 49, maxStakePerRound: 1_000_000 },
    options: makeCrapsOptions({ minimum: 100, maximum: 100_000 }),
    state: initialCrapsState(),
    createdAt: new Date().toISOString(),
  };
  await createTableSession(db, table, 1);
  const everyShard = Array.from({ length: table.betShards }, (_, shard) => shard);
  await markBettingClosed(db, table.id, 0, { by: 'test-dealer', at: new Date().toISOString() }, shardSetText(everyShard, table.betShards));
  return (await getTableSession(db, table.id)) as CrapsTableRecord;
}

const roll = (table: CrapsTableRecord): Omit<RollRecord, 'planned'> => ({
  kind: 'ROLL',
  tableId: table.id,
  currency: table.currency,
  sequence: 1,
  dice: [1, 2],
  stateBefore: table.state,
  stateAfter: { ...table.state, rollCount: 1 },
  recordedAt: new Date().toISOString(),
});

/** A Field win for each of `players` players with ids of 128 characters: about 250 bytes of plan each. */
function bigPlan(table: CrapsTableRecord, players: number): PlannedSettlement[] {
  return Array.from({ length: players }, (_, i) => {
    const playerId = `player-${i}`.padEnd(128, '.');
    return {
      betId: `${table.id}.${newBetKey(playerId, DEFAULT_BET_SHARDS, randomUUID())}`,
      playerId,
      resolution: { outcome: 'WIN', winnings: 100 },
      returned: 200,
    };
  });
}

describe('recording an outcome', () => {
  it('stores a plan larger than a transaction holds, and reads it back whole', async () => {
    const table = await closedTable();
    const plan = bigPlan(table, 20_000);
    expect(Buffer.byteLength(JSON.stringify(plan))).toBeGreaterThan(4 * 1024 * 1024);
    const { result, outcome } = await recordOutcome<RollRecord>(
      db,
      table,
      roll(table),
      { ...table.state, rollCount: 1 },
      plan,
      {
        sequence: 1,
        kind: 'ROLL',
        dice: [1, 2],
        stateBefore: table.state,
      },
      'plan-1',
    );
    expect(result).toBe('RECORDED');
    expect(outcome.planned.chunks).toBeGreaterThan(10);
    const stored = (await getOutcome(db, table.id, 1))!;
    expect(stored.planned).toEqual({ planId: 'plan-1', entries: 20_000, chunks: outcome.planned.chunks, parts: 1 });
    expect(await readPlan(db, stored)).toEqual(plan);
  });

  it('never reads the plan of an attempt that did not record the outcome', async () => {
    const table = await closedTable();
    const pending: PendingOutcome = { sequence: 1, kind: 'ROLL', dice: [1, 2], stateBefore: table.state };
    const first = await recordOutcome<RollRecord>(
      db,
      table,
      roll(table),
      { ...table.state, rollCount: 1 },
      bigPlan(table, 3),
      pending,
      'first',
    );
    // A second attempt at the same outcome, from the table as it was: its plan is written, its outcome is not recorded.
    const second = await recordOutcome<RollRecord>(
      db,
      table,
      roll(table),
      { ...table.state, rollCount: 1 },
      bigPlan(table, 5),
      pending,
      'second',
    );
    expect([first.result, second.result]).toEqual(['RECORDED', 'TABLE_CHANGED']);
    const stored = (await getOutcome(db, table.id, 1))!;
    expect(stored.planned.planId).toBe('first');
    expect(await readPlan(db, stored)).toHaveLength(3);
  });
});

describe("the outcome's conditions", () => {
  it('records on the table as it was decided on, nothing settling, betting closed, and (drawn by the server) under its commitment', async () => {
    const table = await closedTable();
    const outcome = { ...roll(table), planned: { planId: 'p', entries: 1, chunks: 1, parts: 1 } } as RollRecord;
    const pending: PendingOutcome = { sequence: 1, kind: 'ROLL', dice: [1, 2], stateBefore: table.state };
    const byDealer = recordOutcomeActions(db, table, outcome, table.state, pending);
    expect(byDealer.table.Update.ConditionExpression).toBe(
      'version = :version AND attribute_not_exists(settling) AND bettingClosed = :closed',
    );
    expect(byDealer.outcome.Put.ConditionExpression).toBe('attribute_not_exists(pk)');
    const drawn = recordOutcomeActions(db, table, outcome, table.state, pending, {
      drawnUnder: 'c1',
      tableFairness: { commitment: 'c2', publishedAt: outcome.recordedAt },
    });
    expect(drawn.table.Update.ConditionExpression).toBe(
      'version = :version AND attribute_not_exists(settling) AND bettingClosed = :closed AND fairness.commitment = :drawnUnder',
    );
  });
});

describe('a seamless bet that stays past the roll it was staked for', () => {
  it("is marked by that roll's payment once: a repeat is refused, and the bet shows the roll applied", async () => {
    const table = await closedTable();
    const key = newBetKey('x/p', DEFAULT_BET_SHARDS, randomUUID());
    const bet: BetRecord = {
      id: `${table.id}.${key}`,
      tableId: table.id,
      playerId: 'x/p',
      type: 'PASS_LINE',
      amount: 100,
      status: 'OPEN',
      winnings: 0,
      returned: 0,
      round: 1,
      placedAt: new Date().toISOString(),
      seamless: true,
    };
    await db.doc.send(new PutCommand({ TableName: db.tableName, Item: openBetItem(table.id, key, bet) }));
    const entry: PlannedSettlement = {
      betId: bet.id,
      playerId: 'x/p',
      resolution: { outcome: 'STAYS' },
      returned: 0,
      released: 0,
      seamless: true,
      closesRound: true,
    };
    const actions = unitActions(
      db,
      { playerId: 'x/p', entries: [entry], credit: 0, journal: undefined, released: 0, wallet: { rollbacks: [] } },
      1,
      bet.placedAt,
    );
    expect(actions).toHaveLength(1);
    expect(await commitSettlementBatch(db, actions)).toBe('APPLIED');
    expect(await commitSettlementBatch(db, actions)).toBe('CONDITION_FAILED');
    const stored = (await getBet(db, bet.id))!;
    expect(stored).toMatchObject({ status: 'OPEN', lastOutcome: 1, amount: 100 });
    expect(showsSettlement(stored, entry, 1)).toBe(true);
    expect(showsSettlement(stored, entry, 2)).toBe(false);
  });
});
