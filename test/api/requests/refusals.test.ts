/**
 * Bad input gets a clear, typed refusal, changes nothing, and never shows a stack trace: as data
 * in the mutation's payload (userErrors) when the mutation's error enum lists the code, as a
 * GraphQL error otherwise. Real HTTP -> the Lambda handler -> DynamoDB Local.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { buildSchema, getNamedType, type GraphQLEnumType, type GraphQLObjectType } from 'graphql';
import { dealer, refusalCode, refusalOf, type GraphQLResponse, type Who } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';
import { typeDefs } from '../../../functions/graphql/generated/type-defs';
import { MAX_OPEN_BETS_PER_SHARD, openBetsCapacity } from '../../../functions/store/betting/gates';
import { gateKey, shardOf } from '../../../functions/store/kernel/keys';

const api = useTestApi();
let tableId: string;
const PLAYER = 'refused-player';
const DEALER = dealer('refused-dealer');

// Whatever the file did, the ledger accounts for every unit of every balance: checked once, at
// the end (before the API closes), since reconciling reads the whole book (after each test, the
// file's time grows with its square).
afterAll(() => api.expectReconciled());

/** What every mutation here asks of its payload's refusals. */
const USER_ERRORS = 'userErrors { code message field }';
/** The gate shards of the tables here. */
const SHARDS = 4;

beforeEach(async () => {
  // Few shards, as a quiet table has: the full-table and halfway-closed tests write to them by hand.
  const opened = await api.graphql(
    DEALER,
    `mutation { openTable(input: { game: CRAPS, betShards: ${SHARDS}, minimumBet: 100, maximumBet: 10000 }) { table { id } ${USER_ERRORS} } }`,
  );
  tableId = opened.data!.openTable.table.id;
});

const SNAPSHOT = /* GraphQL */ `
  query ($id: ID!) {
    table(id: $id) {
      ... on CrapsTable {
        phase
        point
        rollCount
        rolls {
          edges {
            node {
              sequence
            }
          }
        }
      }
      openBets {
        id
        amount
      }
    }
    me {
      balance
    }
  }
`;

async function snapshot(player = PLAYER) {
  return (await api.graphql(player, SNAPSHOT, { id: tableId })).data;
}

const schema = buildSchema(typeDefs);

/** The codes a mutation refuses as data: its payload's userErrors' code enum (none for a query's field). */
function codesAsData(field: string | undefined): string[] {
  const mutation = field === undefined ? undefined : schema.getMutationType()!.getFields()[field];
  if (!mutation) return [];
  const userError = getNamedType((getNamedType(mutation.type) as GraphQLObjectType).getFields().userErrors!.type) as GraphQLObjectType;
  return (getNamedType(userError.getFields().code!.type) as GraphQLEnumType).getValues().map((value) => value.name);
}

/**
 * Refused with `code`, the way the contract says: as data when the mutation's error enum lists the
 * code (one userError, every other field of the payload null: nothing done), as one GraphQL error
 * otherwise (the mutation's payload, or the request's data, null).
 */
function expectRefused(res: GraphQLResponse, code: string, message?: RegExp) {
  const [answered, payload] = Object.entries(res.data ?? {})[0] ?? [];
  if (codesAsData(answered).includes(code)) {
    expect(res.errors, JSON.stringify(res)).toBeUndefined();
    const { userErrors, ...result } = payload as { userErrors: { code: string; message: string }[] };
    expect(userErrors, JSON.stringify(res)).toHaveLength(1);
    expect(userErrors[0]!.code).toBe(code);
    if (message) expect(userErrors[0]!.message).toMatch(message);
    for (const value of Object.values(result)) expect(value).toBeNull();
    return;
  }
  expect(res.errors, JSON.stringify(res)).toHaveLength(1);
  const [error] = res.errors!;
  expect(error!.extensions?.code).toBe(code);
  if (message) expect(error!.message).toMatch(message);
  // Nothing but the code and whether to retry leaves the API: no stack trace, no exception details.
  expect(Object.keys(error!.extensions ?? {})).toEqual(['code', 'retryable']);
}

const placeBet = (input: Record<string, unknown>, player = PLAYER) =>
  api.graphql(player, `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { bet { id } ${USER_ERRORS} } }`, {
    input: { tableId, ...input },
  });
async function submitRoll(input: Record<string, unknown>) {
  const sequence = await api.closeBetting(tableId);
  return api.graphql(DEALER, `mutation ($input: SubmitRollInput!) { submitRoll(input: $input) { roll { sequence } ${USER_ERRORS} } }`, {
    input: { tableId, sequence, ...input },
  });
}

describe('table limits', () => {
  it('a table maximum so large that a payout could not stay an exact integer is refused', async () => {
    const res = await api.graphql(
      DEALER,
      `mutation { openTable(input: { game: CRAPS, betShards: 4, minimumBet: 100, maximumBet: 9000000000000000 }) { table { id } ${USER_ERRORS} } }`,
    );
    expectRefused(res, 'BAD_USER_INPUT', /maximumBet/);
  });
});

describe('a full table', () => {
  it(`refuses a bet beyond what its gate shard holds (${MAX_OPEN_BETS_PER_SHARD}; the table of ${SHARDS} shards, ${openBetsCapacity(SHARDS)}), and changes nothing`, async () => {
    // Setup straight into the store: the player's shard counts as full.
    await api.db.doc.send(
      new UpdateCommand({
        TableName: api.db.tableName,
        Key: gateKey(tableId, shardOf(PLAYER, SHARDS)),
        UpdateExpression: 'SET #open = :full',
        ExpressionAttributeNames: { '#open': 'open' },
        ExpressionAttributeValues: { ':full': MAX_OPEN_BETS_PER_SHARD },
      }),
    );
    await api.fundAccount(PLAYER, 10_000);
    expectRefused(await placeBet({ type: 'FIELD', amount: 100 }), 'TABLE_FULL', new RegExp(String(openBetsCapacity(SHARDS))));
    expect(await api.balance(PLAYER)).toBe(10_000);
    expect((await api.graphql(PLAYER, SNAPSHOT, { id: tableId })).data!.table.openBets).toEqual([]);
  });
});

describe("a player's limits at a table", () => {
  const limitedTable = async () =>
    (
      await api.graphql(
        DEALER,
        `mutation { openTable(input: { game: CRAPS, betShards: 4, minimumBet: 100, maximumBet: 10000, playerLimits: { maxOpenBets: 2, maxStakePerRound: 500 } }) { table { id playerLimits { maxOpenBets maxStakePerRound } } ${USER_ERRORS} } }`,
      )
    ).data!.openTable.table;

  it('refuses a bet beyond the open bets one player may have, and changes nothing', async () => {
    const table = await limitedTable();
    expect(table.playerLimits).toEqual({ maxOpenBets: 2, maxStakePerRound: 500 });
    tableId = table.id;
    await api.fundAccount(PLAYER, 10_000);
    expect(refusalOf(await placeBet({ type: 'FIELD', amount: 100 }))).toBeUndefined();
    expect(refusalOf(await placeBet({ type: 'BIG', amount: 100 }))).toBeUndefined();
    expectRefused(await placeBet({ type: 'SMALL', amount: 100 }), 'PLAYER_BET_LIMIT', /2/);
    expect(await api.balance(PLAYER)).toBe(9_800);
    // Another player is not held back by this one.
    await api.fundAccount('other-player', 1_000);
    const other = await api.graphql(
      'other-player',
      `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { bet { id } ${USER_ERRORS} } }`,
      {
        input: { tableId, type: 'SMALL', amount: 100 },
      },
    );
    expect(refusalOf(other)).toBeUndefined();
  });

  it('refuses a stake that would take the round past what one player may stake', async () => {
    tableId = (await limitedTable()).id;
    await api.fundAccount(PLAYER, 10_000);
    expect(refusalOf(await placeBet({ type: 'FIELD', amount: 400 }))).toBeUndefined();
    expectRefused(
      await placeBet({ type: 'BIG', amount: 200 }),
      'PLAYER_STAKE_LIMIT',
      /^The stake would take what you have staked this round at the table \(4\.00 MOP\) above the 5\.00 MOP one player may stake in a round\.$/,
    );
    expect(await api.balance(PLAYER)).toBe(9_600);
  });

  it('are checked when the table opens', async () => {
    const refused = await api.graphql(
      DEALER,
      `mutation { openTable(input: { game: CRAPS, betShards: 4, minimumBet: 100, maximumBet: 10000, playerLimits: { maxOpenBets: 100 } }) { table { id } ${USER_ERRORS} } }`,
    );
    expectRefused(refused, 'BAD_USER_INPUT', /maxOpenBets must be from 1 to 99/);
  });
});

describe('closing a table', () => {
  const closeTable = () =>
    api.graphql(DEALER, `mutation ($id: ID!) { closeTable(input: { tableId: $id }) { table { status } ${USER_ERRORS} } }`, { id: tableId });

  it('is refused while bets are on the layout, and betting goes on as before', async () => {
    await api.fundAccount(PLAYER, 10_000);
    await placeBet({ type: 'FIELD', amount: 100 });
    expectRefused(await closeTable(), 'TABLE_HAS_OPEN_BETS', /1 bet/);
    expect(refusalOf(await placeBet({ type: 'BIG', amount: 100 }))).toBeUndefined();
    expect(await api.balance(PLAYER)).toBe(9_800);
  });

  it('closes a table whose betting was being closed when that stopped halfway', async () => {
    // Setup straight into the store: half the gate's shards moved past round 1, as an interrupted closeBetting leaves them.
    for (let shard = 0; shard < SHARDS; shard += 2) {
      await api.db.doc.send(
        new UpdateCommand({
          TableName: api.db.tableName,
          Key: gateKey(tableId, shard),
          UpdateExpression: 'SET #round = :next',
          ExpressionAttributeNames: { '#round': 'round' },
          ExpressionAttributeValues: { ':next': 2 },
        }),
      );
    }
    expect((await closeTable()).data!.closeTable.table.status).toBe('CLOSED');
    await api.fundAccount(PLAYER, 10_000);
    expectRefused(await placeBet({ type: 'FIELD', amount: 100 }), 'TABLE_CLOSED');
  });

  it('closes an empty table for good: no more bets; closing it again answers it as it is', async () => {
    expect((await closeTable()).data!.closeTable.table.status).toBe('CLOSED');
    const again = await closeTable();
    expect(refusalOf(again)).toBeUndefined();
    expect(again.data!.closeTable.table.status).toBe('CLOSED');
    await api.fundAccount(PLAYER, 10_000);
    expectRefused(await placeBet({ type: 'FIELD', amount: 100 }), 'TABLE_CLOSED');
    expect(await api.balance(PLAYER)).toBe(10_000);
  });
});

describe('a bet the balance does not cover', () => {
  it('is refused with INSUFFICIENT_FUNDS and changes nothing', async () => {
    await api.fundAccount('poor-player', 500);
    const before = await snapshot('poor-player');
    const res = await placeBet({ type: 'PASS_LINE', amount: 600 }, 'poor-player');
    // The balance, the caller's own, but not the stake they sent back to them.
    expectRefused(res, 'INSUFFICIENT_FUNDS', /^The stake exceeds your balance of 5\.00 MOP\.$/);
    expect(await snapshot('poor-player')).toEqual(before);
    expect(before!.me.balance).toBe(500);
  });
});

describe('dice that are not two dice of 1 to 6', () => {
  beforeEach(async () => {
    await api.fundAccount(PLAYER, 10_000);
    await placeBet({ type: 'PASS_LINE', amount: 1_000 });
  });

  it.each([
    [[0, 3], 'INVALID_DIE'],
    [[7, 3], 'INVALID_DIE'],
    [[3, -1], 'INVALID_DIE'],
    [[3], 'WRONG_NUMBER_OF_DICE'],
    [[1, 2, 3], 'WRONG_NUMBER_OF_DICE'],
    [null, 'MISSING_DICE'],
  ])('%j is refused with %s and changes nothing', async (dice, code) => {
    const before = await snapshot();
    expectRefused(await submitRoll({ dice }), code);
    expect(await snapshot()).toEqual(before);
    expect(before!.table.rollCount).toBe(0);
  });

  it('a die of 2.5 is refused by the schema (dice are Int)', async () => {
    const before = await snapshot();
    expectRefused(await submitRoll({ dice: [2.5, 3] }), 'BAD_USER_INPUT');
    expect(await snapshot()).toEqual(before);
  });

  it('a void roll is recorded and settles nothing', async () => {
    const before = await snapshot();
    const res = await submitRoll({ void: true });
    expect(refusalOf(res)).toBeUndefined();
    const after = await snapshot();
    expect(after!.table.rolls.edges).toEqual([{ node: { sequence: 1 } }]);
    expect(after!.table.openBets).toEqual(before!.table.openBets);
    expect(after!.me.balance).toBe(before!.me.balance);
  });
});

describe('a roll nobody may throw (art. 2.1)', () => {
  it("is refused when betting closes, with NO_SHOOTER, while no player's open bets total the table minimum: betting stays open", async () => {
    // A table whose Field takes 50: a player can be at it under the table minimum.
    const opened = await api.graphql(
      DEALER,
      `mutation { openTable(input: { game: CRAPS, betShards: 4, minimumBet: 100, maximumBet: 10000, betLimits: [{ type: FIELD, minimum: 50 }] }) { table { id } ${USER_ERRORS} } }`,
    );
    tableId = opened.data!.openTable.table.id;
    await api.fundAccount(PLAYER, 10_000);
    await placeBet({ type: 'FIELD', amount: 50 }); // at the table, but under the minimum
    const before = await snapshot();
    const res = await api.graphql(
      DEALER,
      `mutation ($t: ID!) { closeBetting(input: { tableId: $t }) { table { bettingOpen } ${USER_ERRORS} } }`,
      {
        t: tableId,
      },
    );
    expectRefused(res, 'NO_SHOOTER', /art\. 2\.1/);
    // The refusal names nobody: who is at the table is not the dealer's answer to read.
    expect(JSON.stringify(res)).not.toContain(PLAYER);
    expect(await snapshot()).toEqual(before);
    // Any bet that takes them to the minimum makes them the shooter: betting closes, and the roll is theirs.
    expect(refusalOf(await placeBet({ type: 'ANY_SEVEN', amount: 100 }))).toBeUndefined();
    expect(refusalOf(await submitRoll({ dice: [1, 2] }))).toBeUndefined();
  });
});

describe('stakes the rules refuse', () => {
  beforeEach(() => api.fundAccount(PLAYER, 1_000_000));

  it.each([
    [{ type: 'PASS_LINE', amount: -100 }, 'BAD_USER_INPUT', /negative/],
    [{ type: 'PASS_LINE', amount: 0 }, 'STAKE_NOT_POSITIVE', undefined],
    [
      { type: 'PASS_LINE', amount: 150 },
      'STAKE_NOT_MULTIPLE_OF_MINIMUM',
      /^The stake is refused: it must be a multiple of the Pass Line minimum, 1\.00 MOP \(art. 5.6\)\.$/,
    ],
    [{ type: 'PASS_LINE', amount: 20_000 }, 'STAKE_ABOVE_MAXIMUM', /^The stake is above the Pass Line maximum of 100\.00 MOP\.$/],
    [{ type: 'COME', amount: 100 }, 'BET_NOT_ALLOWED_IN_PHASE', /come-out/],
    [{ type: 'PASS_ODDS', amount: 100 }, 'ODDS_WITHOUT_BASE_BET', undefined],
  ])('%j is refused with %s', async (input, code, message) => {
    const before = await snapshot();
    expectRefused(await placeBet(input), code, message);
    expect(await snapshot()).toEqual(before);
  });

  it('a Pass Line bet once the point is on is refused (contract: come-out only)', async () => {
    await api.seatShooter(tableId);
    await submitRoll({ dice: [2, 2] });
    const before = await snapshot();
    expectRefused(await placeBet({ type: 'PASS_LINE', amount: 100 }), 'BET_NOT_ALLOWED_IN_PHASE');
    expect(await snapshot()).toEqual(before);
  });
});

describe('who may do what', () => {
  it('a player may not record a roll (only a dealer runs the table), and nothing changes', async () => {
    await api.fundAccount(PLAYER, 10_000);
    await placeBet({ type: 'PASS_LINE', amount: 1_000 });
    const before = await snapshot();
    const res = await api.graphql(
      PLAYER,
      `mutation ($input: SubmitRollInput!) { submitRoll(input: $input) { roll { sequence } ${USER_ERRORS} } }`,
      {
        input: { tableId, dice: [3, 4], sequence: 1 },
      },
    );
    expectRefused(res, 'FORBIDDEN', /dealer/);
    expect(await snapshot()).toEqual(before);
  });

  it('a player may not deal, change the shoe, or open tables and jackpot pools', async () => {
    expectRefused(
      await api.graphql(
        PLAYER,
        `mutation { submitDeal(input: { tableId: "t", cards: ["9S", "9H", "KD", "QC"], sequence: 1 }) { deal { sequence } ${USER_ERRORS} } }`,
      ),
      'FORBIDDEN',
    );
    expectRefused(
      await api.graphql(PLAYER, `mutation { startNewShoe(input: { tableId: "t" }) { table { id } ${USER_ERRORS} } }`),
      'FORBIDDEN',
    );
    expectRefused(
      await api.graphql(
        PLAYER,
        `mutation { openTable(input: { game: CRAPS, betShards: 4, minimumBet: 100, maximumBet: 1000 }) { table { id } ${USER_ERRORS} } }`,
      ),
      'FORBIDDEN',
    );
    expectRefused(
      await api.graphql(
        PLAYER,
        `mutation { openJackpotPool(input: { currency: "MOP", seed: 1000, modality: B, fixedAmounts: [] }) { jackpotPool { id } ${USER_ERRORS} } }`,
      ),
      'FORBIDDEN',
    );
  });

  it('a dealer runs the tables its token names, but only an operator opens them', async () => {
    const dealerHere = { id: 'dealer-here', roles: ['dealer'], tables: [tableId] };
    const dealerElsewhere = { id: 'dealer-elsewhere', roles: ['dealer'], tables: ['another-table'] };
    expectRefused(
      await api.graphql(
        dealerHere,
        `mutation { openTable(input: { game: CRAPS, betShards: 4, minimumBet: 100, maximumBet: 1000 }) { table { id } ${USER_ERRORS} } }`,
      ),
      'FORBIDDEN',
      /operator/,
    );
    const roll = (who: Who) =>
      api.graphql(who, `mutation ($input: SubmitRollInput!) { submitRoll(input: $input) { roll { sequence } ${USER_ERRORS} } }`, {
        input: { tableId, dice: [3, 4], sequence: 1 },
      });
    expectRefused(
      await api.graphql(
        dealerElsewhere,
        `mutation ($t: ID!) { closeBetting(input: { tableId: $t }) { table { bettingOpen } ${USER_ERRORS} } }`,
        {
          t: tableId,
        },
      ),
      'FORBIDDEN',
    );
    await api.seatShooter(tableId);
    await api.closeBetting(tableId);
    expectRefused(await roll(dealerElsewhere), 'FORBIDDEN', /do not deal at this table/);
    expect(refusalOf(await roll(dealerHere))).toBeUndefined();
  });
});

describe('who may see what', () => {
  it("a stranger's account is FORBIDDEN", async () => {
    await api.fundAccount('owner', 1_000);
    const res = await api.graphql('stranger', `{ account(id: "owner") { balance } }`);
    expectRefused(res, 'FORBIDDEN');
    expect(res.data).toEqual({ account: null });
  });

  it("a stranger's bet is FORBIDDEN", async () => {
    await api.fundAccount('bettor', 1_000);
    const { bet } = (await placeBet({ type: 'PASS_LINE', amount: 100 }, 'bettor')).data!.placeBet;
    expectRefused(await api.graphql('stranger', `query ($id: ID!) { bet(id: $id) { amount } }`, { id: bet.id }), 'FORBIDDEN');
  });

  it('a request without a valid token is refused at the door, as API Gateway does', async () => {
    const res = await api.graphql(null, `{ me { balance } }`);
    expect(res.status).toBe(401);
  });

  it('a bet at an unknown table is NOT_FOUND', async () => {
    await api.fundAccount(PLAYER, 1_000);
    const res = await api.graphql(
      PLAYER,
      `mutation { placeBet(input: { tableId: "nope", type: PASS_LINE, amount: 100 }) { bet { id } ${USER_ERRORS} } }`,
    );
    expectRefused(res, 'NOT_FOUND', /No table with that id/);
  });

  it('a player without an account is told so', async () => {
    expectRefused(await placeBet({ type: 'PASS_LINE', amount: 100 }, 'nobody'), 'NOT_FOUND', /no account/);
  });

  it('a baccarat bet cannot be taken down (craps only)', async () => {
    const baccarat = await api.graphql(
      DEALER,
      `mutation { openTable(input: { game: BACCARAT, betShards: 4, minimumBet: 100, maximumBet: 1000 }) { table { id } ${USER_ERRORS} } }`,
    );
    await api.fundAccount('baccarat-bettor', 1_000);
    const bet = await api.graphql(
      'baccarat-bettor',
      `mutation ($t: ID!) { placeBet(input: { tableId: $t, type: PLAYER, amount: 100 }) { bet { id } ${USER_ERRORS} } }`,
      {
        t: baccarat.data!.openTable.table.id,
      },
    );
    const res = await api.graphql(
      'baccarat-bettor',
      `mutation ($id: ID!) { takeDownBet(input: { betId: $id }) { bet { id } ${USER_ERRORS} } }`,
      {
        id: bet.data!.placeBet.bet.id,
      },
    );
    expectRefused(res, 'WRONG_GAME');
    expect(await api.balance('baccarat-bettor')).toBe(900);
  });

  it('a bet in another currency is refused', async () => {
    await api.fundAccount('dollar-player', 10_000, 'USD');
    expectRefused(await placeBet({ type: 'PASS_LINE', amount: 100 }, 'dollar-player'), 'CURRENCY_MISMATCH', /MOP.*USD/);
  });
});

describe('malformed requests', () => {
  it('a syntax error is GRAPHQL_PARSE_FAILED', async () => {
    expectRefused(await api.graphql(PLAYER, `{ me { balance `), 'GRAPHQL_PARSE_FAILED');
  });

  it('an unknown field is GRAPHQL_VALIDATION_FAILED', async () => {
    expectRefused(await api.graphql(PLAYER, `{ me { password } }`), 'GRAPHQL_VALIDATION_FAILED');
  });

  it('a simple (non-JSON) POST is refused by CSRF prevention', async () => {
    const response = await fetch(`${api.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', authorization: `Bearer ${await api.token(PLAYER)}` },
      body: JSON.stringify({ query: '{ me { balance } }' }),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/preflight/i);
  });
});

describe('strings past their bounds', () => {
  it('refuse the whole request before anything runs, without echoing the string back', async () => {
    const long = 'x'.repeat(2_000);
    await api.fundAccount(PLAYER, 10_000);
    for (const res of [
      await placeBet({ type: 'FIELD', amount: 100, idempotencyKey: long }),
      await api.graphql(PLAYER, `query ($id: ID!) { table(id: $id) { id } }`, { id: long }),
      await api.graphql(PLAYER, `{ bet(id: "${long}") { id } }`),
    ]) {
      expectRefused(res, 'BAD_USER_INPUT', /longer than 256 characters/);
      expect(JSON.stringify(res)).not.toContain(long.slice(0, 300));
    }
    expect(await api.balance(PLAYER)).toBe(10_000);
  });

  it("refuse a player id past 128 characters, the token's subject too", async () => {
    const id = 'p'.repeat(129);
    expectRefused(
      await api.graphql(DEALER, `mutation ($id: ID!) { openAccount(input: { playerId: $id }) { account { id } ${USER_ERRORS} } }`, { id }),
      'BAD_USER_INPUT',
      /playerId: a player id is a subject \(1 to 128 of letters/,
    );
    expectRefused(await api.graphql(id, `{ me { balance } }`), 'UNAUTHENTICATED', /subject.*1 to 128 of letters/);
  });
});

describe('ids, amounts and base bets a hostile client sends', () => {
  const OPEN_ACCOUNT = `mutation ($id: ID!) { openAccount(input: { playerId: $id }) { account { id } ${USER_ERRORS} } }`;

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['a NUL', 'a\u0000b'],
    ['an RTL override', 'abc\u202edef'],
    ['a lone surrogate', 'a\ud800b'],
    ['markup', '<img src=x>'],
  ])('refuses an id that is %s, everywhere an id goes, without echoing it', async (_, id) => {
    for (const [query, variables] of [
      [OPEN_ACCOUNT, { id }],
      [`query ($id: ID!) { table(id: $id) { id } }`, { id }],
      [
        `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { bet { id } ${USER_ERRORS} } }`,
        { input: { tableId: id, type: 'FIELD', amount: 100 } },
      ],
    ] as const) {
      const res = await api.graphql(DEALER, query, variables);
      expectRefused(res, 'BAD_USER_INPUT', /An id may only be 1 to 256 of letters/);
      if (id.trim()) expect(JSON.stringify(res)).not.toContain(JSON.stringify(id).slice(1, -1));
    }
    // Written into the document itself, too (a lone surrogate there does not even parse).
    const literal = await api.graphql(
      DEALER,
      `mutation { openAccount(input: { playerId: ${JSON.stringify(id)} }) { account { id } ${USER_ERRORS} } }`,
    );
    expect(['BAD_USER_INPUT', 'GRAPHQL_PARSE_FAILED']).toContain(refusalCode(literal));
    expect(await api.balance(id)).toBeUndefined();
  });

  it('refuses a deposit that would take a balance past 2^50, so that no balance outgrows the Money scalar', async () => {
    await api.fundAccount('rich-player', 2 ** 50 - 1_000);
    const deposit = (amount: number, reference: string) =>
      api.graphql(
        DEALER,
        `mutation ($a: Money!, $r: String!) { deposit(input: { playerId: "rich-player", amount: $a, reference: $r }) { account { balance } ${USER_ERRORS} } }`,
        {
          a: amount,
          r: reference,
        },
      );
    expectRefused(await deposit(1_001, 'over-the-top'), 'BALANCE_LIMIT');
    expectRefused(await deposit(Number.MAX_SAFE_INTEGER, 'far-over'), 'BALANCE_LIMIT');
    expect(await api.balance('rich-player')).toBe(2 ** 50 - 1_000);
    expect((await deposit(1_000, 'to-the-top')).data!.deposit.account.balance).toBe(2 ** 50);
    expect((await api.graphql('rich-player', `{ me { balance } }`)).data!.me.balance).toBe(2 ** 50);
  });

  it("refuses a base bet on anything but odds, so nobody's bet can be named by a stranger's", async () => {
    await api.fundAccount('victim', 1_000);
    await api.fundAccount('griefer', 1_000);
    const field = (
      await api.graphql(
        'victim',
        `mutation ($t: ID!) { placeBet(input: { tableId: $t, type: FIELD, amount: 100 }) { bet { id } ${USER_ERRORS} } }`,
        {
          t: tableId,
        },
      )
    ).data!.placeBet.bet.id;
    const grief = await api.graphql(
      'griefer',
      `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { bet { id } ${USER_ERRORS} } }`,
      {
        input: { tableId, type: 'ANY_SEVEN', amount: 100, baseBetId: field },
      },
    );
    expectRefused(grief, 'BASE_BET_NOT_TAKEN');
    expect(await api.balance('griefer')).toBe(1_000);
    const takeDown = await api.graphql(
      'victim',
      `mutation ($id: ID!) { takeDownBet(input: { betId: $id }) { bet { status } ${USER_ERRORS} } }`,
      {
        id: field,
      },
    );
    expect(takeDown.data!.takeDownBet.bet.status).toBe('TAKEN_DOWN');
  });
});
