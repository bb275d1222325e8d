import { describe, expect, it } from 'vitest';
import { holderOf, isEligibleShooter, makeCrapsOptions, nextShooter, seatOrder, shooterOfRoll } from '../../../functions/rules/craps';
import { bet } from './support/layout';
import type { CrapsBetType } from '../../../functions/rules/craps';

// A table whose Pass Line and Field take stakes below the table minimum: a player can be at the
// table without having bet the minimum.
const options = makeCrapsOptions({ minimum: 100, maximum: 10_000, limits: { PASS_LINE: { minimum: 50 }, FIELD: { minimum: 50 } } });
const on = (playerId: string, type: CrapsBetType, amount = 100) => ({ ...bet(type, amount), playerId });
const at = (playerId: string, seat: number | null) => ({ playerId, seat });
const seats = [at('ana', 0), at('bo', 1), at('cy', 2), at('dee', 3)];

describe('who may shoot (art. 2.1, 4(1)): a player whose open bets total at least the table minimum, of any type [interpretation]', () => {
  it('a line bet of the table minimum qualifies, on either side', () => {
    expect(isEligibleShooter('ana', [on('ana', 'PASS_LINE')], options)).toBe(true);
    expect(isEligibleShooter('ana', [on('ana', 'DONT_PASS')], options)).toBe(true);
  });
  it.each(['FIELD', 'BIG_6', 'HARD_8', 'ANY_SEVEN', 'COME', 'DONT_COME'] as const)(
    'so does any other bet of the table minimum: %s (art. 2.1 names no bet)',
    (type) => expect(isEligibleShooter('ana', [on('ana', type)], options)).toBe(true),
  );
  it('counts every open bet of the player: two bets under the minimum that reach it together qualify', () => {
    expect(isEligibleShooter('ana', [on('ana', 'PASS_LINE', 50), on('ana', 'FIELD', 50)], options)).toBe(true);
    expect(isEligibleShooter('ana', [on('ana', 'PASS_LINE', 50), on('ana', 'PASS_ODDS', 100)], options)).toBe(true);
  });
  it("bets totalling less than the minimum, no bets, or another player's bets do not", () => {
    expect(isEligibleShooter('ana', [on('ana', 'PASS_LINE', 50)], options)).toBe(false);
    expect(isEligibleShooter('ana', [], options)).toBe(false);
    expect(isEligibleShooter('ana', [on('bo', 'PASS_LINE', 5000), on('ana', 'FIELD', 50)], options)).toBe(false);
  });
  it('adds exactly, at large stakes too', () => {
    const big = makeCrapsOptions({ minimum: 2 ** 40, maximum: 2 ** 40 });
    expect(isEligibleShooter('ana', [on('ana', 'FIELD', 2 ** 40 - 1)], big)).toBe(false);
    expect(isEligibleShooter('ana', [on('ana', 'FIELD', 2 ** 40 - 1), on('ana', 'BIG_6', 1)], big)).toBe(true);
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
  const bets = [on('ana', 'PASS_LINE'), on('bo', 'FIELD', 50), on('cy', 'BIG_6'), on('dee', 'DONT_PASS')];
  it('skips players whose open bets are under the table minimum', () =>
    expect(nextShooter(seats, at('ana', 0), bets, options)).toEqual(at('cy', 2)));
  it('takes a player who bet the minimum on a bet other than a line bet', () =>
    expect(nextShooter(seats, at('ana', 0), [on('ana', 'PASS_LINE'), on('dee', 'HARD_4')], options)).toEqual(at('dee', 3)));
  it('goes round the table', () => expect(nextShooter(seats, at('dee', 3), bets, options)).toEqual(at('ana', 0)));
  it('starts at the first seat when nobody has the dice', () => expect(nextShooter(seats, null, bets, options)).toEqual(at('ana', 0)));
  it('gives the dice back to the shooter when nobody else is eligible', () =>
    expect(nextShooter(seats, at('ana', 0), [on('ana', 'PASS_LINE')], options)).toEqual(at('ana', 0)));
  it('is null when nobody may shoot', () => expect(nextShooter(seats, at('ana', 0), [on('cy', 'FIELD', 50)], options)).toBeNull());
  it('goes on from the seat of a shooter who has left the table', () => {
    const left = [at('ana', 0), at('cy', 2), at('dee', 3)];
    expect(nextShooter(left, at('bo', 1), bets, options)).toEqual(at('cy', 2));
  });
  it('reaches the players without a seat after every seat, then comes back round', () => {
    const online = [at('ana', 0), at('al', null), at('zed', null)];
    const lines = [on('ana', 'PASS_LINE'), on('al', 'PASS_LINE'), on('zed', 'DONT_PASS')];
    expect(nextShooter(online, at('ana', 0), lines, options)).toEqual(at('al', null));
    expect(nextShooter(online, at('al', null), lines, options)).toEqual(at('zed', null));
    expect(nextShooter(online, at('zed', null), lines, options)).toEqual(at('ana', 0));
  });
});

describe('who throws the roll: the holder while they bet the minimum, else the next eligible player (art. 4(1))', () => {
  it('is the holder of the dice while their open bets total the table minimum', () =>
    expect(shooterOfRoll(seats, at('bo', 1), [on('bo', 'PASS_LINE'), on('ana', 'PASS_LINE')], options)).toEqual(at('bo', 1)));
  it('keeps the dice with a holder whose line bet was decided but who bet the minimum on something else', () =>
    expect(shooterOfRoll(seats, at('bo', 1), [on('bo', 'BIG_8'), on('ana', 'PASS_LINE')], options)).toEqual(at('bo', 1)));
  it('passes the dice on from a holder who stopped betting (a natural paid their Pass Line and they did not bet the minimum again)', () =>
    expect(shooterOfRoll(seats, at('bo', 1), [on('bo', 'FIELD', 50), on('ana', 'PASS_LINE')], options)).toEqual(at('ana', 0)));
  it('is the first eligible player in seat order when nobody holds the dice yet', () =>
    expect(shooterOfRoll(seats, null, [on('dee', 'PASS_LINE'), on('cy', 'ANY_CRAPS')], options)).toEqual(at('cy', 2)));
  it('is null when nobody may shoot, so there is no roll', () =>
    expect(shooterOfRoll(seats, at('bo', 1), [on('bo', 'FIELD', 50)], options)).toBeNull());
  it("reads the holder from a table's state, old states without a seat included", () => {
    expect(holderOf({ shooter: 'bo', shooterSeat: 1 })).toEqual(at('bo', 1));
    expect(holderOf({ shooter: 'bo' })).toEqual(at('bo', null));
    expect(holderOf({ shooter: null })).toBeNull();
    expect(holderOf({})).toBeNull();
  });
});
