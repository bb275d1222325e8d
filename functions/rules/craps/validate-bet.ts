import { winnings } from '../money';
import { RuleViolation } from '../rule-violation';
import { betTypeParam, moneyParam, numberParam, textParam } from '../error-params';
import { ODDS_BASE, isCrapsBetType, isLayOdds, isOddsBet, isPointNumber, type OddsBetType } from './bet-types';
import { largestOddsStake, type CrapsTableOptions } from './options';
import { LAY_ODDS } from './pay-table';
import { assertStakeWithinLimits } from './stake-limits';
import type { CrapsBet, CrapsTableState, PointNumber } from './types';

/**
 * May this bet be placed now? Throws a `RuleViolation` saying exactly why not; otherwise returns
 * the bet as it goes on the layout, changing nothing: an odds bet carries the number it works on
 * (art. 5.2(2), (4)-(6): the point for Pass and Don't Pass odds, its come bet's number for Come
 * and Don't Come odds), so that the layout shows it and its settlement never needs the base bet;
 * any other bet is returned as given. `openBets` are all the open bets at the table: only the
 * same player's are read (their base bet for odds, their stake already on the same spot).
 */
export function validateBet(state: CrapsTableState, options: CrapsTableOptions, bet: CrapsBet, openBets: readonly CrapsBet[]): CrapsBet {
  if (!isCrapsBetType(bet.type)) {
    throw new RuleViolation('UNKNOWN_BET_TYPE', 'That is not a craps bet (art. 5).');
  }
  if (openBets.some((open) => open.id === bet.id)) {
    throw new RuleViolation('DUPLICATE_BET', 'The bet is already on the layout.');
  }
  const own = openBets.filter((open) => open.playerId === bet.playerId);

  if (isOddsBet(bet.type)) {
    const base = oddsBase(state, bet, bet.type, own);
    assertStakeWithinLimits(options, bet, sum(own.filter((open) => open.baseBetId === base.id)));
    assertWithinMaxOdds(options, bet, bet.type, base, own);
    return bet.number === base.number ? bet : { ...bet, number: base.number };
  }

  if (bet.baseBetId != null) {
    throw new RuleViolation('BASE_BET_NOT_TAKEN', '{betType} is not an odds bet: only odds name the bet they back (baseBetId).', [
      textParam('betType', bet.type),
    ]);
  }
  assertPlaceableNow(state, bet);
  assertStakeWithinLimits(options, bet, sum(own.filter((open) => open.type === bet.type && open.number == null)));
  return bet;
}

/** When each bet that is not an odds bet may go on the layout. */
function assertPlaceableNow(state: CrapsTableState, bet: CrapsBet): void {
  if (bet.number != null) {
    throw new RuleViolation(
      'NUMBER_NOT_ALLOWED',
      `{betType} is placed without a number: ${bet.type === 'COME' || bet.type === 'DONT_COME' ? 'the next roll moves it to its come number (art. 5.2(5))' : 'its numbers are in its name'}.`,
      [textParam('betType', bet.type)],
    );
  }
  switch (bet.type) {
    // art. 5.2(1), (3): the line bets are made for a come-out roll.
    case 'PASS_LINE':
    case 'DONT_PASS':
      if (state.phase !== 'COME_OUT') {
        throw new RuleViolation(
          'BET_NOT_ALLOWED_IN_PHASE',
          '{betType} may only be placed before a come-out roll; the point is {point} (art. 5.2(1), (3)).',
          [textParam('betType', bet.type), numberParam('point', state.point!)],
        );
      }
      return;
    // art. 5.2(5), (6): Come and Don't Come only once the Pass Line has a point.
    case 'COME':
    case 'DONT_COME':
      if (state.phase !== 'POINT') {
        throw new RuleViolation(
          'BET_NOT_ALLOWED_IN_PHASE',
          '{betType} may only be placed while a Pass Line point is on; this is a come-out roll (art. 5.2(5), (6)).',
          [textParam('betType', bet.type)],
        );
      }
      return;
    // art. 5.5: one-roll and multi-roll bets may be made at any moment of the game.
    default:
      return;
  }
}

/** art. 5.2(2), (4), (5), (6): an additional bet goes on the player's own line or come bet, once it has a number. */
function oddsBase(state: CrapsTableState, bet: CrapsBet, type: OddsBetType, own: readonly CrapsBet[]): CrapsBet & { number: PointNumber } {
  const baseType = ODDS_BASE[type];
  if (bet.baseBetId == null) {
    throw new RuleViolation('ODDS_WITHOUT_BASE_BET', '{betType} must name the {baseType} bet it is added to (baseBetId).', [
      textParam('betType', type),
      textParam('baseType', baseType),
    ]);
  }
  const base = own.find((open) => open.id === bet.baseBetId);
  if (!base) {
    throw new RuleViolation(
      'ODDS_WITHOUT_BASE_BET',
      '{betType} needs your own open {baseType} bet; the bet named (baseBetId) is not one of your open bets.',
      [textParam('betType', type), textParam('baseType', baseType)],
    );
  }
  if (base.type !== baseType) {
    throw new RuleViolation('ODDS_ON_WRONG_BET', '{betType} is added to a {baseType} bet; the bet named is {namedType}.', [
      textParam('betType', type),
      textParam('baseType', baseType),
      textParam('namedType', base.type),
    ]);
  }
  let number: PointNumber | null | undefined;
  if (baseType === 'PASS_LINE' || baseType === 'DONT_PASS') {
    if (state.phase !== 'POINT') {
      throw new RuleViolation(
        'BET_NOT_ALLOWED_IN_PHASE',
        '{betType} may only be placed once a point is on (art. 5.2(2), (4)); this is a come-out roll.',
        [textParam('betType', type)],
      );
    }
    number = state.point;
  } else {
    number = base.number;
    if (number == null) {
      throw new RuleViolation(
        'ODDS_BEFORE_COME_NUMBER',
        '{betType} may only be placed once the come bet it backs has moved to its number (art. 5.2(5), (6)).',
        [textParam('betType', type)],
      );
    }
  }
  if (!isPointNumber(number)) {
    throw new RuleViolation('INVALID_TABLE_STATE', 'The bet named stands on a number that is not a point number.');
  }
  if (bet.number != null && bet.number !== number) {
    throw new RuleViolation('ODDS_ON_WRONG_NUMBER', '{betType} on the bet named is on {number}, not on the number given.', [
      textParam('betType', type),
      numberParam('number', number),
    ]);
  }
  return { ...base, number };
}

/**
 * The table's maximum odds, a multiple of the base bet per point (table option `maxOdds`).
 * Lay odds are measured by what they can win unless the table says by stake.
 */
function assertWithinMaxOdds(
  options: CrapsTableOptions,
  bet: CrapsBet,
  type: OddsBetType,
  base: CrapsBet & { number: PointNumber },
  own: readonly CrapsBet[],
): void {
  const multiple = options.maxOdds[base.number];
  const limit = multiple * base.amount;
  const stakes = [...own.filter((open) => open.baseBetId === base.id).map((open) => open.amount), bet.amount];
  if (isLayOdds(type) && options.layOddsLimit === 'WINNINGS') {
    const pays = LAY_ODDS[base.number]!;
    const canWin = stakes.reduce((total, stake) => total + winnings(stake, pays), 0);
    if (canWin > limit) {
      throw new RuleViolation(
        'ABOVE_MAX_ODDS',
        'Lay odds on {number} may win at most {multiple}x the {betType} bet ({limit}); these would win more.',
        oddsParams(base, multiple, limit),
      );
    }
    // The most that can be laid is the least stake that wins the whole limit: a unit more could
    // never win anything (601 laid on 5 against 4x a 100 bet wins 400, as 600 does) [interpretation].
    const most = largestOddsStake(type, limit, base.number, 'WINNINGS');
    const laid = stakes.reduce((total, stake) => total + stake, 0);
    if (laid > most) {
      throw new RuleViolation(
        'ABOVE_MAX_ODDS',
        'Lay odds on {number} are at most {most} against this {betType} bet: that already wins its {multiple}x ({limit}).',
        [...oddsParams(base, multiple, limit), moneyParam('most', most)],
      );
    }
    return;
  }
  const staked = stakes.reduce((total, stake) => total + stake, 0);
  if (staked > limit) {
    throw new RuleViolation(
      'ABOVE_MAX_ODDS',
      'Odds on {number} are limited to {multiple}x the {betType} bet ({limit}); this would make more.',
      oddsParams(base, multiple, limit),
    );
  }
}

/** What an odds refusal names: the point, the bet backed, the table's multiple and the limit it makes. */
const oddsParams = (base: CrapsBet & { number: PointNumber }, multiple: number, limit: number) => [
  numberParam('number', base.number),
  betTypeParam('betType', base.type),
  numberParam('multiple', multiple),
  moneyParam('limit', limit),
];

const sum = (bets: readonly CrapsBet[]): number => bets.reduce((total, bet) => total + bet.amount, 0);
