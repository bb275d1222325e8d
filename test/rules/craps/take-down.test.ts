import { describe, expect, it } from 'vitest';
import { validateTakeDown, type CrapsBet, type CrapsTableState } from '../../../functions/rules/craps';
import { bet, comeOut, deepFreeze, defaultOptions, pointOn } from './support/layout';

const takingDown = (state: CrapsTableState, target: CrapsBet, open: CrapsBet[]) => () =>
  validateTakeDown(deepFreeze(state), defaultOptions, deepFreeze(target), deepFreeze(open));
const refused = (code: string, message: RegExp) =>
  expect.objectContaining({ name: 'RuleViolation', code, message: expect.stringMatching(message) });

describe('taking a bet down [interpretation, docs/RULES.md]', () => {
  it('a Pass Line may be taken down before the come-out roll, not once the point is on (a contract bet)', () => {
    const pass = bet('PASS_LINE', 100);
    expect(takingDown(comeOut(), pass, [pass])).not.toThrow();
    expect(takingDown(pointOn(8), pass, [pass])).toThrow(refused('CONTRACT_BET', /once the point \(8\) is on/));
  });

  it('a Come bet may be taken down until it moves to its number', () => {
    const newCome = bet('COME', 100);
    const comeOn6 = bet('COME', 100, { number: 6 });
    expect(takingDown(pointOn(8), newCome, [newCome])).not.toThrow();
    expect(takingDown(pointOn(8), comeOn6, [comeOn6])).toThrow(refused('CONTRACT_BET', /moved to its number \(6\)/));
  });

  it("Don't Pass, Don't Come, odds, hardways and Big numbers may be taken down while up", () => {
    const dontPass = bet('DONT_PASS', 100);
    const dontComeOn4 = bet('DONT_COME', 100, { number: 4 });
    const lay = bet('DONT_PASS_ODDS', 200, { baseBetId: dontPass.id });
    const pass = bet('PASS_LINE', 100);
    const odds = bet('PASS_ODDS', 300, { baseBetId: pass.id });
    for (const target of [lay, odds, dontComeOn4, bet('HARD_8', 100), bet('BIG_6', 600)]) {
      expect(takingDown(pointOn(5), target, [dontPass, dontComeOn4, lay, pass, odds, target])).not.toThrow();
    }
  });

  it('a bet carrying odds needs its odds taken down first', () => {
    const dontPass = bet('DONT_PASS', 100);
    const lay = bet('DONT_PASS_ODDS', 200, { baseBetId: dontPass.id });
    expect(takingDown(pointOn(5), dontPass, [dontPass, lay])).toThrow(refused('ODDS_STILL_UP', /Take down the DONT_PASS_ODDS/));
  });

  it("is never held up by another player's bet naming it", () => {
    const field = bet('FIELD', 100);
    const strangers = { ...bet('FIELD', 100, { baseBetId: field.id }), playerId: 'mallory' };
    expect(takingDown(comeOut(), field, [field, strangers])).not.toThrow();
  });

  it("only the player's own open bet", () => {
    const field = bet('FIELD', 100);
    expect(takingDown(comeOut(), field, [])).toThrow(refused('BET_NOT_OPEN', /not one of your open bets/));
    expect(takingDown(comeOut(), { ...field, playerId: 'mallory' }, [field])).toThrow(refused('BET_NOT_OPEN', /not one of your open bets/));
  });
});
