import { Fraction } from '../../fraction';
import { POINT_NUMBERS } from '../bet-types';
import type { CrapsTableOptions } from '../options';
import { BIG_NUMBER_PAYS, LAY_ODDS, PAYS, TRUE_ODDS, field12Pays } from '../pay-table';
import { initialCrapsState } from '../table-state';
import type { CrapsBet, CrapsBetType, CrapsTableState, PointNumber } from '../types';
import { oddsText } from '../../money';
import { EXACT_STAKE, betFate, type ChainStart } from './bet-chain';
import { longRunPointSituations, longRunSituations } from './long-run';

/**
 * The exact odds report a casino attaches to an application for a new bet or prize
 * (art. 7.2: "probabilities, prizes, house advantage calculations"): for every bet, and every
 * number where it matters, the exact probabilities per bet resolved and the house edge.
 */
export interface CrapsReport {
  readonly game: 'craps';
  /** The options the figures depend on (stake limits and maximum odds do not change them). */
  readonly options: CrapsReportOptions;
  readonly bets: readonly CrapsReportEntry[];
  /** How each kind of bet is assumed to be placed: the figures depend on it only where an option turns bets off on the come-out. */
  readonly assumptions: readonly string[];
}

export type CrapsReportOptions = Pick<
  CrapsTableOptions,
  'field12Pays' | 'comeOddsWorkingOnComeOut' | 'dontComeOddsWorkingOnComeOut' | 'bigNumbersWorkingOnComeOut' | 'hardwaysWorkingOnComeOut'
>;

export interface CrapsReportEntry {
  /** The bet type, with the number where the figures depend on it (HARD_6, PASS_ODDS_4...). */
  readonly bet: string;
  readonly type: CrapsBetType;
  readonly number: PointNumber | null;
  /** The prize as the regulation states it (art. 6). */
  readonly pays: string;
  /** Probabilities per bet resolved: they add up to one. */
  readonly win: Fraction;
  readonly lose: Fraction;
  readonly push: Fraction;
  /** Expected loss per unit staked, per bet resolved (pushes count as resolutions). */
  readonly houseEdge: Fraction;
  /** Expected loss per unit staked per roll the bet is on the layout. */
  readonly houseEdgePerRoll: Fraction;
  /** Expected number of rolls from placing the bet to its decision. */
  readonly rollsToDecision: Fraction;
}

export const REPORT_ASSUMPTIONS: readonly string[] = [
  "Pass Line and Don't Pass are placed before a come-out roll; their odds as soon as the point is on.",
  "Come and Don't Come are placed on a roll chosen at random, in the long run, among those with a point on; their odds as soon as they move to their number.",
  'One-roll and multi-roll bets (art. 5.5: "at any moment") are placed on a roll chosen at random in the long run (come-out rolls are 165/557 of all rolls).',
  'Payouts are the exact prize ratios of art. 6; rounding a particular stake down to the minor unit only adds to the house edge.',
];

export function crapsReport(options: CrapsTableOptions): CrapsReport {
  const everyRoll = longRunSituations(options);
  const pointRolls = longRunPointSituations(options);
  const entries: CrapsReportEntry[] = [];
  const add = (bet: string, type: CrapsBetType, number: PointNumber | null, pays: string, starts: readonly ChainStart[]): void => {
    const fate = betFate(options, starts);
    const houseEdge = fate.expectedReturn.neg();
    entries.push({
      bet,
      type,
      number,
      pays,
      win: fate.win,
      lose: fate.lose,
      push: fate.push,
      houseEdge,
      houseEdgePerRoll: houseEdge.div(fate.rolls),
      rollsToDecision: fate.rolls,
    });
  };
  const onComeOut = (bet: CrapsBet): ChainStart[] => [{ weight: Fraction.ONE, state: initialCrapsState(), bets: [bet] }];
  const onAnyRoll = (bet: CrapsBet): ChainStart[] => everyRoll.map(({ state, share }) => ({ weight: share, state, bets: [bet] }));
  const onPointRoll = (bet: CrapsBet): ChainStart[] => pointRolls.map(({ state, share }) => ({ weight: share, state, bets: [bet] }));

  add('PASS_LINE', 'PASS_LINE', null, oddsText(PAYS.LINE), onComeOut(stake('PASS_LINE')));
  add('DONT_PASS', 'DONT_PASS', null, `${oddsText(PAYS.LINE)}, 12 bars`, onComeOut(stake('DONT_PASS')));
  add('COME', 'COME', null, oddsText(PAYS.LINE), onPointRoll(stake('COME')));
  add('DONT_COME', 'DONT_COME', null, `${oddsText(PAYS.LINE)}, 12 bars`, onPointRoll(stake('DONT_COME')));

  for (const n of POINT_NUMBERS) {
    const onPoint: CrapsTableState = { phase: 'POINT', point: n, rollCount: 0, shooter: null };
    const pass = stake('PASS_LINE');
    add(`PASS_ODDS_${n}`, 'PASS_ODDS', n, oddsText(TRUE_ODDS[n]!), [
      { weight: Fraction.ONE, state: onPoint, bets: [pass, oddsOn(pass, 'PASS_ODDS')] },
    ]);
    const dontPass = stake('DONT_PASS');
    add(`DONT_PASS_ODDS_${n}`, 'DONT_PASS_ODDS', n, oddsText(LAY_ODDS[n]!), [
      { weight: Fraction.ONE, state: onPoint, bets: [dontPass, oddsOn(dontPass, 'DONT_PASS_ODDS')] },
    ]);
  }
  for (const n of POINT_NUMBERS) {
    const come = { ...stake('COME'), number: n };
    add(`COME_ODDS_${n}`, 'COME_ODDS', n, oddsText(TRUE_ODDS[n]!), justMovedTo(n, [come, oddsOn(come, 'COME_ODDS')]));
  }
  for (const n of POINT_NUMBERS) {
    const dontCome = { ...stake('DONT_COME'), number: n };
    add(`DONT_COME_ODDS_${n}`, 'DONT_COME_ODDS', n, oddsText(LAY_ODDS[n]!), justMovedTo(n, [dontCome, oddsOn(dontCome, 'DONT_COME_ODDS')]));
  }

  const oneRoll: [CrapsBetType, string][] = [
    ['ANY_CRAPS', oddsText(PAYS.ANY_CRAPS)],
    ['ANY_SEVEN', oddsText(PAYS.ANY_SEVEN)],
    ['ELEVEN', oddsText(PAYS.ELEVEN)],
    ['ACE_DEUCE', oddsText(PAYS.ACE_DEUCE)],
    ['ACES', oddsText(PAYS.ACES)],
    ['BOXCARS', oddsText(PAYS.BOXCARS)],
    ['HORN', `${oddsText(PAYS.HORN_2_OR_12)} on 2, 12; ${oddsText(PAYS.HORN_3_OR_11)} on 3, 11`],
    ['FIELD', `${oddsText(PAYS.FIELD)}; 2 pays ${oddsText(PAYS.FIELD_2)}; 12 pays ${oddsText(field12Pays(options.field12Pays))}`],
    ['BIG', oddsText(PAYS.BIG_OR_SMALL)],
    ['SMALL', oddsText(PAYS.BIG_OR_SMALL)],
  ];
  for (const [type, pays] of oneRoll) add(type, type, null, pays, onAnyRoll(stake(type)));

  for (const n of [4, 6, 8, 10] as const) {
    const type = `HARD_${n}` as const;
    add(type, type, n, oddsText(n === 6 || n === 8 ? PAYS.HARD_6_OR_8 : PAYS.HARD_4_OR_10), onAnyRoll(stake(type)));
  }
  for (const n of POINT_NUMBERS) {
    const type = `BIG_${n}` as const;
    add(type, type, n, oddsText(BIG_NUMBER_PAYS[n]!), onAnyRoll(stake(type)));
  }

  return {
    game: 'craps',
    options: {
      field12Pays: options.field12Pays,
      comeOddsWorkingOnComeOut: options.comeOddsWorkingOnComeOut,
      dontComeOddsWorkingOnComeOut: options.dontComeOddsWorkingOnComeOut,
      bigNumbersWorkingOnComeOut: options.bigNumbersWorkingOnComeOut,
      hardwaysWorkingOnComeOut: options.hardwaysWorkingOnComeOut,
    },
    bets: entries,
    assumptions: REPORT_ASSUMPTIONS,
  };

  /**
   * Where the table stands when a come bet has just moved to n: it was placed with point p on
   * (long-run share), and the n rolled either made the point (back to a come-out) or did not.
   */
  function justMovedTo(n: PointNumber, bets: readonly CrapsBet[]): ChainStart[] {
    return pointRolls.map(({ state, share }) => ({
      weight: share,
      state: state.point === n ? initialCrapsState() : state,
      bets,
    }));
  }
}

function stake(type: CrapsBetType): CrapsBet {
  return { id: type, playerId: 'report', type, amount: EXACT_STAKE };
}

function oddsOn(base: CrapsBet, type: CrapsBetType): CrapsBet {
  return {
    id: `${type}-on-${base.id}`,
    playerId: base.playerId,
    type,
    amount: EXACT_STAKE,
    number: base.number ?? null,
    baseBetId: base.id,
  };
}
