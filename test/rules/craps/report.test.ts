/**
 * The exact report (art. 7.2) against the published figures (docs/RULES.md, "Published figures"), and
 * its own consistency. Exact fractions: no tolerance anywhere.
 */
import { describe, expect, it } from 'vitest';
import { CRAPS_BET_TYPES, crapsReport, makeCrapsOptions, type CrapsReport } from '../../../functions/rules/craps';
import { Fraction } from '../../../functions/rules/fraction';
import { run } from '../../../scripts/report-craps';

const field2 = crapsReport(makeCrapsOptions({ field12Pays: 2 }));
const field3 = crapsReport(makeCrapsOptions({ field12Pays: 3 }));
const entry = (report: CrapsReport, bet: string) => {
  const found = report.bets.find((e) => e.bet === bet);
  if (!found) throw new Error(`no ${bet} in the report`);
  return found;
};
const f = (text: string) => {
  const [n, d = '1'] = text.split('/');
  return Fraction.of(BigInt(n!), BigInt(d));
};

describe('the published figures, to the last digit', () => {
  it('Pass Line: house edge 7/495 per bet resolved, 7/1671 per roll', () => {
    expect(entry(field2, 'PASS_LINE')).toMatchObject({
      win: f('244/495'),
      lose: f('251/495'),
      push: f('0'),
      houseEdge: f('7/495'),
      houseEdgePerRoll: f('7/1671'),
    });
  });
  it("Don't Pass, 12 barred, pushes counted as resolutions: 3/220", () => {
    expect(entry(field2, 'DONT_PASS')).toMatchObject({ win: f('949/1980'), lose: f('976/1980'), push: f('1/36'), houseEdge: f('3/220') });
  });
  it('Field: 1/18 when the 12 pays 2:1, 1/36 when it pays 3:1', () => {
    expect(entry(field2, 'FIELD').houseEdge).toEqual(f('1/18'));
    expect(entry(field3, 'FIELD').houseEdge).toEqual(f('1/36'));
  });
  it('odds and lay odds at the docs/RULES.md payouts: 0, on every number', () => {
    const odds = field2.bets.filter((e) => e.type.endsWith('_ODDS'));
    expect(odds).toHaveLength(24);
    for (const e of odds) {
      expect(e.houseEdge, e.bet).toEqual(Fraction.ZERO);
      expect(e.houseEdgePerRoll, e.bet).toEqual(Fraction.ZERO);
    }
  });
});

describe('other standard figures', () => {
  it.each([
    ['COME', '7/495'],
    ['DONT_COME', '3/220'],
    ['ANY_CRAPS', '1/9'],
    ['ANY_SEVEN', '1/6'],
    ['ELEVEN', '1/9'],
    ['ACES', '5/36'],
    ['HORN', '1/8'],
    ['HARD_4', '1/9'],
    ['HARD_6', '1/11'],
    ['BIG_4', '1/15'],
    ['BIG_5', '1/25'],
    ['BIG_6', '1/66'],
  ])('%s: house edge %s', (bet, edge) => expect(entry(field2, bet).houseEdge).toEqual(f(edge)));
  it('Pass odds on 4 win 1 in 3, on 6 win 5 in 11; lay odds the other way round', () => {
    expect(entry(field2, 'PASS_ODDS_4')).toMatchObject({ win: f('1/3'), lose: f('2/3') });
    expect(entry(field2, 'PASS_ODDS_6')).toMatchObject({ win: f('5/11'), lose: f('6/11') });
    expect(entry(field2, 'DONT_PASS_ODDS_6')).toMatchObject({ win: f('6/11'), lose: f('5/11') });
  });
});

describe('the report is complete and consistent', () => {
  it('has one entry per bet type, and per number for the odds', () => {
    const names = field2.bets.map((e) => e.bet);
    expect(new Set(names).size).toBe(names.length);
    for (const type of CRAPS_BET_TYPES)
      expect(
        field2.bets.some((e) => e.type === type),
        type,
      ).toBe(true);
    for (const n of [4, 5, 6, 8, 9, 10]) {
      for (const odds of ['PASS_ODDS', 'DONT_PASS_ODDS', 'COME_ODDS', 'DONT_COME_ODDS']) expect(names).toContain(`${odds}_${n}`);
    }
  });
  it('win, lose and push add up to one for every bet; the per-roll edge is the edge over the rolls to a decision', () => {
    for (const e of [...field2.bets, ...field3.bets]) {
      expect(e.win.add(e.lose).add(e.push), e.bet).toEqual(Fraction.ONE);
      expect(e.houseEdgePerRoll.mul(e.rollsToDecision), e.bet).toEqual(e.houseEdge);
    }
  });
  it('one-roll bets have the same edge per bet resolved and per roll', () => {
    for (const bet of ['ANY_CRAPS', 'ANY_SEVEN', 'ELEVEN', 'ACE_DEUCE', 'ACES', 'BOXCARS', 'HORN', 'FIELD', 'BIG', 'SMALL']) {
      expect(entry(field2, bet).rollsToDecision).toEqual(Fraction.ONE);
      expect(entry(field2, bet).houseEdgePerRoll).toEqual(entry(field2, bet).houseEdge);
    }
  });
  it('come odds working on the come-out are exactly Pass odds; off, they are sometimes returned but still fair', () => {
    const working = crapsReport(makeCrapsOptions({ comeOddsWorkingOnComeOut: true }));
    for (const n of [4, 5, 6, 8, 9, 10]) {
      const { win, lose, push } = entry(working, `PASS_ODDS_${n}`);
      expect(entry(working, `COME_ODDS_${n}`)).toMatchObject({ win, lose, push });
      const off = entry(field2, `COME_ODDS_${n}`);
      expect(off.push.compare(Fraction.ZERO)).toBe(1);
      expect(off.houseEdge).toEqual(Fraction.ZERO);
    }
  });
  it('hardways and Big numbers off on the come-out keep their edge per bet resolved but last longer, so lose less per roll', () => {
    const off = crapsReport(makeCrapsOptions({ hardwaysWorkingOnComeOut: false, bigNumbersWorkingOnComeOut: false }));
    for (const bet of ['HARD_4', 'HARD_8', 'BIG_5', 'BIG_6']) {
      expect(entry(off, bet).houseEdge).toEqual(entry(field2, bet).houseEdge);
      expect(entry(off, bet).houseEdgePerRoll.compare(entry(field2, bet).houseEdgePerRoll)).toBe(-1);
    }
  });
});

describe('the CLI: npm run --silent report -- craps', () => {
  it('--format json prints every figure as an exact "n/d" string', () => {
    const json = JSON.parse(run(['--field12=3', '--format', 'json']));
    expect(json.game).toBe('craps');
    expect(json.options).toMatchObject({ field12Pays: 3 });
    expect(json.bets[0]).toEqual({
      bet: 'PASS_LINE',
      win: '244/495',
      lose: '251/495',
      push: '0',
      houseEdge: '7/495',
      houseEdgePerRoll: '7/1671',
    });
    expect(json.bets.find((b: { bet: string }) => b.bet === 'FIELD').houseEdge).toBe('1/36');
    expect(json.bets.map((b: { bet: string }) => b.bet)).toEqual(field3.bets.map((e) => e.bet));
  });
  it('prints a readable table by default, with percentages', () => {
    const text = run([]);
    expect(text).toMatch(/PASS_LINE\s+1:1\s+244\/495\s+251\/495\s+0\s+7\/495\s+1\.414%\s+7\/1671\s+0\.419%/);
    expect(text).toMatch(/Field 12 pays 2:1/);
  });
  it('refuses options it does not know', () => {
    expect(() => run(['--field12=4'])).toThrow(/--field12 must be 2 or 3/);
    expect(() => run(['--decks', '8'])).toThrow(/unknown option --decks/);
  });
});
