import { GAME_NAMES, gameOf } from '../../rules/games';
import { balanceCeiling, LARGEST_JACKPOT_PRIZE, MAX_MONEY } from '../../rules/money';
import type { BetRecord, Game } from '../../store/kernel/records';
import { ServiceError } from '../kernel/service-error';
import type { TableOf } from '../tables/table-access';

/**
 * Seats at a table of each game, numbered from 1 (each game's `seats`, rules/games.ts).
 * @deprecated Read `gameOf(game).seats`; kept until the resolvers do.
 */
export const SEATS: Readonly<Record<Game, number>> = Object.fromEntries(GAME_NAMES.map((game) => [game, gameOf(game).seats])) as Record<
  Game,
  number
>;

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
    throw new ServiceError('BAD_USER_INPUT', `seat must be from 1 to ${seats}, got ${bet.seat}.`);
  }
}

/** One player cannot fill a table: at most so many open bets, and so much staked in one round. */
function assertPlayerLimits(table: TableOf<Game>, bet: BetRecord, own: readonly BetRecord[]): void {
  const { maxOpenBets, maxStakePerRound } = table.playerLimits;
  if (own.length >= maxOpenBets) {
    throw new ServiceError(
      'PLAYER_BET_LIMIT',
      `You have ${own.length} open bets at the table, the most one player may have there (${maxOpenBets}).`,
    );
  }
  const staked = own.filter((open) => open.round === bet.round).reduce((sum, open) => sum + open.amount, 0);
  if (staked + bet.amount > maxStakePerRound) {
    throw new ServiceError(
      'PLAYER_STAKE_LIMIT',
      `A stake of ${bet.amount} would make ${staked + bet.amount} this round at the table, above the ${maxStakePerRound} one player may stake in a round.`,
    );
  }
}

/**
 * The most the player's balance may hold before `bet`'s stake leaves it (the placement's debit is
 * conditioned on it): so that were the bet and the player's other open bets at the table (`own`)
 * each to return the most its game pays (stake included; the round's jackpot bets, the largest
 * prize together), the balance would still be within MAX_MONEY, the Money scalar's exact range.
 * Refuses at once (BALANCE_LIMIT) a bet that no balance could take.
 */
export function largestBalanceBeforeStake(table: TableOf<Game>, bet: BetRecord, own: readonly BetRecord[]): number {
  const bets = [...own, bet];
  const perUnit = BigInt(gameOf(table.game).largestReturnPerUnit);
  let largestReturns = bets.some((b) => b.type === 'JACKPOT') ? BigInt(LARGEST_JACKPOT_PRIZE) : 0n;
  for (const b of bets) if (b.type !== 'JACKPOT') largestReturns += BigInt(b.amount) * perUnit;
  const ceiling = balanceCeiling(bet.amount, largestReturns);
  if (ceiling < 0n) throw balanceLimit();
  return Number(ceiling < BigInt(MAX_MONEY) ? ceiling : BigInt(MAX_MONEY));
}

/** A bet whose largest win could take the balance past MAX_MONEY: the message says why, never the amounts sent. */
export const balanceLimit = (): ServiceError =>
  new ServiceError(
    'BALANCE_LIMIT',
    `Were this bet and your open bets at the table to win the most they can, your balance would pass ${MAX_MONEY}, the most one may hold: bet less, or withdraw first.`,
  );
