/**
 * Properties over random tables, layouts and dice (fast-check, seeded for reproducibility).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CRAPS_BET_TYPES,
  makeCrapsOptions,
  settleRoll,
  stakeReturned,
  type CrapsBet,
  type CrapsBetType,
  type CrapsTableState,
  type Dice,
  type Die,
  type PointNumber,
} from '../../../functions/rules/craps';
import { POINTS, deepFreeze } from './support/layout';

/** The prizes each bet can pay (art. 6), written out from the regulation. */
const STATED_PRIZES: Record<CrapsBetType, readonly (readonly [number, number])[]> = {
  PASS_LINE: [[1, 1]],
  DONT_PASS: [[1, 1]],
  COME: [[1, 1]],
  DONT_COME: [[1, 1]],
  PASS_ODDS: [
    [2, 1],
    [3, 2],
    [6, 5],
  ],
  COME_ODDS: [
    [2, 1],
    [3, 2],
    [6, 5],
  ],
  DONT_PASS_ODDS: [
    [1, 2],
    [2, 3],
    [5, 6],
  ],
  DONT_COME_ODDS: [
    [1, 2],
    [2, 3],
    [5, 6],
  ],
  ANY_CRAPS: [[7, 1]],
  ANY_SEVEN: [[4, 1]],
  ELEVEN: [[15, 1]],
  ACE_DEUCE: [[15, 1]],
  ACES: [[30, 1]],
  BOXCARS: [[30, 1]],
  HORN: [
    [27, 4],
    [3, 1],
  ],
  FIELD: [
    [1, 1],
    [2, 1],
    [3, 1],
  ],
  BIG: [[1, 1]],
  SMALL: [[1, 1]],
  HARD_4: [[7, 1]],
  HARD_10: [[7, 1]],
  HARD_6: [[9, 1]],
  HARD_8: [[9, 1]],
  BIG_4: [[9, 5]],
  BIG_10: [[9, 5]],
  BIG_5: [[7, 5]],
  BIG_9: [[7, 5]],
  BIG_6: [[7, 6]],
  BIG_8: [[7, 6]],
};

const die = fc.integer({ min: 1, max: 6 }) as fc.Arbitrary<Die>;
const diceArb = fc.tuple(die, die) as fc.Arbitrary<Dice>;
const pointArb = fc.constantFrom(...POINTS);
const stateArb: fc.Arbitrary<CrapsTableState> = fc
  .option(pointArb, { nil: null })
  .map((point) => (point === null ? { phase: 'COME_OUT', point: null, rollCount: 0 } : { phase: 'POINT', point, rollCount: 0 }));
const optionsArb = fc
  .record({
    field12Pays: fc.constantFrom(2 as const, 3 as const),
    comeOddsWorkingOnComeOut: fc.boolean(),
    dontComeOddsWorkingOnComeOut: fc.boolean(),
    bigNumbersWorkingOnComeOut: fc.boolean(),
    hardwaysWorkingOnComeOut: fc.boolean(),
  })
  .map((o) => makeCrapsOptions(o));

/**
 * One player's bet of any type that can be up in `state`, with the come or line bet its odds
 * back (the odds bet last). Stakes are any amount: rounding must never favour the player.
 */
function betsOf(state: CrapsTableState, playerId: string): fc.Arbitrary<CrapsBet[]> {
  return fc
    .record({
      type: fc.constantFrom(...CRAPS_BET_TYPES),
      amount: fc.integer({ min: 1, max: 1_000_000_000 }),
      number: pointArb,
      fresh: fc.boolean(),
      id: fc.uuid(),
    })
    .map(({ type, amount, number, fresh, id }) => {
      const make = (t: CrapsBetType, extra: Partial<CrapsBet> = {}): CrapsBet => ({
        id: `${id}-${t}`,
        playerId,
        type: t,
        amount,
        ...extra,
      });
      switch (type) {
        case 'PASS_ODDS':
        case 'DONT_PASS_ODDS': {
          const base = make(type === 'PASS_ODDS' ? 'PASS_LINE' : 'DONT_PASS');
          return state.phase === 'POINT' ? [base, make(type, { baseBetId: base.id })] : [base];
        }
        case 'COME_ODDS':
        case 'DONT_COME_ODDS': {
          const base = make(type === 'COME_ODDS' ? 'COME' : 'DONT_COME', { number });
          // The odds carry the come number, or leave it to be read from the come bet they back.
          return [base, make(type, fresh ? { baseBetId: base.id } : { baseBetId: base.id, number })];
        }
        case 'COME':
        case 'DONT_COME':
          return [make(type, { number: fresh && state.phase === 'POINT' ? null : number })];
        default:
          return [make(type)];
      }
    });
}

const scenario = stateArb.chain((state) =>
  fc.record({
    state: fc.constant(state),
    options: optionsArb,
    mine: betsOf(state, 'me'),
    others: fc
      .array(fc.tuple(fc.constantFrom('p1', 'p2', 'p3'), fc.nat()), { maxLength: 8 })
      .chain((players) => fc.tuple(...players.map(([p, i]) => betsOf(state, `${p}-${i}`))).map((groups) => groups.flat())),
    dice: diceArb,
    seed: fc.nat(),
  }),
);

describe('settlement properties', () => {
  it('no resolution creates or loses money beyond the stated prize: a win pays exactly one of its prizes, rounded down; a loss keeps the stake; anything else returns it or leaves it up', () => {
    fc.assert(
      fc.property(scenario, ({ state, options, mine, dice }) => {
        const { resolutions } = settleRoll(state, options, mine, { kind: 'DICE', dice });
        mine.forEach((bet, i) => {
          const resolution = resolutions[i]!;
          const returned = stakeReturned(bet, resolution);
          switch (resolution.outcome) {
            case 'WIN': {
              const w = resolution.winnings;
              expect(Number.isSafeInteger(w)).toBe(true);
              expect(returned).toBe(bet.amount + w);
              // w = floor(amount * to / per) for one of the bet's stated prizes.
              const matches = STATED_PRIZES[bet.type].some(([to, per]) => w * per <= bet.amount * to && bet.amount * to < (w + 1) * per);
              expect(matches, `${bet.type} ${bet.amount} won ${w}`).toBe(true);
              break;
            }
            case 'PUSH':
              expect(returned).toBe(bet.amount);
              break;
            default:
              expect(returned).toBe(0);
          }
        });
      }),
      { seed: 20100226, numRuns: 5000 },
    );
  });

  it("a bet's resolution never depends on other players' bets, nor on where it sits in the list", () => {
    fc.assert(
      fc.property(scenario, ({ state, options, mine, others, dice, seed }) => {
        const alone = settleRoll(state, options, mine, { kind: 'DICE', dice }).resolutions;
        const crowd = [...others];
        mine.forEach((bet, i) => crowd.splice((seed + i * 7) % (crowd.length + 1), 0, bet));
        const settled = settleRoll(state, options, crowd, { kind: 'DICE', dice });
        mine.forEach((bet, i) => expect(settled.resolutions[crowd.indexOf(bet)]).toEqual(alone[i]));
      }),
      { seed: 7, numRuns: 3000 },
    );
  });

  it('is pure: frozen inputs are not touched, and the same inputs give the same result', () => {
    fc.assert(
      fc.property(scenario, ({ state, options, mine, others, dice }) => {
        const bets = deepFreeze([...mine, ...others]);
        const first = settleRoll(deepFreeze(state), deepFreeze(options), bets, deepFreeze({ kind: 'DICE', dice }));
        const again = settleRoll(state, options, bets, { kind: 'DICE', dice });
        expect(again).toEqual(first);
        expect(first.resolutions).toHaveLength(bets.length);
        expect(first.state.rollCount).toBe(state.rollCount + 1);
      }),
      { seed: 11, numRuns: 1000 },
    );
  });

  it('a decided come bet never moves, and a moving one lands on the total rolled', () => {
    fc.assert(
      fc.property(pointArb, diceArb, (point: PointNumber, dice) => {
        const come: CrapsBet = { id: 'c', playerId: 'me', type: 'COME', amount: 100 };
        const [resolution] = settleRoll({ phase: 'POINT', point, rollCount: 0 }, makeCrapsOptions(), [come], {
          kind: 'DICE',
          dice,
        }).resolutions;
        if (resolution!.outcome === 'MOVED') expect(resolution!.number).toBe(dice[0] + dice[1]);
        else expect(['WIN', 'LOSE']).toContain(resolution!.outcome);
      }),
      { seed: 3 },
    );
  });
});
