import { GAME_NAMES, gameOf } from '../../rules/games';
import type { Game, TableState } from '../../store/tables/table-records';
import type { VoidRecord } from '../../store/rounds/outcome-records';
import { planVoid } from './outcome-plans';
import { ServiceError } from '../kernel/service-error';
import type { Caller, ServiceDependencies } from '../kernel/services';
import { settleOutcome, type SettledOutcome } from './settle-outcome';

export interface VoidRoundRequest {
  readonly tableId: string;
  readonly reason: string;
  /** The round's expected sequence: a retry of a void already recorded returns it instead of voiding the next round. */
  readonly sequence: number;
  /** The table is closing: every bet on the layout comes back, craps bets from earlier rolls too. */
  readonly wholeLayout?: boolean;
}

export type VoidOutcome = SettledOutcome<VoidRecord, Game>;

/**
 * Voids the round in progress, once betting is closed and before its outcome is recorded (a
 * misdeal, a camera fault, a die off the table that cannot be rolled again): the round is
 * recorded as void with its reason and who voided it, every stake placed for it comes back
 * through the ledger (the settlement job, as for any outcome), the table's state is as it was
 * (craps: the point stays; bets from earlier rolls stay on the layout), and betting reopens for
 * the next round. A round whose outcome is recorded cannot be voided.
 */
export async function voidRound(deps: ServiceDependencies, caller: Caller, request: VoidRoundRequest): Promise<VoidOutcome> {
  const reason = request.reason.trim();
  if (reason.length === 0) throw new ServiceError('BAD_USER_INPUT', 'reason must say why the round is void.');
  return settleOutcome<VoidRecord, Game>(deps, {
    tableId: request.tableId,
    caller,
    games: GAME_NAMES,
    sequence: request.sequence,
    isSame: (stored) => stored.kind === 'VOID' && stored.reason === reason,
    // At a table the server deals the house's operators void a round (the commitment stays for the next).
    atServerDealt: 'SERVER_OR_OPERATOR',
    decide: (table, openBets, sequence, recordedAt) => {
      // The outcome count moves on (the round is over); nothing else about the table does.
      const stateAfter: TableState = gameOf(table.game).withOutcomeCount(table.state, sequence);
      const outcome: Omit<VoidRecord, 'planned'> = {
        kind: 'VOID',
        game: table.game,
        tableId: table.id,
        currency: table.currency,
        sequence,
        reason,
        ...(request.wholeLayout ? { wholeLayout: true } : {}),
        recordedAt,
        recordedBy: caller.playerId,
        ...(table.bettingClosedBy ? { bettingClosedBy: table.bettingClosedBy } : {}),
      };
      const wholeLayout = request.wholeLayout === true;
      return {
        outcome,
        stateAfter,
        plan: planVoid(openBets, sequence, wholeLayout),
        pending: { sequence, kind: 'VOID', ...(wholeLayout ? { wholeLayout } : {}) },
      };
    },
  });
}
