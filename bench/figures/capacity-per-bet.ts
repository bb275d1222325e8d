/**
 * Figure 4: the read and write capacity units one bet costs over its life (placed, then
 * settled), as DynamoDB bills them, against the least a data model with today's guarantees
 * needs. From the same requests: which items every bet of a table writes or checks, and what
 * that makes the highest rate one table, and one jackpot pool shared by many tables, can take
 * on real DynamoDB.
 */
import { GetItemCommand, type AttributeValue, type TransactWriteItem } from '@aws-sdk/client-dynamodb';
import { MAX_OPEN_BETS_PER_TABLE } from '../../functions/store/betting/gates';
import { DEFAULT_BET_SHARDS, JOURNAL_PREFIX, poolKey, tableKey } from '../../functions/store/kernel/keys';
import {
  PLACE_BET,
  SUBMIT_ROLL,
  closeBetting,
  handDiceTo,
  operatorToken,
  refusal,
  refusalOf,
  type BenchEnvironment,
} from '../harness/bench-environment';
import { appliedTransactions, type RecordedRequest } from '../harness/request-recorder';
import { addCapacity, itemSize, writeUnits, type Capacity } from '../harness/capacity-units';
import { median } from '../harness/statistics';
import { againstFloor, measured, type FigureRow } from '../harness/results';

export interface CapacityPerBetOptions {
  /** Bets in the metered round, one per player. */
  readonly bets: number;
  /** Bets already on the table for the last placement measured (at most the table's cap less one). */
  readonly fullLayout: number;
}

/**
 * How long real DynamoDB holds an item for a transaction, for the ceilings below: AWS quotes
 * single-digit milliseconds for one item, and a transaction writes in two phases. An assumption,
 * not a measurement: the ceilings scale with its inverse.
 */
export const ASSUMED_TRANSACTION_MS = 10;
/** Real DynamoDB's limit on one item (and one partition): write units per second. */
const ITEM_WRITE_UNITS_PER_SECOND = 1_000;

export async function capacityPerBet(env: BenchEnvironment, options: CapacityPerBetOptions) {
  const players = Array.from({ length: options.bets }, (_, i) => `bench-capacity-${i}`);
  await env.fundPlayers(players, 1_000_000_000);
  const tableId = await env.openCrapsTable();

  // Placed one by one over HTTP, each metered alone.
  const placements: Capacity[] = [];
  const transactions: TransactWriteItem[][] = [];
  for (const [i, player] of players.entries()) {
    // The first player is the shooter (a roll needs one: art. 2.1), on Don't Pass, which the 3 pays
    // 1:1 like the Field: every bet is the same to settle.
    const type = i === 0 ? 'DONT_PASS' : 'FIELD';
    const placement = await metered(env, async () => {
      const answer = await env.graphql(await env.token(player), PLACE_BET, { input: { tableId, type, amount: 100 } });
      if (refusal(answer)) throw new Error(`placeBet refused: ${JSON.stringify(refusalOf(answer))}`);
    });
    placements.push(placement.capacity);
    transactions.push(appliedTransactions(placement.sent)[0]!.TransactItems ?? []);
  }
  await handDiceTo(env, tableId, players[0]!);
  const round = await metered(env, async () => {
    const sequence = await closeBetting(env, tableId);
    const answer = await env.graphql(await operatorToken(env), SUBMIT_ROLL, { tableId, dice: [1, 2], sequence });
    if (refusal(answer)) throw new Error(`submitRoll refused: ${JSON.stringify(refusalOf(answer))}`);
  });

  // One more placement, at a table as full as it gets (or as asked).
  const fullTable = await env.openCrapsTable();
  const fullLayout = Math.min(options.fullLayout, MAX_OPEN_BETS_PER_TABLE - 1);
  const seatPlayers = Array.from({ length: fullLayout }, (_, i) => `bench-capacity-full-${i}`);
  await env.fundPlayers(seatPlayers, 1_000_000);
  await env.seedBets(
    fullTable,
    seatPlayers.map((playerId) => ({ playerId, type: 'FIELD', amount: 100 })),
  );
  const atFull = await metered(env, async () => {
    const answer = await env.graphql(await env.token(players[0]!), PLACE_BET, {
      input: { tableId: fullTable, type: 'FIELD', amount: 100 },
    });
    if (refusal(answer)) throw new Error(`placeBet refused: ${JSON.stringify(refusalOf(answer))}`);
  });

  const jackpot = await jackpotRound(env);

  const placement = medianCapacity(placements);
  const settlementShare = scale(round.capacity, 1 / options.bets);
  const lifecycle = addCapacity(placement, settlementShare);
  const betItemBytes = await storedSize(env, transactions[0]!.find((action) => action.Put)!.Put!.Item!);
  const { pk, sk } = tableKey(tableId);
  const tableItemBytes = await storedSize(env, { pk: { S: pk }, sk: { S: sk } });
  const journal = transactions[0]!.find((action) => String(action.Put?.Item?.sk?.S ?? '').startsWith(JOURNAL_PREFIX))!;
  const journalBytes = await storedSize(env, journal.Put!.Item!);
  const minimum = minimumLifecycle(betItemBytes, journalBytes, roundWrites(tableItemBytes) / options.bets, ROUND_READS / options.bets);

  const rows: FigureRow[] = [
    againstFloor(
      'write units per bet lifecycle (table)',
      lifecycle.write,
      minimum.write,
      'WCU',
      1.05,
      `placed ${placement.write}, settled ${fmt(settlementShare.write)}`,
    ),
    againstFloor(
      'write units per bet lifecycle (indexes)',
      lifecycle.indexWrite,
      minimum.indexWrite,
      'WCU',
      1.05,
      `placed ${placement.indexWrite}, settled ${fmt(settlementShare.indexWrite)}`,
    ),
    againstFloor(
      'read units per bet lifecycle',
      lifecycle.read,
      minimum.read,
      'RCU',
      1.05,
      `placed ${placement.read}, settled ${fmt(settlementShare.read)}`,
    ),
    measured(`placeBet at 0 open bets`, placements[0]!.read, 'RCU', `${placements[0]!.write} WCU + ${placements[0]!.indexWrite} index`),
    measured(
      `placeBet at ${options.bets - 1} open bets`,
      placements[placements.length - 1]!.read,
      'RCU',
      `${placements[placements.length - 1]!.write} WCU + ${placements[placements.length - 1]!.indexWrite} index`,
    ),
    measured(
      `placeBet at ${fullLayout} open bets`,
      atFull.capacity.read,
      'RCU',
      `${atFull.capacity.write} WCU + ${atFull.capacity.indexWrite} index`,
    ),
    measured(
      'DynamoDB Local reported for the lifecycle',
      addCapacity(placement, settlementShare).reportedByLocal,
      'units',
      'reads and writes together; over-counts transactions',
    ),
  ];

  // Items every bet's transaction names, whoever places it: each caps the table's rate.
  const shared = transactions.map((items) => new Set(items.map(itemOf))).reduce((a, b) => new Set([...a].filter((item) => b.has(item))));
  const notes: string[] = [
    `The round: ${options.bets} bets of 100 from ${options.bets} players (the shooter's on Don't Pass, the others' on the Field), placed one by one, settled by one roll that decides them all; the settlement's units (closing betting and the roll included) are shared equally among its bets.`,
    `Minimum, what the data model needs by design (docs/DATA-MODEL.md): placing writes the bet (a ${betItemBytes}-byte item: ${2 * writeUnits(betItemBytes)} WCU in a transaction), its gate shard (2), the account (2), the player's position (2) and the stake's journal (a ${journalBytes}-byte item: ${2 * writeUnits(journalBytes)}), and reads the player's own bets and position (one query: 1 RCU; the table comes from the server's recent copy); the bet enters the owner index and the layout index, the position's layout entry is rewritten and the journal enters the book index (${2 * writeUnits(betItemBytes) + 1 + writeUnits(journalBytes)} index WCU). Settling decides the bet in place (${2 * writeUnits(betItemBytes)}), out of the layout index and rewritten in the owner index (${2 * writeUnits(betItemBytes)} index WCU), credits the player and journals the payment (2 + ${2 * writeUnits(journalBytes)}, and ${writeUnits(journalBytes)} in the book index, shared by the player's bets in the round: here one), and writes and reads its ${PLAN_ENTRY_BYTES}-byte share of the plan and of the layout read once per round (${fmt(minimum.read - 1)} RCU). The round's own writes (closing its ${DEFAULT_BET_SHARDS} gate shards and counting them out, recording and finishing the outcome: ${roundWrites(tableItemBytes)} WCU) and reads (its layout, one query per shard, and the table, outcome, plan and job: ${ROUND_READS} RCU) are shared among its bets. Targets allow 5% over the minimum, for the sizes it rounds.`,
  ];
  for (const item of shared) {
    const bytes = await storedSize(env, JSON.parse(item).key as Record<string, AttributeValue>);
    const units = 2 * writeUnits(bytes);
    notes.push(
      `Every bet at a table writes or checks ${JSON.parse(item).label} (${bytes} bytes, ${units} WCU per bet): on real DynamoDB at most ${Math.floor(ITEM_WRITE_UNITS_PER_SECOND / units)} bets/s by its write units, and, since no two transactions may hold it at once, at most ${Math.floor(1000 / ASSUMED_TRANSACTION_MS)} bets/s if each holds it ${ASSUMED_TRANSACTION_MS} ms; the optimistic lock (read, validate, write) makes it fewer under contention (figure 3).`,
    );
  }
  if (shared.size === 0) notes.push('No item is written or checked by every bet of a table.');
  notes.push(
    `A jackpot round (${jackpot.bettors} seated bettors) writes its pool ${jackpot.poolWrites} time(s) (${jackpot.poolBytes} bytes, ${2 * writeUnits(jackpot.poolBytes)} WCU each), under the pool's version lock: one pool shared by many tables takes at most ${Math.floor(ITEM_WRITE_UNITS_PER_SECOND / (2 * writeUnits(jackpot.poolBytes) * jackpot.poolWrites))} rounds/s by write units and about ${Math.floor(1000 / ASSUMED_TRANSACTION_MS / jackpot.poolWrites)} rounds/s by conflicts (${ASSUMED_TRANSACTION_MS} ms per transaction): with a round every 30 s per table, some ${Math.floor((30 * 1000) / ASSUMED_TRANSACTION_MS / jackpot.poolWrites).toLocaleString('en-US')} tables, if their rounds never land at the same moment. Placing a jackpot bet does not touch the pool.`,
  );
  return { rows, notes };
}

/** A bet's entry in its outcome's plan, about (the plan is stored in chunks of JSON). */
const PLAN_ENTRY_BYTES = 100;

/**
 * What a round costs whatever its bets, by design: closing betting and counting the decided bets
 * out (one write to each gate shard each), recording and finishing the outcome (the table item, the
 * outcome, the job), the job's lease.
 */
function roundWrites(tableItemBytes: number): number {
  const outcomeAndJob = 2 * 1 + 2 * 1;
  return 2 * DEFAULT_BET_SHARDS + 2 * (2 * writeUnits(tableItemBytes) + outcomeAndJob) + 1;
}

/**
 * What a round reads whatever its bets: the layout, one query per shard (a unit each at least),
 * and the table, the outcome, its plan and its job, a few times over.
 */
const ROUND_READS = DEFAULT_BET_SHARDS + 8;

/** What a bet's life costs by the data model's design, no more (see the note), its round's own reads and writes shared. */
function minimumLifecycle(betItemBytes: number, journalBytes: number, roundWriteShare: number, roundReadShare: number): Capacity {
  const bet = 2 * writeUnits(betItemBytes);
  const index = writeUnits(betItemBytes);
  // The ledger: a journal of the stake, and one of the player's payment (about the same size), each in the book index.
  const journal = 2 * writeUnits(journalBytes);
  const journalIndex = writeUnits(journalBytes);
  const placed = { write: 2 + 2 + 2 + bet + journal, indexWrite: 2 * index + 1 + journalIndex, read: 1 };
  const settled = {
    write: bet + 2 + journal + (2 * PLAN_ENTRY_BYTES) / 1024,
    indexWrite: 2 * index + journalIndex,
    read: (betItemBytes + PLAN_ENTRY_BYTES) / 4096,
  };
  return {
    read: placed.read + settled.read + roundReadShare,
    write: placed.write + settled.write + roundWriteShare,
    indexWrite: placed.indexWrite + settled.indexWrite,
    reportedByLocal: 0,
  };
}

async function metered(
  env: BenchEnvironment,
  work: () => Promise<void>,
): Promise<{ capacity: Capacity; sent: readonly RecordedRequest[] }> {
  env.meter.reset();
  env.meter.enabled = true;
  const mark = env.recorder.mark();
  try {
    await work();
  } finally {
    env.meter.enabled = false;
  }
  return { capacity: env.meter.total, sent: env.recorder.since(mark) };
}

function medianCapacity(all: readonly Capacity[]): Capacity {
  return {
    read: median(all.map((c) => c.read)),
    write: median(all.map((c) => c.write)),
    indexWrite: median(all.map((c) => c.indexWrite)),
    reportedByLocal: median(all.map((c) => c.reportedByLocal)),
  };
}

const scale = (c: Capacity, k: number): Capacity => ({
  read: c.read * k,
  write: c.write * k,
  indexWrite: c.indexWrite * k,
  reportedByLocal: c.reportedByLocal * k,
});

const fmt = (n: number) => (Math.round(n * 100) / 100).toString();

/** An action's item, named by its key and labelled by its kind (`TABLE`, `ACCOUNT`, `BET`). */
function itemOf(action: TransactWriteItem): string {
  const keyed = action.Put ?? action.Update ?? action.Delete ?? action.ConditionCheck!;
  const attributes = action.Put ? action.Put.Item! : (keyed as { Key: Record<string, AttributeValue> }).Key;
  const key = { pk: attributes.pk!, sk: attributes.sk! };
  return JSON.stringify({ key, label: `the ${String(key.sk.S).split('#')[0]} item` });
}

/** The size of the item stored under `key` (or of `item` itself, when it carries its keys). */
async function storedSize(env: BenchEnvironment, key: Record<string, AttributeValue>): Promise<number> {
  const { Item } = await env.bare.send(
    new GetItemCommand({ TableName: env.tableName, Key: { pk: key.pk!, sk: key.sk! }, ConsistentRead: true }),
  );
  return Item ? itemSize(Item) : itemSize(key);
}

/** A baccarat round with a jackpot: how many times its transactions write the pool, and the pool's size. */
async function jackpotRound(env: BenchEnvironment) {
  const operator = await operatorToken(env);
  const pool = await env.graphql(
    operator,
    `mutation { openJackpotPool(input: { currency: "MOP", seed: 5000000, modality: A, fixedAmounts: [
      { combination: PARADISE_STRAIGHT, amount: 2000000 }, { combination: FOUR_OF_A_KIND, amount: 500000 },
      { combination: DOUBLE_PAIRS, amount: 50000 }, { combination: THREE_OF_A_KIND, amount: 20000 }, { combination: SINGLE_PAIR, amount: 2000 } ] }) { jackpotPool { id } userErrors { code message } } }`,
  );
  const poolId = pool.data!.openJackpotPool.jackpotPool.id as string;
  const table = await env.graphql(
    operator,
    `mutation ($poolId: ID!) { openTable(input: { game: BACCARAT, minimumBet: 100, maximumBet: 1000000, baccarat: { jackpot: { poolId: $poolId, contributionBasisPoints: 2500 } } }) { table { id } userErrors { code message } } }`,
    { poolId },
  );
  if (refusal(table)) throw new Error(`openTable failed: ${JSON.stringify(refusalOf(table))}`);
  const tableId = table.data!.openTable.table.id as string;
  const seats = 14;
  const bettors = Array.from({ length: seats }, (_, i) => `bench-jackpot-${i}`);
  await env.fundPlayers(bettors, 1_000_000);
  for (const [i, player] of bettors.entries()) {
    for (const type of ['BANKER', 'JACKPOT']) {
      const answer = await env.graphql(await env.token(player), PLACE_BET, { input: { tableId, type, amount: 100, seat: i + 1 } });
      if (refusal(answer)) throw new Error(`placeBet refused: ${JSON.stringify(refusalOf(answer))}`);
    }
  }
  const sequence = await closeBetting(env, tableId);
  const mark = env.recorder.mark();
  // Player 5S 5D, Banker KH 9C: a Player pair, a jackpot prize.
  const deal = await env.graphql(
    operator,
    `mutation ($tableId: ID!, $sequence: Int!) { submitDeal(input: { tableId: $tableId, cards: ["5S", "KH", "5D", "9C"], sequence: $sequence }) { settlementComplete userErrors { code message } } }`,
    { tableId, sequence },
  );
  if (refusal(deal)) throw new Error(`submitDeal refused: ${JSON.stringify(refusalOf(deal))}`);
  const { pk, sk } = poolKey(poolId);
  const poolWrites = appliedTransactions(env.recorder.since(mark)).filter((transaction) =>
    (transaction.TransactItems ?? []).some((action) => {
      const key = (action.Update ?? action.ConditionCheck ?? action.Delete)?.Key ?? action.Put?.Item;
      return key?.pk?.S === pk && key?.sk?.S === sk;
    }),
  ).length;
  return { bettors: seats, poolWrites, poolBytes: await storedSize(env, { pk: { S: pk }, sk: { S: sk } }) };
}
