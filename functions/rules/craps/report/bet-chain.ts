import { Fraction } from '../../fraction';
import { ALL_DICE } from '../dice';
import type { CrapsTableOptions } from '../options';
import { settleRoll } from '../settle-roll';
import type { CrapsBet, CrapsTableState } from '../types';
import { solveExactly } from './linear-system';

/**
 * The exact fate of one bet, worked out by driving the real settlement (`settleRoll`) over
 * the 36 equally likely dice outcomes, roll after roll, as an absorbing Markov chain on
 * (table phase and point, the bet's come number). Because the report and the cashier share
 * one settlement, the figures describe the bet that is actually paid.
 *
 * The stake is chosen so that every payout in the pay table is a whole number (all their
 * denominators divide it): winnings/stake is then the exact prize ratio, nothing rounded.
 */
export const EXACT_STAKE = 3600;

/** Where the bet starts: the table, the bets involved (the studied bet last), and how likely that start is. */
export interface ChainStart {
  readonly weight: Fraction;
  readonly state: CrapsTableState;
  readonly bets: readonly CrapsBet[];
}

export interface BetFate {
  readonly win: Fraction;
  readonly lose: Fraction;
  readonly push: Fraction;
  /** Expected net result per unit staked (negative: the house's edge). */
  readonly expectedReturn: Fraction;
  /** Expected number of rolls the bet is on the layout before it is decided. */
  readonly rolls: Fraction;
}

const ONE_36TH = Fraction.of(1, 36);
/** Columns of the system: win, lose, push, expected return, rolls. */
const COLUMNS = 5;

export function betFate(options: CrapsTableOptions, starts: readonly ChainStart[]): BetFate {
  const index = new Map<string, number>();
  const nodes: { state: CrapsTableState; bets: readonly CrapsBet[] }[] = [];
  const visit = (state: CrapsTableState, bets: readonly CrapsBet[]): number => {
    const key = nodeKey(state, bets);
    let i = index.get(key);
    if (i === undefined) {
      i = nodes.length;
      index.set(key, i);
      nodes.push({ state, bets });
    }
    return i;
  };
  for (const start of starts) visit(start.state, start.bets);

  // Build (I - Q) x = r one node at a time; new nodes are appended as they are reached.
  const transitions: Map<number, Fraction>[] = [];
  const immediate: Fraction[][] = [];
  for (let i = 0; i < nodes.length; i++) {
    const { state, bets } = nodes[i]!;
    const studied = bets.length - 1;
    const next = new Map<number, Fraction>();
    const r = Array.from({ length: COLUMNS }, () => Fraction.ZERO);
    r[4] = Fraction.ONE; // this roll counts
    for (const dice of ALL_DICE) {
      const settled = settleRoll(state, options, bets, { kind: 'DICE', dice });
      const resolution = settled.resolutions[studied]!;
      switch (resolution.outcome) {
        case 'WIN':
          r[0] = r[0]!.add(ONE_36TH);
          r[3] = r[3]!.add(ONE_36TH.mul(Fraction.of(resolution.winnings, bets[studied]!.amount)));
          break;
        case 'LOSE':
          r[1] = r[1]!.add(ONE_36TH);
          r[3] = r[3]!.sub(ONE_36TH);
          break;
        case 'PUSH':
          r[2] = r[2]!.add(ONE_36TH);
          break;
        case 'MOVED':
        case 'STAYS': {
          const after = bets.map((bet, b) => {
            const own = settled.resolutions[b]!;
            return own.outcome === 'MOVED' ? { ...bet, number: own.number } : bet;
          });
          const j = visit(settled.state, after);
          next.set(j, (next.get(j) ?? Fraction.ZERO).add(ONE_36TH));
        }
      }
    }
    transitions.push(next);
    immediate.push(r);
  }

  const a = nodes.map((_, i) =>
    nodes.map((__, j) => (i === j ? Fraction.ONE : Fraction.ZERO).sub(transitions[i]!.get(j) ?? Fraction.ZERO)),
  );
  const x = solveExactly(a, immediate);

  const total = Array.from({ length: COLUMNS }, () => Fraction.ZERO);
  for (const start of starts) {
    const row = x[index.get(nodeKey(start.state, start.bets))!]!;
    for (let c = 0; c < COLUMNS; c++) total[c] = total[c]!.add(start.weight.mul(row[c]!));
  }
  const [win, lose, push, expectedReturn, rolls] = total as [Fraction, Fraction, Fraction, Fraction, Fraction];
  return { win, lose, push, expectedReturn, rolls };
}

/** What a bet's future depends on: the table's phase and point, and where its bets stand. */
const nodeKey = (state: CrapsTableState, bets: readonly CrapsBet[]): string =>
  `${state.phase}/${state.point}/${bets.map((bet) => bet.number ?? '-').join(',')}`;
