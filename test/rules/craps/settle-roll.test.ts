/**
 * Scenarios that read like a game at a Macau craps table: the come-out, a point, come bets
 * travelling to their numbers, odds, the seven-out and the shooter changing, a void roll.
 */
import { describe, expect, it } from 'vitest';
import { RuleViolation } from '../../../functions/rules/rule-violation';
import { makeCrapsOptions, nextShooter, parseRoll, settleRoll, type Roll } from '../../../functions/rules/craps';
import { bet, comeOut, deepFreeze, defaultOptions, dice, pointOn } from './support/layout';
import { Table } from './support/table';

const options = makeCrapsOptions({ minimum: 100, maximum: 100_000 });

describe('the come-out roll', () => {
  it("a natural 7 pays the Pass Line and takes the Don't Pass; the table stays on the come-out", () => {
    const table = new Table(options);
    const pass = table.place('ana', 'PASS_LINE', 500);
    const dontPass = table.place('bo', 'DONT_PASS', 500);
    table.roll(dice(3, 4));
    expect(table.outcomeOf(pass)).toEqual({ outcome: 'WIN', winnings: 500 });
    expect(table.outcomeOf(dontPass)).toEqual({ outcome: 'LOSE' });
    expect(table.balance('ana')).toBe(500);
    expect(table.balance('bo')).toBe(-500);
    expect(table.state).toMatchObject({ phase: 'COME_OUT', point: null, rollCount: 1 });
    expect(table.bets).toEqual([]);
  });

  it("boxcars (12) loses the Pass Line and bars the Don't Pass: its stake comes back", () => {
    const table = new Table(options);
    const pass = table.place('ana', 'PASS_LINE', 500);
    const dontPass = table.place('bo', 'DONT_PASS', 500);
    table.roll(dice(6, 6));
    expect(table.outcomeOf(pass)).toEqual({ outcome: 'LOSE' });
    expect(table.outcomeOf(dontPass)).toEqual({ outcome: 'PUSH' });
    expect(table.balance('bo')).toBe(0);
  });
});

describe('a point, come bets travelling, odds, and the point made', () => {
  it('plays a whole hand', () => {
    const table = new Table(options);
    const pass = table.place('ana', 'PASS_LINE', 1000);
    const hard8 = table.place('bo', 'HARD_8', 100);

    // The come-out: 6 becomes the point; Ana backs her Pass Line with 5x odds.
    table.roll(dice(2, 4));
    expect(table.state).toMatchObject({ phase: 'POINT', point: 6 });
    expect(table.outcomeOf(pass)).toEqual({ outcome: 'STAYS' });
    const passOdds = table.place('ana', 'PASS_ODDS', 5000, pass);

    // A come bet: the 8 (made the easy way) moves it to 8 and takes Bo's Hard 8.
    const come = table.place('ana', 'COME', 1000);
    table.roll(dice(5, 3));
    expect(table.outcomeOf(come)).toEqual({ outcome: 'MOVED', number: 8 });
    expect(table.current(come)?.number).toBe(8);
    expect(table.outcomeOf(hard8)).toEqual({ outcome: 'LOSE' });
    const comeOdds = table.place('ana', 'COME_ODDS', 2500, table.current(come));

    // The point is made: Pass Line 1:1, its odds 6:5; the come bet on 8 waits.
    table.roll(dice(3, 3));
    expect(table.outcomeOf(pass)).toEqual({ outcome: 'WIN', winnings: 1000 });
    expect(table.outcomeOf(passOdds)).toEqual({ outcome: 'WIN', winnings: 6000 });
    expect(table.outcomeOf(come)).toEqual({ outcome: 'STAYS' });
    expect(table.state).toMatchObject({ phase: 'COME_OUT', point: null, rollCount: 3 });

    // Next come-out: the 8 pays the come bet, and its odds, off on the come-out, come back.
    const newPass = table.place('ana', 'PASS_LINE', 1000);
    table.roll(dice(4, 4));
    expect(table.outcomeOf(come)).toEqual({ outcome: 'WIN', winnings: 1000 });
    expect(table.outcomeOf(comeOdds)).toEqual({ outcome: 'PUSH' });
    expect(table.state).toMatchObject({ phase: 'POINT', point: 8 });
    expect(table.current(newPass)).toBeDefined();
    // Ana: +1000 +6000 +1000, odds returned, 1000 still on the new Pass Line.
    expect(table.balance('ana')).toBe(8000 - 1000);
  });

  it('odds on the come-out are returned on a 7 while the come bet loses', () => {
    const come = { ...bet('COME', 1000), number: 9 as const };
    const odds = bet('COME_ODDS', 2000, { baseBetId: come.id, number: 9 });
    const { resolutions } = settleRoll(comeOut(), options, [come, odds], dice(5, 2));
    expect(resolutions).toEqual([{ outcome: 'LOSE' }, { outcome: 'PUSH' }]);
  });

  it("a don't come bet travels to its number and wins on the seven with its lay odds", () => {
    const table = new Table(options);
    table.place('cy', 'DONT_PASS', 1000);
    table.roll(dice(5, 5));
    const dontCome = table.place('cy', 'DONT_COME', 1200);
    table.roll(dice(1, 3));
    expect(table.outcomeOf(dontCome)).toEqual({ outcome: 'MOVED', number: 4 });
    const lay = table.place('cy', 'DONT_COME_ODDS', 2400, table.current(dontCome));
    table.roll(dice(6, 1));
    expect(table.outcomeOf(dontCome)).toEqual({ outcome: 'WIN', winnings: 1200 });
    expect(table.outcomeOf(lay)).toEqual({ outcome: 'WIN', winnings: 1200 }); // 1:2 on the 4
    expect(table.last.sevenOut).toBe(true);
  });
});

describe('the seven-out and the shooter change (art. 4)', () => {
  it('a seven with a point on loses the Pass Line, is a seven-out, and the dice go to the next eligible player', () => {
    const table = new Table(options);
    const seats = ['ana', 'bo', 'cy', 'dee'].map((playerId, seat) => ({ playerId, seat }));
    const pass = table.place('ana', 'PASS_LINE', 100);
    table.place('cy', 'HARD_6', 100); // lost on the seven: cy has nothing left on the layout to shoot with
    table.place('dee', 'DONT_PASS', 100);
    table.state = { ...table.state, shooter: 'ana' };
    table.roll(dice(4, 5));
    table.roll(dice(1, 6));
    expect(table.outcomeOf(pass)).toEqual({ outcome: 'LOSE' });
    expect(table.last.sevenOut).toBe(true);
    expect(table.state).toMatchObject({ phase: 'COME_OUT', point: null, shooter: 'ana' });
    // Bets for the next come-out: bo and cy have none, dee's Don't Pass won and she bets again.
    table.place('ana', 'PASS_LINE', 100);
    table.place('dee', 'DONT_PASS', 100);
    expect(nextShooter(seats, { playerId: 'ana', seat: 0 }, table.bets, options)?.playerId).toBe('dee');
  });

  it('a seven on the come-out is a natural, not a seven-out', () => {
    expect(settleRoll(comeOut(), defaultOptions, [], dice(2, 5)).sevenOut).toBe(false);
  });
});

describe('a void roll (art. 3.2)', () => {
  it('is counted and decides nothing, not even a one-roll bet', () => {
    const state = deepFreeze({ ...pointOn(5), rollCount: 7, shooter: 'ana' });
    const bets = deepFreeze([bet('PASS_LINE', 100), bet('ANY_SEVEN', 100), bet('COME', 100)]);
    const settled = settleRoll(state, defaultOptions, bets, parseRoll({ void: true }));
    expect(settled.state).toEqual({ ...state, rollCount: 8 });
    expect(settled.resolutions.map((r) => r.outcome)).toEqual(['STAYS', 'STAYS', 'STAYS']);
    expect(settled.sevenOut).toBe(false);
  });
});

describe('invalid rolls change nothing', () => {
  it.each([
    ['a die of 0', { kind: 'DICE', dice: [0, 3] }],
    ['a die of 7', { kind: 'DICE', dice: [7, 3] }],
    ['a die of 2.5', { kind: 'DICE', dice: [2.5, 3] }],
  ])('%s is refused with INVALID_DIE', (_, roll) => {
    const state = deepFreeze(pointOn(6));
    const bets = deepFreeze([bet('PASS_LINE', 100)]);
    expect(() => settleRoll(state, defaultOptions, bets, roll as unknown as Roll)).toThrow(
      expect.objectContaining({ name: 'RuleViolation', code: 'INVALID_DIE' }),
    );
    expect(state).toEqual(pointOn(6));
  });

  it('Pass odds on a come-out roll are an inconsistent layout, not a silent loss', () => {
    const pass = bet('PASS_LINE', 100);
    expect(() => settleRoll(comeOut(), defaultOptions, [pass, bet('PASS_ODDS', 100, { baseBetId: pass.id })], dice(3, 4))).toThrow(
      RuleViolation,
    );
  });
});
