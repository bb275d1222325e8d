import { describe, expect, it } from 'vitest';
import { isEligibleShooter, makeCrapsOptions, nextShooter } from '../../../functions/rules/craps';
import { bet } from './support/layout';

const options = makeCrapsOptions({ minimum: 100, maximum: 10_000, limits: { PASS_LINE: { minimum: 50 } } });
const line = (playerId: string, type: 'PASS_LINE' | 'DONT_PASS' | 'FIELD', amount = 100) => ({ ...bet(type, amount), playerId });
const seats = ['ana', 'bo', 'cy', 'dee'];

describe("who may shoot (art. 2.1): at least the table minimum on a Pass or Don't Pass bet", () => {
  it('a line bet of the table minimum qualifies, on either side', () => {
    expect(isEligibleShooter('ana', [line('ana', 'PASS_LINE')], options)).toBe(true);
    expect(isEligibleShooter('ana', [line('ana', 'DONT_PASS')], options)).toBe(true);
  });
  it("other bets, smaller line bets, or another player's line bet do not", () => {
    expect(isEligibleShooter('ana', [line('ana', 'FIELD', 5000)], options)).toBe(false);
    expect(isEligibleShooter('ana', [line('ana', 'PASS_LINE', 50)], options)).toBe(false);
    expect(isEligibleShooter('ana', [line('bo', 'PASS_LINE')], options)).toBe(false);
  });
});

describe('who shoots next (art. 2.3, 4): the next eligible player in seat order [interpretation]', () => {
  const bets = [line('ana', 'PASS_LINE'), line('cy', 'FIELD'), line('dee', 'DONT_PASS')];
  it('skips players without a qualifying line bet', () => expect(nextShooter(seats, 'ana', bets, options)).toBe('dee'));
  it('goes round the table', () => expect(nextShooter(seats, 'dee', bets, options)).toBe('ana'));
  it('starts at the first seat when nobody has the dice', () => expect(nextShooter(seats, null, bets, options)).toBe('ana'));
  it('gives the dice back to the shooter when nobody else is eligible', () =>
    expect(nextShooter(seats, 'ana', [line('ana', 'PASS_LINE')], options)).toBe('ana'));
  it('is null when nobody may shoot', () => expect(nextShooter(seats, 'ana', [line('cy', 'FIELD')], options)).toBeNull());
  it('starts from the first seat when the shooter has left the table', () =>
    expect(nextShooter(['bo', 'cy', 'dee'], 'ana', bets, options)).toBe('dee'));
});
