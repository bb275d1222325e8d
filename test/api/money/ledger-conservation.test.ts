/**
 * Conservation, told by the ledger alone. A randomized session: two currencies, two craps tables
 * and three baccarat tables, two of them feeding one jackpot pool; players betting at several
 * tables at once (their accounts raced, with real DynamoDB's transaction conflicts modelled),
 * taking bets down, retrying with their idempotency keys; dealers voiding rounds; the cashier
 * moving money in and out, retried references included; a table closed with bets on it; and the
 * process crashing before or after a random few of its transactions, the sweeper finishing what
 * the crashes left. At the end the ledger balances to the unit in each currency, every stored
 * balance and pool is the sum of its journals, and each player's statement, replayed from zero,
 * arrives at their balance.
 */
import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dealer, refusalCode, refusalOf, type GraphQLResponse } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';
import { MODALITY_A_FIXED_AMOUNTS } from '../../support/jackpot-prizes';
import { crash, withFaults } from '../../support/faults';
import { seededRandom, type RandomBelow } from '../../../functions/rules/seeded-random';
import { dealRound, formatCard, freshShoe, type Card } from '../../../functions/rules/baccarat';
import { systemDependencies } from '../../../functions/services/kernel/services';
import { sweepSettlements } from '../../../functions/services/rounds/sweep-settlements';

/**
 * Each actor draws from a stream of its own (a table's dealer, a player at a table in a round, the
 * cashier): concurrent requests answer in any order, and what the session does must not depend on it.
 */
const streamOf = (actor: string): RandomBelow => seededRandom(createHash('sha256').update(`20261201 ${actor}`).digest().readUInt32BE(0));
const cashierRandom = streamOf('cashier');
/** The baccarat shoes, shuffled in turn as the tables open one after the other: their rounds hold a jackpot prize. */
const shoeRandom = seededRandom(20261201);
const faultRandom = seededRandom(77);
/** Of every transaction the handler sends, this many in a hundred crash before it, as many after. */
const CRASH_PERCENT = 3;
let crashes = 0;
const crashSometimes = () => {
  if (faultRandom(100) >= CRASH_PERCENT) return undefined;
  crashes++;
  return crash();
};

const api = useTestApi({
  wrapDb: (db) =>
    withFaults(db, {
      before: (name) => (name === 'TransactWriteCommand' ? crashSometimes() : undefined),
      after: (name) => (name === 'TransactWriteCommand' ? crashSometimes() : undefined),
    }),
});

const OPERATOR = dealer('lc-operator');
const DEALER = dealer('lc-dealer');
const ROUNDS = 4;
const MOP_PLAYERS = ['lc-m1', 'lc-m2', 'lc-m3', 'lc-m4', 'lc-m5', 'lc-m6'];
const USD_PLAYERS = ['lc-u1', 'lc-u2', 'lc-u3'];
/** Bets on the Pass Line at both craps tables before every roll, from a seat nobody else takes: a roll needs a shooter (art. 2.1). */
const SHOOTER = 'lc-shooter';
const CRAPS_BETS = ['FIELD', 'ANY_SEVEN', 'ANY_CRAPS', 'ELEVEN', 'BIG_6', 'HARD_8', 'PASS_LINE', 'DONT_PASS', 'COME'];
const MAIN_BETS = ['PLAYER', 'BANKER', 'TIE', 'PLAYER_PAIR'];
/** Refusals a racing, crashing session may meet: each leaves the ledger as it was (or, after a crash, whole). */
const EXPECTED_REFUSALS = new Set([
  'CONFLICT',
  'INTERNAL_SERVER_ERROR', // a crash
  'INSUFFICIENT_FUNDS',
  'BET_NOT_ALLOWED_IN_PHASE',
  'PLAYER_STAKE_LIMIT',
  'JACKPOT_NEEDS_MAIN_BET',
  'BET_NOT_OPEN',
  'CONTRACT_BET',
  'SETTLEMENT_IN_PROGRESS',
]);
const refusals = new Map<string, number>();

/** Why a request was refused, a GraphQL error's code or a payload's userError's. */
const codeOf = (res: GraphQLResponse) => refusalCode(res);
function note(res: GraphQLResponse): boolean {
  const code = codeOf(res);
  if (code) refusals.set(code, (refusals.get(code) ?? 0) + 1);
  return code === undefined;
}

/** The sweeper, through the real database (no faults), its clock past every crashed runner's lease. */
const sweep = () => sweepSettlements({ ...systemDependencies(api.db), now: () => new Date(Date.now() + 120_000).toISOString() }, 60);

/** A dealer's or operator's request, sent again (as a client would) while it fails for a crash, a race or a crashed job. */
async function persist(send: () => Promise<GraphQLResponse>): Promise<GraphQLResponse> {
  for (let attempt = 0; ; attempt++) {
    const res = await send();
    const code = codeOf(res);
    if (!code || !['INTERNAL_SERVER_ERROR', 'CONFLICT', 'SETTLEMENT_IN_PROGRESS'].includes(code) || attempt === 12) return res;
    note(res);
    if (code === 'SETTLEMENT_IN_PROGRESS') await sweep();
  }
}

async function persisted(send: () => Promise<GraphQLResponse>): Promise<Record<string, any>> {
  const res = await persist(send);
  expect(refusalOf(res), JSON.stringify(refusalOf(res))).toBeUndefined();
  return res.data!;
}

interface Table {
  readonly id: string;
  /** The session's own name for it, the same at every run. */
  readonly name: string;
  /** The dealer's stream: the dice. */
  readonly random: RandomBelow;
  readonly game: 'CRAPS' | 'BACCARAT';
  readonly players: readonly string[];
  /** Baccarat: the shoe the dealer deals from, shuffled. */
  readonly shoe: Card[];
}

let tablesOpened = 0;

function shuffled(cards: Card[], random: RandomBelow): Card[] {
  for (let i = cards.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [cards[i], cards[j]] = [cards[j]!, cards[i]!];
  }
  return cards;
}

async function openPool(currency: string): Promise<string> {
  const fixedAmounts = MODALITY_A_FIXED_AMOUNTS;
  const data = await persisted(() =>
    api.graphql(
      OPERATOR,
      `mutation ($input: OpenJackpotPoolInput!) { openJackpotPool(input: $input) { jackpotPool { id } userErrors { code message } } }`,
      {
        input: { currency, seed: 50_000, modality: 'A', fixedAmounts },
      },
    ),
  );
  return data.openJackpotPool.jackpotPool.id;
}

async function openTable(
  game: Table['game'],
  currency: string,
  players: readonly string[],
  poolId?: string,
  share = 2_500,
): Promise<Table> {
  const input = {
    game,
    currency,
    minimumBet: 100,
    maximumBet: 10_000,
    // A handful of players: a quiet table's shards (conservation does not depend on how many).
    betShards: 4,
    ...(poolId ? { baccarat: { jackpot: { poolId, contributionBasisPoints: share } } } : {}),
  };
  const data = await persisted(() =>
    api.graphql(OPERATOR, `mutation ($input: OpenTableInput!) { openTable(input: $input) { table { id } userErrors { code message } } }`, {
      input,
    }),
  );
  const name = `table ${tablesOpened++}`;
  const shoe = game === 'BACCARAT' ? shuffled(freshShoe(8), shoeRandom) : [];
  return { id: data.openTable.table.id, name, random: streamOf(name), game, players, shoe };
}

const PLACE = `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { bet { id } userErrors { code message } } }`;

/** A bet, sent again with its idempotency key while its answer is lost to a crash or a race. */
async function placeBet(player: string, input: Record<string, unknown>): Promise<string | undefined> {
  const keyed = { input: { ...input, idempotencyKey: randomUUID() } };
  const res = await persist(() => api.graphql(player, PLACE, keyed));
  return note(res) ? res.data!.placeBet.bet.id : undefined;
}

/** One player's betting at one table in round `round`: a few bets, and now and then one taken back down. */
async function playRound(table: Table, player: string, round: number): Promise<void> {
  const random = streamOf(`${table.name} ${player} ${round}`);
  const seat = table.players.indexOf(player) + 1;
  if (table.game === 'CRAPS') {
    const placed: string[] = [];
    for (let i = 0, n = 1 + random(2); i < n; i++) {
      const type = CRAPS_BETS[random(CRAPS_BETS.length)]!;
      const id = await placeBet(player, { tableId: table.id, type, amount: 100 * (1 + random(5)), seat });
      if (id) placed.push(id);
    }
    if (placed.length > 0 && random(4) === 0) {
      note(
        await api.graphql(player, `mutation ($id: ID!) { takeDownBet(input: { betId: $id }) { bet { id } userErrors { code message } } }`, {
          id: placed[random(placed.length)],
        }),
      );
    }
    return;
  }
  const main = MAIN_BETS[random(MAIN_BETS.length)]!;
  await placeBet(player, { tableId: table.id, type: main, amount: 100 * (1 + random(10)), seat });
  // The table's first player always takes the jackpot: whether a round pays a prize then depends on
  // its cards alone (shuffled from the seed), not on how the players' requests interleaved.
  if (random(5) < 3 || player === table.players[0])
    await placeBet(player, { tableId: table.id, type: 'JACKPOT', amount: 100 * (1 + random(3)), seat });
}

/** The dealer ends the round: no more bets, then the outcome, or a void. */
async function endRound(table: Table, voided: boolean): Promise<void> {
  if (table.game === 'CRAPS') {
    // Refused while a point is on: the shooter's Pass Line from the come-out is still up then.
    const input = { tableId: table.id, type: 'PASS_LINE', amount: 100, seat: 20, idempotencyKey: randomUUID() };
    note(await persist(() => api.graphql(SHOOTER, PLACE, { input })));
  }
  await persisted(() =>
    api.graphql(
      DEALER,
      `mutation ($t: ID!) { closeBetting(input: { tableId: $t }) { table { bettingOpen } userErrors { code message } } }`,
      { t: table.id },
    ),
  );
  const state = await api.data(
    OPERATOR,
    `query ($t: ID!) { table(id: $t) { ... on CrapsTable { rollCount } ... on BaccaratTable { roundCount } } }`,
    { t: table.id },
  );
  const sequence = 1 + (table.game === 'CRAPS' ? state.table.rollCount : state.table.roundCount);
  if (voided) {
    await persisted(() =>
      api.graphql(
        DEALER,
        `mutation ($input: VoidRoundInput!) { voidRound(input: $input) { voidedRound { sequence } userErrors { code message } } }`,
        {
          input: { tableId: table.id, reason: 'camera fault', sequence },
        },
      ),
    );
    return;
  }
  if (table.game === 'CRAPS') {
    const dice = [1 + table.random(6), 1 + table.random(6)];
    await persisted(() =>
      api.graphql(
        DEALER,
        `mutation ($input: SubmitRollInput!) { submitRoll(input: $input) { settlementComplete userErrors { code message } } }`,
        {
          input: { tableId: table.id, dice, sequence },
        },
      ),
    );
    return;
  }
  const cards = dealRound(() => table.shoe.pop()!).map(formatCard);
  await persisted(() =>
    api.graphql(
      DEALER,
      `mutation ($input: SubmitDealInput!) { submitDeal(input: $input) { settlementComplete userErrors { code message } } }`,
      {
        input: { tableId: table.id, cards, sequence },
      },
    ),
  );
}

interface Movement {
  readonly mutation: 'deposit' | 'withdraw';
  readonly input: { readonly playerId: string; readonly amount: number; readonly reference: string };
}

/** Between rounds the cashier moves money: new references, a movement sent twice, a withdrawal the balance may not cover. */
async function cashier(players: readonly string[], movements: Movement[]) {
  const movement: Movement =
    movements.length > 0 && cashierRandom(3) === 0
      ? movements[cashierRandom(movements.length)]!
      : {
          mutation: cashierRandom(2) === 0 ? 'deposit' : 'withdraw',
          input: {
            playerId: players[cashierRandom(players.length)]!,
            amount: 1_000 * (1 + cashierRandom(20)),
            reference: randomUUID(),
          },
        };
  movements.push(movement);
  // The same reference never moves money twice: sent again, it answers the account as it is.
  note(
    await persist(() =>
      api.graphql(
        OPERATOR,
        `mutation ($input: ${movement.mutation === 'deposit' ? 'DepositInput' : 'WithdrawInput'}!) {
          ${movement.mutation}(input: $input) { account { balance } userErrors { code message } }
        }`,
        { input: movement.input },
      ),
    ),
  );
}

interface StatementPage {
  edges: { node: { kind: string; amount: number; balanceAfter: number } }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

/** A player's whole statement, oldest first, read a few entries a page. */
async function replayStatement(playerId: string): Promise<StatementPage['edges'][number]['node'][]> {
  const entries: StatementPage['edges'][number]['node'][] = [];
  let after: string | null = null;
  for (;;) {
    const { account }: { account: { statement: StatementPage } } = await api.data(
      OPERATOR,
      `query ($id: ID!, $after: String) { account(id: $id) { statement(first: 7, after: $after) {
        edges { node { kind amount balanceAfter } } pageInfo { hasNextPage endCursor } } } }`,
      { id: playerId, after },
    );
    entries.push(...account.statement.edges.map((edge) => edge.node));
    if (!account.statement.pageInfo.hasNextPage) return entries.reverse();
    after = account.statement.pageInfo.endCursor;
  }
}

describe('a randomized session at five tables, in two currencies, with crashes', () => {
  it('leaves a ledger that balances to the unit, accounts for every balance and pool, and replays every statement from zero', async () => {
    for (const player of MOP_PLAYERS) await api.fundAccount(player, 100_000, 'MOP');
    for (const player of USD_PLAYERS) await api.fundAccount(player, 100_000, 'USD');
    await api.fundAccount(SHOOTER, 10_000_000, 'MOP');
    const mopPool = await openPool('MOP');
    const usdPool = await openPool('USD');
    const tables = [
      await openTable('CRAPS', 'MOP', MOP_PLAYERS),
      await openTable('CRAPS', 'MOP', MOP_PLAYERS.slice(0, 4)),
      // Two tables feeding one pool: their rounds race each other for it.
      await openTable('BACCARAT', 'MOP', MOP_PLAYERS, mopPool, 2_500),
      await openTable('BACCARAT', 'MOP', MOP_PLAYERS.slice(2), mopPool, 5_000),
      await openTable('BACCARAT', 'USD', USD_PLAYERS, usdPool),
    ];
    const movements: Movement[] = [];

    for (let round = 0; round < ROUNDS; round++) {
      // Every player bets at every table of theirs at once: their account is raced.
      await Promise.all(tables.flatMap((table) => table.players.map((player) => playRound(table, player, round))));
      await sweep(); // what crashes left of the last round's jobs
      // Every table voids one round of the session (a misdeal, a camera fault), each a different one.
      await Promise.all(tables.map((table, index) => endRound(table, index % ROUNDS === round)));
      for (let i = 0; i < 3; i++) await cashier(cashierRandom(2) === 0 ? MOP_PLAYERS : USD_PLAYERS, movements);
    }
    // The second craps table closes for good with bets still on its layout: they are voided, every stake back.
    await Promise.all(tables[1]!.players.map((player) => playRound(tables[1]!, player, ROUNDS)));
    await sweep();
    await persisted(() =>
      api.graphql(
        OPERATOR,
        `mutation ($t: ID!) { closeTable(input: { tableId: $t, reason: "end of session" }) { table { status } userErrors { code message } } }`,
        { t: tables[1]!.id },
      ),
    );
    await sweep();

    // The session met what it was built to meet.
    expect(crashes).toBeGreaterThan(3);
    // Races are not counted on: in one server a player's requests and a gate shard's transactions
    // take turns (services/kernel/turns.ts), so whether any transaction of this session is refused depends
    // on timing. Races between servers are met for certain in betting-burst.test.ts (five servers).
    const unexpected = [...refusals.keys()].filter((code) => !EXPECTED_REFUSALS.has(code));
    expect(unexpected, JSON.stringify([...refusals])).toEqual([]);

    // The ledger alone: every journal balances, each currency's legs sum to zero, every stored balance is its legs' sum.
    const ledger = await api.reconcile();
    expect({ differences: ledger.differences, unbalancedJournals: ledger.unbalancedJournals }).toEqual({
      differences: [],
      unbalancedJournals: [],
    });
    expect(ledger.currencies.map((currency) => currency.currency).sort()).toEqual(['MOP', 'USD']);
    const stored = async (players: readonly string[]) => (await api.balances(players)).reduce((sum: number, balance) => sum + balance!, 0);
    const poolAmount = async (id: string) =>
      (await api.data(OPERATOR, `query ($id: ID!) { jackpotPool(id: $id) { amount } }`, { id })).jackpotPool.amount;
    for (const [currency, players, pool] of [
      ['MOP', [...MOP_PLAYERS, SHOOTER], mopPool],
      ['USD', USD_PLAYERS, usdPool],
    ] as const) {
      const books = ledger.currencies.find((candidate) => candidate.currency === currency)!;
      expect(books.total).toBe(0n);
      // What came in at the cashier is what the players and the pool hold, plus what the house won.
      expect(books.players).toBe(BigInt(await stored(players)));
      expect(books.pools).toBe(BigInt(await poolAmount(pool)));
      expect(books.players + books.pools + books.houseResult).toBe(books.cashierIn);
      expect(books.houseByTable.reduce((sum, table) => sum + table.result, 0n)).toBe(books.houseResult);
    }

    // Each statement, replayed from an empty account, arrives at the balance, entry by entry.
    const kinds = new Set<string>();
    for (const player of [...MOP_PLAYERS, SHOOTER, ...USD_PLAYERS]) {
      let balance = 0;
      for (const entry of await replayStatement(player)) {
        kinds.add(entry.kind);
        balance += entry.amount;
        expect(entry.balanceAfter, player).toBe(balance);
      }
      expect(balance, player).toBe(await api.balance(player));
    }
    // Every kind of movement a player's money makes was in the session.
    expect([...kinds].sort()).toEqual(['DEPOSIT', 'JACKPOT_PRIZE', 'PAYOUT', 'STAKE', 'TAKE_DOWN', 'VOID_REFUND', 'WITHDRAWAL']);
  });
});
