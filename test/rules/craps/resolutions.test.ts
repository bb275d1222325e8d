import { describe, expect, it } from 'vitest';
import { LOSE, PUSH, STAYS, isDecided, stakeReturned } from '../../../functions/rules/craps';
import { bet } from './support/layout';

describe("stakeReturned: what goes back to the player's balance", () => {
  const field = bet('FIELD', 500);
  it('a win returns the stake and the winnings', () => expect(stakeReturned(field, { outcome: 'WIN', winnings: 1000 })).toBe(1500));
  it('a push returns the stake', () => expect(stakeReturned(field, PUSH)).toBe(500));
  it('a loss returns nothing', () => expect(stakeReturned(field, LOSE)).toBe(0));
  it('a bet that stays up or moves returns nothing yet', () => {
    expect(stakeReturned(field, STAYS)).toBe(0);
    expect(stakeReturned(bet('COME', 500), { outcome: 'MOVED', number: 6 })).toBe(0);
  });
  it('only wins, losses and pushes take a bet off the layout', () => {
    expect([{ outcome: 'WIN', winnings: 1 } as const, LOSE, PUSH, STAYS, { outcome: 'MOVED', number: 4 } as const].map(isDecided)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });
  it('shared resolutions cannot be altered by a caller', () => {
    expect(Object.isFrozen(LOSE) && Object.isFrozen(PUSH) && Object.isFrozen(STAYS)).toBe(true);
  });
});
