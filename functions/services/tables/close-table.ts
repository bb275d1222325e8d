import { GAME_NAMES } from '../../rules/games';
import { listOpenBets } from '../../store/betting/bets';
import { CLOSED_FOR_GOOD, moveGates, restoreGates } from '../../store/betting/gates';
import type { TableRecord } from '../../store/tables/table-records';
import { closeTableSession, getTableSession } from '../../store/tables/tables';
import { ServiceError } from '../kernel/service-error';
import { closeBetting } from '../betting/close-betting';
import { voidRound } from '../rounds/void-round';
import { stampOf, type Caller, type ServiceDependencies } from '../kernel/services';
import { MAX_ATTEMPTS, currentRound, loadPlayableTable, tableBusy } from './table-access';
import { numberParam } from '../../rules/error-params';

/**
 * Closes a table session for good. Only an empty layout closes: every bet must have been decided
 * or taken down first, so no stake is ever left on a closed table. The gates close before the
 * layout is checked a last time, so no bet can land meanwhile; if one did, they open again as
 * they were. An interrupted closeBetting (some gates past the round, some not) is closed all the same.
 * A table closed already is answered as it is: the request is safe to send again.
 */
export async function closeTable(deps: ServiceDependencies, caller: Caller, tableId: string, reason?: string | null): Promise<TableRecord> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    let table: TableRecord;
    try {
      table = await loadPlayableTable(deps, tableId, GAME_NAMES);
    } catch (error) {
      // Closed already: a closeTable sent again (its answer lost to a fault) answers the table it closed.
      if (error instanceof ServiceError && error.code === 'TABLE_CLOSED') return (await getTableSession(deps.db, tableId))!;
      throw error;
    }
    if (table.settling) {
      throw new ServiceError('SETTLEMENT_IN_PROGRESS', 'The table is still paying its last outcome; retry in a moment.');
    }
    // Nothing is closed while bets are on the layout; then the gates close, so that none lands
    // while it is checked again, and they open again as they were if one did.
    const onLayout = await listOpenBets(deps.db, table.id, table.betShards);
    if (onLayout.length > 0 && reason != null) {
      // Closing with a reason voids what is on the layout first: every stake comes back.
      await closeBetting(deps, caller, table.id, { forRoll: false });
      const voided = await voidRound(deps, caller, { tableId: table.id, reason, sequence: currentRound(table), wholeLayout: true });
      if (!voided.settlementComplete) {
        throw new ServiceError('SETTLEMENT_IN_PROGRESS', 'The table is still returning its stakes; retry in a moment.');
      }
      continue;
    }
    assertEmpty(onLayout);
    const round = currentRound(table);
    // A gate stands at the round while betting is open, past it once closed (or halfway through closing).
    let moved = new Map<number, number>();
    try {
      ({ moved } = await moveGates(deps.db, table.id, table.betShards, [round, round + 1], CLOSED_FOR_GOOD));
      assertEmpty(await listOpenBets(deps.db, table.id, table.betShards));
      if (await closeTableSession(deps.db, table, stampOf(caller, deps))) return (await getTableSession(deps.db, table.id))!;
    } catch (error) {
      await restoreGates(deps.db, table.id, (error as { movedGates?: Map<number, number> }).movedGates ?? moved, CLOSED_FOR_GOOD);
      throw error;
    }
    // The table changed meanwhile (another dealer action): open the gates again and start over.
    await restoreGates(deps.db, table.id, moved, CLOSED_FOR_GOOD);
  }
  throw tableBusy();
}

function assertEmpty(openBets: readonly unknown[]): void {
  if (openBets.length > 0) {
    throw new ServiceError(
      'TABLE_HAS_OPEN_BETS',
      'The table still has {bets} bet(s) on the layout: settle them, or close it with a reason to void them.',
      undefined,
      [numberParam('bets', openBets.length)],
    );
  }
}
