import type { BetRecord } from '../../store/betting/bet-records';
import type { ServiceDependencies } from '../kernel/services';

/**
 * A player's own bets at a table as this process last saw them, so that a player's next bet in
 * the same betting window goes out as one transaction, with no read before it (players lay
 * several chips a round). A copy is exact while two things hold, and the bet's own transaction
 * checks both:
 * - the position's version is the one the copy was taken at: every placement and take-down
 *   moves it, in whatever process it runs (the transaction's condition on the position);
 * - the round is the one the copy was taken for: the only other thing that changes a player's
 *   bets is an outcome being paid, and an outcome moves the round (the gate's condition on the
 *   round). The copy holds the bets as they stand once any outcome recorded before that round
 *   is paid, so a payment still running does not age it.
 * Whatever a copy leads to that fails either condition, or that the rules refuse, is asked again
 * of a fresh read (see placeBet). Anything new that changes a player's bets outside an outcome
 * (a voided round, say) must move the position's version too.
 */
export interface LayoutCopy {
  /** The round (currentRound of the table) the bets are as they stand for. */
  readonly round: number;
  readonly positionVersion: number;
  readonly bets: readonly BetRecord[];
}

const MAX_COPIES = 10_000;
/** A copy nobody used for this long is dropped: memory only, a copy does not age otherwise. */
const IDLE_MS = 120_000;

const copies = new Map<string, { readonly copy: LayoutCopy; readonly keptAt: number }>();

const keyOf = (deps: ServiceDependencies, tableId: string, playerId: string) => `${deps.db.tableName}\u0000${tableId}\u0000${playerId}`;

/** The copy kept for the player at the table; it holds only for its round (the caller compares). */
export function rememberedLayout(deps: ServiceDependencies, tableId: string, playerId: string): LayoutCopy | undefined {
  const key = keyOf(deps, tableId, playerId);
  const kept = copies.get(key);
  if (!kept) return undefined;
  if (performance.now() - kept.keptAt > IDLE_MS) {
    copies.delete(key);
    return undefined;
  }
  return kept.copy;
}

/** Keeps the player's bets as a placement or take-down that just landed left them. */
export function rememberLayout(deps: ServiceDependencies, tableId: string, playerId: string, copy: LayoutCopy): void {
  const key = keyOf(deps, tableId, playerId);
  copies.delete(key);
  if (copies.size >= MAX_COPIES) copies.delete(copies.keys().next().value!);
  copies.set(key, { copy, keptAt: performance.now() });
}

export function forgetLayout(deps: ServiceDependencies, tableId: string, playerId: string): void {
  copies.delete(keyOf(deps, tableId, playerId));
}
