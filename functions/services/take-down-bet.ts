import { validateTakeDown, type CrapsBet } from '../rules/craps';
import { getBet, listOpenBets } from '../store/bets';
import { parseBetId } from '../store/keys';
import type { BetRecord } from '../store/records';
import { commitTakeDown } from '../store/take-down';
import { ServiceError } from './service-error';
import type { Caller, ServiceDependencies } from './services';
import { MAX_ATTEMPTS, loadPlayableTable, tableBusy } from './table-access';
import { asCrapsBets } from './craps-table';
import { assertBettingOpen } from './betting-gate';

/**
 * Takes one of the caller's bets back off the layout and returns its stake, where the rules allow
 * it (Pass and Come bets are contract bets once they have a point; odds come down before their bet).
 */
export async function takeDownBet(deps: ServiceDependencies, caller: Caller, id: string): Promise<BetRecord> {
  const tableId = parseBetId(id)?.tableId;
  if (!tableId) throw new ServiceError('NOT_FOUND', `No bet with id "${id}".`);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const table = await loadPlayableTable(deps, tableId, ['CRAPS']);
    assertBettingOpen(table);
    const openBets = await listOpenBets(deps.db, table.id);
    const bet = openBets.find((open) => open.id === id) ?? (await getBet(deps.db, id));
    if (!bet) throw new ServiceError('NOT_FOUND', `No bet with id "${id}".`);
    if (bet.playerId !== caller.playerId) throw new ServiceError('FORBIDDEN', 'You may only take down your own bets.');
    validateTakeDown(table.state, table.options, bet as CrapsBet, asCrapsBets(openBets));

    const takenDown: BetRecord = { ...bet, status: 'TAKEN_DOWN', winnings: 0, returned: bet.amount, settledAt: deps.now() };
    if ((await commitTakeDown(deps.db, table, takenDown)) === 'TAKEN_DOWN') return takenDown;
  }
  throw tableBusy(tableId);
}
