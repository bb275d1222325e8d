/**
 * The drawing rules of standard Punto Banco (docs/RULES.md, "Cards and dealing"; the base articles,
 * which the 2009 amendment leaves untouched). Totals are sums of point values modulo 10.
 * These three predicates are the tableau: resolveDeal, dealRound and the exact report all
 * ask them, so the game is defined once.
 */

/** A hand's total: the sum of its point values modulo 10. */
export function handTotal(values: readonly number[]): number {
  let sum = 0;
  for (const value of values) sum += value;
  return sum % 10;
}

/** A two-card total of 8 or 9 is a natural: both hands stand, no third card is dealt. */
export function isNatural(twoCardTotal: number): boolean {
  return twoCardTotal >= 8;
}

/** Player draws a third card on 0..5 and stands on 6 or 7 (naturals are settled before). */
export function playerDraws(playerTotal: number): boolean {
  return playerTotal <= 5;
}

/**
 * Banker's third card. If the Player stood (`playerThird` null), Banker draws on 0..5 and stands on
 * 6, 7. If the Player drew a card worth x: 0..2 draw; 3 draws unless x = 8; 4 draws if x in 2..7;
 * 5 draws if x in 4..7; 6 draws if x in 6..7; 7 stands.
 */
export function bankerDraws(bankerTotal: number, playerThird: number | null): boolean {
  if (playerThird === null) return bankerTotal <= 5;
  const x = playerThird;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return x !== 8;
    case 4:
      return x >= 2 && x <= 7;
    case 5:
      return x >= 4 && x <= 7;
    case 6:
      return x >= 6 && x <= 7;
    default:
      return false;
  }
}

/** Why the Banker draws or stands, in words, for error messages. */
export function bankerRuleText(bankerTotal: number, playerThird: number | null): string {
  const verdict = bankerDraws(bankerTotal, playerThird) ? 'draws' : 'stands';
  return playerThird === null
    ? `when the Player stands, the Banker ${verdict} on ${bankerTotal} (draws on 0-5, stands on 6-7)`
    : `the Banker ${verdict} on ${bankerTotal} when the Player's third card is worth ${playerThird}`;
}
