/**
 * The shooter: only a player whose open bets total at least the table minimum, of any type, may
 * shoot (art. 2.1, 4(1)); the dice start at the lowest seat (art. 2.3), pass to the next eligible
 * player in seat order on a seven-out (art. 4(2)) and when the shooter stops betting (art. 4(1)),
 * and the dealer may hand them on at any time. A table that loses its last eligible player keeps
 * betting open, and any bet of the minimum the phase allows makes the next shooter.
 */
import { describe, expect, it } from 'vitest';
import { dealer, refusalCode, refusalOf, type Who } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';

const api = useTestApi();
const DEALER = dealer('shooter-dealer');

/** A table of minimum 100 whose Field takes 50: a player can be at the table without having bet the minimum. */
const openTable = () => api.openTable({ betLimits: [{ type: 'FIELD', minimum: 50 }] });
/** Places a bet (100 unless told) and answers its id. */
async function bet(tableId: string, player: Who, type: string, seat?: number, amount = 100): Promise<string> {
  const playerId = typeof player === 'string' ? player : `${player!.partner}/${player!.id}`;
  if ((await api.balance(playerId)) === undefined) await api.fundAccount(playerId, 10_000);
  return (await api.placeBet(player, { tableId, type, amount, ...(seat !== undefined ? { seat } : {}) })).id;
}
const PLACE_BET = `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { bet { id } userErrors { code message field } } }`;
const setShooter = (tableId: string, who: Who, playerId: string) =>
  api.graphql(
    who,
    `mutation ($t: ID!, $p: ID!) { setShooter(input: { tableId: $t, playerId: $p }) { table { shooter shooterSetBy } userErrors { code message field } } }`,
    { t: tableId, p: playerId },
  );
/** A roll; answers who threw it, and who holds the dice and the point after it. */
async function roll(tableId: string, dice: number[]) {
  const sequence = await api.closeBetting(tableId);
  const res = await api.graphql(
    DEALER,
    `mutation ($t: ID!, $d: [Int!], $s: Int!) { submitRoll(input: { tableId: $t, dice: $d, sequence: $s }) { roll { shooter } table { shooter point } userErrors { code message } } }`,
    { t: tableId, d: dice, s: sequence },
  );
  expect(refusalOf(res), JSON.stringify(res)).toBeUndefined();
  return { threw: res.data!.submitRoll.roll.shooter, ...res.data!.submitRoll.table };
}

describe('the shooter at a craps table', () => {
  it('is set by the dealer among eligible players, and passes on at a seven-out in seat order', async () => {
    const tableId = await openTable();
    await bet(tableId, 'shooter-ann', 'PASS_LINE', 1);
    await bet(tableId, 'shooter-cat', 'FIELD', 2, 50); // at the table, but under the minimum: may not shoot
    await bet(tableId, 'shooter-bob', 'DONT_PASS', 3);

    await api.fundAccount('shooter-dan', 10_000);
    const seatTaken = await api.graphql('shooter-dan', PLACE_BET, { input: { tableId, type: 'PASS_LINE', amount: 100, seat: 1 } });
    expect(refusalCode(seatTaken)).toBe('SEAT_TAKEN');
    expect(seatTaken.data!.placeBet).toMatchObject({ bet: null, userErrors: [{ field: ['input', 'seat'] }] });

    expect(refusalCode(await setShooter(tableId, 'shooter-ann', 'shooter-ann'))).toBe('FORBIDDEN');
    const notEligible = await setShooter(tableId, DEALER, 'shooter-cat');
    expect(refusalCode(notEligible)).toBe('SHOOTER_NOT_ELIGIBLE');
    expect(refusalOf(notEligible)!.message).toMatch(/art\. 2\.1/);
    expect(notEligible.data!.setShooter).toMatchObject({ table: null, userErrors: [{ field: ['input', 'playerId'] }] });
    expect((await setShooter(tableId, DEALER, 'shooter-ann')).data!.setShooter.table).toEqual({
      shooter: 'shooter-ann',
      shooterSetBy: 'shooter-dealer',
    });

    expect(await roll(tableId, [2, 2])).toEqual({ threw: 'shooter-ann', shooter: 'shooter-ann', point: 4 });
    expect(await roll(tableId, [5, 5])).toEqual({ threw: 'shooter-ann', shooter: 'shooter-ann', point: 4 });
    // Seven-out: seat 2 (cat) has nothing left on the layout (the 4 paid her Field), so the dice go to seat 3 (bob).
    expect(await roll(tableId, [3, 4])).toEqual({ threw: 'shooter-ann', shooter: 'shooter-bob', point: null });
  });

  it('starts with the lowest seat that may shoot when nobody has handed the dice out (art. 2.3)', async () => {
    const tableId = await openTable();
    await bet(tableId, 'first-field', 'FIELD', 1, 50); // under the minimum
    await bet(tableId, 'first-dont', 'DONT_PASS', 4);
    await bet(tableId, 'first-pass', 'PASS_LINE', 6);
    expect(await roll(tableId, [4, 5])).toEqual({ threw: 'first-dont', shooter: 'first-dont', point: 9 });
  });

  it('passes the dice on when the shooter stops betting: a natural paid their Pass Line and they did not bet again (art. 4(1))', async () => {
    const tableId = await openTable();
    await bet(tableId, 'stops-ann', 'PASS_LINE', 2);
    await bet(tableId, 'stops-bob', 'PASS_LINE', 5);
    expect(await roll(tableId, [3, 4])).toEqual({ threw: 'stops-ann', shooter: 'stops-ann', point: null }); // a natural pays both
    // Bob bets again and Ann bets under the minimum: the next roll is Bob's, and he keeps the dice.
    await bet(tableId, 'stops-bob', 'PASS_LINE', 5);
    await bet(tableId, 'stops-ann', 'FIELD', 2, 50);
    expect(await roll(tableId, [3, 3])).toEqual({ threw: 'stops-bob', shooter: 'stops-bob', point: 6 });
  });

  it('goes on from the seat of a shooter who left the table', async () => {
    const tableId = await openTable();
    await bet(tableId, 'left-ann', 'PASS_LINE', 1);
    await bet(tableId, 'left-cy', 'PASS_LINE', 8);
    expect(refusalOf(await setShooter(tableId, DEALER, 'left-cy'))).toBeUndefined();
    expect(await roll(tableId, [5, 6])).toEqual({ threw: 'left-cy', shooter: 'left-cy', point: null }); // both paid
    // Cy has gone; Ann and Bo (seat 12, after Cy's 8) bet: the dice go on from seat 8 to Bo.
    await bet(tableId, 'left-ann', 'PASS_LINE', 1);
    await bet(tableId, 'left-bo', 'DONT_PASS', 12);
    expect(await roll(tableId, [1, 3])).toEqual({ threw: 'left-bo', shooter: 'left-bo', point: 4 });
  });

  it('is handed on by the dealer in the middle of a hand, and that player throws the next roll', async () => {
    const tableId = await openTable();
    await bet(tableId, 'hand-ann', 'PASS_LINE', 1);
    await bet(tableId, 'hand-bob', 'PASS_LINE', 2);
    expect(await roll(tableId, [2, 4])).toEqual({ threw: 'hand-ann', shooter: 'hand-ann', point: 6 });
    expect((await setShooter(tableId, DEALER, 'hand-bob')).data!.setShooter.table.shooter).toBe('hand-bob');
    expect(await roll(tableId, [1, 1])).toEqual({ threw: 'hand-bob', shooter: 'hand-bob', point: 6 });
  });

  it("names the shooter to the house's operators and the shooter's own partner, not to another partner's players", async () => {
    const tableId = await openTable();
    const alice = { id: 'alice', roles: ['player'], partner: 'shoot-p1' };
    await api.fundAccount('shoot-p1/alice', 10_000);
    expect(refusalOf(await api.graphql(alice, PLACE_BET, { input: { tableId, type: 'PASS_LINE', amount: 100 } }))).toBeUndefined();
    await roll(tableId, [2, 2]);
    const ROLLS = `query ($t: ID!) { table(id: $t) { ... on CrapsTable { rolls { edges { node { shooter } } } } } }`;
    const shooterTo = async (who: Who) => (await api.data(who, ROLLS, { t: tableId })).table.rolls.edges[0].node.shooter;
    expect(await shooterTo(DEALER)).toBe('shoot-p1/alice');
    expect(await shooterTo({ id: 'bob', roles: ['player'], partner: 'shoot-p1' })).toBe('shoot-p1/alice');
    expect(await shooterTo({ id: 'carl', roles: ['player'], partner: 'shoot-p2' })).toBeNull();
  });
});

/** "No more bets" as the dealer: the raw answer, refusals included. */
const closeBetting = (tableId: string) =>
  api.graphql(
    DEALER,
    `mutation ($t: ID!) { closeBetting(input: { tableId: $t }) { table { nextSequence } userErrors { code message field } } }`,
    { t: tableId },
  );
const takeDown = (player: Who, betId: string) =>
  api.data(player, `mutation ($id: ID!) { takeDownBet(input: { betId: $id }) { bet { status } userErrors { code message } } }`, {
    id: betId,
  });
const tableNow = async (tableId: string) =>
  (await api.data(DEALER, `query ($t: ID!) { table(id: $t) { bettingOpen ... on CrapsTable { phase point shooter } } }`, { t: tableId }))
    .table;

/** Fails unless betting cannot close for a roll: nobody may shoot (art. 2.1), and betting stays open. */
async function expectNobodyMayShoot(tableId: string) {
  const refused = await closeBetting(tableId);
  expect(refusalCode(refused)).toBe('NO_SHOOTER');
  expect(refused.data!.closeBetting.table).toBeNull();
  expect(refusalOf(refused)!.message).toMatch(
    /open bets total at least the table minimum \(1\.00 MOP\), on any bets \(art\. 2\.1, 4\(1\)\)/,
  );
  expect(refusalOf(refused)!.message).not.toMatch(/Pass Line|Don't Pass|line bet/);
  expect((await tableNow(tableId)).bettingOpen).toBe(true);
}

describe('a table that loses its last eligible player (art. 2.1, 4(1)): betting stays open, and any bet of the minimum makes a shooter', () => {
  it("the issue's table: the only line bettor takes a Don't Pass of 1000 down with the point on 4; a Big 6 of 100 makes the next shooter", async () => {
    const tableId = await openTable();
    const dontPass = await bet(tableId, 'stall-ann', 'DONT_PASS', 1, 1000);
    expect(await roll(tableId, [2, 2])).toEqual({ threw: 'stall-ann', shooter: 'stall-ann', point: 4 });
    expect(await takeDown('stall-ann', dontPass)).toEqual({ takeDownBet: { bet: { status: 'TAKEN_DOWN' }, userErrors: [] } });

    await expectNobodyMayShoot(tableId);
    // With the point on, no line bet can be made: before, nothing could ever get this table rolling again.
    const lineBet = await api.graphql('stall-bo', PLACE_BET, { input: { tableId, type: 'PASS_LINE', amount: 100 } });
    expect(refusalCode(lineBet)).toBe('BET_NOT_ALLOWED_IN_PHASE');

    await bet(tableId, 'stall-bo', 'BIG_6', 2);
    // Ann still holds the dice, but bets nothing: the roll is Bo's, and he keeps them.
    expect(await roll(tableId, [3, 3])).toEqual({ threw: 'stall-bo', shooter: 'stall-bo', point: 4 });
  });

  it('the dealer may hand the dice to a player whose only bet of the minimum is a one-roll bet, with the point on', async () => {
    const tableId = await openTable();
    const dontPass = await bet(tableId, 'hand-on-ann', 'DONT_PASS', 1);
    await roll(tableId, [5, 5]);
    await takeDown('hand-on-ann', dontPass);
    await bet(tableId, 'hand-on-bo', 'FIELD', 3, 50);
    expect(refusalCode(await setShooter(tableId, DEALER, 'hand-on-bo'))).toBe('SHOOTER_NOT_ELIGIBLE');
    await bet(tableId, 'hand-on-bo', 'ANY_SEVEN', 3); // with his Field, 150 on the layout
    expect((await setShooter(tableId, DEALER, 'hand-on-bo')).data!.setShooter.table.shooter).toBe('hand-on-bo');
    expect(await roll(tableId, [6, 5])).toEqual({ threw: 'hand-on-bo', shooter: 'hand-on-bo', point: 10 });
  });

  it("when the shooter's bets are all decided with the point on and they bet no more (they left): a Come bet makes the next shooter", async () => {
    const tableId = await openTable();
    await bet(tableId, 'left-on-ann', 'FIELD', 1); // her only bet: the 4 pays it and sets the point
    expect(await roll(tableId, [1, 3])).toEqual({ threw: 'left-on-ann', shooter: 'left-on-ann', point: 4 });

    await expectNobodyMayShoot(tableId);
    await bet(tableId, 'left-on-bo', 'COME', 4);
    expect(await roll(tableId, [5, 6])).toEqual({ threw: 'left-on-bo', shooter: 'left-on-bo', point: 4 });
  });

  it('when every bet of the shooter is taken down with the point on: their own one-roll bet gives them the dice back', async () => {
    const tableId = await openTable();
    const dontPass = await bet(tableId, 'down-ann', 'DONT_PASS', 1);
    await roll(tableId, [4, 5]);
    const big8 = await bet(tableId, 'down-ann', 'BIG_8', 1);
    await takeDown('down-ann', dontPass);
    await takeDown('down-ann', big8);

    await expectNobodyMayShoot(tableId);
    await bet(tableId, 'down-ann', 'HORN', 1, 400); // the Horn is four bets of the minimum
    expect(await roll(tableId, [6, 6])).toEqual({ threw: 'down-ann', shooter: 'down-ann', point: 9 });
  });

  it('after a seven-out that decided every bet: a Field bet on the come-out makes the next shooter', async () => {
    const tableId = await openTable();
    await bet(tableId, 'seven-ann', 'PASS_LINE', 1);
    await roll(tableId, [2, 4]);
    // Seven-out: the dice go back to Ann, the only player betting as the hand ended (art. 4(2)).
    expect(await roll(tableId, [3, 4])).toEqual({ threw: 'seven-ann', shooter: 'seven-ann', point: null });

    await expectNobodyMayShoot(tableId);
    await bet(tableId, 'seven-bo', 'FIELD', 2);
    expect(await roll(tableId, [1, 1])).toEqual({ threw: 'seven-bo', shooter: 'seven-bo', point: null });
  });

  it('when the round that made the only shooter is voided: the stake comes back, and a Hard 6 bet again makes the shooter', async () => {
    const tableId = await openTable();
    const dontPass = await bet(tableId, 'void-ann', 'DONT_PASS', 1);
    await roll(tableId, [2, 2]);
    await takeDown('void-ann', dontPass);
    await bet(tableId, 'void-bo', 'FIELD', 2); // the only bet on the layout
    const sequence = (await closeBetting(tableId)).data!.closeBetting.table.nextSequence;
    const voided = await api.data(
      DEALER,
      `mutation ($t: ID!, $s: Int!) { voidRound(input: { tableId: $t, reason: "camera fault", sequence: $s }) { settlements { outcome } userErrors { code message } } }`,
      { t: tableId, s: sequence },
    );
    expect(voided.voidRound.settlements).toEqual([{ outcome: 'VOID' }]);

    await expectNobodyMayShoot(tableId);
    await bet(tableId, 'void-bo', 'HARD_6', 2);
    expect(await roll(tableId, [2, 5])).toEqual({ threw: 'void-bo', shooter: 'void-bo', point: null }); // a seven-out: back to Bo
  });
});

describe("the shooter's id across partners", () => {
  it("is shown to the dealer who runs the table (they hand the dice), whatever the shooter's partner; not to another partner's player", async () => {
    const tableId = await openTable();
    const croupier = { id: 'shoot-croupier', roles: ['dealer'], tables: [tableId] };
    const alice = { id: 'alice', roles: ['player'], partner: 'shoot-p3' };
    await bet(tableId, alice, 'PASS_LINE');
    expect((await setShooter(tableId, croupier, 'shoot-p3/alice')).data!.setShooter.table.shooter).toBe('shoot-p3/alice');
    const sequence = await api.closeBetting(tableId);
    const rolled = await api.data(
      croupier,
      `mutation ($t: ID!, $s: Int!) { submitRoll(input: { tableId: $t, dice: [3, 1], sequence: $s }) { roll { shooter } userErrors { code message } } }`,
      { t: tableId, s: sequence },
    );
    expect(rolled.submitRoll.roll.shooter).toBe('shoot-p3/alice');

    const SHOOTER = `query ($t: ID!) { table(id: $t) { ... on CrapsTable { shooter rolls { edges { node { shooter } } } } } }`;
    const shooterTo = async (who: Who) => {
      const { table } = await api.data(who, SHOOTER, { t: tableId });
      return { holds: table.shooter, threw: table.rolls.edges[0].node.shooter };
    };
    expect(await shooterTo(croupier)).toEqual({ holds: 'shoot-p3/alice', threw: 'shoot-p3/alice' });
    expect(await shooterTo({ id: 'carl', roles: ['player'], partner: 'shoot-p4' })).toEqual({ holds: null, threw: null });
    // A dealer of another table does not run this one.
    expect(await shooterTo({ id: 'shoot-other', roles: ['dealer'], tables: ['another-table'] })).toEqual({ holds: null, threw: null });
  });
});
