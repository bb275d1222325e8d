import { describe, expect, it } from 'vitest';
import { bankerDraws, handTotal, isNatural, playerDraws } from '../../../functions/rules/baccarat';
import { BANKER_AFTER_PLAYER_DRAWS } from './support/tableau-grid';

describe('the tableau', () => {
  it('totals hands modulo 10', () => {
    expect(handTotal([9, 9])).toBe(8);
    expect(handTotal([0, 0])).toBe(0);
    expect(handTotal([7, 5, 9])).toBe(1);
  });

  it('calls 8 and 9 on two cards naturals, nothing else', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].filter(isNatural)).toEqual([8, 9]);
  });

  it('has the Player draw on 0..5 and stand on 6, 7', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((total) => (playerDraws(total) ? 'D' : 'S')).join('')).toBe('DDDDDDSS');
  });

  it('has the Banker draw on 0..5 and stand on 6, 7 when the Player stood', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((total) => (bankerDraws(total, null) ? 'D' : 'S')).join('')).toBe('DDDDDDSS');
  });

  for (const [bankerTotal, row] of Object.entries(BANKER_AFTER_PLAYER_DRAWS)) {
    it(`has the Banker on ${bankerTotal} follow the row ${row} against the Player's third card 0..9`, () => {
      const actual = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((x) => (bankerDraws(Number(bankerTotal), x) ? 'D' : 'S')).join('');
      expect(actual).toBe(row);
    });
  }
});
