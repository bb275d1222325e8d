import { describe, expect, it } from 'vitest';
import { holderOf, isEligibleShooter, makeCrapsOptions, nextShooter, seatOrder, shooterOfRoll } from '../../../functions/rules/craps';
import { bet } from './support/layout';

const options = makeCrapsOptions({ minimum: 100, maximum: 10_000, limits: { PASS_LINE: { minimum: 50 } } });
const line = (playerId: string, type: 'PASS_LINE' | 'DONT_PASS' | 'FIELD', amount = 100) => ({ ...bet(type, amount), playerId });
const at = (playerId: string, seat: number | null) => ({ playerId, seat });
const seats = [at('ana', 0), at('bo', 1), at('cy', 2), at('dee', 3)];

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

describe('the seat order the dice pass in (art. 2.3)', () => {
  it('puts each player once, at their lowest seat, and players without a seat last in the order of their ids', () => {
    const layout = [
      { playerId: 'zed', seat: null },
      { playerId: 'cy', seat: 5 },
      { playerId: 'ana', seat: 7 },
      { playerId: 'cy', seat: 2 },
      { playerId: 'al', seat: undefined },
      { playerId: 'ana', seat: 3 },
    ];
    expect(seatOrder(layout)).toEqual([at('cy', 2), at('ana', 3), at('al', null), at('zed', null)]);
  });
});

describe('who shoots next (art. 2.3, 4): the next eligible player in seat order [interpretation]', () => {
  const bets = [line('ana', 'PASS_LINE'), line('cy', 'FIELD'), line('dee', 'DONT_PASS')];
  it('skips players without a qualifying line bet', () => expect(nextShooter(seats, at('ana', 0), bets, options)).toEqual(at('dee', 3)));
  it('goes round the table', () => expect(nextShooter(seats, at('dee', 3), bets, options)).toEqual(at('ana', 0)));
  it('starts at the first seat when nobody has the dice', () => expect(nextShooter(seats, null, bets, options)).toEqual(at('ana', 0)));
  it('gives the dice back to the shooter when nobody else is eligible', () =>
    expect(nextShooter(seats, at('ana', 0), [line('ana', 'PASS_LINE')], options)).toEqual(at('ana', 0)));
  it('is null when nobody may shoot', () => expect(nextShooter(seats, at('ana', 0), [line('cy', 'FIELD')], options)).toBeNull());
  it('goes on from the seat of a shooter who has left the table', () => {
    const left = [at('ana', 0), at('cy', 2), at('dee', 3)];
    const all = [...bets, line('cy', 'DONT_PASS')];
    expect(nextShooter(left, at('bo', 1), all, options)).toEqual(at('cy', 2));
  });
  it('reaches the players without a seat after every seat, then comes back round', () => {
    const online = [at('ana', 0), at('al', null), at('zed', null)];
    const lines = [line('ana', 'PASS_LINE'), line('al', 'PASS_LINE'), line('zed', 'DONT_PASS')];
    expect(nextShooter(online, at('ana', 0), lines, options)).toEqual(at('al', null));
    expect(nextShooter(online, at('al', null), lines, options)).toEqual(at('zed', null));
    expect(nextShooter(online, at('zed', null), lines, options)).toEqual(at('ana', 0));
  });
});

describe('who throws the roll: the holder while they bet, else the next eligible player (art. 4(1))', () => {
  it('is the holder of the dice while they have a qualifying line bet', () =>
    expect(shooterOfRoll(seats, at('bo', 1), [line('bo', 'PASS_LINE'), line('ana', 'PASS_LINE')], options)).toEqual(at('bo', 1)));
  it('passes the dice on from a holder who stopped betting (a natural paid their Pass Line and they did not bet again)', () =>
    expect(shooterOfRoll(seats, at('bo', 1), [line('bo', 'FIELD'), line('ana', 'PASS_LINE')], options)).toEqual(at('ana', 0)));
  it('is the first eligible player in seat order when nobody holds the dice yet', () =>
    expect(shooterOfRoll(seats, null, [line('dee', 'PASS_LINE'), line('cy', 'DONT_PASS')], options)).toEqual(at('cy', 2)));
  it('is null when nobody may shoot, so there is no roll', () =>
    expect(shooterOfRoll(seats, at('bo', 1), [line('bo', 'FIELD')], options)).toBeNull());
  it("reads the holder from a table's state, old states without a seat included", () => {
    expect(holderOf({ shooter: 'bo', shooterSeat: 1 })).toEqual(at('bo', 1));
    expect(holderOf({ shooter: 'bo' })).toEqual(at('bo', null));
    expect(holderOf({ shooter: null })).toBeNull();
    expect(holderOf({})).toBeNull();
  });
});
