import {
  initialCrapsState,
  isDecided,
  settleRoll,
  type BetResolution,
  type CrapsBet,
  type CrapsBetType,
  type CrapsTableOptions,
  type PointNumber,
} from '../../../../functions/rules/craps';
import { seededDice } from '../../../../functions/rules/craps/seeded-dice';

/**
 * A simulated table for the Monte Carlo check. It places a fresh instance of every bet each
 * time the rules allow it (line bets on every come-out roll, come bets on every point roll,
 * odds as soon as their bet has a number, one-roll bets on every roll, multi-roll bets on
 * every fourth), which is the placement the exact report assumes (in the long run any roll is
 * equally likely to be the one); it settles every roll through `settleRoll` and tallies, per
 * report entry, how each bet ended.
 */

const STAKE = 3600;
const ONE_ROLL: readonly CrapsBetType[] = [
  'ANY_CRAPS',
  'ANY_SEVEN',
  'ELEVEN',
  'ACE_DEUCE',
  'ACES',
  'BOXCARS',
  'HORN',
  'FIELD',
  'BIG',
  'SMALL',
];
const MULTI_ROLL: readonly CrapsBetType[] = [
  'HARD_4',
  'HARD_6',
  'HARD_8',
  'HARD_10',
  'BIG_4',
  'BIG_5',
  'BIG_6',
  'BIG_8',
  'BIG_9',
  'BIG_10',
];
/** Multi-roll bets go on every fourth roll only: still rolls taken at random in the long run, with fewer bets to carry. */
const MULTI_ROLL_EVERY = 4;
const ODDS_ON: Partial<Record<CrapsBetType, CrapsBetType>> = {
  PASS_LINE: 'PASS_ODDS',
  DONT_PASS: 'DONT_PASS_ODDS',
  COME: 'COME_ODDS',
  DONT_COME: 'DONT_COME_ODDS',
};

export interface Tally {
  n: number;
  win: number;
  lose: number;
  push: number;
  net: number;
  netSquared: number;
  /** sum over rolls of (decisions of this entry on that roll)^2 */
  clusterSquares: number;
}

/** Plays the table; returns one tally per report entry name. Entries are numbered for speed. */
export function simulateTable(options: CrapsTableOptions, entryNames: readonly string[], rolls: number, seed: number): Map<string, Tally> {
  const entryOf = new Map(entryNames.map((name, i) => [name, i]));
  const tallies = entryNames.map((): Tally => ({ n: 0, win: 0, lose: 0, push: 0, net: 0, netSquared: 0, clusterSquares: 0 }));
  const decidedThisRoll = new Int32Array(entryNames.length);
  const roll = seededDice(seed);
  let state = initialCrapsState();
  let bets: CrapsBet[] = [];
  let entries: number[] = [];
  let nextId = 0;
  const place = (type: CrapsBetType, entry: string, base?: CrapsBet, number?: PointNumber): void => {
    bets.push({ id: String(nextId++), playerId: 'sim', type, amount: STAKE, number: number ?? null, baseBetId: base?.id ?? null });
    entries.push(entryOf.get(entry)!);
  };

  for (let r = 0; r < rolls; r++) {
    if (state.phase === 'COME_OUT') {
      place('PASS_LINE', 'PASS_LINE');
      place('DONT_PASS', 'DONT_PASS');
    } else {
      place('COME', 'COME');
      place('DONT_COME', 'DONT_COME');
    }
    for (const type of ONE_ROLL) place(type, type);
    if (r % MULTI_ROLL_EVERY === 0) for (const type of MULTI_ROLL) place(type, type);

    const settled = settleRoll(state, options, bets, { kind: 'DICE', dice: roll() });
    const pointSet = state.phase === 'COME_OUT' && settled.state.phase === 'POINT';
    const previous = { bets, entries };
    bets = [];
    entries = [];
    decidedThisRoll.fill(0);
    for (let i = 0; i < previous.bets.length; i++) {
      const bet = previous.bets[i]!;
      const entry = previous.entries[i]!;
      const resolution = settled.resolutions[i]!;
      if (isDecided(resolution)) {
        count(tallies[entry]!, bet, resolution);
        decidedThisRoll[entry]!++;
        continue;
      }
      const stillUp = resolution.outcome === 'MOVED' ? { ...bet, number: resolution.number } : bet;
      bets.push(stillUp);
      entries.push(entry);
      // Odds go on as soon as their bet has a number: the line bets when the point is set, come bets when they move.
      const odds = ODDS_ON[bet.type];
      if (odds && (resolution.outcome === 'MOVED' || ((bet.type === 'PASS_LINE' || bet.type === 'DONT_PASS') && pointSet))) {
        const number = stillUp.number ?? settled.state.point!;
        place(odds, `${odds}_${number}`, bet, number);
      }
    }
    for (let e = 0; e < decidedThisRoll.length; e++) tallies[e]!.clusterSquares += decidedThisRoll[e]! ** 2;
    state = settled.state;
  }
  return new Map(entryNames.map((name, i) => [name, tallies[i]!]));
}

function count(t: Tally, bet: CrapsBet, resolution: BetResolution): void {
  t.n++;
  const net = resolution.outcome === 'WIN' ? resolution.winnings / bet.amount : resolution.outcome === 'LOSE' ? -1 : 0;
  if (resolution.outcome === 'WIN') t.win++;
  else if (resolution.outcome === 'LOSE') t.lose++;
  else t.push++;
  t.net += net;
  t.netSquared += net * net;
}
