import type { CrapsTableOptions } from './options';
import type { CrapsBet } from './types';

/**
 * Who may throw the dice: a player whose open bets at the table total at least the table minimum,
 * whatever their types. Art. 2.1: "only a player who has bet the minimum may throw the dice", and
 * it names no bet; art. 4(1) ends the shooter's turn when he "stops placing any bet". Read as
 * written [interpretation, docs/RULES.md]: the narrower reading once applied here (a Pass Line or
 * Don't Pass bet) could leave a table with a point on and nobody allowed to throw, since neither bet
 * may be made once the point is on.
 * Stops adding once the minimum is reached, so the running total stays an exact integer.
 */
export function isEligibleShooter(playerId: string, openBets: readonly CrapsBet[], options: CrapsTableOptions): boolean {
  let total = 0;
  for (const bet of openBets) {
    if (bet.playerId !== playerId) continue;
    total += bet.amount;
    if (total >= options.minimum) return true;
  }
  return false;
}

/**
 * Where a player stands in the order the dice pass in (art. 2.3): their lowest seat, or null for
 * a player betting without one (online), who comes after every seat. Players on the same place
 * (only the seatless can be) follow the order of their ids, so that the order never depends on
 * how the layout was read.
 */
export interface ShooterPosition {
  readonly playerId: string;
  readonly seat: number | null;
}

const rank = (seat: number | null) => seat ?? Number.POSITIVE_INFINITY;
const compare = (a: ShooterPosition, b: ShooterPosition) =>
  rank(a.seat) - rank(b.seat) || (a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0);

/** The players on the layout, each once at their lowest seat, in the order the dice pass in. */
export function seatOrder(bets: readonly { readonly playerId: string; readonly seat?: number | null }[]): ShooterPosition[] {
  const seatOf = new Map<string, number | null>();
  for (const { playerId, seat = null } of bets) {
    const known = seatOf.get(playerId);
    if (!seatOf.has(playerId) || rank(seat) < rank(known ?? null)) seatOf.set(playerId, seat);
  }
  return [...seatOf].map(([playerId, seat]) => ({ playerId, seat })).sort(compare);
}

/**
 * Who takes the dice when a shooter's turn ends, on a seven-out (art. 4(2)) or when they stop
 * betting (art. 4(1)): the next eligible player in seat order after `after` [interpretation],
 * going round the table (art. 2.3: the dice start with the player at the stickman's left, the
 * lowest seat, and pass on when a player declines). `after` need not be on the layout any more: a
 * shooter who left hands the dice to the seat after theirs. `after` itself comes last, so the
 * dice come back to a shooter nobody else can take them from. Null when nobody is eligible.
 */
export function nextShooter(
  players: readonly ShooterPosition[],
  after: ShooterPosition | null,
  openBets: readonly CrapsBet[],
  options: CrapsTableOptions,
): ShooterPosition | null {
  const start = after === null ? 0 : players.findIndex((player) => compare(player, after) > 0);
  const from = start === -1 ? 0 : start;
  for (let step = 0; step < players.length; step++) {
    const candidate = players[(from + step) % players.length]!;
    if (isEligibleShooter(candidate.playerId, openBets, options)) return candidate;
  }
  return null;
}

/**
 * Who throws the next roll: the player holding the dice while their open bets still total the
 * table minimum; a holder who stopped betting loses the dice to the next eligible player (art.
 * 4(1)). Null when nobody at the table may shoot, and then there is no roll (art. 2.1).
 */
export function shooterOfRoll(
  players: readonly ShooterPosition[],
  holder: ShooterPosition | null,
  openBets: readonly CrapsBet[],
  options: CrapsTableOptions,
): ShooterPosition | null {
  if (holder && isEligibleShooter(holder.playerId, openBets, options))
    return players.find((player) => player.playerId === holder.playerId) ?? holder;
  return nextShooter(players, holder, openBets, options);
}

/** Who holds the dice in a table's state, with their place in the seat order. */
export const holderOf = (state: { readonly shooter?: string | null; readonly shooterSeat?: number | null }): ShooterPosition | null =>
  state.shooter ? { playerId: state.shooter, seat: state.shooterSeat ?? null } : null;
