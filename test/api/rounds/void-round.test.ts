/**
 * Voiding a round (a misdeal, a die off the table): every stake placed for it comes back through
 * the ledger, bets from earlier rolls stay, the round is recorded as void with its reason and who
 * voided it, and the table goes on. Real HTTP -> the Lambda handler -> DynamoDB Local.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { dealer, refusalCode, type Who } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';

const api = useTestApi();
const OPERATOR = dealer('void-operator');
const FLOOR_MANAGER = dealer('void-floor-manager');

// Whatever the file did, the ledger accounts for every unit of every balance: checked once, at
// the end, since reconciling reads the whole book (after each test, the file's time grows with its square).
afterAll(() => api.expectReconciled());

const VOID = `mutation ($input: VoidRoundInput!) {
  voidRound(input: $input) {
    voidedRound { sequence reason voidedBy }
    settlementComplete
    settlements { bet { id status } outcome returned }
    table { bettingOpen ... on CrapsTable { phase point rollCount } ... on BaccaratTable { roundCount } }
    userErrors { code message field }
  }
}`;

const ok = (who: Who, query: string, variables?: Record<string, unknown>) => api.data(who, query, variables);

const openTable = (game: 'CRAPS' | 'BACCARAT') => api.openTable({ game });
const bet = async (who: string, tableId: string, type: string, amount: number) =>
  (await api.placeBet(who, { tableId, type, amount })).id as string;
const roll = (tableId: string, dice: number[]) =>
  api.closeBetting(tableId).then((sequence) =>
    ok(OPERATOR, `mutation ($input: SubmitRollInput!) { submitRoll(input: $input) { settlementComplete userErrors { code message } } }`, {
      input: { tableId, dice, sequence },
    }),
  );

describe('a voided baccarat round (a misdeal)', () => {
  it('returns every stake, records why and who, and the next round is dealt as usual', async () => {
    const tableId = await openTable('BACCARAT');
    await api.fundAccount('void-a', 10_000);
    await api.fundAccount('void-b', 10_000);
    const banker = await bet('void-a', tableId, 'BANKER', 1_000);
    const player = await bet('void-b', tableId, 'PLAYER', 2_000);
    await api.closeBetting(tableId);

    const voided = (await ok(FLOOR_MANAGER, VOID, { input: { tableId, reason: 'card exposed on the draw', sequence: 1 } })).voidRound;
    expect(voided).toMatchObject({
      voidedRound: { sequence: 1, reason: 'card exposed on the draw', voidedBy: 'void-floor-manager' },
      settlementComplete: true,
    });
    expect(voided.settlements).toEqual(
      expect.arrayContaining([
        { bet: { id: banker, status: 'VOIDED' }, outcome: 'VOID', returned: 1_000 },
        { bet: { id: player, status: 'VOIDED' }, outcome: 'VOID', returned: 2_000 },
      ]),
    );
    expect(voided.table).toMatchObject({ bettingOpen: true, roundCount: 1 });
    expect([await api.balance('void-a'), await api.balance('void-b')]).toEqual([10_000, 10_000]);

    // The statement says what came back, and why.
    const entries = (
      await ok('void-a', `query { me { statement { edges { node { kind amount cause { tableId round } } } } } }`)
    ).me.statement.edges.map((edge: any) => edge.node);
    expect(entries[0]).toEqual({ kind: 'VOID_REFUND', amount: 1_000, cause: { tableId, round: 1 } });

    // Sent again (a lost answer): the same void, nothing returned twice.
    expect(
      (await ok(FLOOR_MANAGER, VOID, { input: { tableId, reason: 'card exposed on the draw', sequence: 1 } })).voidRound.voidedRound
        .sequence,
    ).toBe(1);
    expect(await api.balance('void-a')).toBe(10_000);

    const recall = (
      await ok(
        OPERATOR,
        `query ($t: ID!) { round(tableId: $t, sequence: 1) { voidReason recordedBy deal { cards } settlements { outcome } } }`,
        { t: tableId },
      )
    ).round;
    expect(recall).toMatchObject({ voidReason: 'card exposed on the draw', recordedBy: 'void-floor-manager', deal: null });

    await bet('void-a', tableId, 'BANKER', 1_000);
    const sequence = await api.closeBetting(tableId);
    const next = await ok(
      OPERATOR,
      `mutation ($t: ID!, $s: Int!) { submitDeal(input: { tableId: $t, cards: ["9S", "9H", "KD", "QC"], sequence: $s }) { deal { sequence } userErrors { code message } } }`,
      { t: tableId, s: sequence },
    );
    expect(next.submitDeal.deal.sequence).toBe(2);
  });
});

describe('a voided craps roll', () => {
  it('returns the stakes placed for it; bets from earlier rolls stay, and the point with them', async () => {
    const tableId = await openTable('CRAPS');
    await api.fundAccount('void-c', 10_000);
    const pass = await bet('void-c', tableId, 'PASS_LINE', 1_000);
    await roll(tableId, [3, 3]); // point 6
    const field = await bet('void-c', tableId, 'FIELD', 500);
    const sequence = await api.closeBetting(tableId);

    const voided = (await ok(OPERATOR, VOID, { input: { tableId, reason: 'die left the table', sequence } })).voidRound;
    expect(voided.settlements).toEqual([{ bet: { id: field, status: 'VOIDED' }, outcome: 'VOID', returned: 500 }]);
    expect(voided.table).toEqual({ bettingOpen: true, phase: 'POINT', point: 6, rollCount: 2 });
    expect(await api.balance('void-c')).toBe(9_000);

    await roll(tableId, [4, 2]); // the point: the Pass Line bet, still up, wins
    const passBet = (await ok('void-c', `query ($id: ID!) { bet(id: $id) { status returned } }`, { id: pass })).bet;
    expect(passBet).toEqual({ status: 'WON', returned: 2_000 });
    expect(await api.balance('void-c')).toBe(11_000);
  });
});

describe('voiding is refused', () => {
  it('while betting is open, once the round has its outcome, without a reason, and to players', async () => {
    const tableId = await openTable('CRAPS');
    expect(refusalCode(await api.graphql(OPERATOR, VOID, { input: { tableId, reason: 'camera fault', sequence: 1 } }))).toBe(
      'BETTING_OPEN',
    );
    await api.seatShooter(tableId);
    await roll(tableId, [2, 5]);
    // Round 1 has its outcome: it cannot be voided any more.
    expect(refusalCode(await api.graphql(OPERATOR, VOID, { input: { tableId, reason: 'camera fault', sequence: 1 } }))).toBe(
      'OUTCOME_SEQUENCE_MISMATCH',
    );
    await api.seatShooter(tableId); // the 7 paid the shooter's Pass Line
    const sequence = await api.closeBetting(tableId);
    expect(refusalCode(await api.graphql(OPERATOR, VOID, { input: { tableId, reason: '   ', sequence } }))).toBe('BAD_USER_INPUT');
    expect(refusalCode(await api.graphql('void-player', VOID, { input: { tableId, reason: 'I lost', sequence } }))).toBe('FORBIDDEN');
    // The sequence is not optional: without it, nothing is voided.
    expect(refusalCode(await api.graphql(OPERATOR, VOID, { input: { tableId, reason: 'camera fault' } }))).toBe('BAD_USER_INPUT');
    const table = (await ok(OPERATOR, `query ($t: ID!) { table(id: $t) { ... on CrapsTable { rollCount } } }`, { t: tableId })).table;
    expect(table.rollCount).toBe(1);
  });
});

describe('closing a table with bets on it', () => {
  it('needs no shooter at a craps table: nothing is rolled, every stake comes back', async () => {
    // A Field of 50 at a table of minimum 100: a player at the table, and nobody who may shoot (art. 2.1).
    const tableId = await api.openTable({ betLimits: [{ type: 'FIELD', minimum: 50 }] });
    await api.fundAccount('void-noshooter', 10_000);
    await bet('void-noshooter', tableId, 'FIELD', 50);
    const closed = (
      await ok(
        OPERATOR,
        `mutation ($t: ID!) { closeTable(input: { tableId: $t, reason: "no players left" }) { table { status } userErrors { code message } } }`,
        { t: tableId },
      )
    ).closeTable.table;
    expect(closed).toEqual({ status: 'CLOSED' });
    expect(await api.balance('void-noshooter')).toBe(10_000);
  });

  it('is refused without a reason; with one, every bet on the layout is voided, its stake back, and the table closes', async () => {
    const tableId = await openTable('CRAPS');
    await api.fundAccount('void-close', 10_000);
    const pass = await bet('void-close', tableId, 'PASS_LINE', 1_000);
    await roll(tableId, [2, 2]); // point 4: the Pass Line bet is a contract bet now
    const field = await bet('void-close', tableId, 'FIELD', 300);
    const CLOSE = `mutation ($t: ID!, $r: String) {
      closeTable(input: { tableId: $t, reason: $r }) { table { status closedBy } userErrors { code message field } }
    }`;

    expect(refusalCode(await api.graphql(OPERATOR, CLOSE, { t: tableId }))).toBe('TABLE_HAS_OPEN_BETS');
    expect(await api.balance('void-close')).toBe(8_700);

    const closed = (await ok(OPERATOR, CLOSE, { t: tableId, r: 'table taken out of service' })).closeTable.table;
    expect(closed).toEqual({ status: 'CLOSED', closedBy: 'void-operator' });
    expect(await api.balance('void-close')).toBe(10_000);
    for (const id of [pass, field])
      expect((await ok('void-close', `query ($id: ID!) { bet(id: $id) { status } }`, { id })).bet.status).toBe('VOIDED');
    const recall = (
      await ok(OPERATOR, `query ($t: ID!) { round(tableId: $t, sequence: 2) { voidReason settlements { outcome returned } } }`, {
        t: tableId,
      })
    ).round;
    expect(recall.voidReason).toBe('table taken out of service');
    expect(recall.settlements.map((settlement: any) => settlement.returned).sort()).toEqual([1_000, 300]);
  });

  it('at baccarat too', async () => {
    const tableId = await openTable('BACCARAT');
    await api.fundAccount('void-close-b', 5_000);
    await bet('void-close-b', tableId, 'TIE', 500);
    const closed = (
      await ok(
        OPERATOR,
        `mutation ($t: ID!) { closeTable(input: { tableId: $t, reason: "shoe damaged" }) { table { status } userErrors { code message } } }`,
        { t: tableId },
      )
    ).closeTable.table;
    expect(closed.status).toBe('CLOSED');
    expect(await api.balance('void-close-b')).toBe(5_000);
  });
});
