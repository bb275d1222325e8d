import { GAME_NAMES } from '../../rules/games';
import { GateMovedOn, moveGates } from '../../store/betting/gates';
import { shardSetText } from '../../store/betting/shard-set';
import { markBettingClosed, reopenBettingWindow } from '../../store/tables/tables';
import type { TableRecord } from '../../store/tables/table-records';
import { stampOf, type Caller, type ServiceDependencies } from '../kernel/services';
import { gameTablesOf } from '../tables/game-tables';
import { isBettingOpen } from './betting-gate';
import { MAX_ATTEMPTS, currentRound, loadPlayableTable, tableBusy } from '../tables/table-access';

/**
 * "No more bets" (the dice are thrown, the cards are coming): every shard of the betting gate
 * moves past the current round, each in a write of its own, so that from the moment this returns
 * no bet for the round can land (a bet in flight at a shard lands before it closes, or is refused
 * after), and no bet may be taken down until the outcome is recorded. Closing betting that is
 * already closed changes nothing; an interrupted close is finished by the next.
 */
export async function closeBetting(
  deps: ServiceDependencies,
  caller: Caller,
  tableId: string,
  { forRoll = true }: { readonly forRoll?: boolean } = {},
): Promise<TableRecord> {
  let round: number | undefined;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const table = await loadPlayableTable(deps, tableId, GAME_NAMES, { runBy: caller, atServerDealt: 'SERVER_OR_OPERATOR' });
    // The round this request closes is the one it found open: if another dealer's request closed
    // it and its outcome was recorded meanwhile, this one must not close the next round too.
    round ??= currentRound(table);
    if (table.bettingClosed || currentRound(table) !== round) return table;
    // Betting closes for an outcome only if the game's table may have it (craps: someone may throw
    // the roll); closing to void the layout needs nothing.
    const refusal = forRoll ? await gameTablesOf(table.game).closingRefusal(deps, table) : null;
    if (refusal) {
      // A clock that closed betting meanwhile opens it again, or nobody could ever bet their way to the outcome.
      const now = deps.now();
      const reopened = !isBettingOpen(table, now) && (await reopenBettingWindow(deps.db, table.id, table.version, now));
      throw refusal(reopened ? `Betting is open again for ${table.bettingWindowSeconds} s.` : 'Betting stays open.');
    }
    let holdingBets: readonly number[];
    try {
      ({ holdingBets } = await moveGates(deps.db, table.id, table.betShards, [round], round + 1));
    } catch (error) {
      // The table moved on meanwhile (it is being closed): read it again.
      if (error instanceof GateMovedOn) continue;
      throw error;
    }
    const shardsWithBets = shardSetText(holdingBets, table.betShards);
    const closed = await markBettingClosed(deps.db, table.id, table.version, stampOf(caller, deps), shardsWithBets);
    if (closed) return closed;
  }
  throw tableBusy();
}
