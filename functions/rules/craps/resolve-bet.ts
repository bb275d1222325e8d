import type { PayoutOdds } from '../money';
import { RuleViolation } from '../rule-violation';
import { BIG_NUMBER_PAYS, LAY_ODDS, PAYS, TRUE_ODDS } from './pay-table';
import { LOSE, MOVED_TO, PUSH, STAYS, win } from './resolutions';
import type { BetResolution, CrapsBet, PointNumber } from './types';
import { textParam } from '../error-params';

/**
 * What one roll means for the bets, worked out once per roll so that deciding each bet is a
 * handful of integer comparisons (the settlement runs millions of these per second).
 */
export interface RollFacts {
  /** Sum of the two dice. */
  readonly total: number;
  /** Both dice show the same face (a "hard" 4, 6, 8, 10). */
  readonly hard: boolean;
  /** The Pass Line point before this roll, or null on a come-out roll. */
  readonly point: PointNumber | null;
  /** Table options as they apply to this roll (off bets neither win nor lose). */
  readonly comeOddsWorking: boolean;
  readonly dontComeOddsWorking: boolean;
  readonly bigNumbersWorking: boolean;
  readonly hardwaysWorking: boolean;
  readonly field12: PayoutOdds;
}

/**
 * One bet's resolution on one roll. It reads only the roll, the table's point and this bet
 * (and, for odds on a come bet that does not carry its number, that come bet): never another
 * player's bet.
 */
export function resolveBet(bet: CrapsBet, roll: RollFacts, bets: readonly CrapsBet[]): BetResolution {
  const t = roll.total;
  switch (bet.type) {
    // art. 5.2(1): come-out 7 or 11 wins, 2, 3, 12 lose; then the point before a 7.
    case 'PASS_LINE':
      if (roll.point === null) return t === 7 || t === 11 ? win(bet.amount, PAYS.LINE) : isCraps(t) ? LOSE : STAYS;
      return t === roll.point ? win(bet.amount, PAYS.LINE) : t === 7 ? LOSE : STAYS;

    // art. 5.2(3): come-out 2, 3 win, 7, 11 lose, 12 is barred (push); then a 7 before the point.
    case 'DONT_PASS':
      if (roll.point === null)
        return t === 2 || t === 3 ? win(bet.amount, PAYS.LINE) : t === 12 ? PUSH : t === 7 || t === 11 ? LOSE : STAYS;
      return t === 7 ? win(bet.amount, PAYS.LINE) : t === roll.point ? LOSE : STAYS;

    // art. 5.2(5): the Come bet's own come-out is its next roll; 4-10 moves it to that number.
    case 'COME': {
      const n = bet.number;
      if (n == null) return t === 7 || t === 11 ? win(bet.amount, PAYS.LINE) : isCraps(t) ? LOSE : MOVED_TO[t]!;
      return t === n ? win(bet.amount, PAYS.LINE) : t === 7 ? LOSE : STAYS;
    }

    // art. 5.2(6): as Don't Pass, on the bet's own come-out and come number.
    case 'DONT_COME': {
      const n = bet.number;
      if (n == null) return t === 2 || t === 3 ? win(bet.amount, PAYS.LINE) : t === 12 ? PUSH : t === 7 || t === 11 ? LOSE : MOVED_TO[t]!;
      return t === 7 ? win(bet.amount, PAYS.LINE) : t === n ? LOSE : STAYS;
    }

    // art. 5.2(2), 6(2): the point before a 7, at true odds.
    case 'PASS_ODDS': {
      const n = pointOf(bet, roll);
      return t === n ? win(bet.amount, TRUE_ODDS[n]!) : t === 7 ? LOSE : STAYS;
    }

    // art. 5.2(4), 6(4): a 7 before the point, at lay odds.
    case 'DONT_PASS_ODDS': {
      const n = pointOf(bet, roll);
      return t === 7 ? win(bet.amount, LAY_ODDS[n]!) : t === n ? LOSE : STAYS;
    }

    // art. 5.2(5), 6(2). Off on a come-out roll unless the table says otherwise [interpretation]:
    // an off bet is returned when its come bet is decided.
    case 'COME_ODDS': {
      const n = comeNumberOf(bet, bets);
      if (t === n) return roll.comeOddsWorking ? win(bet.amount, TRUE_ODDS[n]!) : PUSH;
      if (t === 7) return roll.comeOddsWorking ? LOSE : PUSH;
      return STAYS;
    }

    // art. 5.2(6), 6(4). Working on a come-out roll unless the table says otherwise [interpretation].
    case 'DONT_COME_ODDS': {
      const n = comeNumberOf(bet, bets);
      if (t === 7) return roll.dontComeOddsWorking ? win(bet.amount, LAY_ODDS[n]!) : PUSH;
      if (t === n) return roll.dontComeOddsWorking ? LOSE : PUSH;
      return STAYS;
    }

    // One-roll bets (art. 5.3, prizes art. 6): anything but the winning totals loses.
    case 'ANY_CRAPS':
      return isCraps(t) ? win(bet.amount, PAYS.ANY_CRAPS) : LOSE;
    case 'ANY_SEVEN':
      return t === 7 ? win(bet.amount, PAYS.ANY_SEVEN) : LOSE;
    case 'ELEVEN':
      return t === 11 ? win(bet.amount, PAYS.ELEVEN) : LOSE;
    case 'ACE_DEUCE':
      return t === 3 ? win(bet.amount, PAYS.ACE_DEUCE) : LOSE;
    case 'ACES':
      return t === 2 ? win(bet.amount, PAYS.ACES) : LOSE;
    case 'BOXCARS':
      return t === 12 ? win(bet.amount, PAYS.BOXCARS) : LOSE;
    // art. 5.3(7), 6(11): a quarter on each of 2, 3, 11, 12; paid net on the whole stake.
    case 'HORN':
      return t === 2 || t === 12 ? win(bet.amount, PAYS.HORN_2_OR_12) : t === 3 || t === 11 ? win(bet.amount, PAYS.HORN_3_OR_11) : LOSE;
    // art. 5.3(8), 6(12): 3, 4, 9, 10, 11 even money; 2 pays 2:1; 12 pays the table's choice.
    case 'FIELD':
      if (t === 2) return win(bet.amount, PAYS.FIELD_2);
      if (t === 12) return win(bet.amount, roll.field12);
      return t === 3 || t === 4 || t === 9 || t === 10 || t === 11 ? win(bet.amount, PAYS.FIELD) : LOSE;
    // art. 5.3(9), 6(13)
    case 'BIG':
      return t >= 8 ? win(bet.amount, PAYS.BIG_OR_SMALL) : LOSE;
    case 'SMALL':
      return t <= 6 ? win(bet.amount, PAYS.BIG_OR_SMALL) : LOSE;

    // art. 5.4(1), 6(14): the pair before a 7 or the same total made the easy way.
    case 'HARD_4':
      return hardway(bet, roll, 4, PAYS.HARD_4_OR_10);
    case 'HARD_6':
      return hardway(bet, roll, 6, PAYS.HARD_6_OR_8);
    case 'HARD_8':
      return hardway(bet, roll, 8, PAYS.HARD_6_OR_8);
    case 'HARD_10':
      return hardway(bet, roll, 10, PAYS.HARD_4_OR_10);

    // art. 5.4(2)-(4), 6(15): the number before a 7; any other total is no decision.
    case 'BIG_4':
      return bigNumber(bet, roll, 4);
    case 'BIG_5':
      return bigNumber(bet, roll, 5);
    case 'BIG_6':
      return bigNumber(bet, roll, 6);
    case 'BIG_8':
      return bigNumber(bet, roll, 8);
    case 'BIG_9':
      return bigNumber(bet, roll, 9);
    case 'BIG_10':
      return bigNumber(bet, roll, 10);

    default:
      throw new RuleViolation('UNKNOWN_BET_TYPE', 'That is not a craps bet (art. 5).');
  }
}

const isCraps = (t: number): boolean => t === 2 || t === 3 || t === 12;

function hardway(bet: CrapsBet, roll: RollFacts, n: number, pays: PayoutOdds): BetResolution {
  if (!roll.hardwaysWorking) return STAYS;
  if (roll.total === n) return roll.hard ? win(bet.amount, pays) : LOSE;
  return roll.total === 7 ? LOSE : STAYS;
}

function bigNumber(bet: CrapsBet, roll: RollFacts, n: PointNumber): BetResolution {
  if (!roll.bigNumbersWorking) return STAYS;
  return roll.total === n ? win(bet.amount, BIG_NUMBER_PAYS[n]!) : roll.total === 7 ? LOSE : STAYS;
}

/** Pass and Don't Pass odds are on the table's point: without one they cannot be up. */
function pointOf(bet: CrapsBet, roll: RollFacts): PointNumber {
  if (roll.point === null) {
    throw new RuleViolation('ODDS_WITHOUT_POINT', '{betType} cannot be up on a come-out roll: there is no point.', [
      textParam('betType', bet.type),
    ]);
  }
  return roll.point;
}

/** Odds on a come bet are on its come number: carried by the odds bet, or read from the come bet it backs. */
function comeNumberOf(bet: CrapsBet, bets: readonly CrapsBet[]): PointNumber {
  if (bet.number != null) return bet.number;
  for (const other of bets) {
    if (other.id === bet.baseBetId && other.number != null) return other.number;
  }
  throw new RuleViolation('ODDS_WITHOUT_COME_NUMBER', '{betType} backs no come bet standing on a number (art. 5.2(5), (6)).', [
    textParam('betType', bet.type),
  ]);
}
