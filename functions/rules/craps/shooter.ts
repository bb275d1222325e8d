import type { CrapsTableOptions } from './options';
import type { CrapsBet } from './types';

/**
 * art. 2.1: only a player with at least the table minimum on a line bet (Pass Line or Don't
 * Pass, docs/RULES.md) may throw the dice.
 */
export function isEligibleShooter(playerId: string, openBets: readonly CrapsBet[], options: CrapsTableOptions): boolean {
  return openBets.some(
    (bet) => bet.playerId === playerId && (bet.type === 'PASS_LINE' || bet.type === 'DONT_PASS') && bet.amount >= options.minimum,
  );
}

/**
 * Who takes the dice when the shooter's turn ends: on a seven-out (art. 4(2)) or when they stop
 * betting (art. 4(1)). The next eligible player in seat order [interpretation], going round the
 * table (art. 2.3: the dice start with the player at the stickman's left, seat 0, and pass on
 * when a player declines), the current shooter last. Null when nobody is eligible.
 */
export function nextShooter(
  seats: readonly string[],
  current: string | null,
  openBets: readonly CrapsBet[],
  options: CrapsTableOptions,
): string | null {
  const from = current === null ? -1 : seats.indexOf(current);
  for (let step = 1; step <= seats.length; step++) {
    const candidate = seats[(from + step + seats.length) % seats.length]!;
    if (isEligibleShooter(candidate, openBets, options)) return candidate;
  }
  return null;
}
