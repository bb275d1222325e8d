import type { CrapsBet } from '../rules/craps';
import type { BetRecord } from '../store/records';

/**
 * The bets on a craps table's layout, as the craps rules see them. Only craps bets are ever
 * placed at a craps table (the rules' validateBet refuses any other type), so the narrowing is
 * checked where the bets come in, not here.
 */
export const asCrapsBets = (bets: readonly BetRecord[]): readonly CrapsBet[] => bets as readonly CrapsBet[];

/**
 * The players at a craps table in seat order, as the layout shows them (each player once, at the
 * lowest seat they bet from): the order the dice pass in (art. 2.3). Players betting without a
 * seat come last, in the order they first bet.
 */
export function seatOrder(bets: readonly BetRecord[]): string[] {
  const seatOf = new Map<string, number>();
  for (const bet of bets) {
    const seat = bet.seat ?? Number.POSITIVE_INFINITY;
    if (!seatOf.has(bet.playerId) || seat < seatOf.get(bet.playerId)!) seatOf.set(bet.playerId, seat);
  }
  return [...seatOf].sort(([, a], [, b]) => (a === b ? 0 : a < b ? -1 : 1)).map(([playerId]) => playerId);
}
