import { gameOf } from '../../rules/games';
import { MAX_BETTING_BALANCE, MAX_EXPOSURE, MAX_MONEY, reserveOf } from '../../rules/money';
import type { BetRecord } from '../../store/betting/bet-records';
import type { Game } from '../../store/tables/table-records';
import { ServiceError } from '../kernel/service-error';
import type { TableOf } from '../tables/table-access';
import { moneyParam, numberParam } from '../../rules/error-params';

/**
 * Asks the table's game rules whether `bet` may go on the layout now, next to the player's own
 * open bets (`own`, as they stand once any pending outcome is paid: the only bets a bet's
 * validity depends on); returns the bet as it will be laid (craps odds carry the number they work
 * on). Throws the rules' RuleViolation, or a ServiceError for a player over the table's limits,
 * a seat out of range, or input that belongs to another game.
 */
export function validatePlacement(table: TableOf<Game>, bet: BetRecord, own: readonly BetRecord[]): BetRecord {
  assertSeatExists(table, bet);
  assertPlayerLimits(table, bet, own);
  const game = gameOf(table.game);
  if (bet.baseBetId != null && !game.backsBets) throw new ServiceError('BAD_USER_INPUT', 'baseBetId applies to craps odds only.');
  return game.validateBet(table.options, table.state, bet, own);
}

function assertSeatExists(table: TableOf<Game>, bet: BetRecord): void {
  if (bet.seat == null) return;
  const { seats } = gameOf(table.game);
  if (!Number.isInteger(bet.seat) || bet.seat < 1 || bet.seat > seats) {
    throw new ServiceError('BAD_USER_INPUT', 'seat must be from 1 to {seats}.', 'seat', [numberParam('seats', seats)]);
  }
}

/** One player cannot fill a table: at most so many open bets, and so much staked in one round. */
function assertPlayerLimits(table: TableOf<Game>, bet: BetRecord, own: readonly BetRecord[]): void {
  const { maxOpenBets, maxStakePerRound } = table.playerLimits;
  if (own.length >= maxOpenBets) {
    throw new ServiceError(
      'PLAYER_BET_LIMIT',
      'You have {openBets} open bets at the table, the most one player may have there ({maxOpenBets}).',
      undefined,
      [numberParam('openBets', own.length), numberParam('maxOpenBets', maxOpenBets)],
    );
  }
  const staked = own.filter((open) => open.round === bet.round).reduce((sum, open) => sum + open.amount, 0);
  if (staked + bet.amount > maxStakePerRound) {
    throw new ServiceError(
      'PLAYER_STAKE_LIMIT',
      'The stake would take what you have staked this round at the table ({staked}) above the {maxStakePerRound} one player may stake in a round.',
      undefined,
      [moneyParam('staked', staked, table.currency), moneyParam('maxStakePerRound', maxStakePerRound, table.currency)],
    );
  }
}

/**
 * The bet with what it reserves of the player's room for wins while it is open (rules/money.ts,
 * MAX_EXPOSURE): the most it could return. The placement's debit takes the reserve onto the
 * account only if the balance is at most MAX_BETTING_BALANCE and the account's reserve stays
 * within MAX_EXPOSURE, so that no balance passes MAX_MONEY through winnings, whatever the player
 * has open at other tables. Refuses at once (BALANCE_LIMIT) a bet no account could take.
 */
export function withReserve(table: TableOf<Game>, bet: BetRecord): BetRecord {
  const reserve = reserveOf(bet, gameOf(table.game).largestReturnPerUnit);
  if (reserve > MAX_EXPOSURE) throw exposureLimit();
  return { ...bet, reserve };
}

/** A balance above MAX_BETTING_BALANCE: the player may withdraw, not bet. The message never echoes the amounts sent. */
export const bettingBalanceLimit = (): ServiceError =>
  new ServiceError(
    'BALANCE_LIMIT',
    'Your balance is above {maxBettingBalance}, the most one may bet from (winnings on it could pass {maxBalance}, the most a balance may hold): withdraw first.',
    undefined,
    // Counts of minor units, whatever the currency (written as counts: no currency is added to a NUMBER).
    [numberParam('maxBettingBalance', MAX_BETTING_BALANCE), numberParam('maxBalance', MAX_MONEY)],
  );

/** Open bets whose largest wins, with this one's, would leave the balance no room within MAX_MONEY. */
export const exposureLimit = (): ServiceError =>
  new ServiceError(
    'BALANCE_LIMIT',
    'Were this bet and your open bets at every table to win the most they can, your balance could pass {maxBalance}, the most one may hold: bet less, or wait for your open bets to be decided.',
    undefined,
    [numberParam('maxBalance', MAX_MONEY)],
  );
