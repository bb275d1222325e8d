/**
 * Every bet against every one of the 36 dice outcomes, in every situation where it can be
 * open. The expectations are written out from the regulation's tables (art. 5, art. 6),
 * independently of the implementation.
 */
import { describe, expect, it } from 'vitest';
import {
  makeCrapsOptions,
  settleRoll,
  type BetResolution,
  type CrapsBet,
  type CrapsBetType,
  type CrapsTableOptions,
  type CrapsTableState,
  type Dice,
  type PointNumber,
} from '../../../functions/rules/craps';
import { EVERY_DICE, EVERY_SITUATION, POINTS, bet, comeOut, describeSituation, pointOn } from './support/layout';

/** A stake every prize of art. 6 divides exactly, so the expected winnings are whole numbers. */
const STAKE = 600;

type Pays = readonly [to: number, per: number];
type Expected = { win: Pays } | 'LOSE' | 'PUSH' | 'STAYS' | { moved: PointNumber };

/** art. 6(2) and 6(4). */
const TRUE_ODDS: Record<PointNumber, Pays> = { 4: [2, 1], 5: [3, 2], 6: [6, 5], 8: [6, 5], 9: [3, 2], 10: [2, 1] };
const LAY_ODDS: Record<PointNumber, Pays> = { 4: [1, 2], 5: [2, 3], 6: [5, 6], 8: [5, 6], 9: [2, 3], 10: [1, 2] };

function check(
  options: CrapsTableOptions,
  state: CrapsTableState,
  bets: readonly CrapsBet[],
  expected: (total: number, dice: Dice) => Expected,
): void {
  for (const d of EVERY_DICE) {
    const { resolutions } = settleRoll(state, options, bets, { kind: 'DICE', dice: d });
    const got = resolutions[bets.length - 1];
    expect(got, `dice ${d[0]}-${d[1]}`).toEqual(resolution(expected(d[0] + d[1], d)));
  }
}

function resolution(expected: Expected): BetResolution {
  if (expected === 'LOSE' || expected === 'PUSH' || expected === 'STAYS') return { outcome: expected };
  if ('moved' in expected) return { outcome: 'MOVED', number: expected.moved };
  return { outcome: 'WIN', winnings: (STAKE * expected.win[0]) / expected.win[1] };
}

const defaults = makeCrapsOptions();
const EVEN: Pays = [1, 1];
const pointNumber = (t: number): PointNumber | null => (POINTS.includes(t as PointNumber) ? (t as PointNumber) : null);

describe('Pass Line (art. 5.2(1), 6(1))', () => {
  it('on the come-out: 7, 11 win even money; 2, 3, 12 lose; a point number keeps it up', () =>
    check(defaults, comeOut(), [bet('PASS_LINE', STAKE)], (t) =>
      t === 7 || t === 11 ? { win: EVEN } : [2, 3, 12].includes(t) ? 'LOSE' : 'STAYS',
    ));
  it.each(POINTS)('with the point %i on: the point wins, 7 loses, anything else stays', (p) =>
    check(defaults, pointOn(p), [bet('PASS_LINE', STAKE)], (t) => (t === p ? { win: EVEN } : t === 7 ? 'LOSE' : 'STAYS')),
  );
});

describe("Don't Pass (art. 5.2(3), 6(3))", () => {
  it('on the come-out: 2, 3 win; 7, 11 lose; 12 is barred (push)', () =>
    check(defaults, comeOut(), [bet('DONT_PASS', STAKE)], (t) =>
      t === 2 || t === 3 ? { win: EVEN } : t === 12 ? 'PUSH' : t === 7 || t === 11 ? 'LOSE' : 'STAYS',
    ));
  it.each(POINTS)('with the point %i on: 7 wins, the point loses', (p) =>
    check(defaults, pointOn(p), [bet('DONT_PASS', STAKE)], (t) => (t === 7 ? { win: EVEN } : t === p ? 'LOSE' : 'STAYS')),
  );
});

describe('Come (art. 5.2(5), 6(1))', () => {
  it.each(POINTS)('a new come bet, point %i on: 7, 11 win; 2, 3, 12 lose; 4-10 moves it there', (p) =>
    check(defaults, pointOn(p), [bet('COME', STAKE)], (t) =>
      t === 7 || t === 11 ? { win: EVEN } : [2, 3, 12].includes(t) ? 'LOSE' : { moved: pointNumber(t)! },
    ),
  );
  for (const state of EVERY_SITUATION) {
    it.each(POINTS)(`a come bet on %i (${describeSituation(state)}): its number wins, 7 loses`, (n) =>
      check(defaults, state, [bet('COME', STAKE, { number: n })], (t) => (t === n ? { win: EVEN } : t === 7 ? 'LOSE' : 'STAYS')),
    );
  }
});

describe("Don't Come (art. 5.2(6), 6(3))", () => {
  it.each(POINTS)("a new don't come bet, point %i on: 2, 3 win; 7, 11 lose; 12 push; 4-10 moves it", (p) =>
    check(defaults, pointOn(p), [bet('DONT_COME', STAKE)], (t) =>
      t === 2 || t === 3 ? { win: EVEN } : t === 12 ? 'PUSH' : t === 7 || t === 11 ? 'LOSE' : { moved: pointNumber(t)! },
    ),
  );
  for (const state of EVERY_SITUATION) {
    it.each(POINTS)(`a don't come bet on %i (${describeSituation(state)}): 7 wins, its number loses`, (n) =>
      check(defaults, state, [bet('DONT_COME', STAKE, { number: n })], (t) => (t === 7 ? { win: EVEN } : t === n ? 'LOSE' : 'STAYS')),
    );
  }
});

describe('Odds on the line (art. 5.2(2), (4), 6(2), (4))', () => {
  it.each(POINTS)('Pass odds with the point %i: the point pays true odds, 7 loses', (p) => {
    const pass = bet('PASS_LINE', STAKE);
    check(defaults, pointOn(p), [pass, bet('PASS_ODDS', STAKE, { baseBetId: pass.id })], (t) =>
      t === p ? { win: TRUE_ODDS[p] } : t === 7 ? 'LOSE' : 'STAYS',
    );
  });
  it.each(POINTS)("Don't Pass lay odds with the point %i: 7 pays lay odds, the point loses", (p) => {
    const dontPass = bet('DONT_PASS', STAKE);
    check(defaults, pointOn(p), [dontPass, bet('DONT_PASS_ODDS', STAKE, { baseBetId: dontPass.id })], (t) =>
      t === 7 ? { win: LAY_ODDS[p] } : t === p ? 'LOSE' : 'STAYS',
    );
  });
});

describe('Odds on come bets (art. 5.2(5), (6)), with the come-out options', () => {
  const comeOddsOn = (n: PointNumber, type: 'COME' | 'DONT_COME'): CrapsBet[] => {
    const come = bet(type, STAKE, { number: n });
    return [come, bet(type === 'COME' ? 'COME_ODDS' : 'DONT_COME_ODDS', STAKE, { baseBetId: come.id, number: n })];
  };
  const working = makeCrapsOptions({ comeOddsWorkingOnComeOut: true, dontComeOddsWorkingOnComeOut: true });
  const off = makeCrapsOptions({ comeOddsWorkingOnComeOut: false, dontComeOddsWorkingOnComeOut: false });

  for (const state of EVERY_SITUATION) {
    it.each(POINTS)(`come odds on %i (${describeSituation(state)}, working): the number pays true odds, 7 loses`, (n) =>
      check(working, state, comeOddsOn(n, 'COME'), (t) => (t === n ? { win: TRUE_ODDS[n] } : t === 7 ? 'LOSE' : 'STAYS')),
    );
    it.each(POINTS)(`don't come odds on %i (${describeSituation(state)}, working): 7 pays lay odds, the number loses`, (n) =>
      check(working, state, comeOddsOn(n, 'DONT_COME'), (t) => (t === 7 ? { win: LAY_ODDS[n] } : t === n ? 'LOSE' : 'STAYS')),
    );
  }
  for (const state of EVERY_SITUATION.slice(1)) {
    it.each(POINTS)(`the "off on the come-out" options change nothing with a point on (${describeSituation(state)}, odds on %i)`, (n) => {
      check(off, state, comeOddsOn(n, 'COME'), (t) => (t === n ? { win: TRUE_ODDS[n] } : t === 7 ? 'LOSE' : 'STAYS'));
      check(off, state, comeOddsOn(n, 'DONT_COME'), (t) => (t === 7 ? { win: LAY_ODDS[n] } : t === n ? 'LOSE' : 'STAYS'));
    });
  }
  it.each(POINTS)('off on a come-out roll: come odds on %i are returned when the come bet is decided', (n) => {
    check(off, comeOut(), comeOddsOn(n, 'COME'), (t) => (t === n || t === 7 ? 'PUSH' : 'STAYS'));
    check(off, comeOut(), comeOddsOn(n, 'DONT_COME'), (t) => (t === n || t === 7 ? 'PUSH' : 'STAYS'));
  });
  it("by default come odds are off and don't come odds work on a come-out roll", () => {
    check(defaults, comeOut(), comeOddsOn(6, 'COME'), (t) => (t === 6 || t === 7 ? 'PUSH' : 'STAYS'));
    check(defaults, comeOut(), comeOddsOn(6, 'DONT_COME'), (t) => (t === 7 ? { win: LAY_ODDS[6] } : t === 6 ? 'LOSE' : 'STAYS'));
  });
});

describe('One-roll bets (art. 5.3, 6(5)-(13)): anything but the winning totals loses', () => {
  const oneRoll: Record<string, [CrapsBetType, Record<number, Pays>]> = {
    'Any Craps pays 7:1 on 2, 3, 12': ['ANY_CRAPS', { 2: [7, 1], 3: [7, 1], 12: [7, 1] }],
    'Any 7 pays 4:1 on 7': ['ANY_SEVEN', { 7: [4, 1] }],
    'Eleven pays 15:1': ['ELEVEN', { 11: [15, 1] }],
    'Ace-Deuce pays 15:1 on 3': ['ACE_DEUCE', { 3: [15, 1] }],
    'Aces pays 30:1 on 2': ['ACES', { 2: [30, 1] }],
    'Boxcars pays 30:1 on 12': ['BOXCARS', { 12: [30, 1] }],
    'Horn pays 27:4 on 2 or 12, 3:1 on 3 or 11 (the whole stake)': ['HORN', { 2: [27, 4], 3: [3, 1], 11: [3, 1], 12: [27, 4] }],
    'Field pays even money on 3, 4, 9, 10, 11, 2:1 on 2, and by default 2:1 on 12': [
      'FIELD',
      { 2: [2, 1], 3: EVEN, 4: EVEN, 9: EVEN, 10: EVEN, 11: EVEN, 12: [2, 1] },
    ],
    'Big pays even money on 8 to 12': ['BIG', { 8: EVEN, 9: EVEN, 10: EVEN, 11: EVEN, 12: EVEN }],
    'Small pays even money on 2 to 6': ['SMALL', { 2: EVEN, 3: EVEN, 4: EVEN, 5: EVEN, 6: EVEN }],
  };
  for (const [name, [type, wins]] of Object.entries(oneRoll)) {
    it.each(EVERY_SITUATION.map(describeSituation))(`${name} (%s)`, (situation) => {
      const state = EVERY_SITUATION.find((s) => describeSituation(s) === situation)!;
      check(defaults, state, [bet(type, STAKE)], (t) => (wins[t] ? { win: wins[t] } : 'LOSE'));
    });
  }
  it('a table may pay 3:1 on the Field 12 (art. 6(12))', () =>
    check(makeCrapsOptions({ field12Pays: 3 }), pointOn(8), [bet('FIELD', STAKE)], (t) =>
      t === 12 ? { win: [3, 1] } : t === 2 ? { win: [2, 1] } : [3, 4, 9, 10, 11].includes(t) ? { win: EVEN } : 'LOSE',
    ));
});

describe('Multi-roll bets (art. 5.4, 6(14), (15))', () => {
  const hardways: [CrapsBetType, 4 | 6 | 8 | 10, Pays][] = [
    ['HARD_4', 4, [7, 1]],
    ['HARD_6', 6, [9, 1]],
    ['HARD_8', 8, [9, 1]],
    ['HARD_10', 10, [7, 1]],
  ];
  const bigs: [CrapsBetType, PointNumber, Pays][] = [
    ['BIG_4', 4, [9, 5]],
    ['BIG_5', 5, [7, 5]],
    ['BIG_6', 6, [7, 6]],
    ['BIG_8', 8, [7, 6]],
    ['BIG_9', 9, [7, 5]],
    ['BIG_10', 10, [9, 5]],
  ];
  const offOnComeOut = makeCrapsOptions({ hardwaysWorkingOnComeOut: false, bigNumbersWorkingOnComeOut: false });
  for (const state of EVERY_SITUATION) {
    const situation = describeSituation(state);
    it.each(hardways)(`%s (${situation}): the pair wins %i's prize, 7 or the easy way loses`, (type, n, pays) =>
      check(defaults, state, [bet(type, STAKE)], (t, d) =>
        t === n ? (d[0] === d[1] ? { win: pays } : 'LOSE') : t === 7 ? 'LOSE' : 'STAYS',
      ),
    );
    it.each(bigs)(`%s (${situation}): its number before a 7`, (type, n, pays) =>
      check(defaults, state, [bet(type, STAKE)], (t) => (t === n ? { win: pays } : t === 7 ? 'LOSE' : 'STAYS')),
    );
  }
  it.each([...hardways, ...bigs])('%s off on the come-out (table option): neither wins nor loses on a come-out roll', (type) =>
    check(offOnComeOut, comeOut(), [bet(type, STAKE)], () => 'STAYS'),
  );
  it.each(hardways)('%s off on the come-out still works with a point on', (type, n, pays) =>
    check(offOnComeOut, pointOn(n === 4 ? 5 : 4), [bet(type, STAKE)], (t, d) =>
      t === n ? (d[0] === d[1] ? { win: pays } : 'LOSE') : t === 7 ? 'LOSE' : 'STAYS',
    ),
  );
  it.each(bigs)('%s off on the come-out still works with a point on', (type, n, pays) =>
    check(offOnComeOut, pointOn(n === 4 ? 5 : 4), [bet(type, STAKE)], (t) => (t === n ? { win: pays } : t === 7 ? 'LOSE' : 'STAYS')),
  );
});

describe('The table after each of the 36 outcomes (art. 5.2(1))', () => {
  it('on the come-out, a point number becomes the point and anything else keeps the come-out', () => {
    for (const d of EVERY_DICE) {
      const t = d[0] + d[1];
      const { state, sevenOut } = settleRoll(comeOut(), defaults, [], { kind: 'DICE', dice: d });
      expect(state).toEqual({ ...comeOut(), rollCount: 1, ...(pointNumber(t) ? { phase: 'POINT', point: t } : {}) });
      expect(sevenOut).toBe(false);
    }
  });
  it.each(POINTS)('with the point %i, the point or a seven returns to the come-out; only the seven is a seven-out', (p) => {
    for (const d of EVERY_DICE) {
      const t = d[0] + d[1];
      const { state, sevenOut } = settleRoll(pointOn(p), defaults, [], { kind: 'DICE', dice: d });
      expect(state).toEqual(t === p || t === 7 ? { ...comeOut(), rollCount: 1 } : { ...pointOn(p), rollCount: 1 });
      expect(sevenOut).toBe(t === 7);
    }
  });
});
