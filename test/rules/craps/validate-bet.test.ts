/**
 * Which bets may be placed, when, and for how much. Every refusal is a RuleViolation with a
 * specific code and a message saying why; validation never changes its inputs (all frozen).
 */
import { describe, expect, it } from 'vitest';
import { makeCrapsOptions, validateBet, type CrapsBet, type CrapsTableState } from '../../../functions/rules/craps';
import { bet, comeOut, deepFreeze, pointOn } from './support/layout';

const options = deepFreeze(makeCrapsOptions({ minimum: 100, maximum: 10_000, limits: { BIG_6: { minimum: 600 } } }));

function placing(state: CrapsTableState, placed: CrapsBet, open: CrapsBet[] = []) {
  const frozenState = deepFreeze(state);
  const frozenOpen = deepFreeze(open);
  return () => validateBet(frozenState, options, deepFreeze(placed), frozenOpen);
}
const refused = (code: string, message: RegExp) =>
  expect.objectContaining({ name: 'RuleViolation', code, message: expect.stringMatching(message) });

describe('when each bet may be placed', () => {
  it("Pass Line and Don't Pass before a come-out roll only (art. 5.2(1), (3))", () => {
    expect(placing(comeOut(), bet('PASS_LINE', 100))).not.toThrow();
    expect(placing(comeOut(), bet('DONT_PASS', 100))).not.toThrow();
    expect(placing(pointOn(6), bet('PASS_LINE', 100))).toThrow(refused('BET_NOT_ALLOWED_IN_PHASE', /come-out roll; the point is 6/));
    expect(placing(pointOn(6), bet('DONT_PASS', 100))).toThrow(refused('BET_NOT_ALLOWED_IN_PHASE', /art. 5.2/));
  });

  it("Come and Don't Come only while a point is on (art. 5.2(5), (6))", () => {
    expect(placing(pointOn(9), bet('COME', 100))).not.toThrow();
    expect(placing(pointOn(9), bet('DONT_COME', 100))).not.toThrow();
    expect(placing(comeOut(), bet('COME', 100))).toThrow(
      refused('BET_NOT_ALLOWED_IN_PHASE', /Pass Line point is on; this is a come-out roll/),
    );
    expect(placing(comeOut(), bet('DONT_COME', 100))).toThrow(refused('BET_NOT_ALLOWED_IN_PHASE', /art. 5.2\(5\), \(6\)/));
  });

  it('a Come bet is placed without a number: the next roll moves it', () => {
    expect(placing(pointOn(9), bet('COME', 100, { number: 6 }))).toThrow(refused('NUMBER_NOT_ALLOWED', /next roll moves it/));
  });

  it.each(['ANY_CRAPS', 'HORN', 'FIELD', 'HARD_4', 'BIG_6', 'SMALL'] as const)('%s at any moment (art. 5.5)', (type) => {
    const amount = type === 'HORN' ? 400 : type === 'BIG_6' ? 600 : 100;
    expect(placing(comeOut(), bet(type, amount))).not.toThrow();
    expect(placing(pointOn(4), bet(type, amount))).not.toThrow();
  });
});

describe("odds need the player's own line or come bet, with a number", () => {
  const pass = bet('PASS_LINE', 1000);
  const dontPass = bet('DONT_PASS', 1200);
  const comeOn5 = bet('COME', 1000, { number: 5 });
  const newCome = bet('COME', 1000);

  it("Pass odds on the player's Pass Line once the point is on", () => {
    expect(placing(pointOn(6), bet('PASS_ODDS', 5000, { baseBetId: pass.id }), [pass])).not.toThrow();
  });

  it('refuses odds without a line bet', () => {
    expect(placing(pointOn(6), bet('PASS_ODDS', 1000))).toThrow(refused('ODDS_WITHOUT_BASE_BET', /must name the PASS_LINE bet/));
    expect(placing(pointOn(6), bet('PASS_ODDS', 1000, { baseBetId: 'nothing' }), [pass])).toThrow(
      refused('ODDS_WITHOUT_BASE_BET', /needs your own open PASS_LINE bet; the bet named \(baseBetId\) is not one of your open bets/),
    );
  });

  it("refuses odds on another player's bet", () => {
    const bobsPass = { ...bet('PASS_LINE', 1000), playerId: 'bob' };
    expect(placing(pointOn(6), bet('PASS_ODDS', 1000, { baseBetId: bobsPass.id }), [bobsPass])).toThrow(
      refused('ODDS_WITHOUT_BASE_BET', /your own/),
    );
  });

  it('refuses a base bet on anything but odds: only odds back another bet', () => {
    for (const type of ['FIELD', 'ANY_SEVEN', 'PASS_LINE', 'HARD_8'] as const) {
      expect(placing(pointOn(6), bet(type, 100, { baseBetId: pass.id }), [pass])).toThrow(refused('BASE_BET_NOT_TAKEN', /not an odds bet/));
    }
  });

  it('refuses odds on the wrong kind of bet', () => {
    expect(placing(pointOn(6), bet('PASS_ODDS', 1000, { baseBetId: dontPass.id }), [dontPass])).toThrow(
      refused('ODDS_ON_WRONG_BET', /added to a PASS_LINE bet; the bet named is DONT_PASS/),
    );
  });

  it('refuses line odds on a come-out roll and come odds before the come bet has moved', () => {
    expect(placing(comeOut(), bet('PASS_ODDS', 1000, { baseBetId: pass.id }), [pass])).toThrow(
      refused('BET_NOT_ALLOWED_IN_PHASE', /once a point is on/),
    );
    expect(placing(pointOn(6), bet('COME_ODDS', 1000, { baseBetId: newCome.id }), [newCome])).toThrow(
      refused('ODDS_BEFORE_COME_NUMBER', /once the come bet it backs has moved to its number/),
    );
  });

  it('accepts come odds on a come bet standing on its number, in either phase', () => {
    expect(placing(pointOn(6), bet('COME_ODDS', 4000, { baseBetId: comeOn5.id, number: 5 }), [comeOn5])).not.toThrow();
    expect(placing(comeOut(), bet('COME_ODDS', 4000, { baseBetId: comeOn5.id }), [comeOn5])).not.toThrow();
    expect(placing(comeOut(), bet('COME_ODDS', 1000, { baseBetId: comeOn5.id, number: 9 }), [comeOn5])).toThrow(
      refused('ODDS_ON_WRONG_NUMBER', /is on 5, not on the number given/),
    );
  });

  it("caps odds at the table's multiple of the line bet per point (3x/4x/5x), counting odds already up", () => {
    expect(placing(pointOn(4), bet('PASS_ODDS', 3000, { baseBetId: pass.id }), [pass])).not.toThrow();
    expect(placing(pointOn(4), bet('PASS_ODDS', 3100, { baseBetId: pass.id }), [pass])).toThrow(
      refused('ABOVE_MAX_ODDS', /limited to 3x the Pass Line bet \(3000\); this would make more\.$/),
    );
    const already = bet('COME_ODDS', 3000, { baseBetId: comeOn5.id, number: 5 });
    expect(placing(pointOn(6), bet('COME_ODDS', 1000, { baseBetId: comeOn5.id }), [comeOn5, already])).not.toThrow();
    expect(placing(pointOn(6), bet('COME_ODDS', 1100, { baseBetId: comeOn5.id }), [comeOn5, already])).toThrow(
      refused('ABOVE_MAX_ODDS', /4x the Come bet \(4000\); this would make more\.$/),
    );
  });

  it("measures lay odds by what they can win: 3x on the 4 lets a Don't Pass of 1200 lay 7200", () => {
    expect(placing(pointOn(4), bet('DONT_PASS_ODDS', 7200, { baseBetId: dontPass.id }), [dontPass])).not.toThrow();
    expect(placing(pointOn(4), bet('DONT_PASS_ODDS', 7300, { baseBetId: dontPass.id }), [dontPass])).toThrow(
      refused('ABOVE_MAX_ODDS', /may win at most 3x the Don't Pass bet \(3600\); these would win more\.$/),
    );
    // The most that can be laid is the least stake that wins the limit: a unit more could never win anything.
    const oneUnit = makeCrapsOptions({ minimum: 1, maximum: 10_000 });
    const dontPass100 = bet('DONT_PASS', 100);
    const lay = (amount: number) => () =>
      validateBet(pointOn(5), oneUnit, bet('DONT_PASS_ODDS', amount, { baseBetId: dontPass100.id }), [dontPass100]);
    expect(lay(600)).not.toThrow(); // 4x on the 5: 600 laid at 2:3 wins 400
    expect(lay(601)).toThrow(refused('ABOVE_MAX_ODDS', /at most 600 against this Don't Pass bet/)); // also wins 400
    const byStake = makeCrapsOptions({ minimum: 100, maximum: 10_000, layOddsLimit: 'STAKE' });
    expect(() => validateBet(pointOn(4), byStake, bet('DONT_PASS_ODDS', 3700, { baseBetId: dontPass.id }), [dontPass])).toThrow(
      refused('ABOVE_MAX_ODDS', /3x the Don't Pass bet \(3600\)/),
    );
  });
});

describe('stakes: a positive multiple of the minimum, up to the maximum (art. 5.6)', () => {
  it.each([
    [150, 'STAKE_NOT_MULTIPLE_OF_MINIMUM', /^The stake is refused: it must be a multiple of the Field minimum, 100 \(art. 5.6\)\.$/],
    [0, 'STAKE_NOT_POSITIVE', /^The Field stake must be positive\.$/],
    [-100, 'STAKE_NOT_POSITIVE', /positive/],
    [100.5, 'STAKE_NOT_INTEGER', /^The Field stake must be a whole number of minor units\.$/],
    [10_100, 'STAKE_ABOVE_MAXIMUM', /^The stake is above the Field maximum of 10000\.$/],
  ])('refuses a Field stake of %d, without repeating it', (amount, code, message) => {
    expect(placing(comeOut(), bet('FIELD', amount))).toThrow(refused(code, message));
  });

  it("uses the bet type's own minimum where the table sets one", () => {
    expect(placing(comeOut(), bet('BIG_6', 500))).toThrow(refused('STAKE_NOT_MULTIPLE_OF_MINIMUM', /Big 6 minimum, 600/));
    expect(placing(comeOut(), bet('BIG_6', 1200))).not.toThrow();
  });

  it('takes a Horn in multiples of four minimums: a quarter on each of 2, 3, 11, 12 (art. 5.3(7))', () => {
    expect(placing(comeOut(), bet('HORN', 800))).not.toThrow();
    expect(placing(comeOut(), bet('HORN', 300))).toThrow(refused('HORN_NOT_MULTIPLE_OF_FOUR', /multiple of 400/));
    expect(placing(comeOut(), bet('HORN', 100))).toThrow(refused('HORN_NOT_MULTIPLE_OF_FOUR', /four equal bets on 2, 3, 11 and 12/));
  });

  it('counts what the same player already has on the same bet against the maximum, and only that', () => {
    const mine = bet('FIELD', 9_000);
    const theirs = { ...bet('FIELD', 9_000), playerId: 'bob' };
    expect(placing(comeOut(), bet('FIELD', 1_000), [mine, theirs])).not.toThrow();
    expect(placing(comeOut(), bet('FIELD', 2_000), [mine, theirs])).toThrow(
      refused('STAKE_ABOVE_MAXIMUM', /^The stake, with 9000 already on this bet, is above the Field maximum of 10000\.$/),
    );
  });
});

describe('other refusals', () => {
  it('an unknown bet type', () => {
    expect(placing(comeOut(), bet('LUCKY_13' as never, 100))).toThrow(refused('UNKNOWN_BET_TYPE', /That is not a craps bet/));
  });
  it('a bet id already on the layout', () => {
    const field = bet('FIELD', 100);
    expect(placing(comeOut(), field, [field])).toThrow(refused('DUPLICATE_BET', /already on the layout/));
  });
});
