/**
 * Tenancy: one live table serves several partner platforms. A partner's players are
 * <partner>/<subject>, so two partners' subjects never collide; a partner's operator sees and
 * moves only its own players' money, and its reports cover only them; the house's operators run
 * the tables and see everyone; every read of a table shows a caller only what its partner may see.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealer, refusalCode as codeOf, refusalOf, type Who } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';
import { middayClock } from '../../support/midday-clock';

const clock = middayClock();
const api = useTestApi({ clock: clock.now });
let tableId: string;
const HOUSE = dealer('tn-house');
const P1_OPERATOR: Who = { id: 'tn-ops', roles: ['operator'], partner: 'p1' };
const P2_OPERATOR: Who = { id: 'tn-ops', roles: ['operator'], partner: 'p2' };
const p1Alice: Who = { id: 'alice', roles: [], partner: 'p1' };
const p2Alice: Who = { id: 'alice', roles: [], partner: 'p2' };
const houseAlice = 'alice';

beforeAll(async () => {
  tableId = await api.openTable({ maximumBet: 10_000 });
});
// Whatever the file did, the ledger accounts for every unit of every balance: checked once, at
// the end, since reconciling reads the whole book (after each test, the file's time grows with its square).
afterAll(() => api.expectReconciled());

const openAccount = (who: Who, playerId: string) =>
  api.graphql(who, `mutation ($p: ID!) { openAccount(input: { playerId: $p }) { account { id balance } userErrors { code message } } }`, {
    p: playerId,
  });
const deposit = (who: Who, playerId: string, amount: number, reference: string) =>
  api.graphql(
    who,
    `mutation ($p: ID!, $a: Money!, $r: String!) { deposit(input: { playerId: $p, amount: $a, reference: $r }) { account { balance } userErrors { code message } } }`,
    {
      p: playerId,
      a: amount,
      r: reference,
    },
  );
const bet = (who: Who, amount: number) =>
  api.graphql(
    who,
    `mutation ($t: ID!, $a: Money!) { placeBet(input: { tableId: $t, type: PASS_LINE, amount: $a }) { bet { id playerId } userErrors { code message } } }`,
    {
      t: tableId,
      a: amount,
    },
  );

describe('ids', () => {
  it('are <partner>/<subject>: the same subject at two partners and at the house is three players', async () => {
    for (const [operator, id, amount] of [
      [P1_OPERATOR, 'p1/alice', 1_000],
      [P2_OPERATOR, 'p2/alice', 2_000],
      [HOUSE, houseAlice, 3_000],
    ] as const) {
      expect((await openAccount(operator, id)).data!.openAccount.account).toEqual({ id, balance: 0 });
      expect((await deposit(operator, id, amount, `tn-open-${id.replace('/', '-')}`)).data!.deposit.account).toEqual({ balance: amount });
    }
    expect((await api.data(p1Alice, `{ me { id balance } }`)).me).toEqual({ id: 'p1/alice', balance: 1_000 });
    expect((await api.data(p2Alice, `{ me { id balance } }`)).me).toEqual({ id: 'p2/alice', balance: 2_000 });
    expect((await api.data(houseAlice, `{ me { id balance } }`)).me).toEqual({ id: 'alice', balance: 3_000 });
    expect((await bet(p1Alice, 100)).data!.placeBet.bet.playerId).toBe('p1/alice');
  });
});

describe("a partner's operator", () => {
  it("opens accounts and moves money for its own players only, and changes nothing trying another's", async () => {
    await api.fundAccount('p2/bob', 500);
    await api.fundAccount('bob', 500);
    for (const stranger of ['p2/bob', 'bob']) {
      expect(codeOf(await openAccount(P1_OPERATOR, `${stranger}-new`))).toBe('FORBIDDEN');
      expect(codeOf(await deposit(P1_OPERATOR, stranger, 100, 'tn-stranger'))).toBe('FORBIDDEN');
      const withdrawn = await api.graphql(
        P1_OPERATOR,
        `mutation ($p: ID!) { withdraw(input: { playerId: $p, amount: 100, reference: "tn-w" }) { account { balance } userErrors { code message } } }`,
        {
          p: stranger,
        },
      );
      expect(codeOf(withdrawn)).toBe('FORBIDDEN');
      expect(codeOf(await api.graphql(P1_OPERATOR, `query ($p: ID!) { account(id: $p) { balance } }`, { p: stranger }))).toBe('FORBIDDEN');
      expect(await api.balance(stranger)).toBe(500);
    }
    expect(await api.balance('p2/bob-new')).toBeUndefined();
    await api.fundAccount('p1/bob', 0);
    expect((await deposit(P1_OPERATOR, 'p1/bob', 250, 'tn-own')).data!.deposit.account).toEqual({ balance: 250 });
  });

  it('runs no table, opens no table or pool, reconciles nothing of the house, and bets nowhere', async () => {
    const refusals = [
      `mutation { openTable(input: { game: CRAPS, betShards: 4, minimumBet: 100, maximumBet: 1000 }) { table { id } userErrors { code message } } }`,
      `mutation ($t: ID!) { closeBetting(input: { tableId: $t }) { table { bettingOpen } userErrors { code message } } }`,
      `mutation ($t: ID!) { closeTable(input: { tableId: $t }) { table { status } userErrors { code message } } }`,
      `mutation ($t: ID!) { assignDealers(input: { tableId: $t, dealers: ["p1/tn-dealer"] }) { table { dealers } userErrors { code message } } }`,
      `{ reconciliation { consistent } }`,
    ];
    for (const query of refusals)
      expect(codeOf(await api.graphql(P1_OPERATOR, query, query.includes('$t') ? { t: tableId } : {})), query).toBe('FORBIDDEN');
    await api.fundAccount('p1/tn-ops', 1_000);
    expect(codeOf(await bet(P1_OPERATOR, 100))).toBe('FORBIDDEN');
    const table = await api.data(HOUSE, `query ($t: ID!) { table(id: $t) { bettingOpen dealers status } }`, { t: tableId });
    expect(table.table).toEqual({ bettingOpen: true, dealers: [], status: 'OPEN' });
    expect(await api.balance('p1/tn-ops')).toBe(1_000);
  });
});

describe('cashier references', () => {
  it('move money once per partner, whichever of its accounts they name; another partner has references of its own', async () => {
    for (const id of ['p1/carol', 'p1/dave', 'p2/carol']) await api.fundAccount(id, 0);
    expect((await deposit(P1_OPERATOR, 'p1/carol', 700, 'tn-payment-1')).data!.deposit.account).toEqual({ balance: 700 });
    const reused = await deposit(P1_OPERATOR, 'p1/dave', 700, 'tn-payment-1');
    expect(codeOf(reused)).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(refusalOf(reused)!.message).not.toContain('carol');
    expect(await api.balance('p1/dave')).toBe(0);
    // The same reference at another partner is that partner's own payment.
    expect((await deposit(P2_OPERATOR, 'p2/carol', 300, 'tn-payment-1')).data!.deposit.account).toEqual({ balance: 300 });
    // A retry is still a retry.
    expect((await deposit(P1_OPERATOR, 'p1/carol', 700, 'tn-payment-1')).data!.deposit.account).toEqual({ balance: 700 });

    const lookup = (who: Who, playerId: string) =>
      api.graphql(who, `query ($p: ID!) { cashMovement(playerId: $p, reference: "tn-payment-1") { playerId amount movedBy } }`, {
        p: playerId,
      });
    expect((await lookup(P1_OPERATOR, 'p1/carol')).data!.cashMovement).toEqual({ playerId: 'p1/carol', amount: 700, movedBy: 'p1/tn-ops' });
    expect((await lookup(P1_OPERATOR, 'p1/dave')).data!.cashMovement).toBeNull();
    expect(codeOf(await lookup(P1_OPERATOR, 'p2/carol'))).toBe('FORBIDDEN');
    expect((await lookup(HOUSE, 'p2/carol')).data!.cashMovement).toMatchObject({ amount: 300, movedBy: 'p2/tn-ops' });
  });

  it("are listed to a partner's operator for its own players only, and to the house for all", async () => {
    const players = (who: Who) =>
      api
        .data(who, `{ cashMovements(first: 200) { edges { node { playerId } } } }`)
        .then((data) => new Set((data.cashMovements.edges as { node: { playerId: string } }[]).map((edge) => edge.node.playerId)));
    const [p1, p2, house] = await Promise.all([players(P1_OPERATOR), players(P2_OPERATOR), players(HOUSE)]);
    expect(p1.size).toBeGreaterThan(0);
    expect([...p1].every((id) => id.startsWith('p1/'))).toBe(true);
    expect([...p2].every((id) => id.startsWith('p2/'))).toBe(true);
    expect(house).toEqual(new Set([...p1, ...p2, ...[...house].filter((id) => !id.includes('/'))]));
    expect([...house].some((id) => !id.includes('/'))).toBe(true);
  });
});

describe('a shared table', () => {
  it("shows a partner's operator its own players' bets, and a player only their own; the shooter's id stays within its partner", async () => {
    await api.fundAccount('p1/erin', 5_000);
    await api.fundAccount('p2/frank', 5_000);
    const erin: Who = { id: 'erin', roles: [], partner: 'p1' };
    const frank: Who = { id: 'frank', roles: [], partner: 'p2' };
    await bet(erin, 500);
    await bet(frank, 700);
    await api.data(
      HOUSE,
      `mutation ($t: ID!) { setShooter(input: { tableId: $t, playerId: "p1/erin" }) { table { id shooter } userErrors { code message } } }`,
      { t: tableId },
    );
    const read = async (who: Who) => {
      const { table } = await api.data(
        who,
        `query ($t: ID!) { table(id: $t) { openBets { playerId } layout { bets } ... on CrapsTable { shooter } } }`,
        {
          t: tableId,
        },
      );
      return {
        players: new Set((table.openBets as { playerId: string }[]).map((b) => b.playerId)),
        bets: table.layout.bets,
        shooter: table.shooter,
      };
    };
    const [house, p1, p2, asErin, asFrank] = await Promise.all([
      read(HOUSE),
      read(P1_OPERATOR),
      read(P2_OPERATOR),
      read(erin),
      read(frank),
    ]);
    expect([...house.players]).toEqual(expect.arrayContaining(['p1/erin', 'p2/frank', 'p1/alice']));
    expect([...p1.players].sort()).toEqual(['p1/alice', 'p1/erin']);
    expect([...p2.players]).toEqual(['p2/frank']);
    expect([...asFrank.players]).toEqual(['p2/frank']);
    // The layout's totals are the table's, whoever reads them.
    expect(new Set([house.bets, p1.bets, p2.bets, asErin.bets, asFrank.bets]).size).toBe(1);
    expect([house.shooter, p1.shooter, asErin.shooter]).toEqual(['p1/erin', 'p1/erin', 'p1/erin']);
    expect([p2.shooter, asFrank.shooter]).toEqual([null, null]);
  });

  it("recalls a round to a partner's operator with its own players' bets and credits only; its daily report covers only them", async () => {
    const sequence = await api.closeBetting(tableId);
    await api.data(
      HOUSE,
      `mutation ($t: ID!, $s: Int!) { submitRoll(input: { tableId: $t, dice: [3, 4], sequence: $s }) { settlementComplete userErrors { code message } } }`,
      {
        t: tableId,
        s: sequence,
      },
    );
    const recall = async (who: Who) =>
      (
        await api.data(
          who,
          `query ($t: ID!) { round(tableId: $t, sequence: 1) { credits { playerId bets } settlements { bet { playerId } } } }`,
          { t: tableId },
        )
      ).round;
    const house = await recall(HOUSE);
    const p1 = await recall(P1_OPERATOR);
    const p2 = await recall(P2_OPERATOR);
    expect(house.credits.map((credit: { playerId: string }) => credit.playerId).sort()).toEqual(['p1/alice', 'p1/erin', 'p2/frank']);
    expect(p1.credits).toEqual([
      { playerId: 'p1/alice', bets: 200 },
      { playerId: 'p1/erin', bets: 1_000 },
    ]);
    expect(p1.settlements.map((s: { bet: { playerId: string } }) => s.bet.playerId).sort()).toEqual(['p1/alice', 'p1/erin']);
    expect(p2.credits).toEqual([{ playerId: 'p2/frank', bets: 1_400 }]);

    const report = async (who: Who) =>
      (
        await api.data(
          who,
          `query ($d: Date!) { dailyReport(day: $d) { partner houseResult tables { tableId staked returned } cashier { deposits depositCount } } }`,
          {
            d: clock.day,
          },
        )
      ).dailyReport;
    const [houseDay, p1Day, p2Day] = await Promise.all([report(HOUSE), report(P1_OPERATOR), report(P2_OPERATOR)]);
    expect(p1Day.partner).toBe('p1');
    expect(houseDay.partner).toBeNull();
    expect(p1Day.tables).toEqual([{ tableId, staked: '600', returned: '1200' }]);
    expect(p2Day.tables).toEqual([{ tableId, staked: '700', returned: '1400' }]);
    expect(houseDay.tables).toEqual([{ tableId, staked: '1300', returned: '2600' }]);
    // Each partner's result against the house, and the house's over all of them (and its own players').
    expect(p1Day.houseResult).toBe('-600');
    expect(p2Day.houseResult).toBe('-700');
    expect(houseDay.houseResult).toBe('-1300');
    expect(BigInt(p1Day.cashier.deposits) + BigInt(p2Day.cashier.deposits)).toBeLessThan(BigInt(houseDay.cashier.deposits));
  });
});

describe('a table offered to some partners only', () => {
  const TABLE = `query ($t: ID!) { table(id: $t) { id name } }`;
  const readTable = async (who: Who, t: string) => (await api.data(who, TABLE, { t })).table;
  const placeAt = (who: Who, t: string) =>
    api.graphql(
      who,
      `mutation ($t: ID!) { placeBet(input: { tableId: $t, type: FIELD, amount: 100 }) { bet { id } userErrors { code message } } }`,
      { t },
    );
  const recall = async (who: Who, t: string) => {
    const { round, roundById } = await api.data(
      who,
      `query ($t: ID!, $id: ID!) { round(tableId: $t, sequence: 1) { id } roundById(id: $id) { id } }`,
      {
        t,
        id: `${t}.1`,
      },
    );
    return [round?.id ?? null, roundById?.id ?? null];
  };
  const p1Gina: Who = { id: 'gina', roles: [], partner: 'p1' };
  const p2Ivan: Who = { id: 'ivan', roles: [], partner: 'p2' };
  let p1Table: string;
  let ginasBet: string;
  beforeAll(async () => {
    p1Table = await api.openTable({ maximumBet: 10_000, name: 'P1 room', partners: ['p1'] });
    await api.fundAccount('p1/gina', 1_000);
    await api.fundAccount('p2/ivan', 1_000);
    ginasBet = (await api.placeBet(p1Gina, { tableId: p1Table, type: 'PASS_LINE', amount: 100 })).id;
    await api.closeAndRoll(p1Table, [2, 2]);
  });

  it("is, to another partner's players and operators, no table at all: not read, not recalled, not bet at, nothing taken down", async () => {
    expect(await readTable(p2Ivan, p1Table)).toBeNull();
    expect(await readTable(P2_OPERATOR, p1Table)).toBeNull();
    expect(await recall(P2_OPERATOR, p1Table)).toEqual([null, null]);
    // The same answer as for a table there is none of: nothing tells the table exists.
    for (const t of [p1Table, 'tn-no-such-table']) {
      const refused = await placeAt(p2Ivan, t);
      expect(refusalOf(refused)).toMatchObject({ code: 'NOT_FOUND', message: 'No table with that id.' });
    }
    const takeDown = await api.graphql(
      p2Ivan,
      `mutation ($id: ID!) { takeDownBet(input: { betId: $id }) { bet { id } userErrors { code message } } }`,
      { id: ginasBet },
    );
    expect(codeOf(takeDown)).toBe('NOT_FOUND');
    expect(await api.balance('p2/ivan')).toBe(1_000);
  });

  it('answers a closed one as none, too, whatever else it is', async () => {
    const closed = await api.openTable({ game: 'BACCARAT', maximumBet: 10_000, partners: ['p1'] });
    await api.data(HOUSE, `mutation ($t: ID!) { closeTable(input: { tableId: $t }) { table { status } userErrors { code message } } }`, {
      t: closed,
    });
    expect(codeOf(await placeAt(p2Ivan, closed))).toBe('NOT_FOUND');
    expect(codeOf(await placeAt(p1Gina, closed))).toBe('TABLE_CLOSED');
  });

  it('is read, recalled and bet at by the partners it names, and by the house: its operators, its dealers and its own players', async () => {
    expect(await readTable(p1Gina, p1Table)).toEqual({ id: p1Table, name: 'P1 room' });
    expect(await recall(P1_OPERATOR, p1Table)).toEqual([`${p1Table}.1`, `${p1Table}.1`]);
    const croupier: Who = { id: 'tn-croupier', roles: ['dealer'], tables: [p1Table] };
    for (const who of [HOUSE, croupier, 'tn-hank']) expect(await readTable(who, p1Table)).toEqual({ id: p1Table, name: 'P1 room' });
    expect(await recall(HOUSE, p1Table)).toEqual([`${p1Table}.1`, `${p1Table}.1`]);
    // The house's own players are offered every table (openTable's partners name partners to add, not the house to leave out).
    await api.fundAccount('tn-hank', 1_000);
    expect(codeOf(await placeAt('tn-hank', p1Table))).toBeUndefined();
    expect(await api.balance('tn-hank')).toBe(900);
  });
});

describe("a partner's dealer", () => {
  it('runs no table, not even one its token names: tables are the house’s; it sees only its own bets there', async () => {
    const t = await api.openTable({ maximumBet: 10_000 });
    await api.seatShooter(t);
    const p1Dealer: Who = { id: 'tn-dealer', roles: ['dealer'], tables: [t], partner: 'p1' };
    const refusals = [
      `mutation ($t: ID!) { closeBetting(input: { tableId: $t }) { table { bettingOpen } userErrors { code message } } }`,
      `mutation ($t: ID!) { setShooter(input: { tableId: $t, playerId: "test-shooter" }) { table { id } userErrors { code message } } }`,
      `mutation ($t: ID!) { submitRoll(input: { tableId: $t, dice: [3, 4], sequence: 1 }) { settlementComplete userErrors { code message } } }`,
      `mutation ($t: ID!) { voidRound(input: { tableId: $t, reason: "camera", sequence: 1 }) { voidedRound { sequence } userErrors { code message } } }`,
    ];
    for (const query of refusals) expect(codeOf(await api.graphql(p1Dealer, query, { t })), query).toBe('FORBIDDEN');
    const { table } = await api.data(
      p1Dealer,
      `query ($t: ID!) { table(id: $t) { bettingOpen nextSequence openBets { id } ... on CrapsTable { shooter } } }`,
      {
        t,
      },
    );
    // Nothing changed; the house's player's bet and id are not shown to it, as to any of p1's callers.
    expect(table).toEqual({ bettingOpen: true, nextSequence: 1, openBets: [], shooter: null });
  });

  it('is not one an operator may assign to a table', async () => {
    const assigned = await api.graphql(
      HOUSE,
      `mutation ($t: ID!) { assignDealers(input: { tableId: $t, dealers: ["p1/tn-dealer"] }) { table { dealers } userErrors { code message field } } }`,
      { t: tableId },
    );
    expect(codeOf(assigned)).toBe('BAD_USER_INPUT');
    expect(refusalOf(assigned)!.message).not.toContain('tn-dealer');
    expect(assigned.data!.assignDealers.table).toBeNull();
    expect((await api.data(HOUSE, `query ($t: ID!) { table(id: $t) { dealers } }`, { t: tableId })).table.dealers).toEqual([]);
  });
});
