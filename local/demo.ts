/**
 * The demo `npm start` seeds (once; a restart keeps what was played): a player with a balance
 * and an open craps table, plus the query the explorer opens with.
 */
import { createAccount } from '../functions/store/accounts';
import { getTableSession } from '../functions/store/tables';
import { openTable } from '../functions/services/open-table';
import type { ServiceDependencies } from '../functions/services/services';

export const DEMO_PLAYER = 'demo-player';
export const DEMO_DEALER = 'demo-dealer';
export const DEMO_TABLE = 'demo-craps';

export async function seedDemo(deps: ServiceDependencies): Promise<void> {
  const createdAt = deps.now();
  // 10,000.00 MOP in avos.
  await createAccount(deps.db, { id: DEMO_PLAYER, currency: 'MOP', balance: 1_000_000, createdAt });
  if (!(await getTableSession(deps.db, DEMO_TABLE))) {
    await openTable({ ...deps, newId: () => DEMO_TABLE }, { playerId: DEMO_DEALER }, {
      game: 'CRAPS',
      currency: 'MOP',
      minimumBet: 1_000,
      maximumBet: 1_000_000,
    });
  }
}

export const DEMO_QUERY = `# The demo table and your account. Try the mutations below one at a time
# (select one with the cursor, then run).
query Table {
  table(id: "${DEMO_TABLE}") {
    craps { phase point rollCount }
    openBets { id type amount number status }
    rolls(last: 5) { sequence dice total phaseAfter pointAfter }
  }
  me { id balance currency }
}

mutation PassLine {
  placeBet(input: { tableId: "${DEMO_TABLE}", type: PASS_LINE, amount: 5000 }) {
    id type amount status
  }
}

mutation Roll {
  submitRoll(input: { tableId: "${DEMO_TABLE}", dice: [3, 4] }) {
    roll { sequence dice total phaseAfter pointAfter }
    settlements { bet { id type amount } outcome winnings returned }
  }
}
`;
